// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Session: open from JSON5 text and/or a config file plus overrides; close; info.

use jni::objects::{JClass, JObjectArray, JString};
use jni::sys::{jboolean, jlong, jobjectArray, jstring};
use jni::JNIEnv;
use serde_json::Value;
use zenoh::{Config, Session, Wait};

use crate::boundary::{self, Context, Error, Kind, Result};
use crate::handle;
use crate::values::{opt_string, string};

pub const WHAT: &str = "session";

/// # Safety
/// `ptr` is a live session handle (NativeHandle's guarantee).
pub unsafe fn session<'a>(ptr: jlong) -> Result<&'a Session> {
    handle::borrow::<Session>(ptr, WHAT)
}

/// The configuration's inputs as the Java side gives them: inline JSON5, a file name, override
/// pairs. Read here, on the caller's thread (JNI); parsed by [`config_from`] on a large stack.
type ConfigInputs = (Option<String>, Option<String>, Vec<(String, String)>);

fn config_inputs(
    env: &mut JNIEnv,
    json5: &JString,
    file: &JString,
    overrides: &JObjectArray,
) -> Result<ConfigInputs> {
    let text = opt_string(env, json5, INLINE)?;
    let path = opt_string(env, file, "zenoh config file name")?;
    let mut pairs = Vec::new();
    if !overrides.is_null() {
        let n = env.get_array_length(overrides)?;
        let mut i = 0;
        while i + 1 < n {
            let k = env.get_object_array_element(overrides, i)?;
            let v = env.get_object_array_element(overrides, i + 1)?;
            let k = string(env, &JString::from(k), "zenoh config key")?;
            let v = string(env, &JString::from(v), "zenoh config value")?;
            pairs.push((k, v));
            i += 2;
        }
    }
    Ok((text, path, pairs))
}

const INLINE: &str = "zenoh config (inline JSON5)";

fn config_from(
    text: Option<String>,
    path: Option<String>,
    overrides: Vec<(String, String)>,
) -> Result<Config> {
    if let Some(t) = &text {
        check_depth(t, INLINE)?;
        check_syntax(t, INLINE)?;
    }
    let mut config = match (&path, &text) {
        (Some(p), _) => {
            let what = format!("zenoh config file '{p}'");
            check_regular_file(p, &what)?;
            let is_json = [".json", ".json5"].iter().any(|x| p.ends_with(x));
            let is_yaml = [".yaml", ".yml"].iter().any(|x| p.ends_with(x));
            let content = if is_json || is_yaml {
                std::fs::read_to_string(p).ok()
            } else {
                None
            };
            match &content {
                Some(c) if is_json => {
                    check_depth(c, &what)?;
                    check_syntax(c, &what)?;
                }
                Some(c) => check_yaml_flow(c, &what)?,
                None => {}
            }
            Config::from_file(p).map_err(|e| {
                // zenoh reports a JSON5 file's errors in Debug form (its reason inside a quoted
                // string): the same text read inline gives the plain reason
                let reason = match content
                    .as_deref()
                    .filter(|_| is_json)
                    .map(Config::from_json5)
                {
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
        lay_over(&mut config, t)?;
    }
    for (k, v) in overrides {
        check_depth(&v, &format!("zenoh config key '{}'", shortened(&k)))?;
        // overrides come from the component's options (mode, connect, listen, scouting),
        // never credentials: zenoh's reason and the value are kept
        config.insert_json5(&k, &v).map_err(|e| {
            Error::new(
                Kind::Config,
                format!(
                    "zenoh config key '{}' = {}: {}",
                    shortened(&k),
                    shortened(&v),
                    json5_message(&e.to_string())
                ),
            )
        })?;
    }
    Ok(config)
}

/// Lays inline JSON5 over a configuration read from a file, deep: an object merges into the file's
/// object key by key (recursively), anything else (a scalar, an array) replaces the file's value.
/// So `{transport: {link: {tx: {batch_size: 8192}}}}` keeps the file's TLS settings, and
/// `{connect: {endpoints: [...]}}` replaces the file's endpoint list.
fn lay_over(config: &mut Config, inline: &str) -> Result<()> {
    let inline: serde_json::Map<String, Value> = json5::from_str(inline)
        .map_err(|e| config_error("zenoh config (inline JSON5)", &e.to_string()))?;
    for (k, v) in inline {
        let base = config
            .get_json(&k)
            .ok()
            .and_then(|j| serde_json::from_str::<Value>(&j).ok());
        let v = match base {
            Some(mut base) if base.is_object() && v.is_object() => {
                merge(&mut base, v);
                base
            }
            _ => v,
        };
        config.insert_json5(&k, &v.to_string()).map_err(|e| {
            config_error(
                &format!("zenoh config (inline JSON5) key '{}'", shortened(&k)),
                &e.to_string(),
            )
        })?;
    }
    Ok(())
}

/// `over` merged into `base`: objects key by key, recursively; any other value replaces.
fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, o) => *b = o,
    }
}

/// How deep a configuration's objects and arrays may nest. zenoh's own configuration is a few
/// levels deep (a plugin's or an access-control rule's settings a few more); the JSON5 parsers
/// recurse once per level on the calling Java thread's stack (1 MiB), which ~1,100 levels of
/// objects overflow, killing the JVM. Deeper text is refused before any parser reads it.
pub(crate) const MAX_CONFIG_DEPTH: usize = 128;

/// A configuration file is read whole before zenoh parses it: a FIFO (or a device) named
/// `x.json5` would hold the session's start, and the route's, until something wrote to it and
/// closed it. Only a regular file (or a link to one) is read; a path that does not exist is left
/// to zenoh's own message.
fn check_regular_file(path: &str, what: &str) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(Error::new(
            Kind::Config,
            format!("{what}: not a regular file (a directory, FIFO or device is not read)"),
        )),
        _ => Ok(()),
    }
}

/// The most `[` and `{` a YAML configuration file may hold. YAML's flow collections nest as JSON's
/// do, and zenoh's YAML parser takes long on deep ones (100,000 levels: over 30 s, holding the
/// route's start; 4,096: about 30 ms). Counting every bracket, in strings, comments and block
/// scalars too, cannot be led astray by YAML's quoting rules (a scanner that skipped quoted text
/// was, by an apostrophe in a plain value); a real zenoh configuration holds a few dozen.
pub(crate) const MAX_YAML_FLOW_BRACKETS: usize = 4096;

/// Refuses a YAML text holding more than [`MAX_YAML_FLOW_BRACKETS`] opening brackets, never
/// quoting it.
fn check_yaml_flow(text: &str, what: &str) -> Result<()> {
    let n = text.bytes().filter(|b| matches!(b, b'[' | b'{')).count();
    if n > MAX_YAML_FLOW_BRACKETS {
        return Err(Error::new(
            Kind::Config,
            format!(
                "{what}: {n} '[' and '{{' (a YAML configuration may hold \
                 {MAX_YAML_FLOW_BRACKETS}: deeper flow collections take zenoh's parser seconds)"
            ),
        ));
    }
    Ok(())
}

/// Refuses a JSON5 text whose objects and arrays nest deeper than [`MAX_CONFIG_DEPTH`], naming
/// where (line and column), never quoting the text. Brackets inside strings and comments do not
/// count.
fn check_depth(text: &str, what: &str) -> Result<()> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            // a line comment ends at any JSON5 line terminator: LF, CR, U+2028, U+2029 (a cold
            // review hid a deep text behind "// note\r", which json5 reads as a comment's end)
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && !ends_line(&b[i..]) {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 1;
            }
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_CONFIG_DEPTH {
                    let before = &text[..i];
                    let line = before.matches('\n').count() + 1;
                    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    return Err(Error::new(
                        Kind::Config,
                        format!(
                            "{what}: objects and arrays nested deeper than {MAX_CONFIG_DEPTH} \
                             levels (at line {line}, column {column})"
                        ),
                    ));
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// Whether `rest` starts with a JSON5 line terminator: LF, CR, U+2028 or U+2029 (in UTF-8).
fn ends_line(rest: &[u8]) -> bool {
    matches!(
        rest,
        [b'\n', ..] | [b'\r', ..] | [0xE2, 0x80, 0xA8, ..] | [0xE2, 0x80, 0xA9, ..]
    )
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
        format!("{what}: {}", redact_config_values(&json5_message(reason))),
    )
}

/// zenoh gives a value it refuses while laying it over a configuration in json5's Debug form,
/// `Json5Err(Message { msg: "…", location: … })`, the location being in zenoh's own re-serialised
/// text: its message alone, unescaped, which the redaction then reads like any other reason
/// (without it, the whole message was one redacted string literal).
fn json5_message(reason: &str) -> std::borrow::Cow<'_, str> {
    const START: &str = "Json5Err(Message { msg: \"";
    let Some(at) = reason.find(START) else {
        return reason.into();
    };
    let mut msg = String::from(&reason[..at]);
    let mut chars = reason[at + START.len()..].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => msg.push('\n'),
                Some('t') => msg.push('\t'),
                Some(other) => msg.push(other),
                None => break,
            },
            '"' => break,
            c => msg.push(c),
        }
    }
    msg.into()
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
    shorten_backticked(&redact_backticked_values(out.trim_end()))
}

/// The most characters of a name a message quotes, as for key expressions and schemas.
const QUOTED_CHARS: usize = 40;

/// `s` as a message quotes it: its first [`QUOTED_CHARS`] characters, then "..." if there are more.
fn shortened(s: &str) -> String {
    match s.char_indices().nth(QUOTED_CHARS) {
        None => s.to_string(),
        Some((end, _)) => format!("{}...", &s[..end]),
    }
}

/// Every name between backticks cut to [`QUOTED_CHARS`] characters: a configuration's unknown field
/// of a megabyte (serde's "unknown field `…`") made a message of a megabyte.
fn shorten_backticked(reason: &str) -> String {
    let mut out = String::with_capacity(reason.len().min(4096));
    for (i, part) in reason.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&shortened(part));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// serde quotes a value of the wrong type or an unknown enum value between backticks ("invalid
/// type: integer `3`", "unknown variant `S3cr3t`"): those become `…`. Other backticked names are
/// field names ("unknown field `pasword`, expected one of `user`, `password`") and stay.
fn redact_backticked_values(reason: &str) -> String {
    const VALUE_BEFORE: [&str; 5] = [
        "integer `",
        "floating point `",
        "boolean `",
        "character `",
        "unknown variant `",
    ];
    let mut out = String::with_capacity(reason.len());
    let mut rest = reason;
    loop {
        let next = VALUE_BEFORE
            .iter()
            .filter_map(|p| rest.find(p).map(|i| (i, p.len())))
            .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        let variant = rest[at..].starts_with("unknown variant `");
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        // serde does not escape a backtick within a variant: its end is the one before serde's
        // own words that follow it, the last of them (the value may hold the words too, the list
        // of expected names never does); without them, everything after is the value
        let end = if variant {
            ["`, expected", "`, there are no variants"]
                .iter()
                .filter_map(|w| rest.rfind(w))
                .max()
        } else {
            rest.find('`')
        };
        match end {
            Some(end) => {
                out.push_str("…`");
                rest = &rest[end + 1..];
            }
            None => {
                out.push('…');
                return out;
            }
        }
    }
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
        let (text, path, pairs) = config_inputs(env, &json5, &file, &overrides)?;
        // parsing, opening and dropping a configuration recurse once per level of its nesting:
        // all of it on a large stack, so that what the depth check cannot see (a file a plugin's
        // `__config__` includes, which zenoh reads itself) cannot overflow the caller's 1 MiB
        let session = on_large_stack(move || open(config_from(text, path, pairs)?))?;
        Ok(handle::into_handle(session))
    })
}

/// Opens a session with `config`, naming the endpoints when zenoh refuses, never a link
/// configuration's value.
fn open(config: Config) -> Result<Session> {
    {
        // zenoh's reason may not name the culprit ("invalid port value"): name the endpoints
        let setting = |key: &str| config.get_json(key).unwrap_or_else(|_| "?".to_string());
        let what = format!(
            "opening zenoh session (mode {}, listen {}, connect {})",
            setting("mode"),
            setting("listen/endpoints"),
            setting("connect/endpoints")
        );
        let secrets = link_config_values(&config);
        crate::logging::hide_link_config_values(&secrets);
        let session = zenoh::open(config)
            .wait()
            .ctx(Kind::Zenoh, || what)
            .map_err(|mut e| {
                // zenoh may quote one value of an endpoint's link configuration alone ("Unknown
                // TCP write buffer size argument: <value>"), where no '#' marks it
                for s in &secrets {
                    e.message = e.message.replace(s.as_str(), "…");
                }
                e
            })?;
        Ok(session)
    }
}

/// The values of the link configurations of the endpoints to connect to and listen on
/// (`tls/host:7447#name=value;name=value`), those of 8 characters or more: keys and certificates,
/// not buffer sizes. An error about an endpoint may quote one of them without its `#`.
fn link_config_values(config: &zenoh::Config) -> Vec<String> {
    let mut values = Vec::new();
    for key in ["connect/endpoints", "listen/endpoints"] {
        let Ok(json) = config.get_json(key) else {
            continue;
        };
        // a list of endpoints, or one list per mode: every string in it
        let mut strings = Vec::new();
        collect_strings(
            &serde_json::from_str(&json).unwrap_or(Value::Null),
            &mut strings,
        );
        for endpoint in strings {
            if let Some((_, link)) = endpoint.split_once('#') {
                values.extend(
                    link.split(';')
                        .filter_map(|kv| kv.split_once('=').map(|(_, v)| v))
                        .filter(|v| v.len() >= 8)
                        .map(str::to_string),
                );
            }
        }
    }
    values
}

fn collect_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(o) => o.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

/// Runs `f` on a thread with the stack of zenoh's own threads ([`crate::ZENOH_THREAD_STACK`]) and
/// waits for it: closing a session drops its routing tables, whose resource tree zenoh walks
/// recursively, as deep as the deepest key a remote peer declared (up to 32,767 chunks), and the
/// configuration's parsers recurse once per level of nesting; both go far beyond a Java thread's
/// 1 MiB stack. Runs `f` here if no thread can be started. On a thread of
/// zenoh's runtime (a close from a listener), the wait hands that thread's other tasks over.
fn on_large_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    let mut job = Some(f);
    let ran = std::thread::scope(|scope| {
        let job = &mut job;
        std::thread::Builder::new()
            .name("zenoh-large-stack".into())
            .stack_size(crate::ZENOH_THREAD_STACK)
            .spawn_scoped(scope, move || job.take().map(|f| f()))
            .ok()
            .map(|t| {
                crate::delivery::blocking(|| t.join())
                    .unwrap_or_else(|p| std::panic::resume_unwind(p))
            })
    });
    match (ran.flatten(), job) {
        (Some(r), _) => r,
        (None, Some(f)) => f(),
        (None, None) => unreachable!("a job that ran returned its result"),
    }
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionClose(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        // SAFETY: Java frees each handle exactly once, after the last call on it returned.
        let result = unsafe {
            handle::release(ptr, WHAT, |session: Session| {
                on_large_stack(move || session.close().wait())
            })
        }?;
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

/// The mode a session runs in and the endpoints it connects to in that mode, from its effective
/// configuration's `mode` and `connect/endpoints` (as zenoh's `get_json` renders them): the mode is
/// peer when none is set (zenoh's default), the endpoints are a list or, mode-dependent, an object
/// of lists by mode (`{router: [...], peer: [...], client: [...]}`) of which the session's mode
/// picks one (none: no endpoints).
fn mode_and_connect(mode: Option<&str>, endpoints: Option<&str>) -> (String, Vec<String>) {
    let mode = mode
        .and_then(|m| serde_json::from_str::<Value>(m).ok())
        .and_then(|m| m.as_str().map(str::to_string))
        .unwrap_or_else(|| "peer".to_string());
    let endpoints = endpoints.and_then(|e| serde_json::from_str::<Value>(e).ok());
    let list = match endpoints {
        Some(Value::Array(a)) => a,
        Some(Value::Object(mut by_mode)) => match by_mode.remove(&mode) {
            Some(Value::Array(a)) => a,
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let connect = list
        .into_iter()
        .map(|e| match e {
            Value::String(s) => s,
            other => other.to_string(),
        })
        .collect();
    (mode, connect)
}

/// The session's effective mode followed by the endpoints it connects to in that mode, read from
/// the configuration zenoh runs it with (so whether they came from the inline JSON5, a file or the
/// component's options).
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionModeAndConnect(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) -> jobjectArray {
    boundary::run(&mut env, |env| {
        let config = unsafe { session(ptr) }?.config();
        let (mode, connect) = mode_and_connect(
            config.get("mode").ok().as_deref(),
            config.get("connect/endpoints").ok().as_deref(),
        );
        let string_class = env.find_class("java/lang/String")?;
        let out = env.new_object_array(
            connect.len() as i32 + 1,
            &string_class,
            jni::objects::JObject::null(),
        )?;
        for (i, s) in std::iter::once(&mode).chain(connect.iter()).enumerate() {
            let js = env.new_string(s)?;
            env.set_object_array_element(&out, i as i32, js)?;
        }
        Ok(out.into_raw())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, json5: &str) -> std::path::PathBuf {
        let p =
            std::env::temp_dir().join(format!("camel-zenoh-{}-{name}.json5", std::process::id()));
        std::fs::write(&p, json5).unwrap();
        p
    }

    fn json(config: &Config, key: &str) -> Value {
        serde_json::from_str(&config.get_json(key).unwrap()).unwrap()
    }

    #[test]
    fn a_laid_over_value_of_the_wrong_type_is_named_without_the_value() {
        let mut config = Config::default();
        let e = lay_over(
            &mut config,
            r#"{ transport: { auth: { usrpwd: { user: "u", password: 7431 } } } }"#,
        )
        .unwrap_err();
        assert!(!e.message.contains("7431"), "{}", e.message);
        assert!(!e.message.contains("Json5Err"), "{}", e.message);
        assert!(e.message.contains("invalid type"), "{}", e.message);
    }

    #[test]
    fn inline_objects_merge_into_the_files_and_arrays_replace() {
        let p = file(
            "merge",
            r#"{
                timestamping: { enabled: true },
                connect: { endpoints: ["tcp/127.0.0.1:7447", "tcp/127.0.0.1:7448"] },
                transport: { link: { tls: { root_ca_certificate: "/etc/zenoh/ca.pem" } } },
            }"#,
        );
        let mut config = Config::from_file(&p).unwrap();
        std::fs::remove_file(&p).unwrap();
        lay_over(
            &mut config,
            r#"{
                timestamping: { drop_future_timestamp: false },
                connect: { endpoints: ["tcp/127.0.0.1:9999"] },
                transport: { link: { tx: { batch_size: 8192 } } },
                mode: "client",
            }"#,
        )
        .unwrap();
        assert_eq!(
            json(&config, "timestamping/enabled"),
            Value::Bool(true),
            "nested key kept"
        );
        assert_eq!(
            json(&config, "timestamping/drop_future_timestamp"),
            Value::Bool(false)
        );
        assert_eq!(
            json(&config, "transport/link/tls/root_ca_certificate"),
            Value::String("/etc/zenoh/ca.pem".into()),
            "a sibling section kept"
        );
        assert_eq!(json(&config, "transport/link/tx/batch_size"), 8192);
        assert_eq!(
            json(&config, "connect/endpoints"),
            serde_json::json!(["tcp/127.0.0.1:9999"]),
            "an array replaces, it does not append"
        );
        assert_eq!(json(&config, "mode"), Value::String("client".into()));
    }

    #[test]
    fn every_section_of_a_configuration_survives_being_laid_over_itself() {
        let p = file("roundtrip", r#"{ mode: "peer" }"#);
        let mut config = Config::from_file(&p).unwrap();
        std::fs::remove_file(&p).unwrap();
        let whole = serde_json::to_value(&config).unwrap();
        for (k, v) in whole.as_object().unwrap() {
            let inline = serde_json::json!({ k.clone(): v }).to_string();
            lay_over(&mut config, &inline)
                .unwrap_or_else(|e| panic!("section '{k}': {}", e.message));
            assert_eq!(&json(&config, k), v, "section '{k}'");
        }
    }

    #[test]
    fn a_bad_inline_value_names_its_key() {
        let p = file("bad", r#"{ mode: "peer" }"#);
        let mut config = Config::from_file(&p).unwrap();
        std::fs::remove_file(&p).unwrap();
        let e = lay_over(
            &mut config,
            r#"{ transport: { link: { tx: { batch_size: "big" } } } }"#,
        )
        .unwrap_err();
        assert!(e.message.contains("'transport'"), "{}", e.message);
    }

    use super::redact_config_values as redact;

    #[test]
    fn config_nesting_is_refused_past_the_limit_outside_strings_and_comments() {
        let nested = |n: usize| format!("{}1{}", "{a:".repeat(n), "}".repeat(n));
        assert!(check_depth(&nested(MAX_CONFIG_DEPTH), "c").is_ok());
        for end in ["\n", "\r", "\u{2028}", "\u{2029}"] {
            let text = format!("// x{end}{}", nested(MAX_CONFIG_DEPTH + 1));
            assert!(check_depth(&text, "c").is_err(), "comment ended by {end:?}");
        }
        let e = check_depth(&format!("// x\n{}", nested(MAX_CONFIG_DEPTH + 1)), "c").unwrap_err();
        assert!(e
            .message
            .contains("nested deeper than 128 levels (at line 2, column 385)"));
        let arrays = format!(
            "{}{}",
            "[".repeat(MAX_CONFIG_DEPTH + 1),
            "]".repeat(MAX_CONFIG_DEPTH + 1)
        );
        assert!(check_depth(&arrays, "c").is_err());
        // brackets in strings (with escaped quotes) and comments are text, not nesting
        let quoted = format!(
            "{{a: \"{0}\\\"{0}\", b: '{0}', /* {0} */ c: 1 // {0}\n}}",
            "[{".repeat(200)
        );
        assert!(check_depth(&quoted, "c").is_ok());
    }

    #[test]
    fn yaml_files_with_more_flow_brackets_than_the_limit_are_refused_whatever_quotes_say() {
        let flow = |n: usize| format!("mode: {}1{}\n", "[".repeat(n), "]".repeat(n));
        assert!(check_yaml_flow(&flow(MAX_YAML_FLOW_BRACKETS), "c").is_ok());
        let e = check_yaml_flow(&flow(MAX_YAML_FLOW_BRACKETS + 1), "c").unwrap_err();
        assert!(e.message.contains("4097 '[' and '{'"), "{}", e.message);
        // an apostrophe or a quote in a plain value hid the rest of the file from a scanner
        // that skipped quoted text (a review)
        for plain in ["note: don't\n", "size: 5\" screen\n", "a: x # it's\n"] {
            let text = format!("{plain}{}", flow(100_000));
            assert!(check_yaml_flow(&text, "c").is_err(), "{plain:?}");
        }
        // brackets in a block scalar, a comment and quotes are counted, and within the limit
        let block = format!(
            "notes: |\n  {}\n# {}\nname: 'Bob''s [lab]'\n",
            "[".repeat(200),
            "{".repeat(200)
        );
        assert!(check_yaml_flow(&block, "c").is_ok());
    }

    #[test]
    fn a_yaml_file_nested_too_deep_is_refused_before_zenoh_parses_it() {
        let p = std::env::temp_dir().join(format!("camel-zenoh-{}-deep.yaml", std::process::id()));
        std::fs::write(
            &p,
            format!("mode: {}1{}\n", "[".repeat(100_000), "]".repeat(100_000)),
        )
        .unwrap();
        let t0 = std::time::Instant::now();
        let e = config_from(None, Some(p.to_string_lossy().into_owned()), vec![]).unwrap_err();
        assert!(e.message.contains("100000 '[' and '{'"), "{}", e.message);
        // at the limit zenoh's parser itself answers quickly (a bad mode, but read)
        let n = MAX_YAML_FLOW_BRACKETS;
        std::fs::write(&p, format!("mode: {}1{}\n", "[".repeat(n), "]".repeat(n))).unwrap();
        let t1 = std::time::Instant::now();
        let e = config_from(None, Some(p.to_string_lossy().into_owned()), vec![]).unwrap_err();
        let parsed = t1.elapsed();
        std::fs::remove_file(&p).unwrap();
        assert!(!e.message.contains("'[' and '{'"), "{}", e.message);
        assert!(parsed < std::time::Duration::from_secs(1), "{parsed:?}");
        eprintln!("YAML of {n} flow levels parsed by zenoh in {parsed:?}");
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            t0.elapsed()
        );
    }

    #[test]
    fn a_yaml_files_error_keeps_zenohs_reason() {
        // its text was read again as JSON5 for the reason, which gave an empty one (a review)
        let p = std::env::temp_dir().join(format!("camel-zenoh-{}-bad.yaml", std::process::id()));
        std::fs::write(&p, "mode: bogus\n").unwrap();
        let e = config_from(None, Some(p.to_string_lossy().into_owned()), vec![]).unwrap_err();
        std::fs::remove_file(&p).unwrap();
        assert!(e.message.contains("bad.yaml': "), "{}", e.message);
        // zenoh's reason, its quoted value redacted as every config message's
        assert!(
            e.message.contains("YAML error") && e.message.contains("line: 1, column: 7"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_config_path_that_is_no_regular_file_is_refused_without_reading_it() {
        let dir = std::env::temp_dir();
        let e = config_from(None, Some(dir.to_string_lossy().into_owned()), vec![]).unwrap_err();
        assert!(e.message.contains("not a regular file"), "{}", e.message);
        // a FIFO: reading it would wait for a writer; the check runs in a thread so that a
        // regression fails here instead of hanging the test run
        let fifo = dir.join(format!("camel-zenoh-{}-fifo.json5", std::process::id()));
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let path = fifo.to_string_lossy().into_owned();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(config_from(None, Some(path), vec![]).map(|_| ()));
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(5));
        if got.is_err() {
            // unblock the reader so that the process can end, then fail
            let _ = std::fs::write(&fifo, "{}");
        }
        std::fs::remove_file(&fifo).unwrap();
        let e = got.expect("refused within 5 s").unwrap_err();
        assert!(e.message.contains("not a regular file"), "{}", e.message);
    }

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
        assert_eq!(
            redact("invalid type: integer `314159`, expected a string"),
            "invalid type: integer `…`, expected a string"
        );
        assert_eq!(
            redact("unknown variant `S3cr3t`, expected one of `peer`, `client`, `router`"),
            "unknown variant `…`, expected one of `peer`, `client`, `router`"
        );
        assert_eq!(
            redact("unknown variant `pa`ss`, expected one of `peer`, `client`, `router`"),
            "unknown variant `…`, expected one of `peer`, `client`, `router`"
        );
        assert_eq!(
            redact("unknown variant `a`b`, there are no variants"),
            "unknown variant `…`, there are no variants"
        );
        assert_eq!(redact("unknown variant `a`b`c"), "unknown variant `…");
        assert_eq!(
            redact("unknown variant `x`, expected S3cr3t`, expected one of `router`, `peer`"),
            "unknown variant `…`, expected one of `router`, `peer`"
        );
        assert_eq!(
            redact(
                "invalid type: floating point `2.5`, boolean `true`, character `x` and integer `7"
            ),
            "invalid type: floating point `…`, boolean `…`, character `…` and integer `…"
        );
    }

    #[test]
    fn long_names_are_cut_in_messages() {
        let name = "f".to_string() + &"x".repeat(1 << 20);
        let cut = redact(&format!(
            "unknown field `{name}`, expected one of `mode`, `connect`"
        ));
        assert_eq!(
            cut,
            format!(
                "unknown field `{}...`, expected one of `mode`, `connect`",
                &name[..40]
            )
        );
        assert_eq!(shortened("é".repeat(41).as_str()), "é".repeat(40) + "...");
        assert_eq!(shortened("short"), "short");
    }

    #[test]
    fn the_mode_picks_its_connect_endpoints_and_defaults_to_peer() {
        let (m, c) = mode_and_connect(Some("\"client\""), Some(r#"["tcp/127.0.0.1:7447"]"#));
        assert_eq!(
            (m.as_str(), c),
            ("client", vec!["tcp/127.0.0.1:7447".to_string()])
        );
        let by_mode = r#"{"router":["tcp/127.0.0.1:1"],"peer":["tcp/127.0.0.1:2"]}"#;
        let (m, c) = mode_and_connect(Some("\"peer\""), Some(by_mode));
        assert_eq!(
            (m.as_str(), c),
            ("peer", vec!["tcp/127.0.0.1:2".to_string()])
        );
        let (m, c) = mode_and_connect(Some("\"client\""), Some(by_mode));
        assert_eq!((m.as_str(), c), ("client", Vec::<String>::new()));
        let (m, c) = mode_and_connect(None, None);
        assert_eq!((m.as_str(), c), ("peer", Vec::<String>::new()));
        let (m, c) = mode_and_connect(Some("null"), Some("{}"));
        assert_eq!((m.as_str(), c), ("peer", Vec::<String>::new()));
    }

    #[test]
    fn an_open_sessions_effective_config_gives_mode_and_endpoints() {
        let mut config = Config::from_json5(
            r#"{
                connect: { endpoints: { peer: ["tcp/127.0.0.1:9"], client: [] } },
                listen: { endpoints: [] },
                scouting: { multicast: { enabled: false } },
            }"#,
        )
        .unwrap();
        config.insert_json5("connect/timeout_ms", "0").unwrap();
        let s = zenoh::open(config).wait().unwrap();
        let c = s.config();
        let (m, e) = mode_and_connect(
            c.get("mode").ok().as_deref(),
            c.get("connect/endpoints").ok().as_deref(),
        );
        s.close().wait().unwrap();
        assert_eq!(
            (m.as_str(), e),
            ("peer", vec!["tcp/127.0.0.1:9".to_string()])
        );
    }
}
