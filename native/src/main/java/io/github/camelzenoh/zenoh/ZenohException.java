/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Base of every exception the zenoh binding throws; unchecked, like Camel's own. */
public class ZenohException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ZenohException(String message) {
        super(message);
    }

    public ZenohException(String message, Throwable cause) {
        super(message, cause);
    }
}
