/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * A declared querier: gets on one key expression with the target, consolidation, timeout and QoS it
 * was declared with. Thread-safe; close() undeclares it (idempotent).
 */
public final class Querier extends NativeHandle {

    private final String keyExpr;

    Querier(long ptr, String keyExpr) {
        super(ptr, ZenohNative::querierUndeclare, "querier on '" + keyExpr + "'");
        this.keyExpr = keyExpr;
    }

    public String keyExpr() {
        return keyExpr;
    }

    /**
     * Sends a query; replies arrive on zenoh threads, then {@link ReplyListener#onComplete()} once.
     * Of {@code o}, only the parameters, payload, encoding and attachment are used.
     */
    public void get(GetOptions o, ReplyListener listener) {
        Objects.requireNonNull(listener, "listener");
        Encoding e = o.encoding();
        long p = acquire();
        try {
            ZenohNative.querierGet(
                    p,
                    o.parameters() == null || o.parameters().isEmpty() ? null : o.parameters(),
                    o.payload(),
                    e == null ? -1 : e.id(),
                    e == null ? null : e.schema(),
                    o.attachment(),
                    Dispatch.replies(listener));
        } finally {
            release();
        }
    }
}
