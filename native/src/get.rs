// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! get: replies reach a ReplySink as values, then exactly one onComplete — sent when zenoh drops
//! the callback (all replies in, or the timeout passed), or at once if the get fails to start.

use std::time::Duration;

use jni::objects::{JByteArray, JClass, JObject, JString, JValue};
use jni::sys::{jboolean, jint, jlong};
use jni::JNIEnv;
use zenoh::query::Reply;
use zenoh::Wait;

use crate::boundary::{self, Context, Kind};
use crate::jvm::{self, Listener};
use crate::keyexpr;
use crate::querier;
use crate::sample::SampleValues;
use crate::session;
use crate::values::{
    consolidation, encoding, new_bytes, opt_bytes, qos, schema_string, selector_string, target,
};

/// Owns the Java listener for the life of one get; its Drop is the completion signal.
pub struct ReplyListener(pub Listener);

impl Drop for ReplyListener {
    fn drop(&mut self) {
        let l = &self.0;
        jvm::upcall(2, |env| {
            jvm::call_void(env, l.obj.as_obj(), jvm::ids().on_complete, &[])
        });
    }
}

pub fn deliver(listener: &ReplyListener, reply: &Reply) {
    jvm::upcall(8, |env| {
        let v = match reply.result() {
            Ok(sample) => (true, SampleValues::new(env, sample)?),
            Err(err) => {
                let enc = err.encoding();
                let schema = match enc.schema() {
                    Some(s) => schema_string(env, s.as_ref())?,
                    None => JObject::null(),
                };
                let payload = new_bytes(env, err.payload())?.into();
                (
                    false,
                    SampleValues {
                        key: JObject::null(),
                        payload,
                        encoding_id: enc.id() as i32,
                        schema,
                        flags: 0,
                        timestamp: JObject::null(),
                        attachment: JObject::null(),
                    },
                )
            }
        };
        let (ok, s) = v;
        let a = [
            JValue::Bool(ok as u8).as_jni(),
            JValue::Object(&s.key).as_jni(),
            JValue::Object(&s.payload).as_jni(),
            JValue::Int(s.encoding_id).as_jni(),
            JValue::Object(&s.schema).as_jni(),
            JValue::Int(s.flags).as_jni(),
            JValue::Object(&s.timestamp).as_jni(),
            JValue::Object(&s.attachment).as_jni(),
        ];
        jvm::call_void(env, listener.0.obj.as_obj(), jvm::ids().on_reply, &a)
    });
}

pub fn reply_callback(listener: ReplyListener) -> impl Fn(Reply) + Send + Sync + 'static {
    move |r: Reply| deliver(&listener, &r)
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionGet(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    selector: JString,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
    attachment: JByteArray,
    target_code: jint,
    consolidation_code: jint,
    timeout_millis: jlong,
    qos_bits: jint,
    accept_any: jboolean,
    listener: JObject,
) {
    boundary::run(&mut env, |env| {
        // the listener is owned first, so that every failure below still completes it
        let callback = reply_callback(ReplyListener(Listener::new(env, &listener)?));
        let selector = selector_string(env, &selector)?;
        let key = selector.split('?').next().unwrap_or_default();
        keyexpr::check_len_for(key, "get", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_matched(key, "get")?;
        let payload = opt_bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let att = opt_bytes(env, &attachment)?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let mut b = session
            .get(selector.as_str())
            .target(target(target_code)?)
            .consolidation(consolidation(consolidation_code)?)
            .congestion_control(q.congestion)
            .priority(q.priority)
            .express(q.express)
            .allowed_destination(q.destination)
            .accept_replies(querier::accept_replies(accept_any));
        if timeout_millis > 0 {
            b = b.timeout(Duration::from_millis(timeout_millis as u64));
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
            .ctx(Kind::Zenoh, || format!("get '{selector}'"))
    })
}
