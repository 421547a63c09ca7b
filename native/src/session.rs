// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Session: open from JSON5 text and/or a config file plus overrides; close; info.

use jni::objects::{JClass, JObjectArray, JString};
use jni::sys::{jboolean, jlong, jobjectArray, jstring};
use jni::JNIEnv;
use zenoh::{Config, Session, Wait};

use crate::boundary::{self, Context, Error, Kind, Result};
use crate::handle;
use crate::values::opt_string;

pub const WHAT: &str = "session";

/// # Safety
/// `ptr` is a live session handle (NativeHandle's guarantee).
pub unsafe fn session<'a>(ptr: jlong) -> Result<&'a Session> {
    handle::borrow::<Session>(ptr, WHAT)
}

fn config(
    env: &mut JNIEnv,
    json5: &JString,
    file: &JString,
    overrides: &JObjectArray,
) -> Result<Config> {
    let text = opt_string(env, json5)?;
    let path = opt_string(env, file)?;
    let mut config = match (&path, &text) {
        (Some(p), _) => {
            Config::from_file(p).ctx(Kind::Config, || format!("zenoh config file '{p}'"))?
        }
        (None, Some(t)) => {
            Config::from_json5(t).ctx(Kind::Config, || "zenoh config (inline JSON5)".to_string())?
        }
        (None, None) => Config::default(),
    };
    if let (Some(_), Some(t)) = (&path, &text) {
        // both given: the file is the base, the inline text's top-level keys are applied over it
        let inline: serde_json::Map<String, serde_json::Value> =
            json5::from_str(t).ctx(Kind::Config, || "zenoh config (inline JSON5)".to_string())?;
        for (k, v) in inline {
            let v = v.to_string();
            config.insert_json5(&k, &v).ctx(Kind::Config, || {
                format!("zenoh config (inline JSON5) key '{k}'")
            })?;
        }
    }
    if !overrides.is_null() {
        let n = env.get_array_length(overrides)?;
        let mut i = 0;
        while i + 1 < n {
            let k = env.get_object_array_element(overrides, i)?;
            let v = env.get_object_array_element(overrides, i + 1)?;
            let k: String = env.get_string(&JString::from(k))?.into();
            let v: String = env.get_string(&JString::from(v))?.into();
            config
                .insert_json5(&k, &v)
                .ctx(Kind::Config, || format!("zenoh config key '{k}' = {v}"))?;
            i += 2;
        }
    }
    Ok(config)
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionOpen(
    mut env: JNIEnv,
    _class: JClass,
    json5: JString,
    file: JString,
    overrides: JObjectArray,
) -> jlong {
    boundary::run(&mut env, |env| {
        let config = config(env, &json5, &file, &overrides)?;
        // zenoh's reason may not name the culprit ("invalid port value"): name the endpoints
        let setting = |key: &str| config.get_json(key).unwrap_or_else(|_| "?".to_string());
        let what = format!(
            "opening zenoh session (mode {}, listen {}, connect {})",
            setting("mode"),
            setting("listen/endpoints"),
            setting("connect/endpoints")
        );
        let session = zenoh::open(config).wait().ctx(Kind::Zenoh, || what)?;
        Ok(handle::into_handle(session))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionClose(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        // SAFETY: Java frees each handle exactly once, after the last call on it returned.
        let result =
            unsafe { handle::release(ptr, WHAT, |session: Session| session.close().wait()) }?;
        result.map_err(|e| Error::zenoh(format!("closing zenoh session: {e}")))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionIsClosed(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) -> jboolean {
    boundary::run(&mut env, |_| {
        Ok(unsafe { session(ptr) }?.is_closed() as jboolean)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionZid(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) -> jstring {
    boundary::run(&mut env, |env| {
        let zid = unsafe { session(ptr) }?.info().zid().wait().to_string();
        Ok(env.new_string(zid)?.into_raw())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionPeers(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) -> jobjectArray {
    boundary::run(&mut env, |env| {
        let s = unsafe { session(ptr) }?;
        let routers: Vec<String> = s
            .info()
            .routers_zid()
            .wait()
            .map(|z| z.to_string())
            .collect();
        let peers: Vec<String> = s.info().peers_zid().wait().map(|z| z.to_string()).collect();
        let string_class = env.find_class("java/lang/String")?;
        let array_class = env.find_class("[Ljava/lang/String;")?;
        let outer = env.new_object_array(2, &array_class, jni::objects::JObject::null())?;
        for (i, list) in [routers, peers].iter().enumerate() {
            let inner = env.new_object_array(
                list.len() as i32,
                &string_class,
                jni::objects::JObject::null(),
            )?;
            for (j, z) in list.iter().enumerate() {
                let js = env.new_string(z)?;
                env.set_object_array_element(&inner, j as i32, js)?;
            }
            env.set_object_array_element(&outer, i as i32, inner)?;
        }
        Ok(outer.into_raw())
    })
}
