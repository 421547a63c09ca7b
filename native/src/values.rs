// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Plain values crossing the boundary: encodings as (id, schema), QoS packed into one int,
//! nullable strings and byte arrays.

use jni::objects::{JByteArray, JObject, JString};
use jni::JNIEnv;
use zenoh::bytes::{Encoding, ZBytes};
use zenoh::internal::buffers::ZSlice;
use zenoh::qos::{CongestionControl, Priority, Reliability};
use zenoh::query::{ConsolidationMode, QueryTarget};
use zenoh::sample::{Locality, Sample, SampleKind};

use crate::boundary::{Error, Result};

/// `(id, schema)` → Encoding; `None` when `id < 0` ("not given": keep the default).
pub fn encoding(env: &mut JNIEnv, id: i32, schema: &JString) -> Result<Option<Encoding>> {
    if id < 0 {
        return Ok(None);
    }
    let id = u16::try_from(id)
        .map_err(|_| Error::zenoh(format!("encoding id {id} is outside 0..65535")))?;
    let schema = opt_string(env, schema)?;
    if let Some(s) = &schema {
        // zenoh writes a schema with an 8-bit length; a longer one makes zenoh panic while it holds
        // a session lock, poisoning the session: refused here, before zenoh sees it
        if s.len() > u8::MAX as usize {
            let start: String = s.chars().take(40).collect();
            return Err(Error::zenoh(format!(
                "encoding schema '{start}...' is {} bytes long: zenoh carries at most 255",
                s.len()
            )));
        }
    }
    let schema = schema.map(|s| ZSlice::from(s.into_bytes()));
    Ok(Some(Encoding::new(id, schema)))
}

pub fn opt_string(env: &mut JNIEnv, s: &JString) -> Result<Option<String>> {
    if s.is_null() {
        return Ok(None);
    }
    Ok(Some(env.get_string(s)?.into()))
}

pub fn string(env: &mut JNIEnv, s: &JString, what: &str) -> Result<String> {
    opt_string(env, s)?.ok_or_else(|| Error::zenoh(format!("{what} must not be null")))
}

/// Copies a Java byte[] once into a Vec that zenoh then owns (no second copy).
pub fn opt_bytes(env: &mut JNIEnv, a: &JByteArray) -> Result<Option<ZBytes>> {
    if a.is_null() {
        return Ok(None);
    }
    Ok(Some(ZBytes::from(env.convert_byte_array(a)?)))
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
