/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

/**
 * A consumed record that can never become a zenoh put (no usable key, a bad encoding header).
 * Retrying cannot help, so the bridge sends it to the dead-letter topic instead of blocking its
 * partition.
 */
public class BadRecordException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public BadRecordException(String message) {
        super(message);
    }
}
