/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * A call on a session, publisher, subscriber, queryable, query or token that was closed, or whose
 * session was.
 */
public class ClosedException extends ZenohException {
    private static final long serialVersionUID = 1L;

    public ClosedException(String message) {
        super(message);
    }
}
