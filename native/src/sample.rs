//! A received sample → JVM values, in one upcall. No native object outlives the call.

use jni::objects::{JObject, JValue};
use jni::JNIEnv;
use zenoh::sample::Sample;

use crate::jvm::{self, Listener};
use crate::values::{new_bytes, null_or_string, sample_flags};

/// JNIEnv/JavaVM functions `jvm::upcall` calls around its closure: GetEnv, PushLocalFrame,
/// PopLocalFrame, ExceptionCheck.
const UPCALL_FRAME_CALLS: u64 = 4;

/// Delivers `sample` to a SampleSink: onSample(key, payload, encId, schema, flags, ts, attachment).
pub fn deliver(listener: &Listener, sample: &Sample) {
    jvm::upcall(8, |env| {
        let args = SampleValues::new(env, sample)?;
        // what SampleValues::new called (jni-rs: NewStringUTF and NewByteArray are each followed
        // by an ExceptionCheck, NewByteArray by SetByteArrayRegion) + CallVoidMethodA, ExceptionCheck
        let calls = 2 + 3 + 2 * args.schema_present() + 2 * args.timestamp_present() + 3 * args.attachment_present() + 2;
        jvm::count_delivery(1, 1, UPCALL_FRAME_CALLS + calls);
        let a = [
            JValue::Object(&args.key).as_jni(),
            JValue::Object(&args.payload).as_jni(),
            JValue::Int(args.encoding_id).as_jni(),
            JValue::Object(&args.schema).as_jni(),
            JValue::Int(args.flags).as_jni(),
            JValue::Object(&args.timestamp).as_jni(),
            JValue::Object(&args.attachment).as_jni(),
        ];
        jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_sample, &a)
    });
}

/// The JVM values of one sample, shared by subscriber samples and get replies.
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
    fn schema_present(&self) -> u64 {
        !self.schema.is_null() as u64
    }
    fn timestamp_present(&self) -> u64 {
        !self.timestamp.is_null() as u64
    }
    fn attachment_present(&self) -> u64 {
        !self.attachment.is_null() as u64
    }

    pub fn new(env: &mut JNIEnv<'l>, s: &Sample) -> jni::errors::Result<Self> {
        let key = env.new_string(s.key_expr().as_str())?.into();
        let payload = new_bytes(env, s.payload())?.into();
        let enc = s.encoding();
        let schema = match enc.schema() {
            Some(b) => env.new_string(String::from_utf8_lossy(b.as_ref()))?.into(),
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
