/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import org.apache.camel.Exchange;
import org.apache.camel.spi.HeaderFilterStrategy;

/**
 * The bridge's platform-http header filter: of the request's headers only those the route reads
 * become message headers, and of the message's headers only those the route sets for the client go
 * out on the response (platform-http sets Content-Type itself). Nothing else is mapped either way:
 * no per-request work for headers nobody reads, and no Camel header reaches a client or, from a
 * client, the route.
 */
final class BridgeHeaders implements HeaderFilterStrategy {

    /** Request headers the route reads (HTTP names are case-insensitive). */
    private static final String[] READ = {"Accept", "Content-Type"};

    /** Response headers the route sets. */
    private static final String[] WRITTEN = {
        "Access-Control-Allow-Origin",
        "Access-Control-Allow-Methods",
        "Vary",
        "Content-Encoding",
        "Allow",
        "Connection" // close, after a request whose body length is unknown
    };

    @Override
    public boolean applyFilterToCamelHeaders(String name, Object value, Exchange exchange) {
        return !listed(WRITTEN, name);
    }

    @Override
    public boolean applyFilterToExternalHeaders(String name, Object value, Exchange exchange) {
        return !listed(READ, name);
    }

    private static boolean listed(String[] names, String name) {
        for (String n : names) {
            if (n.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
