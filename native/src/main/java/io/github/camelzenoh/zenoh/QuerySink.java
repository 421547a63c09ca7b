/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Upcall target for queries: values plus the handle of the zenoh query to answer. */
interface QuerySink {
    void onQuery(
            long queryPtr,
            String keyExpr,
            String parameters,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            byte[] attachment);
}
