/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** An invalid or non-canonical key expression; the message quotes it and zenoh's reason. */
public class KeyExprException extends ZenohException {
    private static final long serialVersionUID = 1L;

    public KeyExprException(String message) {
        super(message);
    }
}
