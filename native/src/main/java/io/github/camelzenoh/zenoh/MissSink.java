/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/** Upcall target for samples an advanced subscriber detected as missed. */
interface MissSink {
    void onMiss(String source, long count);
}
