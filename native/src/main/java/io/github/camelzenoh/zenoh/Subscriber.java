/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/** A declared subscriber (plain, advanced or liveliness). close() undeclares it (idempotent). */
public final class Subscriber extends NativeHandle {

    Subscriber(long ptr, String description) {
        super(ptr, ZenohNative::subscriberUndeclare, description);
    }

    /**
     * Marks (or unmarks) the calling thread as one that subscriber listeners may wait for — a
     * thread taking from a queue that a listener fills, say. zenoh delivers a put to the
     * subscribers of the same session on the putting thread; a thread marked here never waits there
     * for a subscriber's pending samples to go below {@link SubscriberOptions#maxPendingBytes} (the
     * listener it would wait for may be waiting for it): the sample is dropped for that subscriber
     * and counted ({@link SampleListener#onDropped}). Other threads wait for room, except while
     * they run a listener themselves. The mark stays with the thread until unmarked; a virtual
     * thread's mark follows it from carrier thread to carrier thread (and does not stay on them).
     */
    public static void markConsumerThread(boolean on) {
        ConsumerThreads.mark(on);
    }

    /**
     * Runs {@code wait}, which blocks until another thread makes progress (e.g. a listener waiting
     * for room in a full queue). zenoh receives on a small pool of threads shared by every session
     * of the process: called on one of them, its other work (other links, other sessions) moves to
     * another thread for the time of the wait, so one blocked listener stalls only its own link.
     * Elsewhere it just runs {@code wait}. One JNI call: use it when about to block, not per
     * message. Exceptions thrown by {@code wait} propagate.
     */
    public static void blocking(Runnable wait) {
        Objects.requireNonNull(wait, "wait");
        ZenohNative.blocking(wait);
    }
}
