/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.EnumNames;

/** What a consumer declares (option {@code consumerType}). */
public enum ZenohConsumerType {
    SUBSCRIBER,
    QUERYABLE,
    LIVELINESS;

    private final String text = EnumNames.camelCase(name());

    /** The option's spelling ("subscriber"). */
    @Override
    public String toString() {
        return text;
    }
}
