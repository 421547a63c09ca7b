// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The JVM side of callbacks: the cached VM, the listener method ids (looked up once at load),
//! and [`upcall`], which runs Java code from a zenoh runtime thread safely.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use jni::objects::{GlobalRef, JClass, JMethodID, JObject, JStaticMethodID, JValue};
use jni::signature::{Primitive, ReturnType};
use jni::sys::jvalue;
use jni::{JNIEnv, JavaVM};

use crate::boundary::panic_text;
use crate::handle::Counted;

static VM: OnceLock<JavaVM> = OnceLock::new();
static IDS: OnceLock<MethodIds> = OnceLock::new();
/// Dispatch and its static `upcallFailed(String, Throwable)`: where upcall failures are logged.
static FAILURES: OnceLock<(GlobalRef, JStaticMethodID)> = OnceLock::new();
/// Numbers the native threads attached to the JVM (`zenoh-rx-<n>`).
static ATTACHED: AtomicU64 = AtomicU64::new(0);

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
    let dispatch = env.find_class(format!("{SINKS}Dispatch"))?;
    let failed = env.get_static_method_id(
        &dispatch,
        "upcallFailed",
        "(Ljava/lang/String;Ljava/lang/Throwable;)V",
    )?;
    let _ = FAILURES.set((env.new_global_ref(dispatch)?, failed));
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
/// daemon named `zenoh-rx-<n>[-<its Rust name>]`, and stays attached; each upcall runs in its own
/// local frame, popped on every path (a panic in `f` is caught first), so references created for
/// one sample never pile up on a long-lived native thread. A Java exception left pending by the
/// listener, a JNI error or a panic is cleared and logged through Dispatch (System.Logger):
/// nothing escapes into zenoh's runtime, nothing is printed by ExceptionDescribe.
pub fn upcall<F>(capacity: i32, f: F)
where
    F: FnOnce(&mut JNIEnv) -> jni::errors::Result<()>,
{
    let Some(vm) = VM.get() else { return };
    let mut env = match vm.get_env() {
        Ok(env) => env,
        Err(_) => match vm.attach_current_thread_as_daemon() {
            Ok(mut env) => {
                name_thread(&mut env);
                env
            }
            Err(_) => return,
        },
    };
    if env.push_local_frame(capacity).is_err() {
        let _ = env.exception_clear();
        return;
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| f(&mut env)));
    let failure = match outcome {
        Ok(Ok(())) | Ok(Err(jni::errors::Error::JavaException)) => None,
        Ok(Err(e)) => Some(format!("callback failed: {e}")),
        Err(p) => Some(format!("callback panicked: {}", panic_text(&p))),
    };
    report(&mut env, failure);
    // SAFETY: pops the frame pushed above; no reference of it is kept
    let _ = unsafe { env.pop_local_frame(&JObject::null()) };
}

/// Clears a pending Java exception and hands it, or a native failure, to
/// `Dispatch.upcallFailed`, which logs it. Runs inside the upcall's local frame.
fn report(env: &mut JNIEnv, failure: Option<String>) {
    let thrown = if env.exception_check().unwrap_or(false) {
        let t = env.exception_occurred().ok();
        let _ = env.exception_clear();
        t
    } else {
        None
    };
    if thrown.is_none() && failure.is_none() {
        return;
    }
    let Some((dispatch, method)) = FAILURES.get() else {
        return;
    };
    let message: JObject = match failure {
        Some(m) => env.new_string(m).map(JObject::from).unwrap_or_default(),
        None => JObject::null(),
    };
    let thrown: JObject = thrown.map(JObject::from).unwrap_or_default();
    let class: &JClass = dispatch.as_obj().into();
    let args = [
        JValue::Object(&message).as_jni(),
        JValue::Object(&thrown).as_jni(),
    ];
    // SAFETY: `method` is Dispatch.upcallFailed(String, Throwable), looked up at load
    let _ = unsafe {
        env.call_static_method_unchecked(
            class,
            *method,
            ReturnType::Primitive(Primitive::Void),
            &args,
        )
    };
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
}

/// Names the Java thread of a native thread just attached: `zenoh-rx-<n>`, then its Rust name
/// when it has one (zenoh names its runtime threads). Once per thread, never on the hot path.
fn name_thread(env: &mut JNIEnv) {
    let n = ATTACHED.fetch_add(1, Ordering::Relaxed);
    let name = match std::thread::current().name() {
        Some(rust) => format!("zenoh-rx-{n}-{rust}"),
        None => format!("zenoh-rx-{n}"),
    };
    let _ = env.with_local_frame(4, |env| -> jni::errors::Result<()> {
        let thread = env
            .call_static_method(
                "java/lang/Thread",
                "currentThread",
                "()Ljava/lang/Thread;",
                &[],
            )?
            .l()?;
        let name = env.new_string(name)?;
        env.call_method(
            &thread,
            "setName",
            "(Ljava/lang/String;)V",
            &[JValue::Object(&name)],
        )?;
        Ok(())
    });
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
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
