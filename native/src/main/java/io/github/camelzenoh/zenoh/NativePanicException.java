/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * A panic inside the native library, caught at the boundary: the JVM and other sessions are
 * unaffected.
 */
public class NativePanicException extends ZenohException {
    private static final long serialVersionUID = 1L;

    public NativePanicException(String message) {
        super(message);
    }
}
