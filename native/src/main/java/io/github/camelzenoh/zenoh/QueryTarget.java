/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

public enum QueryTarget {
    BEST_MATCHING,
    ALL,
    ALL_COMPLETE;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("bestMatching"), as options and headers write it. */
    @Override
    public String toString() {
        return text;
    }
}
