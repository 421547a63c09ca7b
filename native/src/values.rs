// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Plain values crossing the boundary: encodings as (id, schema), QoS packed into one int,
//! nullable strings and byte arrays.

use jni::objects::{JByteArray, JObject, JString};
use jni::strings::JavaStr;
use jni::JNIEnv;
use zenoh::bytes::{Encoding, ZBytes};
use zenoh::internal::buffers::{ZBuf, ZSlice};
use zenoh::qos::{CongestionControl, Priority, Reliability};
use zenoh::query::{ConsolidationMode, QueryTarget};
use zenoh::sample::{Locality, Sample, SampleKind};

use crate::boundary::{Error, Kind, Result};

/// `(id, schema)` → Encoding; `None` when `id < 0` ("not given": keep the default).
pub fn encoding(env: &mut JNIEnv, id: i32, schema: &JString) -> Result<Option<Encoding>> {
    if id < 0 {
        return Ok(None);
    }
    let id = u16::try_from(id)
        .map_err(|_| Error::zenoh(format!("encoding id {id} is outside 0..65535")))?;
    let schema = if schema.is_null() {
        None
    } else {
        let java = java_str(env, schema)?;
        let m = java.to_bytes();
        Some(
            schema_bytes(m)
                .map_err(|at| unpaired(Kind::IllegalArgument, "encoding schema", m, at))?,
        )
    };
    if let Some(s) = &schema {
        // zenoh writes a schema with an 8-bit length; a longer one makes zenoh panic while it holds
        // a session lock, poisoning the session: refused here, before zenoh sees it
        if s.len() > u8::MAX as usize {
            let text = String::from_utf8_lossy(s);
            let start: String = text.chars().take(40).collect();
            return Err(Error::zenoh(format!(
                "encoding schema '{start}...' is {} bytes long: zenoh carries at most 255",
                s.len()
            )));
        }
    }
    let schema = schema.map(ZSlice::from);
    Ok(Some(Encoding::new(id, schema)))
}

/// A Java String as UTF-8, or None for null. One holding an unpaired surrogate, which UTF-8 cannot
/// carry, fails as an IllegalArgumentException naming `what`: the JNI crate's own conversion would
/// replace the whole text lossily (every surrogate, paired or not, became U+FFFD), sending it as
/// something else than what was given.
pub fn opt_string(env: &mut JNIEnv, s: &JString, what: &str) -> Result<Option<String>> {
    java_string(env, s, |m, at| unpaired(Kind::IllegalArgument, what, m, at))
}

/// As [`opt_string`], for a value that must not be null.
pub fn string(env: &mut JNIEnv, s: &JString, what: &str) -> Result<String> {
    opt_string(env, s, what)?.ok_or_else(|| null(what))
}

/// As [`string`], for a key expression: an unpaired surrogate is a KeyExprException.
pub fn key_string(env: &mut JNIEnv, s: &JString, what: &str) -> Result<String> {
    java_string(env, s, |m, at| unpaired(Kind::KeyExpr, what, m, at))?.ok_or_else(|| null(what))
}

/// As [`string`], for a selector (`key?parameters`): an unpaired surrogate in its key is a
/// KeyExprException, in its parameters an IllegalArgumentException.
pub fn selector_string(env: &mut JNIEnv, s: &JString) -> Result<String> {
    java_string(env, s, |m, at| {
        match m[..at].iter().position(|&b| b == b'?') {
            None => unpaired(Kind::KeyExpr, "selector key expression", m, at),
            Some(_) => unpaired(Kind::IllegalArgument, "selector parameters", m, at),
        }
    })?
    .ok_or_else(|| null("selector"))
}

fn null(what: &str) -> Error {
    Error::zenoh(format!("{what} must not be null"))
}

fn java_string(
    env: &mut JNIEnv,
    s: &JString,
    refuse: impl FnOnce(&[u8], usize) -> Error,
) -> Result<Option<String>> {
    if s.is_null() {
        return Ok(None);
    }
    let java = java_str(env, s)?;
    if let Some(at) = unpaired_surrogate(java.to_bytes()) {
        return Err(refuse(java.to_bytes(), at));
    }
    // without an unpaired surrogate, Java's modified UTF-8 decodes exactly (no lossy fallback)
    Ok(Some(java.into()))
}

/// The characters of a Java String (modified UTF-8), for a `JString` that came from Java as a
/// `String` parameter or an element of a `String[]` parameter: the JVM checks those types (the
/// verifier, reflection and array stores all do), so the JNI crate's own check, which looks up
/// `java/lang/String` by name and compares classes on every call (three more JNI calls, a class
/// lookup among them, once per get's selector), would never refuse one. Fails only on null.
fn java_str<'local, 'other, 'r>(
    env: &JNIEnv<'local>,
    s: &'r JString<'other>,
) -> jni::errors::Result<JavaStr<'local, 'other, 'r>> {
    // SAFETY: every JString reaching this module is a java.lang.String (see above)
    unsafe { env.get_string_unchecked(s) }
}

/// The byte offset in `m` (Java's modified UTF-8, as GetStringUTFChars returns it) of the first
/// unpaired surrogate, if any. Modified UTF-8 writes each UTF-16 unit on its own: a surrogate is
/// the 3 bytes `ED A0..BF xx`, a pair is a high one (`ED A0..AF xx`) followed by a low one
/// (`ED B0..BF xx`). 0xED is never a continuation byte, so a text without it (ASCII, most text)
/// is passed by one byte search.
pub fn unpaired_surrogate(m: &[u8]) -> Option<usize> {
    let mut i = m.iter().position(|&b| b == 0xED)?;
    while i < m.len() {
        if m[i] == 0xED {
            if let Some(&second @ 0xA0..=0xBF) = m.get(i + 1) {
                let paired = second <= 0xAF
                    && m.get(i + 3) == Some(&0xED)
                    && matches!(m.get(i + 4), Some(0xB0..=0xBF));
                if !paired {
                    return Some(i);
                }
                i += 6;
                continue;
            }
        }
        i += 1;
    }
    None
}

/// "`what` holds an unpaired surrogate U+XXXX at index N" (N counts UTF-16 units, as Java does).
fn unpaired(kind: Kind, what: &str, m: &[u8], at: usize) -> Error {
    let unit = m
        .get(at..at + 3)
        .map(|t| 0xD000 | ((t[1] as u32 & 0x3F) << 6) | (t[2] as u32 & 0x3F))
        .unwrap_or(0xFFFD);
    // in modified UTF-8, every byte that is not a continuation byte starts one UTF-16 unit
    let index = m[..at].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    Error::new(
        kind,
        format!(
            "{what} holds an unpaired surrogate U+{unit:04X} at index {index}: only well-formed \
             UTF-16 text can be sent as UTF-8"
        ),
    )
}

/// Payloads up to this many bytes are copied into the allocation of their reference count.
pub const INLINE_BYTES: usize = 64;

/// Copies a Java byte[] once into memory zenoh then owns (no second copy), with two JNI functions
/// (GetArrayLength, GetByteArrayRegion) and no zero-filling: up to [`INLINE_BYTES`] into a fixed
/// array inside the reference-counted allocation (one allocation), else into a Vec (two).
pub fn opt_bytes(env: &mut JNIEnv, a: &JByteArray) -> Result<Option<ZBytes>> {
    if a.is_null() {
        return Ok(None);
    }
    let raw = env.get_raw();
    let array = a.as_raw();
    // SAFETY: `raw` is this thread's JNIEnv and `array` a live local reference to a byte[]; the
    // region read is exactly [0, length), which cannot throw, into memory of at least `length`
    // bytes that it fills completely
    unsafe {
        let len = (**raw)
            .GetArrayLength
            .ok_or(jni::errors::Error::JNIEnvMethodNotFound("GetArrayLength"))?(
            raw, array
        );
        let region = (**raw)
            .GetByteArrayRegion
            .ok_or(jni::errors::Error::JNIEnvMethodNotFound(
                "GetByteArrayRegion",
            ))?;
        let n = len.max(0) as usize;
        let slice = if n <= INLINE_BYTES {
            let mut buf = std::sync::Arc::new([0u8; INLINE_BYTES]);
            let dst = std::sync::Arc::get_mut(&mut buf).expect("a new Arc is unique");
            region(raw, array, 0, len, dst.as_mut_ptr() as *mut jni::sys::jbyte);
            ZSlice::new(buf, 0, n).map_err(|_| Error::zenoh("payload slice out of range"))?
        } else {
            let mut v = Vec::<u8>::with_capacity(n);
            region(raw, array, 0, len, v.as_mut_ptr() as *mut jni::sys::jbyte);
            v.set_len(n);
            ZSlice::from(v)
        };
        Ok(Some(ZBytes::from(ZBuf::from(slice))))
    }
}

pub fn bytes(env: &mut JNIEnv, a: &JByteArray) -> Result<ZBytes> {
    Ok(opt_bytes(env, a)?.unwrap_or_default())
}

pub fn new_bytes<'l>(env: &mut JNIEnv<'l>, z: &ZBytes) -> jni::errors::Result<JByteArray<'l>> {
    match z.to_bytes() {
        std::borrow::Cow::Borrowed(b) => env.byte_array_from_slice(b),
        std::borrow::Cow::Owned(v) => env.byte_array_from_slice(&v),
    }
}

/// A received encoding schema as a Java String, losslessly: valid UTF-8 as it is, and each byte of
/// an invalid sequence as the lone surrogate U+DC00 + byte (Python's "surrogateescape"; Java
/// Strings may hold lone surrogates). Such a String counts one UTF-8 byte per escaped byte, so a
/// received schema always fits Encoding's 255-byte check, whatever bytes the peer sent.
pub fn schema_string<'l>(env: &mut JNIEnv<'l>, bytes: &[u8]) -> jni::errors::Result<JObject<'l>> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(env.new_string(s)?.into());
    }
    let units = escape_utf16(bytes);
    let raw = env.get_raw();
    // SAFETY: `raw` is this thread's JNIEnv; NewString copies `units`, which outlives the call
    let s = unsafe {
        let new_string = (**raw)
            .NewString
            .ok_or(jni::errors::Error::JNIEnvMethodNotFound("NewString"))?;
        new_string(raw, units.as_ptr(), units.len() as jni::sys::jsize)
    };
    if s.is_null() {
        return Err(jni::errors::Error::NullPtr("NewString"));
    }
    // SAFETY: a fresh local reference to a java.lang.String
    Ok(unsafe { JObject::from_raw(s) })
}

/// The bytes of a schema Java sends, from the Java String's modified UTF-8: UTF-8, except that a
/// lone surrogate U+DC80..U+DCFF (an escaped byte of a received schema, see [`schema_string`])
/// becomes that byte again, so a received encoding is sent back exactly as it came. Any other
/// unpaired surrogate is refused: `Err` holds its byte offset in `m`.
pub fn schema_bytes(m: &[u8]) -> std::result::Result<Vec<u8>, usize> {
    if m.is_ascii() {
        return Ok(m.to_vec()); // the usual case: modified UTF-8 of ASCII is ASCII
    }
    let mut out = Vec::with_capacity(m.len());
    let unit = |i: usize| -> Option<(u32, usize)> {
        let b = *m.get(i)? as u32;
        let cont = |k: usize| m.get(i + k).map(|&c| c as u32 & 0x3F);
        match b {
            0x00..=0x7F => Some((b, 1)),
            0xC0..=0xDF => Some((((b & 0x1F) << 6) | cont(1)?, 2)),
            0xE0..=0xEF => Some((((b & 0x0F) << 12) | (cont(1)? << 6) | cont(2)?, 3)),
            _ => None,
        }
    };
    let mut i = 0;
    while i < m.len() {
        let Some((u, n)) = unit(i) else {
            out.push(m[i]); // not modified UTF-8: kept as is
            i += 1;
            continue;
        };
        let at = i;
        i += n;
        let c = match u {
            0xD800..=0xDBFF => match unit(i) {
                Some((low @ 0xDC00..=0xDFFF, n2)) => {
                    i += n2;
                    char::from_u32(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00))
                }
                _ => None,
            },
            0xDC80..=0xDCFF => {
                out.push((u & 0xFF) as u8);
                continue;
            }
            _ => char::from_u32(u),
        };
        let c = c.ok_or(at)?;
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    Ok(out)
}

/// UTF-16 of `bytes` with every byte of an invalid UTF-8 sequence as U+DC00 + byte.
pub fn escape_utf16(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.extend(s.encode_utf16());
                return out;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                // SAFETY: from_utf8 validated `valid`
                out.extend(unsafe { std::str::from_utf8_unchecked(valid) }.encode_utf16());
                let bad = e.error_len().unwrap_or(after.len());
                out.extend(after[..bad].iter().map(|&b| 0xDC00 | b as u16));
                rest = &after[bad..];
            }
        }
    }
}

pub fn null_or_string<'l>(
    env: &mut JNIEnv<'l>,
    s: Option<&str>,
) -> jni::errors::Result<JObject<'l>> {
    Ok(match s {
        Some(s) => env.new_string(s)?.into(),
        None => JObject::null(),
    })
}

/// The publication QoS Java packs into one int (see ZenohNative.publisherDeclare).
#[derive(Clone, Copy)]
pub struct Qos {
    pub congestion: CongestionControl,
    pub priority: Priority,
    pub express: bool,
    pub reliability: Reliability,
    pub destination: Locality,
}

pub fn qos(bits: i32) -> Result<Qos> {
    let congestion = match bits & 0b11 {
        0 => CongestionControl::Drop,
        1 => CongestionControl::Block,
        2 => CongestionControl::BlockFirst,
        c => {
            return Err(Error::zenoh(format!(
                "congestion control code {c} is unknown"
            )))
        }
    };
    let p = ((bits >> 2) & 0b111) as u8;
    let priority =
        Priority::try_from(p).map_err(|e| Error::zenoh(format!("priority code {p}: {e}")))?;
    Ok(Qos {
        congestion,
        priority,
        express: bits & (1 << 5) != 0,
        reliability: if bits & (1 << 6) != 0 {
            Reliability::Reliable
        } else {
            Reliability::BestEffort
        },
        destination: locality((bits >> 7) & 0b11)?,
    })
}

pub fn locality(code: i32) -> Result<Locality> {
    Ok(match code {
        0 => Locality::Any,
        1 => Locality::SessionLocal,
        2 => Locality::Remote,
        c => return Err(Error::zenoh(format!("locality code {c} is unknown"))),
    })
}

pub fn target(code: i32) -> Result<QueryTarget> {
    Ok(match code {
        0 => QueryTarget::BestMatching,
        1 => QueryTarget::All,
        2 => QueryTarget::AllComplete,
        c => return Err(Error::zenoh(format!("query target code {c} is unknown"))),
    })
}

pub fn consolidation(code: i32) -> Result<ConsolidationMode> {
    Ok(match code {
        0 => ConsolidationMode::Auto,
        1 => ConsolidationMode::None,
        2 => ConsolidationMode::Monotonic,
        3 => ConsolidationMode::Latest,
        c => return Err(Error::zenoh(format!("consolidation code {c} is unknown"))),
    })
}

/// A received sample's flags in one int: kind (bit 0, 1 = DELETE), priority (bits 1-3),
/// congestion control (bits 4-5), express (bit 6), reliable (bit 7). Decoded by SampleFlags.java.
pub fn sample_flags(s: &Sample) -> i32 {
    let kind = matches!(s.kind(), SampleKind::Delete) as i32;
    let congestion = match s.congestion_control() {
        CongestionControl::Drop => 0,
        CongestionControl::Block => 1,
        #[allow(unreachable_patterns)]
        _ => 2,
    };
    kind | ((s.priority() as u8 as i32) << 1)
        | (congestion << 4)
        | ((s.express() as i32) << 6)
        | ((matches!(s.reliability(), Reliability::Reliable) as i32) << 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout of Qos.bits() in Qos.java.
    fn bits(
        congestion: i32,
        priority: i32,
        express: bool,
        reliable: bool,
        destination: i32,
    ) -> i32 {
        congestion
            | (priority << 2)
            | ((express as i32) << 5)
            | ((reliable as i32) << 6)
            | (destination << 7)
    }

    fn error_of<T>(r: Result<T>) -> String {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.message,
        }
    }

    #[test]
    fn qos_decodes_java_defaults() {
        // Qos.DEFAULT: DROP, DATA (5), not express, RELIABLE, ANY
        let q = qos(bits(0, 5, false, true, 0)).unwrap();
        assert_eq!(q.congestion, CongestionControl::Drop);
        assert_eq!(q.priority, Priority::Data);
        assert!(!q.express);
        assert_eq!(q.reliability, Reliability::Reliable);
        assert_eq!(q.destination, Locality::Any);
    }

    #[test]
    fn qos_decodes_every_field_independently() {
        let q = qos(bits(1, 1, true, false, 2)).unwrap();
        assert_eq!(q.congestion, CongestionControl::Block);
        assert_eq!(q.priority, Priority::RealTime);
        assert!(q.express);
        assert_eq!(q.reliability, Reliability::BestEffort);
        assert_eq!(q.destination, Locality::Remote);

        let q = qos(bits(2, 7, false, true, 1)).unwrap();
        assert_eq!(q.congestion, CongestionControl::BlockFirst);
        assert_eq!(q.priority, Priority::Background);
        assert!(!q.express);
        assert_eq!(q.destination, Locality::SessionLocal);
    }

    #[test]
    fn qos_maps_all_seven_priorities() {
        let expected = [
            Priority::RealTime,
            Priority::InteractiveHigh,
            Priority::InteractiveLow,
            Priority::DataHigh,
            Priority::Data,
            Priority::DataLow,
            Priority::Background,
        ];
        for (i, p) in expected.iter().enumerate() {
            assert_eq!(
                qos(bits(0, i as i32 + 1, false, true, 0)).unwrap().priority,
                *p
            );
        }
    }

    #[test]
    fn qos_rejects_unknown_codes() {
        assert!(error_of(qos(bits(3, 5, false, true, 0))).contains("congestion control code 3"));
        assert!(error_of(qos(bits(0, 0, false, true, 0))).contains("priority code 0"));
        assert!(error_of(qos(bits(0, 5, false, true, 3))).contains("locality code 3"));
    }

    #[test]
    fn received_schemas_are_escaped_losslessly() {
        assert_eq!(
            escape_utf16(b"v=2"),
            "v=2".encode_utf16().collect::<Vec<_>>()
        );
        assert_eq!(escape_utf16(&[0xFF; 3]), vec![0xDCFF; 3]);
        let mixed = [b'a', 0xC3, 0xA9, 0xFF, b'b', 0xE2, 0x82];
        assert_eq!(
            escape_utf16(&mixed),
            vec!['a' as u16, 0xE9, 0xDCFF, 'b' as u16, 0xDCE2, 0xDC82]
        );
    }

    /// Java's modified UTF-8 of a UTF-16 string (what GetStringUTFChars returns).
    fn modified_utf8(units: &[u16]) -> Vec<u8> {
        let mut out = Vec::new();
        for &u in units {
            let u = u as u32;
            match u {
                0x01..=0x7F => out.push(u as u8),
                0x00 | 0x80..=0x7FF => {
                    out.extend([0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]);
                }
                _ => out.extend([
                    0xE0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]),
            }
        }
        out
    }

    #[test]
    fn escaped_schemas_are_sent_back_as_their_original_bytes() {
        for bytes in [
            b"v=2".to_vec(),
            vec![0xFF; 100],
            vec![b'a', 0xC3, 0xA9, 0xFF, b'b', 0xE2, 0x82],
            "caf\u{e9} \u{1F600}\u{0}".as_bytes().to_vec(),
        ] {
            let java = modified_utf8(&escape_utf16(&bytes));
            assert_eq!(schema_bytes(&java), Ok(bytes));
        }
    }

    #[test]
    fn unpaired_surrogates_are_found_and_pairs_and_escaped_bytes_kept() {
        let emoji: Vec<u16> = "\u{1F600}".encode_utf16().collect();
        let text = |units: &[u16]| modified_utf8(units);
        assert_eq!(unpaired_surrogate(b"rv/a/b"), None);
        assert_eq!(unpaired_surrogate(&text(&emoji)), None);
        assert_eq!(unpaired_surrogate("\u{D7FF}\u{E000}".as_bytes()), None);
        let mut units: Vec<u16> = "rv/ok".encode_utf16().collect();
        units.extend(&emoji);
        units.extend([b'/' as u16, 0xD800]);
        let m = text(&units);
        let at = unpaired_surrogate(&m).expect("unpaired");
        let e = unpaired(Kind::KeyExpr, "key expression", &m, at);
        assert_eq!(
            e.message,
            "key expression holds an unpaired surrogate U+D800 at index 8: only well-formed \
             UTF-16 text can be sent as UTF-8"
        );
        assert_eq!(unpaired_surrogate(&text(&[0xDC00, b'x' as u16])), Some(0));
        assert_eq!(
            unpaired_surrogate(&text(&[0xD800, 0xD800, 0xDC00])),
            Some(0)
        );
        assert_eq!(unpaired_surrogate(&text(&[b'a' as u16, 0xDBFF])), Some(1));
        // a schema: an escaped byte (U+DC80..U+DCFF) is a byte again, any other surrogate refused
        assert_eq!(schema_bytes(&text(&[0xDCFF])), Ok(vec![0xFF]));
        assert_eq!(schema_bytes(&text(&[b'v' as u16, 0xD800])), Err(1));
        assert_eq!(schema_bytes(&text(&[0xDC00])), Err(0));
        assert_eq!(
            schema_bytes(&text(&emoji)),
            Ok("\u{1F600}".as_bytes().to_vec())
        );
    }

    #[test]
    fn enumeration_codes_match_java_ordinals() {
        assert_eq!(locality(0).unwrap(), Locality::Any);
        assert_eq!(locality(1).unwrap(), Locality::SessionLocal);
        assert_eq!(locality(2).unwrap(), Locality::Remote);
        assert!(error_of(locality(-1)).contains("locality code -1"));
        assert_eq!(target(0).unwrap(), QueryTarget::BestMatching);
        assert_eq!(target(1).unwrap(), QueryTarget::All);
        assert_eq!(target(2).unwrap(), QueryTarget::AllComplete);
        assert!(error_of(target(3)).contains("query target code 3"));
        assert_eq!(consolidation(0).unwrap(), ConsolidationMode::Auto);
        assert_eq!(consolidation(1).unwrap(), ConsolidationMode::None);
        assert_eq!(consolidation(2).unwrap(), ConsolidationMode::Monotonic);
        assert_eq!(consolidation(3).unwrap(), ConsolidationMode::Latest);
        assert!(error_of(consolidation(4)).contains("consolidation code 4"));
    }
}
