/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Upcall target for get replies; {@link #onComplete} comes exactly once, last. */
interface ReplySink {
    void onReply(
            boolean ok,
            String keyExpr,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            int flags,
            String timestamp,
            byte[] attachment);

    void onComplete();
}
