/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Counters of the native library, for leak tests, benchmarks and the Camel dev console. */
public final class NativeDiagnostics {

    private NativeDiagnostics() {}

    /** Native objects alive now: handles plus listener references held by zenoh callbacks. */
    public static long liveObjects() {
        return ZenohNative.liveObjects();
    }

    /**
     * Turns on (or off) the accounting of received samples that the benchmark reports as JNI
     * crossings per sample. Off by default; when on it costs a few atomic adds per delivery.
     */
    public static void countDeliveries(boolean on) {
        ZenohNative.countDeliveries(on);
    }

    /**
     * Received samples, replies and queries that could not be handed to their listener, per reason
     * (each reason is logged once, at its first occurrence). A query counted here was answered with
     * an error reply and finished.
     */
    public static java.util.Map<String, Long> undelivered() {
        return Dispatch.undelivered();
    }

    /** Subscriber samples delivered while {@link #countDeliveries} was on, and what it took. */
    public static DeliveryCounters deliveryCounters() {
        long[] c = ZenohNative.deliveryCounters();
        return new DeliveryCounters(c[0], c[1], c[2]);
    }

    /**
     * @param samples samples delivered to subscriber listeners
     * @param upcalls native→Java method calls that delivered them
     * @param jniCalls JNIEnv/JavaVM functions called for them, upcalls included
     */
    public record DeliveryCounters(long samples, long upcalls, long jniCalls) {

        public DeliveryCounters minus(DeliveryCounters earlier) {
            return new DeliveryCounters(
                    samples - earlier.samples,
                    upcalls - earlier.upcalls,
                    jniCalls - earlier.jniCalls);
        }
    }

    /**
     * Test-only: makes the native side panic; the panic must arrive as {@link
     * NativePanicException}.
     */
    public static void panicForTest(String message) {
        ZenohNative.testPanic(message);
    }
}
