/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.camel.spi.Registry;

/** Micrometer's side of {@link ZenohMetrics}; loaded only when Micrometer is present. */
final class ZenohMicrometer {

    private ZenohMicrometer() {}

    static ZenohMetrics.Registration register(
            ZenohEndpoint endpoint, String consumerType, String routeId) {
        MeterRegistry registry = find(endpoint.getCamelContext().getRegistry());
        if (registry == null) {
            return ZenohMetrics.NONE;
        }
        Tags tags =
                Tags.of(
                        ZenohMetrics.TAG_KEY_EXPR,
                        endpoint.getKeyExpr(),
                        ZenohMetrics.TAG_CONSUMER_TYPE,
                        consumerType,
                        ZenohMetrics.TAG_ROUTE,
                        routeId == null ? "" : routeId,
                        ZenohMetrics.TAG_CONTEXT,
                        endpoint.getCamelContext().getName());
        List<Meter> meters = new ArrayList<>();
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.RECEIVED,
                endpoint,
                e -> e.received,
                "samples, queries or liveliness changes received from zenoh");
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.SENT,
                endpoint,
                e -> e.sent,
                "puts, deletes, gets and replies sent to zenoh");
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.DROPPED,
                endpoint,
                e -> e.dropped,
                "received items dropped by the hand-off's overflow policy or at stop");
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.MISSED,
                endpoint,
                e -> e.missed,
                "samples an advanced subscriber detected as missed");
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.UNMATCHED,
                endpoint,
                e -> e.unmatched,
                "puts and deletes that no subscriber matched");
        counter(
                registry,
                meters,
                tags,
                ZenohMetrics.FAILED,
                endpoint,
                e -> e.failed,
                "exchanges that failed (route errors, failed sends)");
        meters.add(
                Gauge.builder(ZenohMetrics.HANDOFF_DEPTH, endpoint, ZenohEndpoint::handoffDepth)
                        .tags(tags)
                        .description("items waiting in the consumers' hand-off queues")
                        .register(registry));
        return new ZenohMetrics.Registration() {
            private boolean closed;

            @Override
            public synchronized void close() {
                if (!closed) {
                    closed = true;
                    meters.forEach(registry::remove);
                }
            }
        };
    }

    private static void counter(
            MeterRegistry registry,
            List<Meter> meters,
            Tags tags,
            String name,
            ZenohEndpoint endpoint,
            Function<ZenohEndpoint, LongAdder> counter,
            String description) {
        LongAdder c = counter.apply(endpoint);
        meters.add(
                FunctionCounter.builder(name, c, LongAdder::sum)
                        .tags(tags)
                        .description(description)
                        .register(registry));
    }

    /** The registry bound as camel-micrometer binds it, else the only one in the registry. */
    private static MeterRegistry find(Registry registry) {
        MeterRegistry r =
                registry.lookupByNameAndType(ZenohMetrics.REGISTRY_NAME, MeterRegistry.class);
        return r != null ? r : registry.findSingleByType(MeterRegistry.class);
    }
}
