/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Which replies a get accepts (zenoh's {@code ReplyKeyExpr}): only those on keys its selector
 * matches, or replies on any key.
 */
public enum AcceptReplies {
    MATCHING,
    ANY;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("matching"), as options write it. */
    @Override
    public String toString() {
        return text;
    }
}
