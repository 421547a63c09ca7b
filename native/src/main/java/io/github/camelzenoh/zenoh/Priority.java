/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** zenoh priorities, highest first; {@link #code()} is zenoh's own number (1..7). */
public enum Priority {
    REAL_TIME,
    INTERACTIVE_HIGH,
    INTERACTIVE_LOW,
    DATA_HIGH,
    DATA,
    DATA_LOW,
    BACKGROUND;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("realTime"), as options and headers write it. */
    @Override
    public String toString() {
        return text;
    }

    private static final Priority[] VALUES = values();

    public int code() {
        return ordinal() + 1;
    }

    static Priority ofCode(int code) {
        return code >= 1 && code <= 7 ? VALUES[code - 1] : DATA;
    }
}
