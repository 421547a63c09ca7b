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
//!   thread) when no delivery is in progress; otherwise the delivery in progress takes it.
//!
//! One delivery runs at a time per subscriber, so samples keep zenoh's order. A batch costs
//! [`JNI_CALLS_PER_BATCH`] JNI calls whatever its size: under load 0.032 JNI calls per 8 B sample
//! and 0.157 per 1 KiB sample, against 11 per sample delivered one by one (docs/performance.md).
//!
//! Memory is bounded per subscriber: the pending batch holds at most `limit` bytes (Java's
//! `SubscriberOptions.maxPendingBytes`; one larger sample is held alone), and one more batch is
//! being delivered. A sample that finds no room waits until the delivery in progress takes the
//! pending batch — unless its thread may be what the listener waits for: a thread inside a
//! delivery (a listener that puts), or one Java marked with `Subscriber.markConsumerThread` (a
//! thread draining a queue a listener fills). Those never wait: the sample is dropped for this
//! subscriber and counted, and the listener is told with the next batch (`onDropped`). A batch
//! crosses in chunks of at most [`MAX_SAMPLES`] samples / about [`MAX_BYTES`] bytes, one upcall
//! each, and a buffer handed to Java never exceeds [`MAX_BUFFER`] (ints index it).

use std::cell::Cell;
use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

use jni::objects::{JClass, JObject, JValue};
use jni::sys::jboolean;
use jni::JNIEnv;
use zenoh::sample::Sample;

use crate::boundary;
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
/// Pending bytes per subscriber unless the declaration says otherwise (SubscriberOptions).
pub const DEFAULT_MAX_PENDING: usize = 16 << 20;
/// The range a subscriber's pending limit may be set in: from one full batch to 1 GiB.
pub const MIN_MAX_PENDING: usize = MAX_BYTES;
pub const MAX_MAX_PENDING: usize = 1 << 30;
/// The largest buffer handed to Java: a ByteBuffer's capacity and the offsets in it are ints. A
/// sample that cannot fit alone is dropped and counted.
pub const MAX_BUFFER: usize = i32::MAX as usize - 4096;
/// What one sample's 7 meta ints take.
const META_BYTES: usize = 7 * 4;
/// Room counted for a timestamp's text (zenoh's form, `<NTP64>/<zid>`, is at most ~55 bytes).
const TIMESTAMP_ROOM: usize = 64;

thread_local! {
    /// Deliveries in progress on this thread: a listener that puts re-enters `on_sample`.
    static DELIVERING: Cell<u32> = const { Cell::new(0) };
    /// Set from Java on threads a listener may wait for (`Subscriber.markConsumerThread`).
    static CONSUMER_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `wait`, which blocks until another thread makes progress. On a worker of zenoh's runtime
/// (its receive pool is a few threads shared by every session of the process), the worker's other
/// tasks move to another thread for the time of the wait: one blocked receive must not stop the
/// receiving of every other session — a route relaying between two sessions of one process would
/// otherwise wait for itself until zenoh closes the link. Elsewhere it just runs `wait`.
pub fn blocking<R>(wait: impl FnOnce() -> R) -> R {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(h) if h.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(wait)
        }
        _ => wait(),
    }
}

/// Whether this thread may wait for room in a subscriber's pending batch: not when the listener
/// it would wait for may be waiting for this very thread.
fn may_wait() -> bool {
    DELIVERING.with(|d| d.get() == 0) && !CONSUMER_THREAD.with(|c| c.get())
}

/// Bytes `s` adds to a batch at most (data, meta and the timestamp's room), before copying it.
fn size_of(s: &Sample) -> usize {
    s.key_expr().as_str().len()
        + s.payload().len()
        + s.encoding().schema().map_or(0, |x| x.len())
        + s.timestamp().map_or(0, |_| TIMESTAMP_ROOM)
        + s.attachment().map_or(0, |a| a.len())
        + META_BYTES
}

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
    /// Where the current chunk starts (sample index, data offset), and each chunk after the
    /// first: a chunk crosses in one upcall and its first sample always carries its key.
    chunk_at: (usize, usize),
    chunks: Vec<(usize, usize)>,
    /// Samples dropped since the last delivery; the listener is told with this batch.
    dropped: u64,
}

impl Batch {
    /// The buffer this batch becomes for Java: data, padding to 4 bytes, meta.
    fn bytes(&self) -> usize {
        self.data.len() + 3 + self.meta.len() * 4
    }

    fn push(&mut self, s: &Sample) {
        if self.count - self.chunk_at.0 >= MAX_SAMPLES
            || self.data.len() - self.chunk_at.1 >= MAX_BYTES
        {
            self.chunk_at = (self.count, self.data.len());
            self.chunks.push(self.chunk_at);
            self.key_at = None;
        }
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
        self.key_at = None;
        self.chunk_at = (0, 0);
        self.chunks.clear();
        self.dropped = 0;
        if self.data.capacity() > KEEP_BYTES {
            self.data = Vec::with_capacity(MAX_BYTES);
        } else {
            self.data.clear();
        }
        if self.meta.capacity() > KEEP_BYTES / 4 {
            self.meta = Vec::new();
        } else {
            self.meta.clear();
        }
    }

    /// Something to tell the listener: samples, or only a count of dropped ones.
    fn has_news(&self) -> bool {
        self.count > 0 || self.dropped > 0
    }
}

/// One subscriber's pending batch and delivery state; shared by zenoh's callback and flush tasks.
pub struct Delivery {
    listener: Listener,
    /// Pending bytes at most (one larger sample is held alone).
    limit: usize,
    state: Mutex<State>,
    /// Signalled when a delivery ends (for receiving threads waiting on a full batch).
    idle: Condvar,
    /// Signalled when a delivery takes the pending batch (for threads waiting for room).
    room: Condvar,
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
    /// Threads waiting on `room`.
    room_waiters: usize,
}

impl Delivery {
    pub fn new(listener: Listener, limit: usize) -> Arc<Delivery> {
        Arc::new(Delivery {
            listener,
            limit,
            state: Mutex::new(State {
                pending: Batch::default(),
                spare: Batch::default(),
                scheduled: false,
                active: None,
                closed: false,
                last_delivery: None,
                room_waiters: 0,
            }),
            idle: Condvar::new(),
            room: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // a panic while holding the lock is caught at the boundary; the state stays consistent
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// zenoh's callback: add the sample to the pending batch, then deliver now or let a flush do it.
    pub fn on_sample(self: &Arc<Self>, sample: Sample) {
        let size = size_of(&sample);
        let mut st = self.lock();
        if st.closed {
            return;
        }
        if size > MAX_BUFFER {
            // cannot cross in one Java buffer: counted, and told at once when nothing is running
            st.pending.dropped += 1;
            if st.active.is_none() {
                self.deliver_all(st, thread::current().id());
            }
            return;
        }
        while st.pending.count > 0 && st.pending.bytes() + size > self.limit {
            if st.active.is_none() {
                // nobody delivers (a flush is scheduled): deliver here, which makes room
                self.deliver_all(st, thread::current().id());
                st = self.lock();
            } else if may_wait() {
                st.room_waiters += 1;
                st = blocking(|| self.room.wait(st).unwrap_or_else(|e| e.into_inner()));
                st.room_waiters -= 1;
            } else {
                // the listener may be waiting for this thread: never wait for it, drop and count
                st.pending.dropped += 1;
                return;
            }
            if st.closed {
                return;
            }
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
            if other == me || !zenoh_thread || !may_wait() {
                // re-entered from a listener, or a Java thread: the active delivery takes it
                return;
            }
            // a zenoh thread with a full batch: wait for the delivery in progress (back-pressure)
            st = blocking(|| {
                while st.active.is_some() && !st.closed {
                    st = self.idle.wait(st).unwrap_or_else(|e| e.into_inner());
                }
                st
            });
            if st.closed || st.active.is_some() || !st.pending.has_news() {
                return;
            }
        }
        self.deliver_all(st, me);
    }

    /// Delivers batches until none is pending; `st.active` must be free.
    fn deliver_all<'a>(&'a self, mut st: MutexGuard<'a, State>, me: ThreadId) {
        st.active = Some(me);
        DELIVERING.with(|d| d.set(d.get() + 1));
        while !st.closed && st.pending.has_news() {
            let spare = std::mem::take(&mut st.spare);
            let mut batch = std::mem::replace(&mut st.pending, spare);
            let waiters = st.room_waiters > 0;
            drop(st);
            if waiters {
                self.room.notify_all();
            }
            deliver(&self.listener, &mut batch);
            batch.clear();
            st = self.lock();
            st.spare = batch;
        }
        DELIVERING.with(|d| d.set(d.get() - 1));
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
        self.room.notify_all();
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
        if st.active.is_some() || !st.pending.has_news() || st.closed {
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
    pub fn new(listener: Listener, limit: usize) -> Callback {
        Callback(Delivery::new(listener, limit))
    }

    /// Runs on zenoh's thread inside zenoh's code: a panic here would unwind through that thread's
    /// task and stop what it serves (a link's reception). It is caught and the sample counted as
    /// dropped (told to the listener with the next batch).
    pub fn call(&self, sample: Sample) {
        let delivery = &self.0;
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| delivery.on_sample(sample)))
            .is_err()
        {
            delivery.lock().pending.dropped += 1;
        }
    }
}

impl Drop for Callback {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// The upcalls for `batch`: `onSamples(count, dataAt, metaAt, buffer)` per chunk, where `buffer`
/// is a direct ByteBuffer over the batch's own memory — `data`, padded to 4 bytes, then `meta` as
/// native-order ints — valid during the call only (Java copies out what it keeps); then
/// `onDropped(count)` when samples were dropped. No Java array is allocated or zeroed for the
/// batch and its bytes are copied once, into the samples' arrays.
fn deliver(listener: &Listener, batch: &mut Batch) {
    if batch.count > 0 {
        while !batch.data.len().is_multiple_of(4) {
            batch.data.push(0);
        }
        let meta_at = batch.data.len();
        for m in &batch.meta {
            batch.data.extend_from_slice(&m.to_ne_bytes());
        }
        let (ptr, len) = (batch.data.as_mut_ptr(), batch.data.len());
        if len > i32::MAX as usize {
            // bounded when the samples were added: cannot happen, but never hand Java a wrong size
            batch.dropped += batch.count as u64;
        } else {
            let ends = batch.chunks.iter().map(|c| c.0).chain([batch.count]);
            let starts = [(0, 0)].into_iter().chain(batch.chunks.iter().copied());
            for ((first, data_at), end) in starts.zip(ends) {
                let count = end - first;
                let chunk_meta_at = meta_at + first * META_BYTES;
                jvm::upcall(4, |env| {
                    // SAFETY: `batch` is borrowed mutably for the whole call and Java does not keep
                    // the buffer
                    let buffer = unsafe { env.new_direct_byte_buffer(ptr, len) }?;
                    let args = [
                        JValue::Int(count as i32).as_jni(),
                        JValue::Int(data_at as i32).as_jni(),
                        JValue::Int(chunk_meta_at as i32).as_jni(),
                        JValue::Object(&buffer).as_jni(),
                    ];
                    jvm::count_delivery(count as u64, 1, JNI_CALLS_PER_BATCH);
                    jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_samples, &args)
                });
            }
        }
    }
    if batch.dropped > 0 {
        let dropped = batch.dropped.min(i64::MAX as u64) as i64;
        jvm::upcall(2, |env| {
            let args = [JValue::Long(dropped).as_jni()];
            jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_dropped, &args)
        });
    }
}

/// Marks (or unmarks) the calling thread as one a subscriber's listener may wait for: it never
/// waits for room in a pending batch (see the module's documentation).
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_markConsumerThread(
    mut env: JNIEnv,
    _class: JClass,
    on: jboolean,
) {
    boundary::run(&mut env, |_| {
        CONSUMER_THREAD.with(|c| c.set(on != 0));
        Ok(())
    })
}

/// Runs `wait.run()` (a Java `Runnable` that blocks until another thread makes progress) through
/// [`blocking`]: on a zenoh receive thread, zenoh's other work moves to another thread meanwhile.
/// An exception thrown by `wait` stays pending for the caller.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_blocking(
    mut env: JNIEnv,
    _class: JClass,
    wait: JObject,
) {
    boundary::run(&mut env, |env| {
        blocking(|| env.call_method(&wait, "run", "()V", &[]))?;
        Ok(())
    })
}
