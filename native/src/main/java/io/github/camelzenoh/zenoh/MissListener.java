/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Told when an advanced subscriber detects samples it will never receive. */
@FunctionalInterface
public interface MissListener {
    /**
     * @param source the publisher's global id ("zid:eid")
     * @param count how many samples were missed
     */
    void onMiss(String source, long count);
}
