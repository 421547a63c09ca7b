// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Publishers (plain or zenoh-ext advanced) and one-shot session put/delete. Encodings arrive by
//! value with each call: no native Encoding object exists per message.

use std::time::Duration;

use jni::objects::{JByteArray, JClass, JString};
use jni::sys::{jint, jlong};
use jni::JNIEnv;
use zenoh::pubsub::Publisher;
use zenoh::session::SessionClosedError;
use zenoh::Wait;
use zenoh_ext::{AdvancedPublisher, AdvancedPublisherBuilderExt, CacheConfig, MissDetectionConfig};

use crate::boundary::{self, Context, Kind, Result};
use crate::handle;
use crate::keyexpr;
use crate::session;
use crate::values::{bytes, encoding, opt_bytes, qos};

const WHAT: &str = "publisher";

pub enum AnyPublisher {
    Plain(Publisher<'static>),
    Advanced(AdvancedPublisher<'static>),
}

impl AnyPublisher {
    pub(crate) fn key(&self) -> String {
        match self {
            AnyPublisher::Plain(p) => p.key_expr().to_string(),
            AnyPublisher::Advanced(p) => p.key_expr().to_string(),
        }
    }
}

/// Applies the optional encoding and attachment to a put/delete builder and resolves it.
macro_rules! send {
    ($builder:expr, $encoding:expr, $attachment:expr) => {{
        let mut b = $builder;
        if let Some(e) = $encoding {
            b = b.encoding(e);
        }
        if let Some(a) = $attachment {
            b = b.attachment(a);
        }
        b.wait()
    }};
}

macro_rules! send_delete {
    ($builder:expr, $attachment:expr) => {{
        let mut b = $builder;
        if let Some(a) = $attachment {
            b = b.attachment(a);
        }
        b.wait()
    }};
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherDeclare(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    encoding_id: jint,
    schema: JString,
    qos_bits: jint,
    cache_max_samples: jint,
    heartbeat_millis: jlong,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key_expr = unsafe { keyexpr::resolve(env, ke_ptr, &ke, "publisher") }?;
        keyexpr::check_declared(key_expr.as_str(), "publisher")?;
        let advanced = cache_max_samples > 0 || heartbeat_millis > 0;
        if advanced {
            keyexpr::check_len_for(
                key_expr.as_str(),
                "publisher with cache or heartbeat",
                keyexpr::MAX_ADVANCED_KEY_EXPR_BYTES,
            )?;
        }
        let enc = encoding(env, encoding_id, &schema)?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let what = || format!("declaring publisher on '{key_expr}'");
        let mut builder = session
            .declare_publisher(key_expr.clone())
            .congestion_control(q.congestion)
            .priority(q.priority)
            .express(q.express)
            .reliability(q.reliability)
            .allowed_destination(q.destination);
        if let Some(e) = enc {
            builder = builder.encoding(e);
        }
        let publisher = if advanced {
            let mut adv = builder.advanced();
            if cache_max_samples > 0 {
                adv = adv
                    .cache(CacheConfig::default().max_samples(cache_max_samples as usize))
                    .publisher_detection();
            }
            if heartbeat_millis > 0 {
                let hb = Duration::from_millis(heartbeat_millis as u64);
                adv = adv.sample_miss_detection(MissDetectionConfig::default().heartbeat(hb));
            }
            AnyPublisher::Advanced(adv.wait().ctx(Kind::Zenoh, what)?)
        } else {
            AnyPublisher::Plain(builder.wait().ctx(Kind::Zenoh, what)?)
        };
        Ok(handle::into_handle(publisher))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherPut(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
    attachment: JByteArray,
) {
    boundary::run(&mut env, |env| {
        let p = unsafe { handle::borrow::<AnyPublisher>(ptr, WHAT) }?;
        let payload = bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let att = opt_bytes(env, &attachment)?;
        let r = match p {
            AnyPublisher::Plain(p) => send!(p.put(payload), enc, att),
            AnyPublisher::Advanced(p) => send!(p.put(payload), enc, att),
        };
        r.ctx(Kind::Zenoh, || format!("put on '{}'", p.key()))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherDelete(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    attachment: JByteArray,
) {
    boundary::run(&mut env, |env| {
        let p = unsafe { handle::borrow::<AnyPublisher>(ptr, WHAT) }?;
        let att = opt_bytes(env, &attachment)?;
        let r = match p {
            AnyPublisher::Plain(p) => send_delete!(p.delete(), att),
            AnyPublisher::Advanced(p) => send_delete!(p.delete(), att),
        };
        r.ctx(Kind::Zenoh, || format!("delete on '{}'", p.key()))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherUndeclare(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let (key, r) = unsafe {
            handle::release(ptr, WHAT, |p: AnyPublisher| {
                let key = p.key();
                let r = match p {
                    AnyPublisher::Plain(p) => p.undeclare().wait(),
                    AnyPublisher::Advanced(p) => p.undeclare().wait(),
                };
                (key, r)
            })
        }?;
        ignore_closed(r).ctx(Kind::Zenoh, || format!("undeclaring publisher on '{key}'"))
    })
}

/// Undeclaring after the session closed is not an error: closing already undeclared everything.
/// Only zenoh's `SessionClosedError` is ignored; any other failure (whatever its text) is reported.
pub fn ignore_closed(r: zenoh::Result<()>) -> zenoh::Result<()> {
    match r {
        Err(e) if e.downcast_ref::<SessionClosedError>().is_some() => Ok(()),
        other => other,
    }
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionPut(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
    attachment: JByteArray,
    qos_bits: jint,
) {
    boundary::run(&mut env, |env| -> Result<()> {
        let key_expr = unsafe { keyexpr::resolve_matched(env, ke_ptr, &ke, "put") }?;
        let payload = bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let att = opt_bytes(env, &attachment)?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let b = session
            .put(key_expr.clone(), payload)
            .congestion_control(q.congestion)
            .priority(q.priority)
            .express(q.express)
            .reliability(q.reliability)
            .allowed_destination(q.destination);
        send!(b, enc, att).ctx(Kind::Zenoh, || format!("put on '{key_expr}'"))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionDelete(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    attachment: JByteArray,
    qos_bits: jint,
) {
    boundary::run(&mut env, |env| -> Result<()> {
        let key_expr = unsafe { keyexpr::resolve_matched(env, ke_ptr, &ke, "delete") }?;
        let att = opt_bytes(env, &attachment)?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let b = session
            .delete(key_expr.clone())
            .congestion_control(q.congestion)
            .priority(q.priority)
            .express(q.express)
            .reliability(q.reliability)
            .allowed_destination(q.destination);
        send_delete!(b, att).ctx(Kind::Zenoh, || format!("delete on '{key_expr}'"))
    })
}

/// True when at least one subscriber (local or remote) matches the publisher's key expression now.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherHasMatchingSubscribers(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) -> jni::sys::jboolean {
    boundary::run(&mut env, |_| {
        let p = unsafe { handle::borrow::<AnyPublisher>(ptr, WHAT) }?;
        let status = match p {
            AnyPublisher::Plain(p) => p.matching_status().wait(),
            AnyPublisher::Advanced(p) => p.matching_status().wait(),
        };
        let status = status.ctx(Kind::Zenoh, || format!("matching status of '{}'", p.key()))?;
        Ok(status.matching() as jni::sys::jboolean)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_closed_session_is_ignored_on_undeclare() {
        assert!(ignore_closed(Ok(())).is_ok());
        assert!(ignore_closed(Err(SessionClosedError.into())).is_ok());
        for text in [
            "link closed",
            "transport closed by peer",
            "Closed",
            "session closed",
        ] {
            let e: zenoh::Error = text.into();
            assert_eq!(
                ignore_closed(Err(e)).unwrap_err().to_string(),
                text,
                "an error that only reads like a closed session is reported"
            );
        }
    }
}
