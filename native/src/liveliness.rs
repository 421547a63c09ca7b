// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Liveliness: tokens (handles), liveliness subscribers (the subscriber handle type, with history)
//! and liveliness get (the get reply path).
//!
//! A failure is reported by what failed: an invalid key expression as a KeyExprException before
//! zenoh is asked, a closed session as a ClosedException, anything else zenoh reports as a
//! ZenohException.

use std::time::Duration;

use jni::objects::{JClass, JObject, JString};
use jni::sys::{jboolean, jlong};
use jni::JNIEnv;
use zenoh::liveliness::LivelinessToken;
use zenoh::pubsub::Subscriber;
use zenoh::query::Reply;
use zenoh::sample::Sample;
use zenoh::{Session, Wait};

use crate::boundary::{self, Context, Kind, Result};
use crate::get::{reply_callback, ReplyListener};
use crate::handle;
use crate::jvm::Listener;
use crate::keyexpr;
use crate::publisher::ignore_closed;
use crate::session;
use crate::subscriber::{sample_callback, AnySubscriber};
use crate::values::key_string;

fn declare_token(session: &Session, key: String) -> Result<LivelinessToken> {
    let key = keyexpr::parse(key)?;
    session
        .liveliness()
        .declare_token(key.clone())
        .wait()
        .ctx(Kind::Zenoh, || {
            format!("declaring liveliness token '{key}'")
        })
}

fn declare_subscriber(
    session: &Session,
    key: String,
    history: bool,
    callback: impl Fn(Sample) + Send + Sync + 'static,
) -> Result<Subscriber<()>> {
    let key = keyexpr::parse(key)?;
    session
        .liveliness()
        .declare_subscriber(key.clone())
        .history(history)
        .callback(callback)
        .wait()
        .ctx(Kind::Zenoh, || {
            format!("declaring liveliness subscriber on '{key}'")
        })
}

fn get(
    session: &Session,
    key: String,
    timeout_millis: i64,
    callback: impl Fn(Reply) + Send + Sync + 'static,
) -> Result<()> {
    let key = keyexpr::parse(key)?;
    let mut b = session.liveliness().get(key.clone());
    if timeout_millis > 0 {
        b = b.timeout(Duration::from_millis(timeout_millis as u64));
    }
    b.callback(callback)
        .wait()
        .ctx(Kind::Zenoh, || format!("liveliness get '{key}'"))
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessDeclareToken(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key = key_string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness token", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_declared(&key, "liveliness token")?;
        let session = unsafe { session::session(session_ptr) }?;
        Ok(handle::into_handle(declare_token(session, key)?))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessUndeclareToken(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let r = unsafe {
            handle::release(ptr, "liveliness token", |t: LivelinessToken| {
                t.undeclare().wait()
            })
        }?;
        ignore_closed(r).ctx(Kind::Zenoh, || "undeclaring liveliness token".to_string())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessDeclareSubscriber(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
    history: jboolean,
    listener: JObject,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key = key_string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness subscriber", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_declared(&key, "liveliness subscriber")?;
        let session = unsafe { session::session(session_ptr) }?;
        let callback = sample_callback(Listener::new(env, &listener)?);
        let sub = declare_subscriber(session, key, history != 0, callback)?;
        Ok(handle::into_handle(AnySubscriber::Plain(sub)))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessGet(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
    timeout_millis: jlong,
    listener: JObject,
) {
    boundary::run(&mut env, |env| {
        // the listener is owned first, so that every failure below still completes it
        let callback = reply_callback(ReplyListener(Listener::new(env, &listener)?));
        let key = key_string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness get", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_declared(&key, "liveliness get")?;
        let session = unsafe { session::session(session_ptr) }?;
        get(session, key, timeout_millis, callback)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real zenoh peer session on its own: no listener, no multicast scouting.
    fn lone_session() -> Session {
        let config = zenoh::Config::from_json5(
            r#"{ mode: "peer", listen: { endpoints: [] }, scouting: { multicast: { enabled: false } } }"#,
        )
        .expect("config");
        zenoh::open(config).wait().expect("session")
    }

    fn kind<T>(r: Result<T>) -> (Kind, String) {
        match r {
            Ok(_) => panic!("expected a failure"),
            Err(e) => (e.kind, e.message),
        }
    }

    #[test]
    fn each_failure_is_reported_as_what_failed() {
        let session = lone_session();
        let token = declare_token(&session, "test/live/rs/a".into()).expect("valid key");
        let (k, message) = kind(declare_token(&session, "test//live".into()));
        assert_eq!(k, Kind::KeyExpr, "{message}");
        assert!(message.contains("'test//live'"), "{message}");
        let (k, _) = kind(declare_subscriber(&session, "a//b".into(), false, |_| {}));
        assert_eq!(k, Kind::KeyExpr);
        let (k, _) = kind(get(&session, "a//b".into(), 0, |_| {}));
        assert_eq!(k, Kind::KeyExpr);

        session.close().wait().expect("close");
        assert!(ignore_closed(token.undeclare().wait()).is_ok());
        let (k, message) = kind(declare_token(&session, "test/live/rs/b".into()));
        assert_eq!(k, Kind::Closed, "{message}");
        let (k, message) = kind(declare_subscriber(
            &session,
            "test/live/rs/*".into(),
            true,
            |_| {},
        ));
        assert_eq!(k, Kind::Closed, "{message}");
        let (k, message) = kind(get(&session, "test/live/rs/*".into(), 100, |_| {}));
        assert_eq!(k, Kind::Closed, "{message}");
    }
}
