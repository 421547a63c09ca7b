/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Every function exported by the Rust library, in one place. Package-private: the rest of the Java
 * face wraps these in typed handles, and nothing outside this package ever sees a raw pointer.
 *
 * <p>Conventions shared with the Rust side ({@code native/src/*.rs}):
 *
 * <ul>
 *   <li>{@code long} arguments named {@code *Ptr} are handles returned earlier by this class; the
 *       caller guarantees they are live for the call (see {@link NativeHandle}).
 *   <li>Encodings cross as {@code (int id, String schema)}; {@code id < 0} means "not given".
 *   <li>Enumerations cross as their {@code ordinal()} codes documented on each enum.
 *   <li>Every function throws a {@link ZenohException} subclass on error; a Rust panic arrives as
 *       {@link NativePanicException}.
 * </ul>
 */
final class ZenohNative {

    static {
        NativeLoader.load();
    }

    private ZenohNative() {}

    // ---- library ----------------------------------------------------------------------------
    static native long liveObjects();

    /** Turns the accounting of sample deliveries on or off (off at load). */
    static native void countDeliveries(boolean on);

    /** [samples, upcalls, JNI calls] counted while the accounting was on. */
    static native long[] deliveryCounters();

    /** Test-only: panics inside the boundary wrapper; must arrive as NativePanicException. */
    static native void testPanic(String message);

    /**
     * Test-only: on a native thread attached like a zenoh thread, {@code times} upcalls each pass a
     * new object to {@code sink} and then panic; a last upcall runs {@code check} on that thread.
     */
    static native void testUpcallPanics(
            java.util.function.Consumer<Object> sink, int times, Runnable check);

    // ---- session ----------------------------------------------------------------------------
    /** overrides: flat array of (json5 key, json5 value) pairs applied after text and file. */
    static native long sessionOpen(String json5, String configFile, String[] overrides);

    static native void sessionClose(long sessionPtr);

    static native String sessionZid(long sessionPtr);

    /** [0] = routers, [1] = peers. */
    static native String[][] sessionPeers(long sessionPtr);

    static native boolean sessionIsClosed(long sessionPtr);

    /**
     * [0] = the mode the session runs in ("peer", "client", "router"), then the endpoints it
     * connects to in that mode: both from its effective configuration.
     */
    static native String[] sessionModeAndConnect(long sessionPtr);

    // ---- key expressions (no handle kept) ---------------------------------------------------
    static native void keyExprValidate(String keyExpr);

    static native String keyExprCanonize(String keyExpr);

    static native boolean keyExprIntersects(String a, String b);

    static native boolean keyExprIncludes(String a, String b);

    static native long keyExprDeclare(long sessionPtr, String keyExpr);

    static native void keyExprUndeclare(long keyExprPtr);

    // ---- publisher and one-shot put/delete --------------------------------------------------
    /**
     * qos packs congestion control (bits 0-1), priority (bits 2-4), express (bit 5), reliability
     * (bit 6, 1 = reliable), allowed destination (bits 7-8).
     */
    static native long publisherDeclare(
            long sessionPtr,
            long keyExprPtr,
            String keyExpr,
            int encodingId,
            String encodingSchema,
            int qos,
            int cacheMaxSamples,
            long heartbeatMillis);

    static native void publisherPut(
            long publisherPtr,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment);

    /**
     * Puts {@code count} elements in order (native/src/batch.rs): element i is {@code meta[4i]}
     * payload length, {@code meta[4i+1]} encoding id (-1: the publisher's), {@code meta[4i+2]}
     * index of its schema in {@code schemas} (-1: none), {@code meta[4i+3]} attachment length (-1:
     * none); the first {@code dataLength} bytes of {@code data} hold each payload then its
     * attachment, back to back. {@code first} names the elements in errors.
     */
    static native void publisherPutBatch(
            long publisherPtr,
            int first,
            int count,
            int[] meta,
            byte[] data,
            int dataLength,
            String[] schemas);

    /** As {@link #publisherPutBatch}, each element put on {@code keyExpr} through the session. */
    static native void sessionPutBatch(
            long sessionPtr,
            String keyExpr,
            int qos,
            int first,
            int count,
            int[] meta,
            byte[] data,
            int dataLength,
            String[] schemas);

    static native void publisherDelete(long publisherPtr, byte[] attachment);

    static native void publisherUndeclare(long publisherPtr);

    static native boolean publisherHasMatchingSubscribers(long publisherPtr);

    static native void sessionPut(
            long sessionPtr,
            long keyExprPtr,
            String keyExpr,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment,
            int qos);

    static native void sessionDelete(
            long sessionPtr, long keyExprPtr, String keyExpr, byte[] attachment, int qos);

    // ---- subscriber -------------------------------------------------------------------------
    /**
     * listener receives the samples in batches ({@link SampleSink#onSamples}). origin: 0 any, 1
     * sessionLocal, 2 remote. historyMaxSamples > 0 or recovery makes it a zenoh-ext advanced
     * subscriber (see {@link SubscriberOptions}); missListener (nullable) then hears of missed
     * samples.
     */
    static native long subscriberDeclare(
            long sessionPtr,
            long keyExprPtr,
            String keyExpr,
            int origin,
            SampleSink listener,
            int historyMaxSamples,
            boolean recovery,
            long recoveryPeriodMillis,
            MissSink missListener,
            int maxPendingBytes);

    /** Marks the calling thread as one listeners may wait for (see Subscriber). */
    static native void markConsumerThread(boolean on);

    /** Runs wait.run(); on a zenoh thread its other work moves elsewhere meanwhile (Subscriber). */
    static native void blocking(Runnable wait);

    static native void subscriberUndeclare(long subscriberPtr);

    // ---- queryable --------------------------------------------------------------------------
    static native long queryableDeclare(
            long sessionPtr,
            long keyExprPtr,
            String keyExpr,
            boolean complete,
            int origin,
            QuerySink listener);

    static native void queryableUndeclare(long queryablePtr);

    static native void queryReply(
            long queryPtr,
            String keyExpr,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment);

    static native void queryReplyDelete(long queryPtr, String keyExpr, byte[] attachment);

    static native void queryReplyError(
            long queryPtr, byte[] payload, int encodingId, String encodingSchema);

    /** Drops the query: zenoh sends the final response to the asker. */
    static native void queryFinish(long queryPtr);

    // ---- get --------------------------------------------------------------------------------
    /**
     * target: 0 bestMatching, 1 all, 2 allComplete. consolidation: 0 auto, 1 none, 2 monotonic, 3
     * latest. listener gets onReply per reply and onComplete exactly once.
     */
    static native void sessionGet(
            long sessionPtr,
            String selector,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment,
            int target,
            int consolidation,
            long timeoutMillis,
            int qos,
            boolean acceptAnyReplies,
            ReplySink listener);

    // ---- querier ----------------------------------------------------------------------------
    /** A querier on a declared key expression (keyExprPtr != 0) or on {@code keyExpr}. */
    static native long querierDeclare(
            long sessionPtr,
            long keyExprPtr,
            String keyExpr,
            int target,
            int consolidation,
            long timeoutMillis,
            int qos,
            boolean acceptAnyReplies);

    /** parameters, payload, encoding and attachment may be null / -1. */
    static native void querierGet(
            long querierPtr,
            String parameters,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment,
            ReplySink listener);

    static native void querierUndeclare(long querierPtr);

    // ---- liveliness -------------------------------------------------------------------------
    static native long livelinessDeclareToken(long sessionPtr, String keyExpr);

    static native void livelinessUndeclareToken(long tokenPtr);

    static native long livelinessDeclareSubscriber(
            long sessionPtr, String keyExpr, boolean history, SampleSink listener);

    static native void livelinessGet(
            long sessionPtr, String keyExpr, long timeoutMillis, ReplySink listener);

    // ---- zenoh's own log events -------------------------------------------------------------
    /** Sets the filter (RUST_LOG syntax) of zenoh's log events; ConfigException when invalid. */
    static native void logSetFilter(String filter);

    /**
     * Waits up to waitMillis for log records; returns them flat (level, target, message each),
     * empty when none came.
     */
    static native String[] logDrain(long waitMillis);

    /** Log records dropped so far because the queue was full. */
    static native long logDropped();
}
