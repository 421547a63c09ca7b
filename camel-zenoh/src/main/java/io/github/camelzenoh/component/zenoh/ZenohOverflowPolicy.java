/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.EnumNames;

/** What a consumer does when its hand-off queue is full (option {@code overflowPolicy}). */
public enum ZenohOverflowPolicy {
    BLOCK,
    DROP_OLDEST,
    DROP_NEWEST;

    private final String text = EnumNames.camelCase(name());

    /** The option's spelling ("dropOldest"). */
    @Override
    public String toString() {
        return text;
    }
}
