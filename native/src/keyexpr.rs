// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Key expressions: validation and canonization keep no handle; a declared key expression is the
//! one long-lived KeyExpr handle (held for an endpoint's lifetime).

use jni::objects::{JClass, JString};
use jni::sys::{jboolean, jlong, jstring};
use jni::JNIEnv;
use zenoh::key_expr::{keyexpr, KeyExpr, OwnedKeyExpr};
use zenoh::{Session, Wait};

use crate::boundary::{self, Context, Error, Kind, Result};
use crate::handle;
use crate::session;
use crate::values::key_string;

const WHAT: &str = "declared key expression";

pub struct Declared {
    pub key_expr: KeyExpr<'static>,
    session: Session,
}

fn invalid(ke: &str, e: impl std::fmt::Display) -> Error {
    Error::new(Kind::KeyExpr, format!("invalid key expression '{ke}': {e}"))
}

/// zenoh writes a key expression with a 16-bit length; a longer one makes zenoh panic while it
/// holds a session lock, which poisons the session for good, or aborts the JVM (a destructor
/// panics on the poisoned lock). Refused here, before zenoh sees it.
pub const MAX_KEY_EXPR_BYTES: usize = u16::MAX as usize;

/// The longest suffix zenoh-ext appends to the key of an advanced publisher or subscriber for the
/// liveliness token, cache queryable and heartbeat publisher it declares:
/// `/@adv/pub/<zid>/<eid>/_` (or `/@adv/sub/…`), where a zid is at most 32 hex digits (u128) and
/// an eid at most 10 decimal digits (u32): 10 + 32 + 1 + 10 + 2 = 55 bytes.
pub const ADVANCED_SUFFIX_BYTES: usize = "/@adv/pub/".len() + 32 + 1 + 10 + "/_".len();

/// The longest key an advanced (zenoh-ext) publisher or subscriber may have.
pub const MAX_ADVANCED_KEY_EXPR_BYTES: usize = MAX_KEY_EXPR_BYTES - ADVANCED_SUFFIX_BYTES;

/// The most chunks the key of a declaration made here may have (subscriber, queryable, publisher,
/// querier, declared key expression, liveliness token, subscriber or get): zenoh recurses over a
/// declared key's chunks on the declaring thread, and a Java thread's default 1 MiB stack
/// overflows (SIGSEGV, the JVM dies without hs_err) between 2,500 and 3,000 chunks (measured for
/// subscribers and tokens). Remote declarations are walked on zenoh's threads and at session close
/// on a thread of their own, which get a larger stack (lib.rs).
pub const MAX_DECLARED_KEY_CHUNKS: usize = 1024;

/// The most chunks a key Java hands to an operation that makes zenoh match it on the calling
/// thread may have: put, delete (a session's: a publisher's key was declared), get (the selector's
/// key), reply, and the relations `intersects` / `includes`. zenoh matches a put's or get's key
/// against the session's subscribers and queryables, a reply's key against its query's, one
/// expression against another, recursively over their chunks: a put of 20,000 chunks with a
/// subscriber on `**/b` in the same session overflowed a Java thread's 1 MiB stack (SIGSEGV, exit
/// 139; 12,000 passed). The same limit as declarations.
pub const MAX_MATCHED_KEY_CHUNKS: usize = MAX_DECLARED_KEY_CHUNKS;

/// Fails when `ke` has more chunks than a declaration of kind `kind` may have.
pub fn check_declared(ke: &str, kind: &str) -> Result<()> {
    check_chunks_for(ke, kind, MAX_DECLARED_KEY_CHUNKS)
}

/// Fails when `ke` has more than `max` chunks, the limit of declaration kind `kind`.
pub fn check_chunks_for(ke: &str, kind: &str, max: usize) -> Result<()> {
    match too_many_chunks(ke, max) {
        None => Ok(()),
        Some(chunks) => Err(chunks_error(
            ke,
            chunks,
            kind,
            max,
            "zenoh walks its chunks recursively on the declaring thread's stack",
        )),
    }
}

/// Fails when `ke` has more chunks than an operation `kind` ("put", "get", "reply"…) that zenoh
/// matches on the calling thread may have ([`MAX_MATCHED_KEY_CHUNKS`]). On the hot path of a put
/// on a text key: one length comparison for a key shorter than the limit, else one count of its
/// '/' bytes.
pub fn check_matched(ke: &str, kind: &str) -> Result<()> {
    match too_many_chunks(ke, MAX_MATCHED_KEY_CHUNKS) {
        None => Ok(()),
        Some(chunks) => Err(chunks_error(
            ke,
            chunks,
            kind,
            MAX_MATCHED_KEY_CHUNKS,
            "zenoh matches it recursively on the calling thread's stack",
        )),
    }
}

/// `ke`'s chunk count when above `max`. A text of n bytes has at most n + 1 chunks (n '/'), so one
/// shorter than `max` bytes is within it without being read.
fn too_many_chunks(ke: &str, max: usize) -> Option<usize> {
    if ke.len() < max {
        return None;
    }
    let chunks = ke.bytes().filter(|&b| b == b'/').count() + 1;
    (chunks > max).then_some(chunks)
}

fn chunks_error(ke: &str, chunks: usize, kind: &str, max: usize, why: &str) -> Error {
    let start: String = ke.chars().take(40).collect();
    Error::new(
        Kind::KeyExpr,
        format!(
            "key expression '{start}...' has {chunks} chunks: a {kind} has at most {max} ({why})"
        ),
    )
}

/// Fails for a key expression zenoh cannot carry; the message quotes only its beginning.
pub fn check_len(ke: &str) -> Result<()> {
    check_len_for(ke, "key expression", MAX_KEY_EXPR_BYTES)
}

/// Fails when `ke` is longer than `max` bytes, the limit of declaration kind `kind`; the message
/// names the kind, the limit and the length, and quotes only the key's beginning.
pub fn check_len_for(ke: &str, kind: &str, max: usize) -> Result<()> {
    if ke.len() <= max {
        return Ok(());
    }
    let start: String = ke.chars().take(40).collect();
    let why = if max < MAX_KEY_EXPR_BYTES {
        format!(
            "{MAX_KEY_EXPR_BYTES} minus the {} bytes zenoh-ext appends",
            MAX_KEY_EXPR_BYTES - max
        )
    } else {
        "zenoh's 16-bit key length".to_string()
    };
    Err(Error::new(
        Kind::KeyExpr,
        format!(
            "key expression '{start}...' is {} bytes long: a {kind} carries at most {max} ({why})",
            ke.len()
        ),
    ))
}

fn check(ke: &str) -> Result<&keyexpr> {
    check_len(ke)?;
    keyexpr::new(ke).map_err(|e| invalid(ke, e))
}

/// The key expression an operation of `kind` ("subscriber", "put"…) targets: a declared handle
/// when Java has one (checked when it was declared), else the text.
///
/// # Safety
/// A non-zero `ptr` is a live declared key expression handle.
pub unsafe fn resolve(
    env: &mut JNIEnv,
    ptr: jlong,
    text: &JString,
    kind: &str,
) -> Result<KeyExpr<'static>> {
    resolve_checked(env, ptr, text, kind, |_| Ok(()))
}

/// As [`resolve`], for an operation of `kind` ("put", "delete") that makes zenoh match the key on
/// the calling thread: a text key is also held to [`MAX_MATCHED_KEY_CHUNKS`] (a declared one was,
/// when declared).
///
/// # Safety
/// A non-zero `ptr` is a live declared key expression handle.
pub unsafe fn resolve_matched(
    env: &mut JNIEnv,
    ptr: jlong,
    text: &JString,
    kind: &str,
) -> Result<KeyExpr<'static>> {
    resolve_checked(env, ptr, text, kind, |s| check_matched(s, kind))
}

/// # Safety
/// A non-zero `ptr` is a live declared key expression handle.
unsafe fn resolve_checked(
    env: &mut JNIEnv,
    ptr: jlong,
    text: &JString,
    kind: &str,
    check_text: impl FnOnce(&str) -> Result<()>,
) -> Result<KeyExpr<'static>> {
    if ptr != 0 {
        return Ok(handle::borrow::<Declared>(ptr, WHAT)?.key_expr.clone());
    }
    let s = key_string(env, text, "key expression")?;
    check_len_for(&s, kind, MAX_KEY_EXPR_BYTES)?;
    check_text(&s)?;
    KeyExpr::try_from(s.clone()).map_err(|e| invalid(&s, e))
}

/// A key expression from its text: one too long or invalid fails as a KeyExprException naming it.
pub fn parse(s: String) -> Result<KeyExpr<'static>> {
    check_len(&s)?;
    KeyExpr::try_from(s.clone()).map_err(|e| invalid(&s, e))
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprValidate(
    mut env: JNIEnv,
    _class: JClass,
    ke: JString,
) {
    boundary::run(&mut env, |env| {
        let s = key_string(env, &ke, "key expression")?;
        check(&s).map(|_| ())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprCanonize(
    mut env: JNIEnv,
    _class: JClass,
    ke: JString,
) -> jstring {
    boundary::run(&mut env, |env| {
        let s = key_string(env, &ke, "key expression")?;
        let canon = OwnedKeyExpr::autocanonize(without_repeated_sub_wilds(&s))
            .map_err(|e| invalid(&s, e))?;
        Ok(env.new_string(canon.as_str())?.into_raw())
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprIntersects(
    mut env: JNIEnv,
    _class: JClass,
    a: JString,
    b: JString,
) -> jboolean {
    boundary::run(&mut env, |env| {
        let (a, b) = (
            key_string(env, &a, "key expression")?,
            key_string(env, &b, "key expression")?,
        );
        let what = "key expression given to intersects";
        check_matched(&a, what)?;
        check_matched(&b, what)?;
        Ok(check(&a)?.intersects(check(&b)?) as jboolean)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprIncludes(
    mut env: JNIEnv,
    _class: JClass,
    a: JString,
    b: JString,
) -> jboolean {
    boundary::run(&mut env, |env| {
        let (a, b) = (
            key_string(env, &a, "key expression")?,
            key_string(env, &b, "key expression")?,
        );
        let what = "key expression given to includes";
        check_matched(&a, what)?;
        check_matched(&b, what)?;
        Ok(check(&a)?.includes(check(&b)?) as jboolean)
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprDeclare(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
) -> jlong {
    boundary::run(&mut env, |env| {
        let s = key_string(env, &ke, "key expression")?;
        check(&s)?;
        check_declared(&s, "declared key expression")?;
        let session = unsafe { session::session(session_ptr) }?;
        let key_expr = session
            .declare_keyexpr(s.clone())
            .wait()
            .ctx(Kind::Zenoh, || format!("declaring key expression '{s}'"))?;
        Ok(handle::into_handle(Declared {
            key_expr,
            session: session.clone(),
        }))
    })
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_keyExprUndeclare(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        unsafe {
            handle::release(ptr, WHAT, |d: Declared| {
                if d.session.is_closed() {
                    return Ok(()); // closing the session already dropped every declaration
                }
                d.session
                    .undeclare(d.key_expr.clone())
                    .wait()
                    .ctx(Kind::Zenoh, || {
                        format!("undeclaring key expression '{}'", d.key_expr)
                    })
            })
        }?
    })
}

/// `s` with every run of `$*` written once: `$*$*` means what `$*` means, and zenoh-keyexpr 1.10.2's
/// canonizer panics on a `$*$*` near the end of its text (`a$*$*`: it skips 4 bytes past the end).
fn without_repeated_sub_wilds(s: &str) -> String {
    let mut out = s.to_string();
    while out.contains("$*$*") {
        out = out.replace("$*$*", "$*");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_sub_chunk_wildcards_are_written_once() {
        assert_eq!(without_repeated_sub_wilds("a$*$*"), "a$*");
        assert_eq!(without_repeated_sub_wilds("a$*$*$*$*$*/b$*$*c"), "a$*/b$*c");
        assert_eq!(without_repeated_sub_wilds("a/$*/b"), "a/$*/b");
        for k in ["a$*$*", "a$*$*x", "x/ab$*$*", "$*$*", "a/$*$*$*"] {
            assert!(
                OwnedKeyExpr::autocanonize(without_repeated_sub_wilds(k)).is_ok(),
                "{k}"
            );
        }
    }

    #[test]
    fn matched_keys_are_held_to_the_chunk_limit_by_their_slashes() {
        let key = |chunks: usize| "a/".repeat(chunks - 1) + "b";
        assert!(check_matched(&key(MAX_MATCHED_KEY_CHUNKS), "put").is_ok());
        assert!(check_matched(&"/".repeat(MAX_MATCHED_KEY_CHUNKS - 1), "put").is_ok());
        let e = check_matched(&key(MAX_MATCHED_KEY_CHUNKS + 1), "put").unwrap_err();
        assert_eq!(e.kind, Kind::KeyExpr);
        assert!(
            e.message
                .contains("has 1025 chunks: a put has at most 1024"),
            "{}",
            e.message
        );
        // long chunks are not many chunks
        assert!(check_matched(&"x".repeat(60_000), "get").is_ok());
        assert!(check_matched(&"/".repeat(MAX_MATCHED_KEY_CHUNKS), "get").is_err());
    }
}
