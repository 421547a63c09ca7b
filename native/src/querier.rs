// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Queriers: a get endpoint's declared query source. Target, consolidation, timeout, QoS and which
//! reply keys are accepted are fixed at declaration; each get brings only its parameters, payload,
//! encoding and attachment. Replies take the get reply path (`get.rs`).

use std::time::Duration;

use jni::objects::{JByteArray, JClass, JObject, JString};
use jni::sys::{jboolean, jint, jlong};
use jni::JNIEnv;
use zenoh::query::{Querier, ReplyKeyExpr};
use zenoh::Wait;

use crate::boundary::{self, Context, Kind};
use crate::get::{reply_callback, ReplyListener};
use crate::handle;
use crate::jvm::Listener;
use crate::keyexpr;
use crate::publisher::ignore_closed;
use crate::session;
use crate::values::{consolidation, encoding, opt_bytes, opt_string, qos, target};

const WHAT: &str = "querier";

/// zenoh's choice of which reply keys a get accepts: only those matching its key expression, or
/// any (`accept_any`).
pub fn accept_replies(accept_any: jboolean) -> ReplyKeyExpr {
    if accept_any != 0 {
        ReplyKeyExpr::Any
    } else {
        ReplyKeyExpr::MatchingQuery
    }
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_querierDeclare(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    target_code: jint,
    consolidation_code: jint,
    timeout_millis: jlong,
    qos_bits: jint,
    accept_any: jboolean,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key_expr = unsafe { keyexpr::resolve(env, ke_ptr, &ke, WHAT) }?;
        keyexpr::check_declared(key_expr.as_str(), WHAT)?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let mut b = session
            .declare_querier(key_expr.clone())
            .target(target(target_code)?)
            .consolidation(consolidation(consolidation_code)?)
            .congestion_control(q.congestion)
            .priority(q.priority)
            .express(q.express)
            .allowed_destination(q.destination)
            .accept_replies(accept_replies(accept_any));
        if timeout_millis > 0 {
            b = b.timeout(Duration::from_millis(timeout_millis as u64));
        }
        let querier: Querier<'static> = b
            .wait()
            .ctx(Kind::Zenoh, || format!("declaring querier on '{key_expr}'"))?;
        Ok(handle::into_handle(querier))
    })
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_querierGet(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    parameters: JString,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
    attachment: JByteArray,
    listener: JObject,
) {
    boundary::run(&mut env, |env| {
        // the listener is owned first, so that every failure below still completes it
        let callback = reply_callback(ReplyListener(Listener::new(env, &listener)?));
        let parameters = opt_string(env, &parameters, "parameters")?;
        let payload = opt_bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let att = opt_bytes(env, &attachment)?;
        let querier = unsafe { handle::borrow::<Querier<'static>>(ptr, WHAT) }?;
        let mut b = querier.get();
        if let Some(p) = parameters {
            b = b.parameters(p);
        }
        if let Some(p) = payload {
            b = b.payload(p);
        }
        if let Some(e) = enc {
            b = b.encoding(e);
        }
        if let Some(a) = att {
            b = b.attachment(a);
        }
        b.callback(callback)
            .wait()
            .ctx(Kind::Zenoh, || format!("get on '{}'", querier.key_expr()))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_querierUndeclare(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let (key, r) = unsafe {
            handle::release(ptr, WHAT, |q: Querier<'static>| {
                let key = q.key_expr().to_string();
                (key, q.undeclare().wait())
            })
        }?;
        ignore_closed(r).ctx(Kind::Zenoh, || format!("undeclaring querier on '{key}'"))
    })
}
