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
    const INLINE: &str = "zenoh config (inline JSON5)";
    if let Some(t) = &text {
        check_syntax(t, INLINE)?;
    }
    let mut config = match (&path, &text) {
        (Some(p), _) => {
            let what = format!("zenoh config file '{p}'");
            let is_json = [".json", ".json5"].iter().any(|x| p.ends_with(x));
            let content = if is_json {
                std::fs::read_to_string(p).ok()
            } else {
                None
            };
            if let Some(c) = &content {
                check_syntax(c, &what)?;
            }
            Config::from_file(p).map_err(|e| {
                // zenoh reports a file's errors in Debug form (its reason inside a quoted string):
                // the same text read inline gives the plain reason
                let reason = match content.as_deref().map(Config::from_json5) {
                    Some(Err(inline)) => inline.to_string(),
                    _ => e.to_string(),
                };
                config_error(&what, &reason)
            })?
        }
        (None, Some(t)) => {
            Config::from_json5(t).map_err(|e| config_error(INLINE, &e.to_string()))?
        }
        (None, None) => Config::default(),
    };
    if let (Some(_), Some(t)) = (&path, &text) {
        // both given: the file is the base, the inline text's top-level keys are applied over it
        let inline: serde_json::Map<String, serde_json::Value> =
            json5::from_str(t).map_err(|e| config_error(INLINE, &e.to_string()))?;
        for (k, v) in inline {
            let v = v.to_string();
            config
                .insert_json5(&k, &v)
                .map_err(|e| config_error(&format!("{INLINE} key '{k}'"), &e.to_string()))?;
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
            // overrides come from the component's options (mode, connect, listen, scouting),
            // never credentials: zenoh's reason and the value are kept
            config
                .insert_json5(&k, &v)
                .ctx(Kind::Config, || format!("zenoh config key '{k}' = {v}"))?;
            i += 2;
        }
    }
    Ok(config)
}

/// A configuration text that does not parse fails with where it stopped (line and column), never
/// with the offending text: json5's own message quotes the whole line, which may hold credentials.
fn check_syntax(text: &str, what: &str) -> Result<()> {
    match json5::from_str::<serde_json::Value>(text) {
        Ok(_) => Ok(()),
        Err(json5::Error::Message {
            location: Some(at), ..
        }) => Err(Error::new(
            Kind::Config,
            format!(
                "{what}: not valid JSON5 at line {}, column {}",
                at.line, at.column
            ),
        )),
        Err(_) => Err(Error::new(Kind::Config, format!("{what}: not valid JSON5"))),
    }
}

/// zenoh's reason for refusing a configuration, without any value it quotes: zenoh prints the
/// whole configuration after "Invalid configuration:", serde quotes a string of the wrong type,
/// json5 quotes the offending line. Field names (between backticks) are kept.
fn config_error(what: &str, reason: &str) -> Error {
    Error::new(
        Kind::Config,
        format!("{what}: {}", redact_config_values(reason)),
    )
}

pub(crate) fn redact_config_values(reason: &str) -> String {
    let reason = match reason.find("Invalid configuration:") {
        Some(i) => &reason[..i + "Invalid configuration".len()],
        None => reason,
    };
    // json5's rendering of a syntax error: " --> line:col" followed by the quoted line
    let reason = match reason.find(" --> ") {
        Some(i) => &reason[..i],
        None => reason,
    };
    // every string literal (escapes within it included) becomes "…"
    let mut out = String::with_capacity(reason.len());
    let mut quoted = false;
    let mut chars = reason.chars();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '\\' {
                chars.next();
            } else if c == '"' {
                quoted = false;
            }
        } else if c == '"' {
            out.push_str("\"…\"");
            quoted = true;
        } else {
            out.push(c);
        }
    }
    out.trim_end().to_string()
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
        let session: Session = unsafe { handle::take(ptr, WHAT) }?;
        let result = session.close().wait();
        drop(session);
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

#[cfg(test)]
mod tests {
    use super::redact_config_values as redact;

    #[test]
    fn config_values_are_never_quoted_back() {
        assert_eq!(
            redact("invalid type: string \"S3cr3t\", expected u64"),
            "invalid type: string \"…\", expected u64"
        );
        assert_eq!(
            redact("JSON error: Message { msg: \"invalid type: string \\\"S3cr3t\\\"\", location: None }"),
            "JSON error: Message { msg: \"…\", location: None }"
        );
        assert_eq!(
            redact("Invalid configuration: {\"password\":\"S3cr3t\"}"),
            "Invalid configuration"
        );
        assert_eq!(redact(" --> 2:5\n  |\n2 | password: \"S3cr3t\" x\n"), "");
        assert_eq!(
            redact("unknown field `pasword`, expected one of `user`, `password`"),
            "unknown field `pasword`, expected one of `user`, `password`"
        );
    }
}
