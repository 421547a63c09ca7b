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
        try {
            ZenohNative.publisherPut(p, payload, id, schema, attachment);
        } finally {
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
        try {
            ZenohNative.publisherDelete(p, attachment);
        } finally {
            release();
        }
    }
}
