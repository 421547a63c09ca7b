/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Receives queries on a zenoh runtime thread. The listener owns the {@link Query}: reply any number
 * of times, then {@link Query#finish()} it (possibly later, on another thread). If the listener
 * throws, the query is finished with an error reply carrying the exception's message.
 */
@FunctionalInterface
public interface QueryListener {
    void onQuery(Query query);
}
