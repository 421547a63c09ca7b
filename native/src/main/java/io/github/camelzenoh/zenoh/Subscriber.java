/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** A declared subscriber (plain, advanced or liveliness). close() undeclares it (idempotent). */
public final class Subscriber extends NativeHandle {

    Subscriber(long ptr, String description) {
        super(ptr, ZenohNative::subscriberUndeclare, description);
    }
}
