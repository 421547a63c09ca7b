// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! A received sample → JVM values (get replies; subscriber samples cross in batches, see
//! delivery.rs). No native object outlives the call.

use jni::objects::JObject;
use jni::JNIEnv;
use zenoh::sample::Sample;

use crate::values::{new_bytes, null_or_string, sample_flags, schema_string};

/// The JVM values of one sample of a get reply.
pub struct SampleValues<'l> {
    pub key: JObject<'l>,
    pub payload: JObject<'l>,
    pub encoding_id: i32,
    pub schema: JObject<'l>,
    pub flags: i32,
    pub timestamp: JObject<'l>,
    pub attachment: JObject<'l>,
}

impl<'l> SampleValues<'l> {
    pub fn new(env: &mut JNIEnv<'l>, s: &Sample) -> jni::errors::Result<Self> {
        let key = env.new_string(s.key_expr().as_str())?.into();
        let payload = new_bytes(env, s.payload())?.into();
        let enc = s.encoding();
        let schema = match enc.schema() {
            Some(b) => schema_string(env, b.as_ref())?,
            None => JObject::null(),
        };
        let timestamp = null_or_string(env, s.timestamp().map(|t| t.to_string()).as_deref())?;
        let attachment = match s.attachment() {
            Some(a) => new_bytes(env, a)?.into(),
            None => JObject::null(),
        };
        Ok(SampleValues {
            key,
            payload,
            encoding_id: enc.id() as i32,
            schema,
            flags: sample_flags(s),
            timestamp,
            attachment,
        })
    }
}
