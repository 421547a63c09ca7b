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

/// Takes ownership back from Java and hands the object to `release` (an undeclare, a close, a
/// drop). The object counts as alive until `release` has returned, so a count read meanwhile, or
/// after a `release` that panicked, never reports it freed before it is.
///
/// # Safety
/// As for [`borrow`], and Java never uses `ptr` again.
pub unsafe fn release<T, R>(ptr: jlong, what: &str, release: impl FnOnce(T) -> R) -> Result<R> {
    if ptr == 0 {
        return Err(Error::zenoh(format!("{what}: null handle")));
    }
    // dropped last, also when `release` unwinds: after the object itself
    let _alive = Counted(());
    Ok(release(*Box::from_raw(ptr as *mut T)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The counter is global: these tests read it one at a time.
    static COUNTER: Mutex<()> = Mutex::new(());

    #[test]
    fn a_released_object_counts_as_alive_until_its_release_returned() {
        let _one = COUNTER.lock().unwrap_or_else(|e| e.into_inner());
        let before = live_objects();
        let ptr = into_handle(String::from("declared"));
        assert_eq!(live_objects(), before + 1);
        let during = unsafe { release(ptr, "test object", |s: String| (s, live_objects())) };
        let (s, during) = during.expect("released");
        assert_eq!(s, "declared");
        assert_eq!(during, before + 1, "still alive while it is being released");
        assert_eq!(live_objects(), before);
    }

    #[test]
    fn a_panicking_release_still_frees_and_uncounts() {
        let _one = COUNTER.lock().unwrap_or_else(|e| e.into_inner());
        let before = live_objects();
        let ptr = into_handle(vec![1u8; 16]);
        let r = std::panic::catch_unwind(|| unsafe {
            release(ptr, "test object", |_v: Vec<u8>| panic!("undeclare failed"))
        });
        assert!(r.is_err());
        assert_eq!(live_objects(), before);
    }

    #[test]
    fn a_null_handle_is_an_error_and_counts_nothing() {
        let _one = COUNTER.lock().unwrap_or_else(|e| e.into_inner());
        let before = live_objects();
        let r = unsafe { release(0, "publisher", |_: u8| ()) };
        assert!(r.unwrap_err().message.contains("publisher: null handle"));
        assert_eq!(live_objects(), before);
    }
}
