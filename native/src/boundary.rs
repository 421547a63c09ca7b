// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The one wrapper around every exported function: Rust errors and panics become Java exceptions.
//!
//! A panic must never unwind into the JVM (undefined behaviour) and `panic = "abort"` would take
//! the user's whole application down, so each export runs inside `catch_unwind` and reports a
//! failure by throwing, then returns the type's neutral value (0, null, false).

use std::panic::{catch_unwind, AssertUnwindSafe};

use jni::JNIEnv;

/// Which Java exception class a failure maps to (all under io.github.camelzenoh.zenoh, but
/// IllegalArgument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Zenoh,
    KeyExpr,
    Config,
    Closed,
    Panic,
    /// java.lang.IllegalArgumentException: an argument Java should not have passed (a text that
    /// is not well-formed UTF-16, ...)
    IllegalArgument,
}

impl Kind {
    fn class(self) -> &'static str {
        match self {
            Kind::Zenoh => "io/github/camelzenoh/zenoh/ZenohException",
            Kind::KeyExpr => "io/github/camelzenoh/zenoh/KeyExprException",
            Kind::Config => "io/github/camelzenoh/zenoh/ConfigException",
            Kind::Closed => "io/github/camelzenoh/zenoh/ClosedException",
            Kind::Panic => "io/github/camelzenoh/zenoh/NativePanicException",
            Kind::IllegalArgument => "java/lang/IllegalArgumentException",
        }
    }
}

/// An error on its way to Java.
#[derive(Debug)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: without_endpoint_config(&without_source_locations(&message.into())),
        }
    }
    pub fn zenoh(message: impl Into<String>) -> Self {
        Self::new(Kind::Zenoh, message)
    }
}

impl From<jni::errors::Error> for Error {
    fn from(e: jni::errors::Error) -> Self {
        Error::zenoh(format!("JNI: {e}"))
    }
}

/// Adds context to zenoh's own errors: `.ctx(Kind::Zenoh, "put on 'a/b'")?`.
///
/// zenoh's `SessionClosedError` (a publisher or queryable used after its session closed) becomes a
/// ClosedException whatever `kind` says, like any other call on a closed handle. zenoh drops a
/// query's reply after the session closed without an error: Query.java checks its session first.
pub trait Context<T> {
    fn ctx(self, kind: Kind, what: impl FnOnce() -> String) -> Result<T>;
}

impl<T, E: std::fmt::Display> Context<T> for std::result::Result<T, E> {
    fn ctx(self, kind: Kind, what: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| {
            let text = e.to_string();
            let kind = if text == zenoh::session::SessionClosedError.to_string() {
                Kind::Closed
            } else {
                kind
            };
            Error::new(kind, format!("{}: {text}", what()))
        })
    }
}

/// A zenoh endpoint carries its link's configuration after `#` (`tls/host:7447#key=value;...`),
/// TLS keys and certificates among it (`connect_private_key_base64=...`); zenoh quotes endpoints
/// whole in its errors and logs. Every `#` followed by `name=` starts such a configuration: it is
/// shown as `#…` up to the end of the endpoint (whitespace, a quote, `,`, `)`, `]`, `}` or `>`).
pub fn without_endpoint_config(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find('#') {
        let tail = &rest[i + 1..];
        let name_len = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        out.push_str(&rest[..=i]);
        if name_len > 0 && tail[name_len..].starts_with('=') {
            let end = tail
                .find(|c: char| c.is_whitespace() || "\"'`,)]}>".contains(c))
                .unwrap_or(tail.len());
            out.push('…');
            rest = &tail[end..];
        } else {
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

/// zenoh's errors end with where they were raised (" at /…/src/key_expr/borrowed.rs:777."): useful
/// to zenoh's developers, noise in a Camel user's log. Every such " at <path>.rs:<line>" is removed.
pub fn without_source_locations(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(" at ") {
        let tail = &rest[i + 4..];
        let end = tail
            .find(|c: char| c.is_whitespace() || c == ']')
            .unwrap_or(tail.len());
        let token = tail[..end].trim_end_matches('.');
        let is_location = token
            .rsplit_once(".rs:")
            .is_some_and(|(_, line)| !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()));
        out.push_str(&rest[..i]);
        if is_location {
            rest = &tail[end..];
        } else {
            out.push_str(" at ");
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::without_endpoint_config as hidden;
    use super::without_source_locations as clean;

    #[test]
    fn an_endpoints_configuration_is_hidden_and_other_text_kept() {
        assert_eq!(
            hidden("Unable to connect to any of [Single(tls/127.0.0.1:1#connect_private_key_base64=S3cr3t;root_ca_certificate_base64=Q0E=)]!"),
            "Unable to connect to any of [Single(tls/127.0.0.1:1#…)]!"
        );
        assert_eq!(
            hidden("connect [\"tls/h:1#k=S3cr3t\",\"tcp/h:2\"] and tls/h:3#a=S3cr3t b"),
            "connect [\"tls/h:1#…\",\"tcp/h:2\"] and tls/h:3#… b"
        );
        assert_eq!(hidden("tls/h:1#k=S3cr3t"), "tls/h:1#…");
        assert_eq!(
            hidden("query #12 and a#b c#=d #"),
            "query #12 and a#b c#=d #"
        );
        assert_eq!(hidden("é#ключ=x"), "é#ключ=x"); // a name is ASCII, as zenoh's keys
    }

    #[test]
    fn source_locations_are_removed_and_other_text_kept() {
        assert_eq!(
            clean("Invalid Key Expr `a//b`: empty chunks are forbidden at /root/.cargo/x/borrowed.rs:777."),
            "Invalid Key Expr `a//b`: empty chunks are forbidden"
        );
        assert_eq!(
            clean("listener [127.0.0.1:7447: in use at /a/tcp.rs:61.] at /b/unicast.rs:338."),
            "listener [127.0.0.1:7447: in use] ".trim_end().to_string()
        );
        assert_eq!(clean("look at this"), "look at this");
        assert_eq!(clean("meet at 10.rs:x"), "meet at 10.rs:x");
    }
}

/// Values an export returns when it has thrown instead.
pub trait Neutral {
    fn neutral() -> Self;
}

macro_rules! neutral {
    ($($t:ty => $v:expr),* $(,)?) => { $(impl Neutral for $t { fn neutral() -> Self { $v } })* };
}
neutral!(
    () => (),
    jni::sys::jlong => 0,
    jni::sys::jint => 0,
    jni::sys::jboolean => 0,
    jni::sys::jobject => std::ptr::null_mut(),
);

/// Runs one exported function's body. Never unwinds, never leaves an error unreported.
pub fn run<'local, T, F>(env: &mut JNIEnv<'local>, body: F) -> T
where
    T: Neutral,
    F: FnOnce(&mut JNIEnv<'local>) -> Result<T>,
{
    let outcome = catch_unwind(AssertUnwindSafe(|| body(env)));
    let error = match outcome {
        Ok(Ok(value)) => return value,
        Ok(Err(e)) => e,
        Err(panic) => Error::new(Kind::Panic, format!("native panic: {}", panic_text(&panic))),
    };
    throw(env, &error);
    T::neutral()
}

/// Throws `error` unless a Java exception is already pending (a JNI call that failed with a
/// pending exception keeps the JVM's own, more precise exception).
pub fn throw(env: &mut JNIEnv, error: &Error) {
    if env.exception_check().unwrap_or(false) {
        return;
    }
    if env.throw_new(error.kind.class(), &error.message).is_err() {
        let _ = env.throw_new("java/lang/RuntimeException", &error.message);
    }
}

pub fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_string()
    }
}
