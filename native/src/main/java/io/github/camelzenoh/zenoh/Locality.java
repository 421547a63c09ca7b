/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Which sessions a declaration exchanges data with: any, this session only, or others only. */
public enum Locality {
    ANY,
    SESSION_LOCAL,
    REMOTE;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("sessionLocal"), as options and headers write it. */
    @Override
    public String toString() {
        return text;
    }
}
