/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.Set;
import org.apache.camel.support.DefaultHeaderFilterStrategy;

/**
 * Decides which zenoh headers a consumer puts on its exchanges. zenoh has no free-form message
 * headers to map, so by default nothing is filtered; configure {@code inFilter}, {@code
 * inFilterStartsWith} or {@code inFilterPattern} on an instance of this class (endpoint option
 * headerFilterStrategy) to leave headers out, e.g. {@code CamelZenohTimestamp}.
 */
public class ZenohHeaderFilterStrategy extends DefaultHeaderFilterStrategy {

    private volatile boolean inboundConfigured;

    /** True when this instance filters nothing inbound, so consumers can skip asking per header. */
    boolean filtersNothingInbound() {
        return !inboundConfigured;
    }

    @Override
    public void setInFilter(Set<String> value) {
        super.setInFilter(value);
        inboundConfigured = true;
    }

    @Override
    public void setInFilter(String value) {
        super.setInFilter(value);
        inboundConfigured = true;
    }

    @Override
    public void setInFilterStartsWith(String... prefix) {
        super.setInFilterStartsWith(prefix);
        inboundConfigured = true;
    }

    @Override
    public void setInFilterPattern(String value) {
        super.setInFilterPattern(value);
        inboundConfigured = true;
    }
}
