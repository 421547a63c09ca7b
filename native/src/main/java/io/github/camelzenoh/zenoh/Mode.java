/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** A session's role in zenoh's topology; prints as zenoh's configuration writes it ("peer"). */
public enum Mode {
    PEER,
    CLIENT,
    ROUTER;

    private final String text = EnumNames.camelCase(name());

    @Override
    public String toString() {
        return text;
    }
}
