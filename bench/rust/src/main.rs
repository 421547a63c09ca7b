// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The Rust peers of the camel-zenoh benchmark (bench/run.sh, bench/bridge.sh), one binary with
//! five commands:
//!
//!   zbench sub  --listen EP  [--key K] [--warmup N] [--rounds N] [--round-ms MS]
//!   zbench pub  --connect EP [--key K] [--size BYTES] [--report-ms MS]
//!   zbench ping --connect EP [--size BYTES] [--warmup N] [--samples N] [--rate PER_S]
//!   zbench pong --listen EP
//!   zbench queryable --listen EP [--connect EP] [--key K] [--size BYTES]
//!
//! They speak the line protocol every bench peer speaks (Rust, Java, Camel, Python alike):
//! `READY` once declared, `WARMUP <msg/s>` / `ROUND <msg/s>` per round, `RTT_NS <n,n,...>`,
//! `PUTS <puts> <cpu ns>` (publishers), `STAT <name> <value>`, `DONE` when finished, `ERROR <text>` on failure. Every process ends
//! when its stdin closes, so a stopped (or killed) orchestrator never leaves one behind.
//! Sessions are loopback peers with multicast scouting off, shaped like zenoh's z_sub_thr,
//! z_pub_thr, z_ping and z_pong examples.

use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use zenoh::bytes::ZBytes;
use zenoh::qos::CongestionControl;
use zenoh::{Session, Wait};

const PING: &str = "bench/ping";
const PONG: &str = "bench/pong";

struct Args(HashMap<String, String>);

impl Args {
    fn parse(items: &[String]) -> Args {
        let mut m = HashMap::new();
        let mut it = items.iter();
        while let Some(k) = it.next() {
            let key = k.trim_start_matches("--").to_string();
            let v = it
                .next()
                .cloned()
                .unwrap_or_else(|| fail(&format!("option {k} needs a value")));
            m.insert(key, v);
        }
        Args(m)
    }
    fn str(&self, k: &str, default: &str) -> String {
        self.0
            .get(k)
            .cloned()
            .unwrap_or_else(|| default.to_string())
    }
    fn num(&self, k: &str, default: u64) -> u64 {
        self.0
            .get(k)
            .map(|v| {
                v.parse()
                    .unwrap_or_else(|_| fail(&format!("--{k} {v}: not a number")))
            })
            .unwrap_or(default)
    }
}

fn fail(text: &str) -> ! {
    println!("ERROR {text}");
    std::process::exit(1);
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = argv.first() else {
        fail("usage: zbench sub|pub|ping|pong [--option value]...")
    };
    let args = Args::parse(&argv[1..]);
    exit_when_stdin_closes();
    match cmd.as_str() {
        "sub" => sub(&args),
        "pub" => publish(&args),
        "ping" => ping(&args),
        "pong" => pong(&args),
        "queryable" => queryable(&args),
        other => fail(&format!("unknown command {other}")),
    }
}

/// The orchestrator holds our stdin open while it wants us alive.
fn exit_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut buf = [0u8; 256];
        let mut stdin = std::io::stdin();
        while matches!(stdin.read(&mut buf), Ok(n) if n > 0) {}
        std::process::exit(0);
    });
}

fn open(args: &Args) -> Session {
    let list = |k: &str| match args.0.get(k) {
        Some(ep) => format!("[\"{ep}\"]"),
        None => "[]".to_string(),
    };
    let mut c = zenoh::Config::default();
    let set = |c: &mut zenoh::Config, k: &str, v: &str| {
        c.insert_json5(k, v)
            .unwrap_or_else(|e| fail(&format!("{k}: {e}")))
    };
    set(&mut c, "mode", "\"peer\"");
    set(&mut c, "scouting/multicast/enabled", "false");
    set(&mut c, "listen/endpoints", &list("listen"));
    set(&mut c, "connect/endpoints", &list("connect"));
    zenoh::open(c)
        .wait()
        .unwrap_or_else(|e| fail(&format!("open: {e}")))
}

/// CPU time of this process (user + system, all threads) in ns, from /proc/self/stat (10 ms ticks).
fn cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // fields after the ")" closing the command name: state is field 3, utime 14, stime 15
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        f.get(i - 3)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(14) + ticks(15)) * 10_000_000
}

fn payload(size: u64) -> ZBytes {
    (0..size)
        .map(|i| (i % 10) as u8)
        .collect::<Vec<u8>>()
        .into()
}

/// Counts samples in zenoh's callback; the main thread reports the rate once per round.
fn sub(args: &Args) {
    let session = open(args);
    let count = Arc::new(AtomicU64::new(0));
    let c = count.clone();
    let _sub = session
        .declare_subscriber(args.str("key", "bench/thr"))
        .callback(move |_sample| {
            c.fetch_add(1, Ordering::Relaxed);
        })
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare subscriber: {e}")));
    println!("READY");
    let timeout = Instant::now() + Duration::from_secs(args.num("timeout-s", 60));
    while count.load(Ordering::Relaxed) == 0 {
        if Instant::now() > timeout {
            fail("no sample arrived");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let (warmup, rounds) = (args.num("warmup", 2), args.num("rounds", 5));
    let round = Duration::from_millis(args.num("round-ms", 1000));
    let mut last = count.load(Ordering::Relaxed);
    let mut t = Instant::now();
    let (mut cpu0, mut n0) = (0, 0);
    for i in 0..warmup + rounds {
        if i == warmup {
            (cpu0, n0) = (cpu_ns(), count.load(Ordering::Relaxed));
        }
        std::thread::sleep(round);
        let (n, now) = (count.load(Ordering::Relaxed), Instant::now());
        let rate = (n - last) as f64 / (now - t).as_secs_f64();
        println!("{} {rate:.0}", if i < warmup { "WARMUP" } else { "ROUND" });
        (last, t) = (n, now);
    }
    if rounds > 0 {
        let msgs = count.load(Ordering::Relaxed) - n0;
        println!(
            "STAT cpu_ns_per_msg {:.1}",
            (cpu_ns() - cpu0) as f64 / msgs as f64
        );
    }
    println!("STAT received {}", count.load(Ordering::Relaxed));
    println!("DONE");
}

/// z_pub_thr: one payload, put in a loop with BLOCK congestion control, until stdin closes.
fn publish(args: &Args) {
    let session = open(args);
    let publisher = session
        .declare_publisher(args.str("key", "bench/thr"))
        .congestion_control(CongestionControl::Block)
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare publisher: {e}")));
    let data = payload(args.num("size", 8));
    let puts = Arc::new(AtomicU64::new(0));
    report_puts(args, puts.clone());
    println!("READY");
    let mut n = 0u64;
    loop {
        publisher
            .put(data.clone())
            .wait()
            .unwrap_or_else(|e| fail(&format!("put: {e}")));
        n += 1;
        puts.store(n, Ordering::Relaxed);
    }
}

/// `--report-ms MS`: every MS prints `PUTS <puts so far> <process CPU ns>` (the cost per put).
fn report_puts(args: &Args, puts: Arc<AtomicU64>) {
    let ms = args.num("report-ms", 0);
    if ms == 0 {
        return;
    }
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(ms));
        println!("PUTS {} {}", puts.load(Ordering::Relaxed), cpu_ns());
    });
}

/// z_ping: put on bench/ping, wait for the echo on bench/pong (FIFO handler), time the round trip;
/// with `--rate`, at that many pings per second.
fn ping(args: &Args) {
    let session = open(args);
    let sub = session
        .declare_subscriber(PONG)
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare subscriber: {e}")));
    let publisher = session
        .declare_publisher(PING)
        .congestion_control(CongestionControl::Block)
        .express(true)
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare publisher: {e}")));
    let data = payload(args.num("size", 8));
    println!("READY");
    // until the pong's subscriber is known here, puts go nowhere: retry, then drop late echoes
    let deadline = Instant::now() + Duration::from_secs(args.num("timeout-s", 30));
    loop {
        publisher
            .put(data.clone())
            .wait()
            .unwrap_or_else(|e| fail(&format!("put: {e}")));
        if let Ok(Some(_)) = sub.recv_timeout(Duration::from_millis(100)) {
            break;
        }
        if Instant::now() > deadline {
            fail("no pong");
        }
    }
    std::thread::sleep(Duration::from_millis(200));
    while let Ok(Some(_)) = sub.try_recv() {}
    let (warmup, samples) = (args.num("warmup", 1000), args.num("samples", 10000));
    let mut rtts = Vec::with_capacity(samples as usize);
    // `--rate N`: after the warm-up (back to back), one ping every 1/N s, idle in between
    let rate = args.num("rate", 0);
    let mut start = Instant::now();
    for i in 0..warmup + samples {
        if i == warmup {
            start = Instant::now();
        }
        if rate > 0 && i >= warmup {
            let due = start + Duration::from_nanos((i - warmup) * 1_000_000_000 / rate);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
        }
        let t = Instant::now();
        publisher
            .put(data.clone())
            .wait()
            .unwrap_or_else(|e| fail(&format!("put: {e}")));
        match sub.recv_timeout(Duration::from_secs(5)) {
            Ok(Some(_)) => {}
            _ => fail("pong lost"),
        }
        if i >= warmup {
            rtts.push(t.elapsed().as_nanos().to_string());
        }
    }
    println!("RTT_NS {}", rtts.join(","));
    println!("DONE");
}

/// z_pong: echo every sample of bench/ping onto bench/pong from zenoh's callback.
fn pong(args: &Args) {
    let session = open(args);
    let publisher = session
        .declare_publisher(PONG)
        .congestion_control(CongestionControl::Block)
        .express(true)
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare publisher: {e}")));
    let _sub = session
        .declare_subscriber(PING)
        .callback(move |s| {
            let _ = publisher.put(s.payload().clone()).wait();
        })
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare subscriber: {e}")));
    println!("READY");
    loop {
        std::thread::park();
    }
}

/// Answers every query on the key with one text/plain reply of `size` ASCII digits (the HTTP
/// bridge bench's GET target), from zenoh's callback, until stdin closes.
fn queryable(args: &Args) {
    let session = open(args);
    let data: ZBytes = (0..args.num("size", 1024))
        .map(|i| b'0' + (i % 10) as u8)
        .collect::<Vec<u8>>()
        .into();
    let _q = session
        .declare_queryable(args.str("key", "bench/get"))
        .callback(move |query| {
            let _ = query
                .reply(query.key_expr().clone(), data.clone())
                .encoding(zenoh::bytes::Encoding::TEXT_PLAIN)
                .wait();
        })
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare queryable: {e}")));
    println!("READY");
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}
