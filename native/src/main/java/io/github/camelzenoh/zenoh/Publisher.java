/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** A declared publisher. Thread-safe; close() undeclares it (idempotent). */
public final class Publisher extends NativeHandle {

    private final String keyExpr;

    Publisher(long ptr, String keyExpr) {
        super(ptr, ZenohNative::publisherUndeclare, "publisher on '" + keyExpr + "'");
        this.keyExpr = keyExpr;
    }

    public String keyExpr() {
        return keyExpr;
    }

    /** Puts with the publisher's own encoding. */
    public void put(byte[] payload) {
        put(payload, null, null);
    }

    /**
     * @param encoding this put's encoding, or null for the publisher's
     * @param attachment attachment bytes, or null
     */
    public void put(byte[] payload, Encoding encoding, byte[] attachment) {
        int id = encoding == null ? -1 : encoding.id();
        String schema = encoding == null ? null : encoding.schema();
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.publisherPut(p, payload, id, schema, attachment);
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }

    /**
     * Sends the batch's puts in order, in one native call. On a failure the exception names the
     * element (its index counted from the batch's {@code first}, see {@link PutBatch#clear}); the
     * elements before it were sent.
     */
    public void put(PutBatch batch) {
        if (batch.size() == 0) {
            return;
        }
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.publisherPutBatch(
                    p,
                    batch.first(),
                    batch.size(),
                    batch.meta(),
                    batch.data(),
                    batch.bytes(),
                    batch.schemas());
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }

    /** True when some subscriber, in this session or another, matches this publisher now. */
    public boolean hasMatchingSubscribers() {
        long p = acquire();
        try {
            return ZenohNative.publisherHasMatchingSubscribers(p);
        } finally {
            release();
        }
    }

    public void delete(byte[] attachment) {
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.publisherDelete(p, attachment);
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }
}
