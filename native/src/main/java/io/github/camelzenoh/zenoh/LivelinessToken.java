/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** A liveliness token: alive until closed (or its session closes). */
public final class LivelinessToken extends NativeHandle {

    LivelinessToken(long ptr, String keyExpr) {
        super(ptr, ZenohNative::livelinessUndeclareToken, "liveliness token '" + keyExpr + "'");
    }
}
