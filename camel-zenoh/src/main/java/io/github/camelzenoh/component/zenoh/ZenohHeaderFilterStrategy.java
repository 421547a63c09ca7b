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
 * inFilterStartsWith} or {@code inFilterPattern} (or {@code filterOnMatch}) on an instance of this
 * class, by any of Camel's setters or by filling {@code getInFilter()}, or override its filter
 * methods in a subclass (endpoint option headerFilterStrategy) to leave headers out, e.g. {@code
 * CamelZenohTimestamp}.
 */
public class ZenohHeaderFilterStrategy extends DefaultHeaderFilterStrategy {

    /** inFilterStartsWith was set: Camel offers no getter to read it back. */
    private volatile boolean startsWithSet;

    /**
     * The inFilter set was set or handed out (it may be filled later): only then is it looked at,
     * so that the default strategy never makes Camel allocate an empty one.
     */
    private volatile boolean inFilterSeen;

    /**
     * True when this instance filters nothing inbound, so consumers can skip asking per header (and
     * computing the headers at all). Exact class only: a subclass may filter in {@code
     * applyFilterToExternalHeaders} or {@code extendedFilter}. Otherwise it reads the options of
     * Camel's strategy that can leave an inbound header out, as they are now: a pattern, a
     * non-empty inFilter, any prefix, or filterOnMatch=false (then every unmatched header goes). No
     * allocation: this runs once per message.
     */
    boolean filtersNothingInbound() {
        return getClass() == ZenohHeaderFilterStrategy.class
                && !startsWithSet
                && getInFilterPattern() == null
                && isFilterOnMatch()
                && (!inFilterSeen || super.getInFilter().isEmpty());
    }

    @Override
    public Set<String> getInFilter() {
        inFilterSeen = true;
        return super.getInFilter();
    }

    @Override
    public void setInFilter(Set<String> value) {
        super.setInFilter(value);
        inFilterSeen = true;
    }

    @Override
    public void setInFilter(String value) {
        super.setInFilter(value);
        inFilterSeen = true;
    }

    @Override
    public void setInFilterStartsWith(String... prefix) {
        super.setInFilterStartsWith(prefix);
        startsWithSet = prefix != null && prefix.length > 0;
    }
}
