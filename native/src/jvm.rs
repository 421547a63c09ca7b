// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The JVM side of callbacks: the cached VM, the listener method ids (looked up once at load),
//! and [`upcall`], which runs Java code from a zenoh runtime thread safely.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use jni::objects::{GlobalRef, JMethodID, JObject};
use jni::signature::{Primitive, ReturnType};
use jni::sys::jvalue;
use jni::{JNIEnv, JavaVM};

use crate::boundary::panic_text;
use crate::handle::Counted;

static VM: OnceLock<JavaVM> = OnceLock::new();
static IDS: OnceLock<MethodIds> = OnceLock::new();

pub struct MethodIds {
    pub on_samples: JMethodID,
    pub on_dropped: JMethodID,
    pub on_query: JMethodID,
    pub on_reply: JMethodID,
    pub on_complete: JMethodID,
    pub on_miss: JMethodID,
}

const SINKS: &str = "io/github/camelzenoh/zenoh/";

pub fn init(vm: JavaVM) -> jni::errors::Result<()> {
    let mut env = vm.get_env()?;
    let mut id = |class: &str, name: &str, sig: &str| -> jni::errors::Result<JMethodID> {
        let class = env.find_class(format!("{SINKS}{class}"))?;
        env.get_method_id(&class, name, sig)
    };
    let ids = MethodIds {
        on_samples: id("SampleSink", "onSamples", "(IIILjava/nio/ByteBuffer;)V")?,
        on_dropped: id("SampleSink", "onDropped", "(J)V")?,
        on_query: id(
            "QuerySink",
            "onQuery",
            "(JLjava/lang/String;Ljava/lang/String;[BILjava/lang/String;[B)V",
        )?,
        on_reply: id(
            "ReplySink",
            "onReply",
            "(ZLjava/lang/String;[BILjava/lang/String;ILjava/lang/String;[B)V",
        )?,
        on_complete: id("ReplySink", "onComplete", "()V")?,
        on_miss: id("MissSink", "onMiss", "(Ljava/lang/String;J)V")?,
    };
    let _ = IDS.set(ids);
    let _ = VM.set(vm);
    Ok(())
}

pub fn ids() -> &'static MethodIds {
    IDS.get().expect("JNI_OnLoad ran")
}

/// A Java listener held by a zenoh callback: a global reference, released (and uncounted) when
/// zenoh drops the callback, i.e. when the subscriber/queryable/get is over.
pub struct Listener {
    pub obj: GlobalRef,
    _counted: Counted,
}

impl Listener {
    pub fn new(env: &JNIEnv, obj: &JObject) -> jni::errors::Result<Self> {
        Ok(Listener {
            obj: env.new_global_ref(obj)?,
            _counted: Counted::new(),
        })
    }
}

/// Runs `f` on the current (zenoh) thread with a JNIEnv. The thread is attached once, as a
/// daemon, and stays attached; each upcall runs in its own local frame so references created for
/// one sample never pile up on a long-lived native thread. A Java exception thrown by the
/// listener, or a panic here, is reported and cleared: nothing escapes into zenoh's runtime.
pub fn upcall<F>(capacity: i32, f: F)
where
    F: FnOnce(&mut JNIEnv) -> jni::errors::Result<()>,
{
    let Some(vm) = VM.get() else { return };
    let Ok(mut env) = vm.attach_current_thread_as_daemon() else {
        return;
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        env.with_local_frame(capacity, |env| f(env))
    }));
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_describe();
        let _ = env.exception_clear();
    }
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("camel-zenoh native: callback failed: {e}"),
        Err(p) => eprintln!("camel-zenoh native: callback panicked: {}", panic_text(&p)),
    }
}

/// Calls a void listener method with pre-built arguments.
pub fn call_void(
    env: &mut JNIEnv,
    target: &JObject,
    method: JMethodID,
    args: &[jvalue],
) -> jni::errors::Result<()> {
    // SAFETY: `method` was looked up on the listener's interface with the matching signature.
    unsafe {
        env.call_method_unchecked(target, method, ReturnType::Primitive(Primitive::Void), args)
    }?;
    Ok(())
}

/// Delivery accounting for the benchmark's "JNI crossings per received sample": off unless Java
/// asks for it (NativeDiagnostics.countDeliveries), so the hot path pays one relaxed load.
static COUNTING: AtomicBool = AtomicBool::new(false);
static SAMPLES: AtomicU64 = AtomicU64::new(0);
static UPCALLS: AtomicU64 = AtomicU64::new(0);
static JNI_CALLS: AtomicU64 = AtomicU64::new(0);

pub fn set_counting(on: bool) {
    COUNTING.store(on, Ordering::Relaxed);
}

/// Records one delivery: `samples` delivered in `upcalls` Java calls, with `jni_calls` JNIEnv /
/// JavaVM functions called in all (the upcalls included).
#[inline]
pub fn count_delivery(samples: u64, upcalls: u64, jni_calls: u64) {
    if COUNTING.load(Ordering::Relaxed) {
        SAMPLES.fetch_add(samples, Ordering::Relaxed);
        UPCALLS.fetch_add(upcalls, Ordering::Relaxed);
        JNI_CALLS.fetch_add(jni_calls, Ordering::Relaxed);
    }
}

/// [samples, upcalls, jni calls] counted so far.
pub fn delivery_counters() -> [i64; 3] {
    [
        SAMPLES.load(Ordering::Relaxed) as i64,
        UPCALLS.load(Ordering::Relaxed) as i64,
        JNI_CALLS.load(Ordering::Relaxed) as i64,
    ]
}
