// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Batch put: many payloads through one publisher in one JNI call. The payloads (and attachments)
//! cross packed back to back in one byte[], copied out of the JVM once; each put's payload is a
//! window of that one shared buffer (no copy or allocation per payload), which lives until zenoh
//! has sent the last put that refers to it.

use jni::objects::{JByteArray, JClass, JIntArray, JObject, JObjectArray, JString};
use jni::sys::{jint, jlong};
use jni::JNIEnv;
use zenoh::bytes::{Encoding, ZBytes};
use zenoh::internal::buffers::{ZBuf, ZSlice};
use zenoh::Wait;

use crate::boundary::{self, Context, Error, Kind, Result};
use crate::handle;
use crate::keyexpr;
use crate::publisher::AnyPublisher;
use crate::session;
use crate::values::{encoding, qos};

/// Ints per element in `meta`: payload length, encoding id (-1: the publisher's), schema index in
/// `schemas` (-1: none), attachment length (-1: none).
const META_INTS: usize = 4;

/// Applies the optional encoding and attachment to a put builder and resolves it.
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

/// Puts `count` payloads in order. Element `i` is described by `meta[4i..4i+4]` (see
/// [`META_INTS`]); the first `data_len` bytes of `data` hold each element's payload then its
/// attachment, back to back. `first` is the index of the chunk's first element in the caller's
/// whole batch: a failure names the element by that index, and the elements before it were sent.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_publisherPutBatch(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
    first: jint,
    count: jint,
    meta: JIntArray,
    data: JByteArray,
    data_len: jint,
    schemas: JObjectArray,
) {
    boundary::run(&mut env, |env| {
        let p = unsafe { handle::borrow::<AnyPublisher>(ptr, "publisher") }?;
        let chunk = Chunk::read(env, count, &meta, &data, data_len)?;
        chunk.put_each(
            env,
            first,
            &schemas,
            &p.key(),
            |payload, enc, att| match p {
                AnyPublisher::Plain(p) => send!(p.put(payload), enc, att),
                AnyPublisher::Advanced(p) => send!(p.put(payload), enc, att),
            },
        )
    })
}

/// As [`Java_io_github_camelzenoh_zenoh_ZenohNative_publisherPutBatch`], every element put on one
/// key through the session (a one-off destination: no publisher), with the given QoS.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_sessionPutBatch(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke: JString,
    qos_bits: jint,
    first: jint,
    count: jint,
    meta: JIntArray,
    data: JByteArray,
    data_len: jint,
    schemas: JObjectArray,
) {
    boundary::run(&mut env, |env| {
        let key_expr = unsafe { keyexpr::resolve_matched(env, 0, &ke, "put") }?;
        let q = qos(qos_bits)?;
        let session = unsafe { session::session(session_ptr) }?;
        let chunk = Chunk::read(env, count, &meta, &data, data_len)?;
        chunk.put_each(
            env,
            first,
            &schemas,
            key_expr.as_str(),
            |payload, enc, att| {
                let b = session
                    .put(key_expr.clone(), payload)
                    .congestion_control(q.congestion)
                    .priority(q.priority)
                    .express(q.express)
                    .reliability(q.reliability)
                    .allowed_destination(q.destination);
                send!(b, enc, att)
            },
        )
    })
}

/// A chunk as it crossed: its element descriptions and the one shared copy of its bytes.
struct Chunk {
    meta: Vec<jint>,
    count: usize,
    shared: ZSlice,
    total: usize,
}

impl Chunk {
    fn read(
        env: &mut JNIEnv,
        count: jint,
        meta: &JIntArray,
        data: &JByteArray,
        data_len: jint,
    ) -> Result<Chunk> {
        let count = usize::try_from(count)
            .map_err(|_| Error::zenoh(format!("batch put: negative count {count}")))?;
        let meta_len = env.get_array_length(meta)? as usize;
        if meta_len < count * META_INTS {
            return Err(Error::zenoh(format!(
                "batch put: {count} elements need {} meta ints, got {meta_len}",
                count * META_INTS
            )));
        }
        let mut m = vec![0 as jint; count * META_INTS];
        env.get_int_array_region(meta, 0, &mut m)?;
        let total = usize::try_from(data_len)
            .ok()
            .filter(|&n| n <= env.get_array_length(data).unwrap_or(0) as usize)
            .ok_or_else(|| Error::zenoh(format!("batch put: bad data length {data_len}")))?;
        let mut bytes = vec![0u8; total];
        // SAFETY: i8 and u8 have the same size and alignment; the slice covers `bytes` exactly
        let region = unsafe {
            std::slice::from_raw_parts_mut(bytes.as_mut_ptr() as *mut jni::sys::jbyte, total)
        };
        env.get_byte_array_region(data, 0, region)?;
        Ok(Chunk {
            meta: m,
            count,
            shared: ZSlice::from(bytes),
            total,
        })
    }

    /// Calls `put` for each element in order; stops at the first failure, naming the element.
    fn put_each(
        &self,
        env: &mut JNIEnv,
        first: jint,
        schemas: &JObjectArray,
        key: &str,
        mut put: impl FnMut(ZBytes, Option<Encoding>, Option<ZBytes>) -> zenoh::Result<()>,
    ) -> Result<()> {
        let mut at = 0usize;
        for i in 0..self.count {
            let e = &self.meta[i * META_INTS..(i + 1) * META_INTS];
            let index = i64::from(first) + i as i64;
            let what = || format!("batch put, element {index}, on '{key}'");
            let payload = window(&self.shared, &mut at, e[0], self.total).ok_or_else(|| {
                Error::zenoh(format!("{}: payload length {} out of bounds", what(), e[0]))
            })?;
            let schema = if e[2] >= 0 {
                JString::from(env.get_object_array_element(schemas, e[2])?)
            } else {
                JString::from(JObject::null())
            };
            let enc = encoding(env, e[1], &schema)
                .map_err(|err| Error::new(err.kind, format!("{}: {}", what(), err.message)))?;
            let att = if e[3] >= 0 {
                Some(
                    window(&self.shared, &mut at, e[3], self.total).ok_or_else(|| {
                        Error::zenoh(format!(
                            "{}: attachment length {} out of bounds",
                            what(),
                            e[3]
                        ))
                    })?,
                )
            } else {
                None
            };
            put(payload, enc, att).ctx(Kind::Zenoh, what)?;
        }
        Ok(())
    }
}

/// The next `len` bytes of `shared` from `*at` as ZBytes sharing its memory; None when they do not
/// fit in `total`.
fn window(shared: &ZSlice, at: &mut usize, len: jint, total: usize) -> Option<ZBytes> {
    let len = usize::try_from(len).ok()?;
    let end = at.checked_add(len).filter(|&end| end <= total)?;
    let z = if len == 0 {
        ZBytes::default()
    } else {
        ZBytes::from(ZBuf::from(shared.subslice(*at..end)?))
    };
    *at = end;
    Some(z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_share_the_buffer_and_stay_in_bounds() {
        let shared = ZSlice::from(vec![1u8, 2, 3, 4, 5]);
        let mut at = 0;
        let a = window(&shared, &mut at, 2, 5).unwrap();
        assert_eq!(a.to_bytes().as_ref(), &[1, 2]);
        let b = window(&shared, &mut at, 0, 5).unwrap();
        assert!(b.is_empty());
        let c = window(&shared, &mut at, 3, 5).unwrap();
        assert_eq!(c.to_bytes().as_ref(), &[3, 4, 5]);
        assert!(window(&shared, &mut at, 1, 5).is_none(), "past the end");
        let mut at = 0;
        assert!(window(&shared, &mut at, -1, 5).is_none(), "negative length");
        assert!(
            window(&shared, &mut at, 6, 5).is_none(),
            "longer than the buffer"
        );
    }
}
