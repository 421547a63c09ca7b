// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! zenoh's own log events (its `tracing` events) on their way to the JVM's logging.
//!
//! A global tracing subscriber is installed the first time Java sets a filter: an `EnvFilter`
//! (RUST_LOG syntax) that Java can replace at any time, then a layer that copies each event that
//! passed the filter (level, target, message and fields as text) into a bounded queue. The filter
//! runs first: a disabled event costs what tracing's callsite cache costs (nothing is formatted,
//! nothing is queued, no JNI). The emitting zenoh thread never waits and never touches the JVM: it
//! offers the record to the queue and, when the queue is full, counts it as dropped. A Java
//! thread takes the records in batches (`logDrain`) and hands them to the JVM's logging.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use jni::objects::{JClass, JObject, JString};
use jni::sys::{jlong, jobjectArray};
use jni::JNIEnv;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::{reload, EnvFilter, Registry};

use crate::boundary::{self, Error, Kind, Result};
use crate::values::string;

/// Records waiting for the Java drain thread at most; more are dropped and counted.
pub const CAPACITY: usize = 1024;
/// Records handed to Java per drain call at most.
const MAX_BATCH: usize = 256;
/// A message longer than this (in bytes) is cut, and says so.
const MAX_MESSAGE: usize = 8 * 1024;

struct Record {
    level: Level,
    target: &'static str,
    message: String,
}

struct Logging {
    filter: reload::Handle<EnvFilter, Registry>,
    records: Mutex<Receiver<Record>>,
}

static LOGGING: OnceLock<std::result::Result<Logging, String>> = OnceLock::new();
static DROPPED: AtomicU64 = AtomicU64::new(0);

/// Copies an event that passed the filter into the queue; never blocks.
struct Forward {
    queue: SyncSender<Record>,
}

impl<S: Subscriber> Layer<S> for Forward {
    /// Runs on the zenoh thread that logged, inside zenoh's code: a panic here (formatting text a
    /// peer chose) would unwind through that thread's task and stop what it serves, a link's
    /// reception for one. It is caught, and the record counted as dropped.
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let record = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut text = Text::default();
            event.record(&mut text);
            let meta = event.metadata();
            Record {
                level: *meta.level(),
                target: meta.target(),
                message: text.finish(),
            }
        }));
        let queued = match record {
            Ok(record) => self.queue.try_send(record).is_ok(),
            Err(_) => false,
        };
        if !queued {
            DROPPED.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Values of the link configurations of the endpoints sessions were opened with (see
/// [`hide_link_config_values`]); at most LINK_VALUES_KEPT, the oldest forgotten first.
static LINK_VALUES: Mutex<Vec<String>> = Mutex::new(Vec::new());
const LINK_VALUES_KEPT: usize = 256;

/// Hides `values` (those of the link configurations of a session's endpoints, see
/// `session::link_config_values`) in every log event from now on: zenoh may log one alone, without
/// the `#` that [`crate::boundary::without_endpoint_config`] finds ("Unknown TCP read buffer size
/// argument: <value>").
pub fn hide_link_config_values(values: &[String]) {
    let mut kept = LINK_VALUES.lock().unwrap_or_else(|p| p.into_inner());
    for v in values {
        if !kept.contains(v) {
            if kept.len() >= LINK_VALUES_KEPT {
                kept.remove(0);
            }
            kept.push(v.clone());
        }
    }
}

/// Parts of a field's name that mark its value as a secret: zenoh logs its whole configuration at
/// debug level (`Config: Config { .. usrpwd: UsrPwdConf { user: .., password: Some("..") }, ..`),
/// TLS and public-key private keys included.
const SECRET_FIELDS: [&str; 3] = ["password", "private_key", "_base64"];

/// How a string value follows its field's name: Rust's Debug of an `Option<String>`, JSON.
const VALUE_MARKERS: [&str; 3] = [": Some(\"", "\": \"", "\":\""];

/// `text` with the value of every field whose name marks a secret replaced by `***`; None when
/// nothing in it names a secret (the common case costs a few substring searches).
fn redact(text: &str) -> Option<String> {
    if !SECRET_FIELDS.iter().any(|f| text.contains(f)) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = VALUE_MARKERS
            .iter()
            .filter_map(|m| rest.find(m).map(|at| (at, *m)))
            .min_by_key(|(at, _)| *at);
        let Some((at, marker)) = next else {
            break;
        };
        let head = &rest[..at];
        // the name starts after the last character that cannot be in one (of any UTF-8 length:
        // the text may hold a peer's key)
        let name_start = head
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let name = &head[name_start..];
        let value = &rest[at + marker.len()..];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in value.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                end = Some(i);
                break;
            }
        }
        out.push_str(head);
        out.push_str(marker);
        let Some(end) = end else {
            // no closing quote: whatever follows may be the secret
            if SECRET_FIELDS.iter().any(|f| name.contains(f)) {
                out.push_str("***");
            } else {
                out.push_str(value);
            }
            return Some(out);
        };
        if SECRET_FIELDS.iter().any(|f| name.contains(f)) {
            out.push_str("***");
        } else {
            out.push_str(&value[..end]);
        }
        out.push('"');
        rest = &value[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// The event's message, then its other fields as ` name=value`, at most MAX_MESSAGE bytes. Each part
/// is written through [`bounded`]: a value is never formatted much past the limit, whatever its
/// size (a trace event may print a whole message). Secrets are redacted ([`redact`]), and so is an
/// endpoint's link configuration ([`crate::boundary::without_endpoint_config`]).
#[derive(Default)]
struct Text {
    message: String,
    fields: String,
    cut: bool,
}

impl Text {
    fn finish(mut self) -> String {
        self.message.push_str(&self.fields);
        if let Some(redacted) = redact(&self.message) {
            self.message = redacted;
        }
        if self.message.contains('#') {
            self.message = crate::boundary::without_endpoint_config(&self.message);
        }
        {
            let kept = LINK_VALUES.lock().unwrap_or_else(|p| p.into_inner());
            for v in kept.iter() {
                if self.message.contains(v.as_str()) {
                    self.message = self.message.replace(v.as_str(), "…");
                }
            }
        }
        // as in errors: where zenoh raised it is noise in a Camel user's log
        if self.message.contains(".rs:") {
            self.message = crate::boundary::without_source_locations(&self.message);
        }
        if self.cut || self.message.len() > MAX_MESSAGE {
            let mut cut = MAX_MESSAGE.min(self.message.len());
            while !self.message.is_char_boundary(cut) {
                cut -= 1;
            }
            self.message.truncate(cut);
            self.message.push_str(" [cut]");
        }
        self.message
    }
}

/// Appends `args` to `out` up to MAX_MESSAGE bytes in all (cut on a character boundary); past
/// that, writing fails, which stops the formatting of the rest, and `cut` is set.
fn bounded(out: &mut String, cut: &mut bool, args: std::fmt::Arguments) {
    struct Bounded<'a> {
        out: &'a mut String,
        cut: &'a mut bool,
    }
    impl std::fmt::Write for Bounded<'_> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let room = MAX_MESSAGE.saturating_sub(self.out.len());
            if s.len() <= room {
                self.out.push_str(s);
                return Ok(());
            }
            let mut end = room;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            self.out.push_str(&s[..end]);
            *self.cut = true;
            Err(std::fmt::Error)
        }
    }
    if !*cut {
        let _ = Bounded { out, cut }.write_fmt(args);
    }
}

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            bounded(&mut self.message, &mut self.cut, format_args!("{value}"));
        } else {
            let name = field.name();
            bounded(
                &mut self.fields,
                &mut self.cut,
                format_args!(" {name}={value}"),
            );
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            bounded(&mut self.message, &mut self.cut, format_args!("{value:?}"));
        } else {
            let name = field.name();
            bounded(
                &mut self.fields,
                &mut self.cut,
                format_args!(" {name}={value:?}"),
            );
        }
    }
}

fn install() -> std::result::Result<Logging, String> {
    let (filter, handle) = reload::Layer::new(EnvFilter::new("off"));
    let (queue, records) = sync_channel(CAPACITY);
    let subscriber = Registry::default().with(filter).with(Forward { queue });
    tracing::subscriber::set_global_default(subscriber)
        .map_err(|e| format!("cannot install the zenoh log forwarding: {e}"))?;
    Ok(Logging {
        filter: handle,
        records: Mutex::new(records),
    })
}

fn logging() -> Result<&'static Logging> {
    LOGGING
        .get_or_init(install)
        .as_ref()
        .map_err(|e| Error::zenoh(e.clone()))
}

/// Parses `spec` (RUST_LOG syntax: `warn`, `zenoh=info,zenoh_transport=debug`, `off`) and makes it
/// the filter of zenoh's log events from now on. A field value in a directive
/// (`zenoh[{peer=x}]=debug`) is compared as text, never compiled as a regular expression: tracing
/// builds a full DFA of such a pattern, whose size is exponential in the pattern (a 40-byte
/// filter takes minutes and gigabytes on the calling thread).
pub fn set_filter(spec: &str) -> Result<()> {
    let filter = EnvFilter::builder()
        .with_regex(false)
        .parse(spec)
        .map_err(|e| {
            Error::new(
                Kind::Config,
                format!(
                    "zenoh log filter '{}': {}",
                    shown(spec),
                    shown(&e.to_string())
                ),
            )
        })?;
    logging()?
        .filter
        .reload(filter)
        .map_err(|e| Error::zenoh(format!("zenoh log filter '{}': {e}", shown(spec))))
}

/// A filter (or a parse error quoting it) as an error message shows it: at most SHOWN bytes.
fn shown(text: &str) -> String {
    if text.len() <= SHOWN {
        return text.to_string();
    }
    let mut cut = SHOWN;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}... ({} bytes in all)", &text[..cut], text.len())
}

/// Bytes of a filter an error message quotes at most.
const SHOWN: usize = 256;

/// Waits up to `wait` for a first record, then takes what else is queued, up to MAX_BATCH.
fn drain(wait: Duration) -> Result<Vec<Record>> {
    let records = logging()?
        .records
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut out = Vec::new();
    match records.recv_timeout(wait) {
        Ok(r) => out.push(r),
        Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => return Ok(out),
    }
    while out.len() < MAX_BATCH {
        match records.try_recv() {
            Ok(r) => out.push(r),
            Err(_) => break,
        }
    }
    Ok(out)
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::ERROR => "ERROR",
        Level::WARN => "WARN",
        Level::INFO => "INFO",
        Level::DEBUG => "DEBUG",
        Level::TRACE => "TRACE",
    }
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_logSetFilter(
    mut env: JNIEnv,
    _class: JClass,
    spec: JString,
) {
    boundary::run(&mut env, |env| {
        let spec = string(env, &spec, "zenoh log filter")?;
        set_filter(&spec)
    })
}

/// Records as a flat String[]: level, target, message for each, oldest first; empty when none
/// arrived within `wait_millis`.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_logDrain(
    mut env: JNIEnv,
    _class: JClass,
    wait_millis: jlong,
) -> jobjectArray {
    boundary::run(&mut env, |env| {
        let records = drain(Duration::from_millis(wait_millis.max(0) as u64))?;
        let out = env.new_object_array(
            (records.len() * 3) as i32,
            "java/lang/String",
            JObject::null(),
        )?;
        for (i, r) in records.iter().enumerate() {
            let values = [level_name(r.level), r.target, r.message.as_str()];
            for (j, v) in values.iter().enumerate() {
                let s = env.new_string(v)?;
                env.set_object_array_element(&out, (i * 3 + j) as i32, &s)?;
                env.delete_local_ref(s)?;
            }
        }
        Ok(out.into_raw())
    })
}

/// Log records dropped so far because the queue was full.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_logDropped(
    mut env: JNIEnv,
    _class: JClass,
) -> jlong {
    boundary::run(&mut env, |_| Ok(DROPPED.load(Ordering::Relaxed) as jlong))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// A value whose Debug form is 100 MiB, written in 1 MiB pieces; counts the pieces written.
    struct Huge(AtomicUsize);

    impl std::fmt::Debug for Huge {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            let piece = "x".repeat(1 << 20);
            for _ in 0..100 {
                self.0.fetch_add(1, Ordering::Relaxed);
                f.write_str(&piece)?;
            }
            Ok(())
        }
    }

    #[test]
    fn a_bounded_write_stops_the_formatting_at_the_limit() {
        let huge = Huge(AtomicUsize::new(0));
        let (mut out, mut cut) = (String::from("é"), false);
        bounded(&mut out, &mut cut, format_args!("{huge:?}"));
        assert!(cut);
        assert_eq!(out.len(), MAX_MESSAGE);
        assert_eq!(huge.0.load(Ordering::Relaxed), 1, "pieces formatted");
        bounded(&mut out, &mut cut, format_args!("more"));
        assert_eq!(out.len(), MAX_MESSAGE, "nothing after a cut");
    }

    #[test]
    fn secrets_in_a_logged_config_are_redacted() {
        let config = r#"Config: Config { auth: AuthConf { usrpwd: UsrPwdConf { user: Some("router"), password: Some("Pw\"4x"), dictionary_file: Some("/tmp/users.txt") }, pubkey: PubKeyConf { public_key_pem: None, private_key_pem: Some("-----BEGIN"), key_size: None } }, tls: TLSConf { listen_private_key_base64: Some("QUJD") } }"#;
        let r = redact(config).expect("names secrets");
        assert!(!r.contains("4x"), "{r}");
        assert!(!r.contains("BEGIN"), "{r}");
        assert!(!r.contains("QUJD"), "{r}");
        assert!(r.contains(r#"user: Some("router")"#), "{r}");
        assert!(r.contains(r#"password: Some("***")"#), "{r}");
        assert!(
            r.contains(r#"dictionary_file: Some("/tmp/users.txt")"#),
            "{r}"
        );
        let json = r#"{"usrpwd":{"user":"u","password":"s3cret"}}"#;
        let r = redact(json).expect("names secrets");
        assert_eq!(r, r#"{"usrpwd":{"user":"u","password":"***"}}"#);
        assert!(redact("Using ZID: 364f").is_none());
        assert_eq!(
            redact(r#"password: Some("unterminated"#).expect("names secrets"),
            r#"password: Some("***"#
        );
    }

    #[test]
    fn a_multi_byte_character_before_a_marker_is_no_panic() {
        // a peer's key in a warning: the marker right after a 3-byte character
        let r = redact("malformed key a/€\": \"password").expect("names a secret");
        assert_eq!(r, "malformed key a/€\": \"password");
        let r = redact("x/é_password: Some(\"s3cret\") ü\":\"v\"").expect("names a secret");
        assert_eq!(r, "x/é_password: Some(\"***\") ü\":\"v\"");
        let r = redact("€\":\"private_key").expect("names a secret");
        assert_eq!(r, "€\":\"private_key");
    }

    #[test]
    fn an_endpoints_link_configuration_is_not_logged() {
        let text = Text {
            message: "Unable to connect to tls/127.0.0.1:1#connect_private_key_base64=S3cr3t"
                .into(),
            fields: " endpoint=tls/127.0.0.1:1#root_ca_certificate_base64=Q0E=".into(),
            cut: false,
        };
        assert_eq!(
            text.finish(),
            "Unable to connect to tls/127.0.0.1:1#… endpoint=tls/127.0.0.1:1#…"
        );
    }

    #[test]
    fn a_link_configuration_value_logged_alone_is_hidden() {
        hide_link_config_values(&["S3cr3tValue42".to_string()]);
        let text = Text {
            message: "Unable to open listener tcp/127.0.0.1:1#… Unknown TCP read buffer size argument: S3cr3tValue42 at /root/.cargo/registry/src/x/zenoh-link-tcp-1.10.2/src/utils.rs:74.".into(),
            fields: String::new(),
            cut: false,
        };
        assert_eq!(
            text.finish(),
            "Unable to open listener tcp/127.0.0.1:1#… Unknown TCP read buffer size argument: …"
        );
    }

    #[test]
    fn events_pass_the_filter_or_cost_nothing_and_a_full_queue_counts_drops() {
        // only this test's target: other tests of this binary run zenoh sessions meanwhile
        set_filter("zenoh::test=warn").expect("valid filter");
        while !drain(Duration::ZERO).expect("drain").is_empty() {}
        tracing::info!(target: "zenoh::test", "filtered out");
        tracing::warn!(target: "zenoh::test", peer = "tcp/127.0.0.1:1", "cannot connect");
        let got = drain(Duration::from_millis(100)).expect("drain");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].level, Level::WARN);
        assert_eq!(got[0].target, "zenoh::test");
        assert_eq!(got[0].message, "cannot connect peer=tcp/127.0.0.1:1");

        let before = DROPPED.load(Ordering::Relaxed);
        for i in 0..CAPACITY + 10 {
            tracing::error!(target: "zenoh::test", "event {i}");
        }
        assert_eq!(DROPPED.load(Ordering::Relaxed) - before, 10);
        let mut taken = 0;
        loop {
            let batch = drain(Duration::ZERO).expect("drain");
            if batch.is_empty() {
                break;
            }
            assert!(batch.len() <= MAX_BATCH);
            taken += batch.len();
        }
        assert_eq!(taken, CAPACITY);

        // a huge field is cut, and not formatted much past the limit
        let huge = Huge(AtomicUsize::new(0));
        tracing::warn!(target: "zenoh::test", big = ?huge, "huge");
        let got = drain(Duration::from_millis(100)).expect("drain");
        assert_eq!(got.len(), 1);
        assert!(got[0].message.starts_with("huge big=xxx"));
        assert!(got[0].message.ends_with("x [cut]"));
        assert_eq!(got[0].message.len(), MAX_MESSAGE + " [cut]".len());
        assert_eq!(huge.0.load(Ordering::Relaxed), 1, "pieces formatted");

        // a field value is text: not a regular expression, so neither invalid nor exponential
        set_filter("zenoh::test[{x=(}]=warn").expect("a field value that is no regex");
        set_filter(&format!(
            "zenoh::test[{{x=(a|b)*a{}}}]=warn",
            "(a|b)".repeat(30)
        ))
        .expect("a field value whose DFA would be exponential");

        let bad = set_filter("zenoh=loud").unwrap_err();
        assert_eq!(bad.kind, Kind::Config);
        let huge = format!("zenoh=loud,{}", "é".repeat(1 << 20));
        let bad = set_filter(&huge).unwrap_err();
        assert_eq!(bad.kind, Kind::Config);
        assert!(bad.message.len() < 1024, "{} bytes", bad.message.len());
        assert!(bad.message.contains("bytes in all"));
        set_filter("off").expect("off");
        tracing::error!(target: "zenoh::test", "off");
        assert!(drain(Duration::from_millis(20)).expect("drain").is_empty());
    }
}
