// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! Subscribers: plain, zenoh-ext advanced (history, recovery, miss detection), and liveliness
//! subscribers share one handle type. Samples reach Java as values, in batches (delivery.rs);
//! missed-sample reports of an advanced subscriber, one upcall each.

use std::time::Duration;

use jni::objects::{JClass, JObject, JString, JValue};
use jni::sys::{jboolean, jint, jlong};
use jni::JNIEnv;
use zenoh::pubsub::Subscriber;
use zenoh::sample::Sample;
use zenoh::Wait;
use zenoh_ext::{
    AdvancedSubscriber, AdvancedSubscriberBuilderExt, HistoryConfig, Miss, RecoveryConfig,
    SampleMissListener,
};

use crate::boundary::{self, Context, Error, Kind, Result};
use crate::delivery;
use crate::handle;
use crate::jvm::{self, Listener};
use crate::keyexpr;
use crate::publisher::ignore_closed;
use crate::session;
use crate::values::locality;

const WHAT: &str = "subscriber";

pub enum AnySubscriber {
    Plain(Subscriber<()>),
    Advanced(AdvancedSubscriber<()>, Option<SampleMissListener<()>>),
}

/// The zenoh callback for a SampleSink listener: samples cross to Java in batches (delivery.rs);
/// nothing is retained once delivered, and the queue is dropped with the callback.
pub fn sample_callback(listener: Listener) -> impl Fn(Sample) + Send + Sync + 'static {
    limited_sample_callback(listener, delivery::DEFAULT_MAX_PENDING)
}

/// [`sample_callback`] holding at most `max_pending` bytes of samples not yet delivered.
fn limited_sample_callback(
    listener: Listener,
    max_pending: usize,
) -> impl Fn(Sample) + Send + Sync + 'static {
    let delivery = delivery::Callback::new(listener, max_pending);
    move |s: Sample| delivery.call(s)
}

/// The pending limit Java asked for, checked against the range delivery.rs supports.
fn max_pending(bytes: jint) -> Result<usize> {
    match usize::try_from(bytes) {
        Ok(b) if (delivery::MIN_MAX_PENDING..=delivery::MAX_MAX_PENDING).contains(&b) => Ok(b),
        _ => Err(Error::new(
            Kind::Config,
            format!(
                "maxPendingBytes {bytes} is outside {}..={}",
                delivery::MIN_MAX_PENDING,
                delivery::MAX_MAX_PENDING
            ),
        )),
    }
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_subscriberDeclare(
    mut env: JNIEnv,
    _class: JClass,
    session_ptr: jlong,
    ke_ptr: jlong,
    ke: JString,
    origin: jint,
    listener: JObject,
    history_max_samples: jint,
    recovery: jboolean,
    recovery_period_millis: jlong,
    miss_listener: JObject,
    max_pending_bytes: jint,
) -> jlong {
    boundary::run(&mut env, |env| {
        let limit = max_pending(max_pending_bytes)?;
        let key_expr = unsafe { keyexpr::resolve(env, ke_ptr, &ke, "subscriber") }?;
        keyexpr::check_declared(key_expr.as_str(), "subscriber")?;
        let advanced = history_max_samples > 0 || recovery != 0;
        if advanced {
            keyexpr::check_len_for(
                key_expr.as_str(),
                "subscriber with history or recovery",
                keyexpr::MAX_ADVANCED_KEY_EXPR_BYTES,
            )?;
        }
        let session = unsafe { session::session(session_ptr) }?;
        let what = || format!("declaring subscriber on '{key_expr}'");
        let callback = limited_sample_callback(Listener::new(env, &listener)?, limit);
        let builder = session
            .declare_subscriber(key_expr.clone())
            .callback(callback)
            .allowed_origin(locality(origin)?);
        if !advanced {
            return Ok(handle::into_handle(AnySubscriber::Plain(
                builder.wait().ctx(Kind::Zenoh, what)?,
            )));
        }
        let mut adv = builder.advanced();
        if history_max_samples > 0 {
            adv = adv.history(
                HistoryConfig::default()
                    .detect_late_publishers()
                    .max_samples(history_max_samples as usize),
            );
        }
        if recovery != 0 {
            adv = adv.recovery(if recovery_period_millis > 0 {
                RecoveryConfig::default()
                    .periodic_queries(Duration::from_millis(recovery_period_millis as u64))
            } else {
                RecoveryConfig::default().heartbeat()
            });
            adv = adv.subscriber_detection();
        }
        let sub = adv.wait().ctx(Kind::Zenoh, what)?;
        let misses = if miss_listener.is_null() {
            None
        } else {
            let l = Listener::new(env, &miss_listener)?;
            let cb = move |m: Miss| deliver_miss(&l, &m);
            Some(
                sub.sample_miss_listener()
                    .callback(cb)
                    .wait()
                    .ctx(Kind::Zenoh, what)?,
            )
        };
        Ok(handle::into_handle(AnySubscriber::Advanced(sub, misses)))
    })
}

fn deliver_miss(listener: &Listener, miss: &Miss) {
    jvm::upcall(4, |env| {
        let src = miss.source();
        let source = env.new_string(format!("{}:{}", src.zid(), src.eid()))?;
        let a = [
            JValue::Object(&source).as_jni(),
            JValue::Long(miss.nb() as i64).as_jni(),
        ];
        jvm::call_void(env, listener.obj.as_obj(), jvm::ids().on_miss, &a)
    });
}

#[no_mangle]
pub extern "system" fn Java_io_github_camelzenoh_zenoh_ZenohNative_subscriberUndeclare(
    mut env: JNIEnv,
    _class: JClass,
    ptr: jlong,
) {
    boundary::run(&mut env, |_| {
        let r = unsafe {
            handle::release(ptr, WHAT, |s: AnySubscriber| match s {
                AnySubscriber::Plain(s) => s.undeclare().wait(),
                AnySubscriber::Advanced(s, misses) => {
                    if let Some(m) = misses {
                        let _ = m.undeclare().wait();
                    }
                    s.undeclare().wait()
                }
            })
        }?;
        ignore_closed(r).ctx(Kind::Zenoh, || "undeclaring subscriber".to_string())
    })
}
