// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Liveliness: tokens (handles), liveliness subscribers (the subscriber handle type, with history)
//! and liveliness get (the get reply path).

use std::time::Duration;

use jni::objects::{JClass, JObject, JString};
use jni::sys::{jboolean, jlong};
use jni::JNIEnv;
use zenoh::liveliness::LivelinessToken;
use zenoh::Wait;

use crate::boundary::{self, Context, Kind};
use crate::get::{reply_callback, ReplyListener};
use crate::handle;
use crate::jvm::Listener;
use crate::keyexpr;
use crate::publisher::ignore_closed;
use crate::session;
use crate::subscriber::{sample_callback, AnySubscriber};
use crate::values::string;

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessDeclareToken(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key = string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness token", keyexpr::MAX_KEY_EXPR_BYTES)?;
        let session = unsafe { session::session(session_ptr) }?;
        let token = session
            .liveliness()
            .declare_token(key.clone())
            .wait()
            .ctx(Kind::KeyExpr, || {
                format!("declaring liveliness token '{key}'")
            })?;
        Ok(handle::into_handle(token))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_livelinessUndeclareToken(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let t: LivelinessToken = unsafe { handle::take(ptr, "liveliness token") }?;
        ignore_closed(t.undeclare().wait())
            .ctx(Kind::Zenoh, || "undeclaring liveliness token".to_string())
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
        let key = string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness subscriber", keyexpr::MAX_KEY_EXPR_BYTES)?;
        let session = unsafe { session::session(session_ptr) }?;
        let callback = sample_callback(Listener::new(env, &listener)?);
        let sub = session
            .liveliness()
            .declare_subscriber(key.clone())
            .history(history != 0)
            .callback(callback)
            .wait()
            .ctx(Kind::KeyExpr, || {
                format!("declaring liveliness subscriber on '{key}'")
            })?;
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
        let callback = reply_callback(ReplyListener(Listener::new(env, &listener)?));
        let key = string(env, &ke, "key expression")?;
        keyexpr::check_len_for(&key, "liveliness get", keyexpr::MAX_KEY_EXPR_BYTES)?;
        let session = unsafe { session::session(session_ptr) }?;
        let mut b = session.liveliness().get(key.clone());
        if timeout_millis > 0 {
            b = b.timeout(Duration::from_millis(timeout_millis as u64));
        }
        b.callback(callback)
            .wait()
            .ctx(Kind::KeyExpr, || format!("liveliness get '{key}'"))
    })
}
