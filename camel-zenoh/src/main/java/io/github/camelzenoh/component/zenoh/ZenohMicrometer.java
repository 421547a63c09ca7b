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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.camel.spi.Registry;

/**
 * Micrometer's side of {@link ZenohMetrics}; loaded only when Micrometer is present.
 *
 * <p>Endpoints whose tags are equal (one route sending to the same key expression through endpoints
 * with different options, e.g. operation=put and operation=get) share one set of meters, which add
 * up their counters: a registry holds one meter per name and tags.
 */
final class ZenohMicrometer {

    /**
     * The endpoints behind one set of meters, and those meters. A counter never goes down: what an
     * endpoint counted stays in the sum when it leaves while others remain, and comes out of that
     * again if it returns (its own counters still hold it).
     */
    private static final class Group {
        final Set<ZenohEndpoint> endpoints = new CopyOnWriteArraySet<>();
        final List<Meter> meters = new ArrayList<>();

        /** Per counter: the counts of the endpoints that left; guarded by this. */
        final Map<Function<ZenohEndpoint, LongAdder>, Long> left = new HashMap<>();

        /** Per endpoint that left: its counts then, per counter; guarded by this. */
        final Map<ZenohEndpoint, Map<Function<ZenohEndpoint, LongAdder>, Long>> leftBy =
                new HashMap<>();

        synchronized double sum(Function<ZenohEndpoint, LongAdder> counter) {
            long n = left.getOrDefault(counter, 0L);
            for (ZenohEndpoint e : endpoints) {
                n += counter.apply(e).sum();
            }
            return n;
        }

        /**
         * {@code fromNow}: the endpoint's counts so far stay in the sums of the meters it leaves
         * (re-tagged), so these count only what it counts from now on.
         */
        synchronized void add(ZenohEndpoint endpoint, boolean fromNow) {
            if (endpoints.add(endpoint)) {
                Map<Function<ZenohEndpoint, LongAdder>, Long> then = leftBy.remove(endpoint);
                if (then != null) {
                    then.forEach((counter, n) -> left.merge(counter, -n, Long::sum));
                } else if (fromNow) {
                    for (Function<ZenohEndpoint, LongAdder> counter : left.keySet()) {
                        left.merge(counter, -counter.apply(endpoint).sum(), Long::sum);
                    }
                }
            }
        }

        synchronized void remove(ZenohEndpoint endpoint) {
            if (endpoints.remove(endpoint)) {
                Map<Function<ZenohEndpoint, LongAdder>, Long> then = new HashMap<>();
                for (Function<ZenohEndpoint, LongAdder> counter : left.keySet()) {
                    long n = counter.apply(endpoint).sum();
                    then.put(counter, n);
                    left.merge(counter, n, Long::sum);
                }
                leftBy.put(endpoint, then);
            }
        }

        double depth() {
            double n = 0;
            for (ZenohEndpoint e : endpoints) {
                n += e.handoffDepth();
            }
            return n;
        }
    }

    /** Per registry, the groups by tags; guarded by itself. */
    private static final Map<MeterRegistry, Map<Tags, Group>> GROUPS = new HashMap<>();

    private ZenohMicrometer() {}

    static ZenohMetrics.Registration register(
            ZenohEndpoint endpoint, String consumerType, String routeId, boolean fromNow) {
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
                        routeId == null ? ZenohMetrics.routeSendingTo(endpoint) : routeId,
                        ZenohMetrics.TAG_CONTEXT,
                        endpoint.getCamelContext().getName());
        synchronized (GROUPS) {
            Map<Tags, Group> groups = GROUPS.computeIfAbsent(registry, r -> new HashMap<>());
            Group g = groups.get(tags);
            if (g == null) {
                g = new Group();
                try {
                    register(registry, tags, g);
                } catch (RuntimeException e) {
                    g.meters.forEach(registry::remove); // none left half-registered
                    if (groups.isEmpty()) {
                        GROUPS.remove(registry);
                    }
                    throw e;
                }
                groups.put(tags, g);
            }
            g.add(endpoint, fromNow);
            Group group = g;
            return new ZenohMetrics.Registration() {
                private boolean closed;

                @Override
                public boolean retire() {
                    synchronized (GROUPS) {
                        if (closed) {
                            return false;
                        }
                        closed = true;
                        group.remove(endpoint);
                        if (!group.endpoints.isEmpty()) {
                            return true;
                        }
                        group.meters.forEach(registry::remove);
                        Map<Tags, Group> left = GROUPS.get(registry);
                        left.remove(tags);
                        if (left.isEmpty()) {
                            GROUPS.remove(registry);
                        }
                        return false;
                    }
                }
            };
        }
    }

    private static void register(MeterRegistry registry, Tags tags, Group g) {
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.RECEIVED,
                e -> e.received,
                "samples, queries or liveliness changes received from zenoh");
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.SENT,
                e -> e.sent,
                "puts, deletes, gets and replies sent to zenoh");
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.DROPPED,
                e -> e.dropped,
                "received items dropped by the hand-off's overflow policy or at stop");
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.MISSED,
                e -> e.missed,
                "samples an advanced subscriber detected as missed");
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.UNMATCHED,
                e -> e.unmatched,
                "puts and deletes that no subscriber matched");
        counter(
                registry,
                g,
                tags,
                ZenohMetrics.FAILED,
                e -> e.failed,
                "exchanges that failed (route errors, failed sends)");
        g.meters.add(
                Gauge.builder(ZenohMetrics.HANDOFF_DEPTH, g, Group::depth)
                        .tags(tags)
                        .description("samples waiting in the consumers' hand-off queues")
                        .register(registry));
    }

    private static void counter(
            MeterRegistry registry,
            Group g,
            Tags tags,
            String name,
            Function<ZenohEndpoint, LongAdder> counter,
            String description) {
        g.left.put(counter, 0L);
        g.meters.add(
                FunctionCounter.builder(name, g, group -> group.sum(counter))
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
