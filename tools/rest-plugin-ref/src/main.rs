// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! zenohd's REST plugin, run as the reference the HTTP bridge is compared with.
//!
//! `rest-plugin-ref <http-port> <zenoh-endpoint>...`: a zenoh router runtime listening on the
//! given loopback endpoints (multicast scouting off), with `zenoh-plugin-rest` linked statically
//! and serving HTTP on 127.0.0.1:<http-port>. Prints `READY` once serving; exits when stdin closes.

use tokio::io::AsyncReadExt;
use zenoh::internal::plugins::PluginsManager;
use zenoh::internal::runtime::RuntimeBuilder;
use zenoh::Config;
use zenoh_plugin_rest::RestPlugin;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: rest-plugin-ref <http-port> <zenoh-endpoint>...");
        std::process::exit(2);
    }
    let http_port: u16 = args[0].parse().expect("http port");
    let endpoints = &args[1..];
    for e in endpoints {
        let loopback = e.contains("/127.0.0.1:") || e.contains("/[::1]:") || e.contains("/localhost:");
        assert!(loopback, "loopback endpoints only, not {e}");
    }
    let mut config = Config::default();
    let set = |config: &mut Config, key: &str, value: String| {
        config
            .insert_json5(key, &value)
            .unwrap_or_else(|e| panic!("{key}: {e}"));
    };
    set(&mut config, "mode", "\"router\"".into());
    set(&mut config, "scouting/multicast/enabled", "false".into());
    set(&mut config, "listen/endpoints", serde_list(endpoints));
    set(&mut config, "plugins/rest/http_port", format!("\"127.0.0.1:{http_port}\""));

    let mut plugins = PluginsManager::static_plugins_only();
    plugins.declare_static_plugin::<RestPlugin, &str>("rest", true);
    let mut runtime = RuntimeBuilder::new(config)
        .plugins_manager(plugins)
        .build()
        .await
        .expect("zenoh runtime");
    runtime.start().await.expect("zenoh runtime start");
    println!("READY");
    let mut sink = Vec::new();
    let _ = tokio::io::stdin().read_to_end(&mut sink).await;
    runtime.close().await.ok();
}

fn serde_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("\"{s}\"")).collect();
    format!("[{}]", quoted.join(","))
}
