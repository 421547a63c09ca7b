/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.EnumNames;

/**
 * What a producer does with a message (option {@code operation}, header {@code
 * CamelZenohOperation}).
 */
public enum ZenohOperation {
    PUT,
    DELETE,
    GET,
    /** The keys of the liveliness tokens alive now that match the key expression. */
    LIVELINESS_GET;

    private final String text = EnumNames.camelCase(name());

    /** The option's spelling ("put"). */
    @Override
    public String toString() {
        return text;
    }
}
