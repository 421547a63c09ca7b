/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

/**
 * A zenoh sample Kafka can never take as it is (too large, a topic Kafka refuses, ...): retrying it
 * cannot help, so it goes to the dead-letter path at once.
 */
public class UnwritableSampleException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnwritableSampleException(String message, Throwable cause) {
        super(message, cause);
    }
}
