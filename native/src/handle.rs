// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Handles: long-lived Rust objects owned by a Java object through a `jlong`.
//!
//! Java (`NativeHandle`) guarantees a pointer is live for the duration of every call and is freed
//! exactly once, so here a handle is a plain `Box`. Every native object Java can keep alive —
//! handles and listener references — is counted, so leak tests can compare against a baseline.

use std::sync::atomic::{AtomicI64, Ordering};

use jni::sys::jlong;

use crate::boundary::{Error, Result};

static LIVE: AtomicI64 = AtomicI64::new(0);

pub fn live_objects() -> i64 {
    LIVE.load(Ordering::Relaxed)
}

/// Moves `value` to the heap and returns the pointer Java will hold.
pub fn into_handle<T>(value: T) -> jlong {
    LIVE.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new(value)) as jlong
}

/// Borrows the object behind a handle for the duration of one call.
///
/// # Safety
/// `ptr` must come from `into_handle::<T>` and not be freed yet (NativeHandle guarantees it).
pub unsafe fn borrow<'a, T>(ptr: jlong, what: &str) -> Result<&'a T> {
    if ptr == 0 {
        return Err(Error::zenoh(format!("{what}: null handle")));
    }
    Ok(&*(ptr as *const T))
}

/// Takes ownership back from Java; the caller drops or consumes it.
///
/// # Safety
/// As for [`borrow`], and Java never uses `ptr` again.
pub unsafe fn take<T>(ptr: jlong, what: &str) -> Result<T> {
    if ptr == 0 {
        return Err(Error::zenoh(format!("{what}: null handle")));
    }
    LIVE.fetch_sub(1, Ordering::Relaxed);
    Ok(*Box::from_raw(ptr as *mut T))
}

/// Counts a native object that is not a handle (a listener's global reference held by zenoh).
pub struct Counted(());

impl Counted {
    pub fn new() -> Self {
        LIVE.fetch_add(1, Ordering::Relaxed);
        Counted(())
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::Relaxed);
    }
}
