/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** What a publication does when a transport queue is full (zenoh's names). */
public enum CongestionControl {
    /** drop the message (zenoh's default) */
    DROP,
    /** wait for room (bounded by zenoh's wait_before_close) */
    BLOCK,
    /** block for the first message of a batch, drop the rest (zenoh unstable) */
    BLOCK_FIRST;

    private final String text = EnumNames.camelCase(name());

    /** The camel-case spelling ("blockFirst"), as options and headers write it. */
    @Override
    public String toString() {
        return text;
    }
}
