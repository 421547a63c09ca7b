// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! JNI binding over the `zenoh` crate for camel-zenoh.
//!
//! One file per concern. Every exported `Java_*` function goes through [`boundary::run`], which
//! turns Rust errors and panics into Java exceptions. Received data crosses as plain JVM values
//! (see `sample.rs`); only long-lived objects get a handle (see `handle.rs`).

mod batch;
mod boundary;
mod delivery;
mod get;
mod handle;
mod jvm;
mod keyexpr;
mod liveliness;
mod logging;
mod publisher;
mod querier;
mod queryable;
mod sample;
mod session;
mod subscriber;
mod values;

use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong, JNI_VERSION_1_8};
use jni::{JNIEnv, JavaVM};

/// The stack of the threads zenoh starts (its runtimes), unless `RUST_MIN_STACK` is set, and of
/// the thread that closes a session (session.rs): zenoh recurses over a key's chunks on them, and
/// a remote peer may declare a token, subscriber or queryable of 32,767 chunks (a 65,535-byte
/// key). Measured: 5,000 chunks overflow the default 2 MiB (the JVM dies with SIGSEGV and no
/// hs_err); 32,700 pass with 64 MiB. Address space only: a thread touches the pages it uses.
pub(crate) const ZENOH_THREAD_STACK: usize = 64 * 1024 * 1024;

/// Called by the JVM when the library is loaded: caches the VM, classes and method ids once.
#[no_mangle]
pub extern "system" fn JNI_OnLoad(vm: JavaVM, _reserved: *mut std::ffi::c_void) -> jint {
    // Before zenoh starts its first thread: std reads the variable once, at the first spawn that
    // names no stack size, and keeps the value. One spawn here makes it read it; the variable is
    // then removed again, so that programs the application starts keep their own default.
    if std::env::var_os("RUST_MIN_STACK").is_none() {
        std::env::set_var("RUST_MIN_STACK", ZENOH_THREAD_STACK.to_string());
        // (std reads the variable before it creates the thread: a failed spawn has read it too)
        let _ = std::thread::Builder::new()
            .name("zenoh-stack-size".into())
            .spawn(|| {})
            .map(|t| t.join());
        std::env::remove_var("RUST_MIN_STACK");
    }
    match std::panic::catch_unwind(|| jvm::init(vm)) {
        Ok(Ok(())) => JNI_VERSION_1_8,
        _ => jni::sys::JNI_ERR,
    }
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_liveObjects(
    mut env: JNIEnv,
    _class: JClass,
) -> jlong {
    boundary::run(&mut env, |_| Ok(handle::live_objects()))
}

/// Benchmark accounting of sample deliveries (see jvm::count_delivery).
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_countDeliveries(
    mut env: JNIEnv,
    _class: JClass,
    on: jni::sys::jboolean,
) {
    boundary::run(&mut env, |_| {
        jvm::set_counting(on != 0);
        Ok(())
    })
}

/// [samples, upcalls, JNI calls] delivered while counting was on.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_deliveryCounters(
    mut env: JNIEnv,
    _class: JClass,
) -> jni::sys::jlongArray {
    boundary::run(&mut env, |env| {
        let c = jvm::delivery_counters();
        let a = env.new_long_array(c.len() as i32)?;
        env.set_long_array_region(&a, 0, &c)?;
        Ok(a.into_raw())
    })
}

/// Test-only export: proves that a panic inside an exported function reaches Java as an exception.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_testPanic(
    mut env: JNIEnv,
    _class: JClass,
    message: JString,
) {
    boundary::run(&mut env, |env| {
        let msg: String = env.get_string(&message)?.into();
        panic!("{}", msg);
    })
}

/// Test-only export: on a new native thread, attached like a zenoh thread and kept attached until
/// the end, `times` upcalls each create an object, hand it to `sink` (a java.util.function.Consumer)
/// and then panic; a last upcall runs `check` (a Runnable) while the thread is still attached, so
/// it can tell whether the objects are still referenced by frames the panics left behind.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_testUpcallPanics(
    mut env: JNIEnv,
    _class: JClass,
    sink: jni::objects::JObject,
    times: jint,
    check: jni::objects::JObject,
) {
    use jni::objects::JValue;
    boundary::run(&mut env, |env| {
        let sink = env.new_global_ref(sink)?;
        let check = env.new_global_ref(check)?;
        let thread = std::thread::Builder::new()
            .name("upcall-test".into())
            .spawn(move || {
                for i in 0..times {
                    jvm::upcall(4, |env| {
                        let o = env.new_object("java/lang/Object", "()V", &[])?;
                        env.call_method(
                            sink.as_obj(),
                            "accept",
                            "(Ljava/lang/Object;)V",
                            &[JValue::Object(&o)],
                        )?;
                        panic!("test panic {i} in an upcall");
                    });
                }
                jvm::upcall(4, |env| {
                    env.call_method(check.as_obj(), "run", "()V", &[])?;
                    Ok(())
                });
            })
            .map_err(|e| boundary::Error::zenoh(format!("test thread: {e}")))?;
        thread
            .join()
            .map_err(|_| boundary::Error::zenoh("test thread panicked"))
    })
}

/// The build id compiled into this library (build.rs); NativeLoader compares it with the jar's.
#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_NativeLoader_nativeBuildId(
    mut env: JNIEnv,
    _class: JClass,
) -> jni::sys::jstring {
    boundary::run(&mut env, |env| {
        Ok(env.new_string(env!("CAMEL_ZENOH_BUILD_ID"))?.into_raw())
    })
}
