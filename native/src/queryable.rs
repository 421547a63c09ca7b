// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Queryables. Each query reaches Java as values plus a handle to the zenoh Query, which Java
//! answers any number of times and then finishes exactly once: dropping the Query is what sends
//! the final response, so an unfinished query keeps the asker waiting until its own timeout.
//! Java backs every query handle with a Cleaner, so an abandoned query is still finished.

use jni::objects::{JByteArray, JClass, JObject, JString, JValue};
use jni::sys::{jboolean, jint, jlong};
use jni::JNIEnv;
use zenoh::query::{Query, Queryable};
use zenoh::Wait;

use crate::boundary::{self, Context, Kind};
use crate::handle;
use crate::jvm::{self, Listener};
use crate::keyexpr;
use crate::publisher::ignore_closed;
use crate::session;
use crate::values::{bytes, encoding, key_string, locality, new_bytes, opt_bytes, schema_string};

const WHAT: &str = "queryable";
const QUERY: &str = "query";

fn deliver(listener: &Listener, query: Query) {
    let mut query = Some(query);
    jvm::upcall(8, |env| {
        let q = query.as_ref().expect("query present until handed over");
        let key = env.new_string(q.key_expr().as_str())?;
        let params = env.new_string(q.parameters().as_str())?;
        let payload: JObject = match q.payload() {
            Some(p) => new_bytes(env, p)?.into(),
            None => JObject::null(),
        };
        let (enc_id, schema): (i32, JObject) = match q.encoding() {
            Some(e) => (
                e.id() as i32,
                match e.schema() {
                    Some(s) => schema_string(env, s.as_ref())?,
                    None => JObject::null(),
                },
            ),
            None => (-1, JObject::null()),
        };
        let attachment: JObject = match q.attachment() {
            Some(a) => new_bytes(env, a)?.into(),
            None => JObject::null(),
        };
        // from here on Java owns the query (its wrapper finishes it, at the latest via Cleaner)
        let ptr = handle::into_handle(query.take().expect("query present"));
        let a = [
            JValue::Long(ptr).as_jni(),
            JValue::Object(&key).as_jni(),
            JValue::Object(&params).as_jni(),
            JValue::Object(&payload).as_jni(),
            JValue::Int(enc_id).as_jni(),
            JValue::Object(&schema).as_jni(),
            JValue::Object(&attachment).as_jni(),
        ];
        jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_query, &a)
    });
    // if the values could not be built, the query is still ours: dropping it finishes it
    drop(query);
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryableDeclare(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    complete: jboolean,
    origin: jint,
    listener: JObject,
) -> jlong {
    boundary::run(&mut env, |env| {
        let key_expr = unsafe { keyexpr::resolve(env, ke_ptr, &ke, "queryable") }?;
        keyexpr::check_declared(key_expr.as_str(), "queryable")?;
        let session = unsafe { session::session(session_ptr) }?;
        let l = Listener::new(env, &listener)?;
        let q: Queryable<()> = session
            .declare_queryable(key_expr.clone())
            .complete(complete != 0)
            .allowed_origin(locality(origin)?)
            .callback(move |query| deliver(&l, query))
            .wait()
            .ctx(Kind::Zenoh, || {
                format!("declaring queryable on '{key_expr}'")
            })?;
        Ok(handle::into_handle(q))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryableUndeclare(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let r = unsafe { handle::release(ptr, WHAT, |q: Queryable<()>| q.undeclare().wait()) }?;
        ignore_closed(r).ctx(Kind::Zenoh, || "undeclaring queryable".to_string())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryReply(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    ke: JString,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
    attachment: JByteArray,
) {
    boundary::run(&mut env, |env| {
        let q = unsafe { handle::borrow::<Query>(ptr, QUERY) }?;
        let key = key_string(env, &ke, "reply key expression")?;
        keyexpr::check_len_for(&key, "reply", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_matched(&key, "reply")?;
        let payload = bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let att = opt_bytes(env, &attachment)?;
        let mut b = q.reply(key.clone(), payload);
        if let Some(e) = enc {
            b = b.encoding(e);
        }
        if let Some(a) = att {
            b = b.attachment(a);
        }
        b.wait().ctx(Kind::Zenoh, || {
            format!("reply on '{key}' to query '{}'", q.selector())
        })
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryReplyDelete(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    ke: JString,
    attachment: JByteArray,
) {
    boundary::run(&mut env, |env| {
        let q = unsafe { handle::borrow::<Query>(ptr, QUERY) }?;
        let key = key_string(env, &ke, "reply key expression")?;
        keyexpr::check_len_for(&key, "reply", keyexpr::MAX_KEY_EXPR_BYTES)?;
        keyexpr::check_matched(&key, "reply")?;
        let att = opt_bytes(env, &attachment)?;
        let mut b = q.reply_del(key.clone());
        if let Some(a) = att {
            b = b.attachment(a);
        }
        b.wait().ctx(Kind::Zenoh, || {
            format!("delete reply on '{key}' to query '{}'", q.selector())
        })
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryReplyError(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    payload: JByteArray,
    encoding_id: jint,
    schema: JString,
) {
    boundary::run(&mut env, |env| {
        let q = unsafe { handle::borrow::<Query>(ptr, QUERY) }?;
        let payload = bytes(env, &payload)?;
        let enc = encoding(env, encoding_id, &schema)?;
        let mut b = q.reply_err(payload);
        if let Some(e) = enc {
            b = b.encoding(e);
        }
        b.wait().ctx(Kind::Zenoh, || {
            format!("error reply to query '{}'", q.selector())
        })
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_queryFinish(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        // dropping the query sends the final response
        unsafe { handle::release(ptr, QUERY, drop::<Query>) }
    })
}
