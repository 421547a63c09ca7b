/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.nio.ByteBuffer;

/**
 * Upcall target for received samples (values only; see native/src/delivery.rs). Samples arrive in
 * batches — one call per chunk of a burst, one sample per call when zenoh has no backlog — and one
 * thread at a time calls a given sink, in zenoh's order.
 */
interface SampleSink {

    /**
     * {@code count} samples in {@code batch}, a direct buffer over native memory that is valid
     * during this call only: never keep it, copy out. From index {@code metaAt}, 7 native-order
     * ints per sample: key length (-1: the previous sample's key; the first sample of a call always
     * has its own), payload length, encoding id, schema length (-1: none), flags (see {@link
     * Sample#of}), timestamp length (-1: none), attachment length (-1: none). From index {@code
     * dataAt}, back to back, the bytes of those present: key (UTF-8), payload, schema (UTF-8),
     * timestamp (zenoh's text form), attachment. One buffer may serve several calls (chunks).
     */
    void onSamples(int count, int dataAt, int metaAt, ByteBuffer batch);

    /** {@code count} samples were dropped before this sink (see SampleListener#onDropped). */
    void onDropped(long count);
}
