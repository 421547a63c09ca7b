/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * @param complete declare the queryable as complete for its key expression
 * @param origin which queries it receives (any, this session's only, remote only)
 */
public record QueryableOptions(boolean complete, Locality origin) {

    public static final QueryableOptions DEFAULT = new QueryableOptions(false, Locality.ANY);

    public QueryableOptions {
        Objects.requireNonNull(origin, "origin");
    }
}
