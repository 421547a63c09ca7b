//! Subscriber samples to Java in batches: several samples per JNI crossing when zenoh has a
//! backlog, one when it has not — and never a native object per message.
//!
//! zenoh calls a subscriber's callback once per sample, on the runtime thread that decoded it,
//! typically in bursts (one network batch carries many samples). The callback only queues the
//! sample (it stays zenoh's: a reference-counted slice of the receive buffer); the queue then
//! crosses to Java in ONE upcall, `SampleSink.onSamples(count, meta, data)`:
//!
//! - after the burst: the first sample of a burst spawns a flush task on the tokio runtime it
//!   arrived on, which runs on the same thread as soon as zenoh's receive task yields — no thread
//!   hand-off, so a lone sample is delivered right away;
//! - at once, on the receiving thread, when [`MAX_SAMPLES`] or [`MAX_BYTES`] are queued: that
//!   thread delivers, or waits for the delivery in progress, so a slow listener still pushes back
//!   on zenoh (and on the publisher, with congestion control BLOCK) exactly as before;
//! - at once on a thread outside any tokio runtime (a put to a local subscriber from a Java
//!   thread), which never waits for another thread's delivery.
//!
//! One delivery runs at a time per subscriber, so samples keep zenoh's order. Measured effect
//! (docs/performance.md): ~0.05 JNI calls per sample under load instead of 11.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, ThreadId};

use jni::objects::{JByteArray, JValue, ReleaseMode};
use zenoh::sample::Sample;

use crate::jvm::{self, Listener};
use crate::values::sample_flags;

/// Samples per upcall at most.
pub const MAX_SAMPLES: usize = 256;
/// Bytes per upcall at most (the Java array stays small: no humongous allocation in G1).
pub const MAX_BYTES: usize = 64 * 1024;
/// Ints per sample in `meta`; the layout is documented on SampleSink.onSamples.
const META: usize = 7;

/// JNIEnv/JavaVM functions one batch costs: GetEnv, PushLocalFrame, PopLocalFrame and the final
/// ExceptionCheck (jvm::upcall); NewByteArray + ExceptionCheck; GetArrayLength,
/// GetPrimitiveArrayCritical, ReleasePrimitiveArrayCritical; NewIntArray + ExceptionCheck;
/// SetIntArrayRegion + ExceptionCheck; CallVoidMethodA + ExceptionCheck.
const JNI_CALLS_PER_BATCH: u64 = 4 + 2 + 3 + 2 + 2 + 2;

/// One subscriber's queue and delivery state; shared by zenoh's callback and flush tasks.
pub struct Delivery {
    listener: Listener,
    state: Mutex<State>,
    /// Signalled when a delivery ends (for receiving threads waiting on a full queue).
    idle: Condvar,
}

struct State {
    pending: Vec<Sample>,
    pending_bytes: usize,
    /// The queue's buffer while it is not in use (kept to avoid reallocating each batch).
    spare: Vec<Sample>,
    /// Encoding buffers, used by the one active delivery.
    scratch: Scratch,
    /// A flush task is spawned and has not started yet.
    scheduled: bool,
    /// The thread delivering now, if any.
    active: Option<ThreadId>,
    /// The subscriber is gone: queued samples are dropped, nothing more is delivered.
    closed: bool,
}

#[derive(Default)]
struct Scratch {
    meta: Vec<i32>,
    /// Timestamps of the batch as text (zenoh's form), back to back.
    stamps: Vec<u8>,
}

impl Delivery {
    pub fn new(listener: Listener) -> Arc<Delivery> {
        Arc::new(Delivery {
            listener,
            state: Mutex::new(State {
                pending: Vec::with_capacity(MAX_SAMPLES),
                pending_bytes: 0,
                spare: Vec::with_capacity(MAX_SAMPLES),
                scratch: Scratch::default(),
                scheduled: false,
                active: None,
                closed: false,
            }),
            idle: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // a panic while holding the lock is caught at the boundary; the state stays consistent
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// zenoh's callback: queue the sample, then deliver now or let the flush task do it.
    pub fn on_sample(self: &Arc<Self>, sample: Sample) {
        let mut st = self.lock();
        if st.closed {
            return;
        }
        st.pending_bytes += sample.payload().len() + sample.attachment().map_or(0, |a| a.len()) + 64;
        st.pending.push(sample);
        let runtime = tokio::runtime::Handle::try_current().ok();
        let full = st.pending.len() >= MAX_SAMPLES || st.pending_bytes >= MAX_BYTES;
        if let (Some(rt), false) = (&runtime, full) {
            if !st.scheduled && st.active.is_none() {
                st.scheduled = true;
                drop(st);
                let task = FlushTask(Some(self.clone()));
                rt.spawn(async move { task.run() });
            }
            return;
        }
        let me = thread::current().id();
        if let Some(other) = st.active {
            if other == me || runtime.is_none() {
                // re-entered from our own listener, or a Java thread: the active delivery takes it
                return;
            }
            // a zenoh thread with a full queue: wait for the delivery in progress (back-pressure)
            while st.active.is_some() && !st.closed {
                st = self.idle.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            if st.closed || st.active.is_some() || st.pending.is_empty() {
                return;
            }
        }
        self.deliver_all(st, me);
    }

    /// Delivers batches until the queue is empty; `st.active` must be free.
    fn deliver_all<'a>(&'a self, mut st: MutexGuard<'a, State>, me: ThreadId) {
        st.active = Some(me);
        let mut scratch = std::mem::take(&mut st.scratch);
        while !st.closed && !st.pending.is_empty() {
            let spare = std::mem::take(&mut st.spare);
            let mut batch = std::mem::replace(&mut st.pending, spare);
            st.pending_bytes = 0;
            drop(st);
            deliver(&self.listener, &batch, &mut scratch);
            batch.clear(); // the samples' buffers go back to zenoh here, outside the lock
            st = self.lock();
            if st.spare.capacity() < batch.capacity() {
                st.spare = batch;
            }
        }
        st.scratch = scratch;
        st.active = None;
        drop(st);
        self.idle.notify_all();
    }

    /// The subscriber is undeclared (zenoh dropped its callback): drop what is queued.
    fn close(&self) {
        let dropped = {
            let mut st = self.lock();
            st.closed = true;
            st.pending_bytes = 0;
            std::mem::take(&mut st.pending)
        };
        drop(dropped);
        self.idle.notify_all();
    }
}

/// The flush spawned at the start of a burst. Dropped unrun (runtime shutting down), it clears
/// `scheduled` so that the next sample schedules again.
struct FlushTask(Option<Arc<Delivery>>);

impl FlushTask {
    fn run(mut self) {
        let Some(d) = self.0.take() else { return };
        let mut st = d.lock();
        st.scheduled = false;
        if st.active.is_some() || st.pending.is_empty() || st.closed {
            return;
        }
        d.deliver_all(st, thread::current().id());
    }
}

impl Drop for FlushTask {
    fn drop(&mut self) {
        if let Some(d) = self.0.take() {
            d.lock().scheduled = false;
        }
    }
}

/// What zenoh holds as the subscriber's callback; dropping it (undeclare) closes the delivery.
pub struct Callback(Arc<Delivery>);

impl Callback {
    pub fn new(listener: Listener) -> Callback {
        Callback(Delivery::new(listener))
    }

    pub fn call(&self, sample: Sample) {
        self.0.on_sample(sample)
    }
}

impl Drop for Callback {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// One upcall for `batch`: `onSamples(count, meta, data)`.
///
/// Per sample, `meta` holds 7 ints — key length (-1: the previous sample's key), payload length,
/// encoding id, schema length (-1: none), flags (values::sample_flags), timestamp length (-1:
/// none), attachment length (-1: none) — and `data` the key (UTF-8), payload, schema (UTF-8),
/// timestamp (zenoh's text form) and attachment bytes that are present, back to back. The first
/// sample of every batch carries its key, so a failed upcall never leaves Java with a stale one.
fn deliver(listener: &Listener, batch: &[Sample], scratch: &mut Scratch) {
    let Scratch { meta, stamps } = scratch;
    meta.clear();
    stamps.clear();
    let mut total = 0usize;
    let mut previous_key: Option<&str> = None;
    for s in batch {
        let key = s.key_expr().as_str();
        let key_len = if previous_key == Some(key) { -1 } else { key.len() as i32 };
        previous_key = Some(key);
        let enc = s.encoding();
        let schema_len = enc.schema().map_or(-1, |z| z.len() as i32);
        let ts_len = match s.timestamp() {
            Some(t) => {
                let before = stamps.len();
                use std::io::Write;
                let _ = write!(stamps, "{t}");
                (stamps.len() - before) as i32
            }
            None => -1,
        };
        let att_len = s.attachment().map_or(-1, |a| a.len() as i32);
        let payload_len = s.payload().len() as i32;
        meta.extend_from_slice(&[key_len, payload_len, enc.id() as i32, schema_len, sample_flags(s), ts_len, att_len]);
        total += [key_len, payload_len, schema_len, ts_len, att_len].iter().map(|&l| l.max(0) as usize).sum::<usize>();
    }
    let (meta, stamps) = (&*meta, &*stamps);
    jvm::upcall(4, |env| {
        let data: JByteArray = env.new_byte_array(total as i32)?;
        {
            // SAFETY: plain byte copies only while the array is held; no JNI call in between
            let mut out = unsafe { env.get_array_elements_critical(&data, ReleaseMode::CopyBack) }?;
            let out: &mut [u8] = unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<u8>(), total) };
            let mut at = 0usize;
            let mut put = |bytes: &[u8]| {
                out[at..at + bytes.len()].copy_from_slice(bytes);
                at += bytes.len();
            };
            let mut stamp_at = 0usize;
            for (i, s) in batch.iter().enumerate() {
                let m = &meta[i * META..(i + 1) * META];
                if m[0] >= 0 {
                    put(s.key_expr().as_str().as_bytes());
                }
                for slice in s.payload().slices() {
                    put(slice);
                }
                if let Some(schema) = s.encoding().schema() {
                    put(schema.as_ref());
                }
                if m[5] >= 0 {
                    let end = stamp_at + m[5] as usize;
                    put(&stamps[stamp_at..end]);
                    stamp_at = end;
                }
                if let Some(a) = s.attachment() {
                    for slice in a.slices() {
                        put(slice);
                    }
                }
            }
        }
        let meta_array = env.new_int_array(meta.len() as i32)?;
        env.set_int_array_region(&meta_array, 0, meta)?;
        let args = [
            JValue::Int(batch.len() as i32).as_jni(),
            JValue::Object(&meta_array).as_jni(),
            JValue::Object(&data).as_jni(),
        ];
        jvm::count_delivery(batch.len() as u64, 1, JNI_CALLS_PER_BATCH);
        jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_samples, &args)
    });
}
