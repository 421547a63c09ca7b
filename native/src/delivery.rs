// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Subscriber samples to Java in batches: several samples per JNI crossing when zenoh has a
//! backlog, one when it has not — and never a native object per message.
//!
//! zenoh calls a subscriber's callback once per sample, on the runtime thread that decoded it,
//! typically in bursts (one network batch carries many samples). The callback copies the sample's
//! values into the subscriber's pending batch (two flat buffers) and lets zenoh have the sample
//! back at once, as a Rust callback would: zenoh's receive buffer is never held (its pool has one
//! buffer per link). The batch then crosses to Java in ONE upcall,
//! `SampleSink.onSamples(count, metaAt, buffer)`:
//!
//! - at once, when it is the first sample after a quiet spell ([`QUIET`]): request/response
//!   traffic pays no latency for batching;
//! - after the burst: otherwise, the first sample of a burst spawns a flush task on the tokio
//!   runtime it arrived on, which runs on the same thread as soon as zenoh's receive task yields
//!   (no thread hand-off);
//! - at once, on the receiving thread, when [`MAX_SAMPLES`] or [`MAX_BYTES`] are pending: that
//!   thread delivers, or waits for the delivery in progress, so a slow listener still pushes back
//!   on zenoh (and on the publisher, with congestion control BLOCK);
//! - at once on a thread outside any tokio runtime (a put to a local subscriber from a Java
//!   thread), which never waits for another thread's delivery.
//!
//! One delivery runs at a time per subscriber, so samples keep zenoh's order. A batch costs
//! [`JNI_CALLS_PER_BATCH`] JNI calls whatever its size: under load 0.032 JNI calls per 8 B sample
//! and 0.157 per 1 KiB sample, against 11 per sample delivered one by one (docs/performance.md).

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

use jni::objects::JValue;
use zenoh::sample::Sample;

use crate::jvm::{self, Listener};
use crate::values::sample_flags;

/// Samples per upcall at most.
pub const MAX_SAMPLES: usize = 256;
/// Bytes per upcall at most, unless one sample is larger (the Java array stays small: no
/// humongous allocation in G1).
pub const MAX_BYTES: usize = 64 * 1024;
/// A sample arriving this long after the last delivery ended is delivered at once, not batched.
const QUIET: Duration = Duration::from_micros(50);
/// A batch buffer grown past this by a large sample is given back once delivered.
const KEEP_BYTES: usize = 4 * MAX_BYTES;

/// JNIEnv/JavaVM functions one batch costs: GetEnv, PushLocalFrame, PopLocalFrame and the final
/// ExceptionCheck (jvm::upcall); NewDirectByteBuffer + ExceptionCheck; CallVoidMethodA + ExceptionCheck.
const JNI_CALLS_PER_BATCH: u64 = 4 + 2 + 2;

/// Samples encoded for `SampleSink.onSamples`: per sample, 7 ints in `meta` — key length (-1:
/// the previous sample's key), payload length, encoding id, schema length (-1: none), flags
/// (values::sample_flags), timestamp length (-1: none), attachment length (-1: none) — and in
/// `data` the key (UTF-8), payload, schema (UTF-8), timestamp (zenoh's text form) and attachment
/// bytes that are present, back to back. The first sample of a batch always carries its key.
#[derive(Default)]
struct Batch {
    count: usize,
    meta: Vec<i32>,
    data: Vec<u8>,
    /// Where the last key written to `data` is.
    key_at: Option<(usize, usize)>,
}

impl Batch {
    fn push(&mut self, s: &Sample) {
        let key = s.key_expr().as_str().as_bytes();
        let key_len = match self.key_at {
            Some((at, len)) if &self.data[at..at + len] == key => -1,
            _ => {
                self.key_at = Some((self.data.len(), key.len()));
                self.data.extend_from_slice(key);
                key.len() as i32
            }
        };
        let start = self.data.len();
        for slice in s.payload().slices() {
            self.data.extend_from_slice(slice);
        }
        let payload_len = (self.data.len() - start) as i32;
        let enc = s.encoding();
        let schema_len = match enc.schema() {
            Some(schema) => {
                self.data.extend_from_slice(schema.as_ref());
                schema.len() as i32
            }
            None => -1,
        };
        let ts_len = match s.timestamp() {
            Some(t) => {
                let start = self.data.len();
                let _ = write!(self.data, "{t}");
                (self.data.len() - start) as i32
            }
            None => -1,
        };
        let att_len = match s.attachment() {
            Some(a) => {
                let start = self.data.len();
                for slice in a.slices() {
                    self.data.extend_from_slice(slice);
                }
                (self.data.len() - start) as i32
            }
            None => -1,
        };
        self.meta.extend_from_slice(&[
            key_len,
            payload_len,
            enc.id() as i32,
            schema_len,
            sample_flags(s),
            ts_len,
            att_len,
        ]);
        self.count += 1;
    }

    fn is_full(&self) -> bool {
        self.count >= MAX_SAMPLES || self.data.len() >= MAX_BYTES
    }

    fn clear(&mut self) {
        self.count = 0;
        self.meta.clear();
        self.key_at = None;
        if self.data.capacity() > KEEP_BYTES {
            self.data = Vec::with_capacity(MAX_BYTES);
        } else {
            self.data.clear();
        }
    }
}

/// One subscriber's pending batch and delivery state; shared by zenoh's callback and flush tasks.
pub struct Delivery {
    listener: Listener,
    state: Mutex<State>,
    /// Signalled when a delivery ends (for receiving threads waiting on a full batch).
    idle: Condvar,
}

struct State {
    pending: Batch,
    /// The other buffer, while the pending one is not being delivered.
    spare: Batch,
    /// A flush task is spawned and has not started yet.
    scheduled: bool,
    /// The thread delivering now, if any.
    active: Option<ThreadId>,
    /// The subscriber is gone: pending samples are dropped, nothing more is delivered.
    closed: bool,
    /// When the last delivery ended.
    last_delivery: Option<Instant>,
}

impl Delivery {
    pub fn new(listener: Listener) -> Arc<Delivery> {
        Arc::new(Delivery {
            listener,
            state: Mutex::new(State {
                pending: Batch::default(),
                spare: Batch::default(),
                scheduled: false,
                active: None,
                closed: false,
                last_delivery: None,
            }),
            idle: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // a panic while holding the lock is caught at the boundary; the state stays consistent
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// zenoh's callback: add the sample to the pending batch, then deliver now or let a flush do it.
    pub fn on_sample(self: &Arc<Self>, sample: Sample) {
        let mut st = self.lock();
        if st.closed {
            return;
        }
        st.pending.push(&sample);
        drop(sample); // zenoh's buffer is free again before anything else happens
        if !st.pending.is_full() {
            if st.scheduled || st.active.is_some() {
                return; // a flush or a delivery in progress takes it
            }
            // the first sample of a burst: after a quiet spell (request/response traffic) deliver
            // it at once — deferring would only add latency, there is nothing to batch it with
            let quiet = st.last_delivery.is_none_or(|t| t.elapsed() >= QUIET);
            if quiet {
                let me = thread::current().id();
                return self.deliver_all(st, me);
            }
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                st.scheduled = true;
                drop(st);
                let task = FlushTask(Some(self.clone()));
                rt.spawn(async move { task.run() });
                return;
            }
            // a Java thread's put to a local subscriber: deliver here, now
        }
        let me = thread::current().id();
        if let Some(other) = st.active {
            let zenoh_thread = tokio::runtime::Handle::try_current().is_ok();
            if other == me || !zenoh_thread {
                // re-entered from our own listener, or a Java thread: the active delivery takes it
                return;
            }
            // a zenoh thread with a full batch: wait for the delivery in progress (back-pressure)
            while st.active.is_some() && !st.closed {
                st = self.idle.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            if st.closed || st.active.is_some() || st.pending.count == 0 {
                return;
            }
        }
        self.deliver_all(st, me);
    }

    /// Delivers batches until none is pending; `st.active` must be free.
    fn deliver_all<'a>(&'a self, mut st: MutexGuard<'a, State>, me: ThreadId) {
        st.active = Some(me);
        while !st.closed && st.pending.count > 0 {
            let spare = std::mem::take(&mut st.spare);
            let mut batch = std::mem::replace(&mut st.pending, spare);
            drop(st);
            deliver(&self.listener, &mut batch);
            batch.clear();
            st = self.lock();
            st.spare = batch;
        }
        st.active = None;
        st.last_delivery = Some(Instant::now());
        drop(st);
        self.idle.notify_all();
    }

    /// The subscriber is undeclared (zenoh dropped its callback): drop what is pending.
    fn close(&self) {
        {
            let mut st = self.lock();
            st.closed = true;
            st.pending = Batch::default();
            st.spare = Batch::default();
        }
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
        if st.active.is_some() || st.pending.count == 0 || st.closed {
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

/// One upcall for `batch`: `onSamples(count, metaAt, buffer)`, where `buffer` is a direct
/// ByteBuffer over the batch's own memory — `data`, padded to 4 bytes, then `meta` as native-order
/// ints from `metaAt` — valid during the call only (Java copies out what it keeps). No Java array
/// is allocated or zeroed for the batch and its bytes are copied once, into the samples' arrays.
fn deliver(listener: &Listener, batch: &mut Batch) {
    while !batch.data.len().is_multiple_of(4) {
        batch.data.push(0);
    }
    let meta_at = batch.data.len();
    for m in &batch.meta {
        batch.data.extend_from_slice(&m.to_ne_bytes());
    }
    let (ptr, len) = (batch.data.as_mut_ptr(), batch.data.len());
    jvm::upcall(4, |env| {
        // SAFETY: `batch` is borrowed mutably for the whole call and Java does not keep the buffer
        let buffer = unsafe { env.new_direct_byte_buffer(ptr, len) }?;
        let args = [
            JValue::Int(batch.count as i32).as_jni(),
            JValue::Int(meta_at as i32).as_jni(),
            JValue::Object(&buffer).as_jni(),
        ];
        jvm::count_delivery(batch.count as u64, 1, JNI_CALLS_PER_BATCH);
        jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_samples, &args)
    });
}
