/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** A declared queryable. close() undeclares it (idempotent). */
public final class Queryable extends NativeHandle {

    Queryable(long ptr, String keyExpr) {
        super(ptr, ZenohNative::queryableUndeclare, "queryable on '" + keyExpr + "'");
    }
}
