/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

public enum ConsolidationMode {
    AUTO,
    NONE,
    MONOTONIC,
    LATEST
}
