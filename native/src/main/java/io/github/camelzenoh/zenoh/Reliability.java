/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

public enum Reliability {
    BEST_EFFORT,
    RELIABLE;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("bestEffort"), as options and headers write it. */
    @Override
    public String toString() {
        return text;
    }
}
