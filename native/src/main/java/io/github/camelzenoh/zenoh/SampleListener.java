/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Receives samples on a zenoh runtime thread. Return quickly and never call zenoh network
 * operations (get, a blocking put) from here: hand the sample off instead. An exception thrown here
 * is logged and the subscriber goes on.
 */
@FunctionalInterface
public interface SampleListener {
    void onSample(Sample sample);

    /**
     * {@code count} samples were dropped before reaching this listener, and are counted here. The
     * subscriber drops a sample only when the thread that put it may not wait for room (see {@link
     * Subscriber#markConsumerThread}) while its pending samples are at their limit ({@link
     * SubscriberOptions#maxPendingBytes}), when it is too large for one Java buffer, or when it
     * could not be decoded or copied into the heap (an OutOfMemoryError; counted in {@link
     * NativeDiagnostics#undelivered} too). Called on the delivering thread, with the next samples.
     */
    default void onDropped(long count) {}

    /**
     * The samples given to {@link #onSample} since the previous call of this method (or since the
     * subscriber was declared) are one batch the native side delivered together — one call per
     * chunk of a burst, after a single sample when zenoh has no backlog. Called on the delivering
     * thread after the batch's last sample; a listener that gathers samples hands them on here, so
     * nothing it gathered waits for a later sample.
     */
    default void onBatchEnd() {}
}
