// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The adversarial peer of `ZenohFuzzIT`: connects to a CamelContext's zenoh session over loopback
//! and, for a bounded time, sends randomized but wire-legal traffic to every kind of consumer the
//! context declares, answers the context's gets adversarially, and counts everything it did.
//!
//!   fuzz-peer --connect tcp/127.0.0.1:PORT --seed N --duration-ms MS [--query-timeout-ms MS]
//!             [--max-payload BYTES] [--max-attachment BYTES] [--max-query-payload BYTES]
//!
//! Protocol on stdout, one line each: `SEED <n>`; `READY` once every consumer of the context is
//! visible; `SENT <json>` when the traffic is over and every get it made has ended (the counts of
//! what it sent); `RESULT <json>` when its stdin closes (the same counts plus what it received
//! and answered meanwhile), then it exits. `ERROR <text>` on failure (exit status 1).
//!
//! What it sends (keys below `fuzz/`; every counted sample is reliable with congestion control
//! BLOCK, on one session that stays connected, so that each one either reaches the context or the
//! link failed — which the peer reports):
//! - puts and deletes to `fuzz/{sub,hist,rec,dropnew,dropold}/…`: keys up to each consumer's limit
//!   (unicode of 1–4 byte UTF-8, tiny/huge/mixed chunks), payloads 0–16 MiB (≥16 bytes carry their
//!   length and FNV-1a hash, so that the receiver can detect corruption), attachments 0–1 MiB
//!   binary, encodings with known, unknown and custom ids and schemas that are UTF-8 or not, up to
//!   the wire maximum of 255 bytes; random priority and express;
//! - gets to `fuzz/q/…` and `fuzz/qdrop/…` with wildcard selectors, parameters, payloads,
//!   encodings and attachments; each get ends replied, finalized without a reply, or timed out;
//! - liveliness tokens declared and undeclared under `fuzz/live/main/…`;
//! - connect/disconnect storms: short-lived sessions that declare a token under
//!   `fuzz/live/storm/…`, put a few samples to `fuzz/storm/…` and close (counted, not matched);
//! - a queryable on `fuzz/peerq/**` answering the context's gets with 0–3 replies, errors among
//!   them, with the same kinds of encodings and attachments.
//!
//! Schemas are classed by the length of their lossy UTF-8 decoding (`String::from_utf8_lossy`):
//! `nonutf8long` when it exceeds 255 bytes, the values a receiver that decodes lossily and then
//! re-checks the send-side limit cannot represent. Lengths between 200 and 320 are avoided, so
//! that a decoder with slightly different replacement rules classes them the same way.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use zenoh::bytes::Encoding;
use zenoh::internal::buffers::ZSlice;
use zenoh::key_expr::{keyexpr, OwnedKeyExpr};
use zenoh::qos::{CongestionControl, Priority, Reliability};
use zenoh::query::{ConsolidationMode, Reply};
use zenoh::sample::SampleKind;
use zenoh::{Session, Wait};

/// Sample consumers of the context that the peer counts exactly: (name, key prefix, key limit).
/// Advanced subscribers (history, recovery) stay below the key lengths that make zenoh-ext's own
/// suffixed keys overflow zenoh's batch (an abort in zenoh 1.10).
const COUNTED: &[(&str, &str, usize)] = &[
    ("sub", "fuzz/sub", 65_535),
    ("hist", "fuzz/hist", 65_400),
    ("rec", "fuzz/rec", 65_400),
    ("dropnew", "fuzz/dropnew", 65_535),
    ("dropold", "fuzz/dropold", 65_535),
];
/// Queryables of the context: (name, key prefix).
const QUERYABLES: &[(&str, &str)] = &[("q", "fuzz/q"), ("qdrop", "fuzz/qdrop")];
const TOKEN_KEY_LIMIT: usize = 65_000;
const MAX_LIVE_TOKENS: usize = 64;
const MAX_GETS_IN_FLIGHT: usize = 32;

// ---------------------------------------------------------------------------------------------
// arguments, output

struct Args(BTreeMap<String, String>);

impl Args {
    fn parse(items: &[String]) -> Args {
        let mut m = BTreeMap::new();
        let mut it = items.iter();
        while let Some(k) = it.next() {
            let v = it
                .next()
                .cloned()
                .unwrap_or_else(|| fail(&format!("option {k} needs a value")));
            m.insert(k.trim_start_matches("--").to_string(), v);
        }
        Args(m)
    }
    fn num(&self, k: &str, default: u64) -> u64 {
        self.0.get(k).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| fail(&format!("--{k} {v}: not a number")))
        })
    }
    fn required(&self, k: &str) -> String {
        self.0
            .get(k)
            .cloned()
            .unwrap_or_else(|| fail(&format!("--{k} is required")))
    }
}

fn fail(text: &str) -> ! {
    println!("ERROR {text}");
    std::process::exit(1);
}

/// Named counters, shared by every thread of the peer.
#[derive(Default)]
struct Counts(Mutex<BTreeMap<String, u64>>);

impl Counts {
    fn add(&self, name: &str, n: u64) {
        *self
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(name.to_string())
            .or_insert(0) += n;
    }
    fn inc(&self, name: &str) {
        self.add(name, 1)
    }
    fn json(&self) -> String {
        let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let obj: serde_json::Map<String, serde_json::Value> = m
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::from(*v)))
            .collect();
        serde_json::Value::Object(obj).to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// randomness (splitmix64: no extra crate, reproducible from the printed seed)

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn fill(&mut self, buf: &mut [u8]) {
        for chunk in buf.chunks_mut(8) {
            let v = self.next().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A size in 0..=max: mostly small, sometimes large, sometimes exactly on an edge.
    fn size(&mut self, max: usize) -> usize {
        let edges = [0usize, 1, 15, 16, 17, 255, 256, 65_535, 65_536, max];
        if self.chance(5) {
            return (*self.pick(&edges)).min(max);
        }
        let cap = match self.below(100) {
            0..=49 => 64,
            50..=74 => 4096,
            75..=89 => 65_536,
            90..=96 => 1 << 20,
            _ => max,
        };
        self.range(0, cap.min(max) as u64) as usize
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `len` random bytes; from 16 bytes on, the first 8 are `len` and the next 8 the FNV-1a hash of
/// the rest (little endian): what the receiving route checks.
fn payload(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    rng.fill(&mut v);
    if len >= 16 {
        let h = fnv1a(&v[16..]);
        v[..8].copy_from_slice(&(len as u64).to_le_bytes());
        v[8..16].copy_from_slice(&h.to_le_bytes());
    }
    v
}

const UNICODE: &[&str] = &[
    "é",
    "ß",
    "ж",
    "ω",
    "ñ",
    "中",
    "€",
    "✓",
    "あ",
    "한",
    "😀",
    "𝄞",
    "🦀",
    "\u{10FFFD}",
    "\u{FEFF}",
];
const PUNCT: &[char] = &[
    '-', '_', '.', '~', '!', ':', ';', '=', '+', ',', '%', '&', '\'', '(', ')', '[', ']', '{', '}',
    '<', '>', '|', '^', '`', '"', ' ', '\\',
];

fn chunk(rng: &mut Rng, budget: usize) -> String {
    let want = match rng.below(4) {
        0 => 1,
        1 => rng.range(1, 16) as usize,
        2 => rng.range(1, 256) as usize,
        _ => budget,
    }
    .min(budget)
    .max(1);
    let mut s = String::new();
    while s.len() < want {
        let room = want - s.len();
        match rng.below(10) {
            0..=4 => s.push((b'a' + rng.below(26) as u8) as char),
            5 => s.push((b'0' + rng.below(10) as u8) as char),
            6 => s.push(*rng.pick(PUNCT)),
            _ => {
                let u = *rng.pick(UNICODE);
                if u.len() <= room {
                    s.push_str(u);
                } else {
                    s.push('x');
                }
            }
        }
    }
    // a chunk starting with '@' is verbatim (only matched by itself): keep counted keys matchable
    if s.starts_with('@') {
        s.replace_range(0..1, "v");
    }
    s
}

/// A concrete key below `prefix`, at most `limit` bytes: tiny, huge or mixed chunks.
fn key(rng: &mut Rng, prefix: &str, limit: usize, max_chunks: usize) -> String {
    let total = match rng.below(100) {
        0..=59 => rng.range(1, 48) as usize,
        60..=84 => rng.range(1, 1024) as usize,
        85..=96 => rng.range(1, limit as u64) as usize,
        _ => limit - rng.below(2) as usize,
    };
    let room = total.saturating_sub(prefix.len() + 1).max(1);
    let shape = rng.below(3); // 0: tiny chunks, 1: one huge chunk, 2: mixed
    let mut k = String::from(prefix);
    let mut left = room;
    let mut chunks = prefix.split('/').count();
    while left > 0 && chunks < max_chunks {
        chunks += 1;
        let c = match shape {
            0 => {
                let n = rng.range(1, 3) as usize;
                chunk(rng, left.min(n))
            }
            1 => chunk(rng, left),
            _ => {
                let n = rng.range(1, 4096) as usize;
                chunk(rng, left.min(n))
            }
        };
        if c.len() + 1 > left + 1 {
            break;
        }
        k.push('/');
        k.push_str(&c);
        left = left.saturating_sub(c.len() + 1);
        if left == 0 {
            break;
        }
    }
    while k.len() > limit {
        k.pop();
    }
    while k.ends_with('/') {
        k.pop();
    }
    if k.len() == prefix.len() {
        k.push_str("/k");
    }
    // filling the last chunk up to the chosen length when the chunk count ran out
    if chunks >= max_chunks && k.len() < total.min(limit) && rng.chance(50) {
        let n = total.min(limit) - k.len();
        k.push_str(&"x".repeat(n));
    }
    match keyexpr::new(k.as_str()) {
        Ok(_) => k,
        Err(_) => format!("{prefix}/fallback"),
    }
}

/// A selector key below `prefix`: concrete, or with `*`, `**` or `$*` chunks.
fn selector_key(rng: &mut Rng, prefix: &str, max_chunks: usize) -> String {
    let base = key(rng, prefix, 4096, max_chunks);
    if !rng.chance(30) {
        return base;
    }
    let mut parts: Vec<String> = base[prefix.len() + 1..]
        .split('/')
        .map(String::from)
        .collect();
    let i = rng.below(parts.len() as u64) as usize;
    parts[i] = match rng.below(3) {
        0 => "*".into(),
        1 => "**".into(),
        _ => "a$*z".into(),
    };
    let k = format!("{prefix}/{}", parts.join("/"));
    match OwnedKeyExpr::autocanonize(k) {
        Ok(ke) => ke.to_string(),
        Err(_) => base,
    }
}

fn parameters(rng: &mut Rng) -> String {
    if rng.chance(30) {
        return String::new();
    }
    let mut p = String::new();
    for i in 0..rng.range(1, 8) {
        if i > 0 {
            p.push(';');
        }
        let (kn, vn) = (rng.range(1, 12) as usize, rng.size(1024).max(1));
        let k = chunk(rng, kn).replace([';', '=', '#'], "k");
        let v = chunk(rng, vn).replace([';', '#'], "v");
        p.push_str(&k);
        if !rng.chance(20) {
            p.push('=');
            p.push_str(&v);
        }
    }
    p
}

/// An encoding and the class of its schema: none, utf8, nonutf8short or nonutf8long.
fn encoding(rng: &mut Rng) -> (Encoding, &'static str) {
    let id: u16 = match rng.below(10) {
        0..=5 => rng.below(53) as u16,
        6 | 7 => rng.range(53, 0xFFFE) as u16,
        _ => 0xFFFF,
    };
    match rng.below(10) {
        0..=3 => (Encoding::new(id, None), "none"),
        4..=6 => {
            let want = rng.size(255).min(255);
            let mut s = String::new();
            loop {
                let c = chunk(rng, 4);
                if s.len() + c.len() > want {
                    break;
                }
                s.push_str(&c);
            }
            (
                Encoding::new(id, Some(ZSlice::from(s.into_bytes()))),
                "utf8",
            )
        }
        _ => {
            let mut len = rng.range(1, 255) as usize;
            let mut b;
            loop {
                b = vec![0u8; len];
                rng.fill(&mut b);
                let at = rng.below(len as u64) as usize;
                b[at] = 0xFF; // never valid UTF-8
                let lossy = String::from_utf8_lossy(&b).len();
                if lossy <= 200 || lossy > 320 {
                    break;
                }
                len = len * 2 / 3 + 1;
            }
            let class = if String::from_utf8_lossy(&b).len() > 255 {
                "nonutf8long"
            } else {
                "nonutf8short"
            };
            (Encoding::new(id, Some(ZSlice::from(b))), class)
        }
    }
}

fn attachment(rng: &mut Rng, max: usize) -> Option<Vec<u8>> {
    if rng.chance(50) {
        return None;
    }
    let mut v = vec![0u8; rng.size(max)];
    rng.fill(&mut v);
    Some(v)
}

fn priority(rng: &mut Rng) -> Priority {
    Priority::try_from(rng.range(1, 7) as u8).unwrap_or(Priority::Data)
}

// ---------------------------------------------------------------------------------------------
// sessions

fn open(connect: &str, counted: bool) -> zenoh::Result<Session> {
    let mut c = zenoh::Config::default();
    let set = |c: &mut zenoh::Config, k: &str, v: &str| {
        c.insert_json5(k, v)
            .unwrap_or_else(|e| fail(&format!("{k}: {e}")))
    };
    set(&mut c, "mode", "\"peer\"");
    set(&mut c, "scouting/multicast/enabled", "false");
    set(&mut c, "listen/endpoints", "[]");
    set(&mut c, "connect/endpoints", &format!("[\"{connect}\"]"));
    if counted {
        // a BLOCK put waits for room up to this long (zenoh's default, 5 s, would close the link
        // and lose what is queued when the context pushes back longer, e.g. on 16 MiB payloads)
        set(
            &mut c,
            "transport/link/tx/queue/congestion_control/block/wait_before_close",
            "60000000",
        );
    } else {
        set(&mut c, "scouting/gossip/enabled", "false");
    }
    zenoh::open(c).wait()
}

/// The context holds our stdin open while it wants us alive.
fn wait_for_stdin_close() {
    let mut buf = [0u8; 256];
    let mut stdin = std::io::stdin();
    while matches!(stdin.read(&mut buf), Ok(n) if n > 0) {}
}

fn await_ready(session: &Session, deadline: Instant) {
    for (name, prefix, _) in COUNTED {
        let p = session
            .declare_publisher(format!("{prefix}/ready"))
            .wait()
            .unwrap_or_else(|e| fail(&format!("declare publisher: {e}")));
        while !p
            .matching_status()
            .wait()
            .map(|m| m.matching())
            .unwrap_or(false)
        {
            if Instant::now() > deadline {
                fail(&format!(
                    "no subscriber of the context on {prefix}/** ({name})"
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    for (name, prefix) in QUERYABLES {
        let q = session
            .declare_querier(format!("{prefix}/ready"))
            .wait()
            .unwrap_or_else(|e| fail(&format!("declare querier: {e}")));
        while !q
            .matching_status()
            .wait()
            .map(|m| m.matching())
            .unwrap_or(false)
        {
            if Instant::now() > deadline {
                fail(&format!(
                    "no queryable of the context on {prefix}/** ({name})"
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    // the liveliness subscribers of the context declare no matching status: let them spread
    std::thread::sleep(Duration::from_millis(500));
}

// ---------------------------------------------------------------------------------------------
// traffic

/// How one get ended, recorded when zenoh drops its callback (the query is over).
struct GetOutcome {
    counts: Arc<Counts>,
    in_flight: Arc<AtomicUsize>,
    label: String,
    /// What the get was, for the log of gets that timed out.
    detail: String,
    replied: AtomicBool,
    timed_out: AtomicBool,
}

impl GetOutcome {
    fn on_reply(&self, reply: &Reply) {
        match reply.result() {
            // zenoh's own "Timeout" error: from our session (no replier) or from the routing layer
            // of the replier's session (with its id), when the queryable did not finish in time
            Err(e) if e.payload().to_bytes().as_ref() == b"Timeout" => {
                self.timed_out.store(true, Ordering::Relaxed);
            }
            _ => {
                self.replied.store(true, Ordering::Relaxed);
                self.counts.inc(&format!("get.reply.{}", self.label));
            }
        }
    }
}

impl Drop for GetOutcome {
    fn drop(&mut self) {
        let outcome = if self.replied.load(Ordering::Relaxed) {
            "replied"
        } else if self.timed_out.load(Ordering::Relaxed) {
            "timedout"
        } else {
            "final" // finalized by every queryable without a reply
        };
        self.counts.inc(&format!("get.{outcome}.{}", self.label));
        if outcome == "timedout" {
            eprintln!("get timed out ({}): {}", self.label, self.detail);
        }
        self.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

struct Peer {
    session: Session,
    counts: Arc<Counts>,
    max_payload: usize,
    max_attachment: usize,
    max_query_payload: usize,
    query_timeout: Duration,
    gets_in_flight: Arc<AtomicUsize>,
    tokens: Vec<zenoh::liveliness::LivelinessToken>,
    token_seq: u64,
    max_key_chunks: usize,
    max_token_key_chunks: usize,
}

impl Peer {
    fn sample(&mut self, rng: &mut Rng) {
        let (name, prefix, limit) = *rng.pick(COUNTED);
        let k = key(rng, prefix, limit, self.max_key_chunks);
        let delete = rng.chance(15);
        let (enc, class) = encoding(rng);
        let att = attachment(rng, self.max_attachment);
        let prio = priority(rng);
        let express = rng.chance(20);
        let r = if delete {
            self.session
                .delete(&k)
                .attachment(att)
                .priority(prio)
                .express(express)
                .congestion_control(CongestionControl::Block)
                .reliability(Reliability::Reliable)
                .wait()
        } else {
            let len = rng.size(self.max_payload);
            let p = payload(rng, len);
            self.counts.add("bytes.payload", len as u64);
            self.session
                .put(&k, p)
                .encoding(enc)
                .attachment(att)
                .priority(prio)
                .express(express)
                .congestion_control(CongestionControl::Block)
                .reliability(Reliability::Reliable)
                .wait()
        };
        match r {
            Ok(()) => {
                self.counts.inc(&format!("sent.{name}"));
                self.counts
                    .inc(if delete { "sent.deletes" } else { "sent.puts" });
                if !delete && class == "nonutf8long" {
                    self.counts.inc(&format!("sent.{name}.nonutf8long"));
                }
                if k.len() > 60_000 {
                    self.counts.inc("sent.keys.over60000");
                }
            }
            Err(e) => {
                self.counts.inc(&format!("error.{name}"));
                eprintln!("put/delete on {} bytes of key failed: {e}", k.len());
            }
        }
    }

    fn get(&mut self, rng: &mut Rng) {
        if self.gets_in_flight.load(Ordering::Acquire) >= MAX_GETS_IN_FLIGHT {
            std::thread::sleep(Duration::from_millis(1));
            return;
        }
        let (name, prefix) = *rng.pick(QUERYABLES);
        let sel = selector_key(rng, prefix, self.max_key_chunks);
        let params = parameters(rng);
        let (enc, class) = encoding(rng);
        // an encoding is sent with or without a payload (zenoh then sends an empty one)
        let with_payload = rng.chance(60);
        let schema_class = if class == "nonutf8long" {
            "nonutf8long"
        } else {
            "ok"
        };
        let label = format!("{name}.{schema_class}");
        let att = attachment(rng, self.max_attachment);
        let len = if with_payload {
            Some(rng.size(self.max_query_payload))
        } else {
            None
        };
        let detail = format!(
            "selector of {} bytes '{}', parameters of {} bytes, payload {:?} bytes, schema {class}, \
             encoding id {}, attachment {:?} bytes",
            sel.len(),
            sel.chars().take(60).collect::<String>(),
            params.len(),
            len,
            enc.id(),
            att.as_ref().map(|a| a.len())
        );
        let outcome = GetOutcome {
            counts: self.counts.clone(),
            in_flight: self.gets_in_flight.clone(),
            label: label.clone(),
            detail,
            replied: AtomicBool::new(false),
            timed_out: AtomicBool::new(false),
        };
        self.gets_in_flight.fetch_add(1, Ordering::AcqRel);
        let mut b = self
            .session
            .get(format!("{sel}?{params}"))
            .encoding(enc)
            .attachment(att)
            .consolidation(ConsolidationMode::None)
            .timeout(self.query_timeout);
        if let Some(len) = len {
            b = b.payload(payload(rng, len));
        }
        match b.callback(move |r| outcome.on_reply(&r)).wait() {
            Ok(()) => self.counts.inc(&format!("get.sent.{label}")),
            Err(e) => {
                // the callback (and its outcome) is dropped: it was counted as ended
                self.counts.inc(&format!("error.get.{name}"));
                eprintln!("get {sel} failed: {e}");
            }
        }
    }

    fn token(&mut self, rng: &mut Rng) {
        if !self.tokens.is_empty() && (self.tokens.len() >= MAX_LIVE_TOKENS || rng.chance(50)) {
            let i = rng.below(self.tokens.len() as u64) as usize;
            let t = self.tokens.swap_remove(i);
            match t.undeclare().wait() {
                Ok(()) => self.counts.inc("sent.live.undeclared"),
                Err(e) => {
                    self.counts.inc("error.live.undeclare");
                    eprintln!("undeclare token: {e}");
                }
            }
            return;
        }
        self.token_seq += 1;
        let base = key(
            rng,
            "fuzz/live/main",
            TOKEN_KEY_LIMIT - 24,
            self.max_token_key_chunks,
        );
        let k = format!("{base}/{}", self.token_seq);
        match self.session.liveliness().declare_token(&k).wait() {
            Ok(t) => {
                self.tokens.push(t);
                self.counts.inc("sent.live.declared");
            }
            Err(e) => {
                self.counts.inc("error.live.declare");
                eprintln!("declare token ({} bytes): {e}", k.len());
            }
        }
    }
}

/// Short-lived sessions: connect, maybe declare a token and put a few samples, close.
fn storms(connect: String, seed: u64, until: Instant, counts: Arc<Counts>) {
    let mut rng = Rng(seed ^ 0x5707_3A11);
    let mut n = 0u64;
    while Instant::now() < until {
        n += 1;
        let s = match open(&connect, false) {
            Ok(s) => s,
            Err(e) => {
                counts.inc("storm.openFailed");
                eprintln!("storm open: {e}");
                continue;
            }
        };
        counts.inc("storm.sessions");
        let _token = if rng.chance(50) {
            counts.inc("storm.tokens");
            s.liveliness()
                .declare_token(format!("fuzz/live/storm/{n}"))
                .wait()
                .ok()
        } else {
            None
        };
        for _ in 0..rng.below(4) {
            let len = rng.size(4096);
            let p = payload(&mut rng, len);
            if s.put(format!("fuzz/storm/{n}"), p).wait().is_ok() {
                counts.inc("storm.puts");
            }
        }
        std::thread::sleep(Duration::from_millis(rng.below(100)));
        if rng.chance(50) {
            let _ = s.close().wait();
        } // else dropped: zenoh closes it
        std::thread::sleep(Duration::from_millis(rng.below(200)));
    }
}

/// zenoh walks a key's chunks recursively; the peer's tokens may have thousands of them, so the
/// peer's own work runs on a thread with the stack its zenoh threads get (`RUST_MIN_STACK`, set
/// by the test) rather than on `main`'s 8 MiB.
const STACK: usize = 64 * 1024 * 1024;

fn main() {
    let peer = std::thread::Builder::new()
        .name("fuzz-peer".into())
        .stack_size(STACK)
        .spawn(run)
        .unwrap_or_else(|e| fail(&format!("spawn: {e}")));
    if peer.join().is_err() {
        fail("the peer's thread panicked");
    }
}

fn run() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = Args::parse(&argv);
    let connect = args.required("connect");
    let seed = args.num("seed", 1);
    println!("SEED {seed}");
    let duration = Duration::from_millis(args.num("duration-ms", 30_000));
    let counts = Arc::new(Counts::default());
    let session = open(&connect, true).unwrap_or_else(|e| fail(&format!("open: {e}")));

    // what the context sends: its puts/deletes, and its gets, answered adversarially
    let c = counts.clone();
    let _from_camel = session
        .declare_subscriber("fuzz/fromcamel/**")
        .callback(move |s| {
            c.inc(match s.kind() {
                SampleKind::Put => "fromcamel.puts",
                SampleKind::Delete => "fromcamel.deletes",
            })
        })
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare subscriber: {e}")));
    let c = counts.clone();
    let qrng = Mutex::new(Rng(seed ^ 0x9E37_0001));
    let max_attachment = args.num("max-attachment", 1 << 20) as usize;
    let _peerq = session
        .declare_queryable("fuzz/peerq/**")
        .callback(move |q| {
            let mut rng = qrng.lock().unwrap_or_else(|e| e.into_inner());
            c.inc("peerq.queries");
            for _ in 0..rng.below(4) {
                let (enc, class) = encoding(&mut rng);
                let len = rng.size(64 * 1024);
                let p = payload(&mut rng, len);
                let r = if rng.chance(15) {
                    c.inc("peerq.replies.err");
                    q.reply_err(p).encoding(enc).wait()
                } else {
                    c.inc("peerq.replies.ok");
                    let att = attachment(&mut rng, max_attachment);
                    q.reply(q.key_expr().clone(), p)
                        .encoding(enc)
                        .attachment(att)
                        .wait()
                };
                if r.is_err() {
                    c.inc("peerq.replies.failed");
                } else if class == "nonutf8long" {
                    c.inc("peerq.replies.nonutf8long");
                }
            }
            // dropping the query sends its final response
        })
        .wait()
        .unwrap_or_else(|e| fail(&format!("declare queryable: {e}")));

    await_ready(&session, Instant::now() + Duration::from_secs(30));
    println!("READY");

    let until = Instant::now() + duration;
    let storm = {
        let (connect, counts) = (connect.clone(), counts.clone());
        std::thread::spawn(move || storms(connect, seed, until, counts))
    };
    let mut rng = Rng(seed);
    let query_timeout = Duration::from_millis(args.num("query-timeout-ms", 10_000));
    let mut peer = Peer {
        session,
        counts: counts.clone(),
        max_payload: args.num("max-payload", 16 << 20) as usize,
        max_attachment,
        max_query_payload: args.num("max-query-payload", 1 << 20) as usize,
        query_timeout,
        gets_in_flight: Arc::new(AtomicUsize::new(0)),
        tokens: Vec::new(),
        token_seq: 0,
        max_key_chunks: args.num("max-key-chunks", u16::MAX as u64) as usize,
        max_token_key_chunks: args.num("max-token-key-chunks", u16::MAX as u64) as usize,
    };
    while Instant::now() < until {
        match rng.below(100) {
            0..=59 => peer.sample(&mut rng),
            60..=84 => peer.get(&mut rng),
            _ => peer.token(&mut rng),
        }
    }
    let _ = storm.join();
    for t in std::mem::take(&mut peer.tokens) {
        match t.undeclare().wait() {
            Ok(()) => counts.inc("sent.live.undeclared"),
            Err(_) => counts.inc("error.live.undeclare"),
        }
    }
    let drain = Instant::now() + query_timeout + Duration::from_secs(10);
    while peer.gets_in_flight.load(Ordering::Acquire) > 0 && Instant::now() < drain {
        std::thread::sleep(Duration::from_millis(10));
    }
    counts.add(
        "get.stillInFlight",
        peer.gets_in_flight.load(Ordering::Acquire) as u64,
    );
    let peers = peer.session.info().peers_zid().wait().count() as u64;
    counts.add("connectedPeersAtEnd", peers);
    println!("SENT {}", counts.json());

    wait_for_stdin_close();
    println!("RESULT {}", counts.json());
    let _ = peer.session.close().wait();
}
