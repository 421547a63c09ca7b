/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SortedHeaders} is only fast if Camel's headers map copies it the way TreeMap copies a map
 * sorted by its own comparator: linearly, trusting that order, without comparing a single key.
 */
class SortedHeadersTest {

    private static final SortedHeaders.Names NAMES =
            new SortedHeaders.Names("CamelZenohKeyExpr", "Content-Type", "CamelZenohPriority");

    private CamelContext context;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    /**
     * An empty headers map, made the way a message makes its own (DefaultMessage.createHeaders).
     */
    private Map<String, Object> camelHeaders() {
        return context.getCamelContextExtension().getHeadersMapFactory().newMap();
    }

    /**
     * A probe that claims SortedHeaders' order but lists its entries in the reverse order. A copy
     * that trusts the claim (the bulk path) builds a tree in that wrong order, where a search for
     * the first key misses; a copy by one put per entry would sort them and find every key.
     */
    @Test
    void camelsHeadersMapTakesTheBulkPathForSortedHeaders() {
        Comparator<? super String> order = NAMES.newHeaders().comparator();
        TreeMap<String, Object> misordered =
                new TreeMap<String, Object>(order.reversed()) {
                    @Override
                    public Comparator<? super String> comparator() {
                        return order;
                    }
                };
        misordered.put("a", 1);
        misordered.put("b", 2);
        misordered.put("c", 3);
        assertThat(misordered.keySet()).containsExactly("c", "b", "a");

        Map<String, Object> headers = camelHeaders();
        headers.putAll(misordered);

        assertThat(headers).hasSize(3);
        assertThat(headers.get("a"))
                .as(
                        "Camel's headers map (%s) copied the sorted map key by key: SortedHeaders"
                                + " no longer saves the comparisons it exists for",
                        headers.getClass().getName())
                .isNull();
    }

    /** And the real thing: every header is there, found case-insensitively. */
    @Test
    void sortedHeadersArriveWhole() {
        SortedHeaders h = NAMES.newHeaders();
        h.set(NAMES.slot("CamelZenohKeyExpr"), "a/b");
        h.set(NAMES.slot("Content-Type"), "text/plain");
        h.set(NAMES.slot("CamelZenohPriority"), null);

        Map<String, Object> headers = camelHeaders();
        headers.putAll(h);

        assertThat(headers)
                .containsOnly(
                        Map.entry("CamelZenohKeyExpr", "a/b"),
                        Map.entry("Content-Type", "text/plain"));
        assertThat(headers.get("content-type")).isEqualTo("text/plain");
        assertThat(headers.get("camelzenohkeyexpr")).isEqualTo("a/b");
    }
}
