// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! A zenoh peer for camel-zenoh's tests, sending what zenoh's wire allows but the Java binding
//! would never send itself: an encoding schema of arbitrary bytes (not UTF-8).
//!
//!   ztestpeer put   <endpoint> <key> <count> <schema-hex>   puts <count> samples, then exits
//!   ztestpeer get   <endpoint> <key> <schema-hex>           one get with a payload in that
//!                                                           encoding; prints REPLY ok|err per
//!                                                           reply, then DONE <millis>
//!   ztestpeer reply <endpoint> <key> <schema-hex>           a queryable replying in that
//!                                                           encoding, until stdin closes
//!
//! Encodings have id 5 (application/json) and the given schema bytes. The peer connects to
//! <endpoint> (loopback), with multicast scouting off; it prints READY once connected and declared.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use zenoh::bytes::Encoding;
use zenoh::internal::buffers::ZSlice;
use zenoh::{Session, Wait};

fn fail(what: &str) -> ! {
    println!("ERROR {what}");
    std::process::exit(1)
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or_else(|_| fail("hex")))
        .collect()
}

fn encoding(schema_hex: &str) -> Encoding {
    Encoding::new(5, Some(ZSlice::from(hex(schema_hex))))
}

fn open(endpoint: &str) -> Session {
    let mut c = zenoh::Config::default();
    for (k, v) in [
        ("mode", "\"peer\"".to_string()),
        ("scouting/multicast/enabled", "false".to_string()),
        ("listen/endpoints", "[]".to_string()),
        ("connect/endpoints", format!("[\"{endpoint}\"]")),
    ] {
        c.insert_json5(k, &v)
            .unwrap_or_else(|e| fail(&format!("{k}: {e}")));
    }
    let s = zenoh::open(c)
        .wait()
        .unwrap_or_else(|e| fail(&format!("open: {e}")));
    let start = Instant::now();
    while s.info().peers_zid().wait().next().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            fail("no peer within 10 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    s
}

/// Polls `matching` every 10 ms until it is true; fails after 20 s.
fn await_matching<E: std::fmt::Display>(matching: impl Fn() -> Result<bool, E>) {
    let start = Instant::now();
    loop {
        match matching() {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) => fail(&format!("matching status: {e}")),
        }
        if start.elapsed() > Duration::from_secs(20) {
            fail("nothing matching within 20 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn ready() {
    println!("READY");
    let _ = std::io::stdout().flush();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| -> &str {
        args.get(i)
            .map(String::as_str)
            .unwrap_or_else(|| fail("usage"))
    };
    let session = open(arg(1));
    let key = arg(2).to_string();
    match arg(0) {
        "put" => {
            let count: usize = arg(3).parse().unwrap_or_else(|_| fail("count"));
            let enc = encoding(arg(4));
            // a subscriber's declaration reaches this peer some time after it was made: until
            // then puts go nowhere, so wait until one matches
            let probe = session
                .declare_publisher(&key)
                .wait()
                .unwrap_or_else(|e| fail(&format!("publisher: {e}")));
            await_matching(|| probe.matching_status().wait().map(|m| m.matching()));
            drop(probe);
            ready();
            for i in 0..count {
                session
                    .put(&key, format!("{i}"))
                    .encoding(enc.clone())
                    .wait()
                    .unwrap_or_else(|e| fail(&format!("put: {e}")));
            }
            println!("DONE");
        }
        "get" => {
            let enc = encoding(arg(3));
            // likewise a queryable's: until it has arrived, a get finds nobody to ask
            let probe = session
                .declare_querier(&key)
                .wait()
                .unwrap_or_else(|e| fail(&format!("querier: {e}")));
            await_matching(|| probe.matching_status().wait().map(|m| m.matching()));
            drop(probe);
            ready();
            let start = Instant::now();
            let replies = session
                .get(&key)
                .payload("question")
                .encoding(enc)
                .timeout(Duration::from_secs(20))
                .wait()
                .unwrap_or_else(|e| fail(&format!("get: {e}")));
            while let Ok(r) = replies.recv() {
                match r.result() {
                    Ok(_) => println!("REPLY ok"),
                    Err(e) => println!(
                        "REPLY err {}",
                        e.payload().try_to_string().unwrap_or_default()
                    ),
                }
            }
            println!("DONE {}", start.elapsed().as_millis());
        }
        "reply" => {
            let enc = encoding(arg(3));
            let _q = session
                .declare_queryable(&key)
                .callback(move |q| {
                    let _ = q
                        .reply(q.key_expr().clone(), "answer")
                        .encoding(enc.clone())
                        .wait();
                })
                .wait()
                .unwrap_or_else(|e| fail(&format!("queryable: {e}")));
            std::thread::sleep(Duration::from_millis(300));
            ready();
            let mut sink = Vec::new();
            let _ = std::io::stdin().read_to_end(&mut sink);
        }
        _ => fail("usage"),
    }
    let _ = std::io::stdout().flush();
    let _ = session.close().wait();
}
