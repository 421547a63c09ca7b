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
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
     * The endpoints behind one set of meters, and those meters. A counter never goes down, and a
     * sum over all series counts each message once: what an endpoint counted stays in the sum when
     * it leaves while others remain; when it joins meters after others that still exist counted it
     * (it left them, or it returns here), these count only what it counts from then on.
     */
    private static final class Group {
        /** The endpoints counting into these meters now, by identity; guarded by this. */
        final Set<ZenohEndpoint> endpoints = Collections.newSetFromMap(new IdentityHashMap<>());

        final List<Meter> meters = new ArrayList<>();

        /**
         * Per counter, what the sum adds to the members' own counters: the counts of the endpoints
         * that left, minus the counts of members when they joined counted elsewhere already;
         * guarded by this.
         */
        final Map<Function<ZenohEndpoint, LongAdder>, Long> left = new HashMap<>();

        synchronized double sum(Function<ZenohEndpoint, LongAdder> counter) {
            long n = left.getOrDefault(counter, 0L);
            for (ZenohEndpoint e : endpoints) {
                n += counter.apply(e).sum();
            }
            return n;
        }

        /**
         * Whether these meters counted this very endpoint (not an equal one: endpoints equal by
         * URI); the endpoint remembers it (ZenohEndpoint#meteredBy), so that the meters hold no
         * endpoint that left them.
         */
        synchronized boolean hasCounted(ZenohEndpoint endpoint) {
            return endpoint.meteredBy.contains(this);
        }

        /** {@code fromNow}: meters that still exist hold what the endpoint counted so far. */
        synchronized void add(ZenohEndpoint endpoint, boolean fromNow) {
            if (endpoints.add(endpoint)) {
                if (fromNow) {
                    for (Function<ZenohEndpoint, LongAdder> counter : left.keySet()) {
                        left.merge(counter, -counter.apply(endpoint).sum(), Long::sum);
                    }
                }
                endpoint.meteredBy.add(this);
            }
        }

        synchronized void remove(ZenohEndpoint endpoint) {
            if (endpoints.remove(endpoint)) {
                for (Function<ZenohEndpoint, LongAdder> counter : left.keySet()) {
                    left.merge(counter, counter.apply(endpoint).sum(), Long::sum);
                }
            }
        }

        synchronized boolean isEmpty() {
            return endpoints.isEmpty();
        }

        synchronized double depth() {
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
            ZenohEndpoint endpoint, String consumerType, String routeId) {
        MeterRegistry registry = find(endpoint.getCamelContext().getRegistry());
        if (registry == null) {
            return ZenohMetrics.NONE;
        }
        String type = consumerType;
        String route = routeId;
        if (route == null) {
            // a producer first: the route consuming from the endpoint, if any, names the meters
            // (its counts, received to hand-off depth, are what they mostly watch), else the
            // route sending to it
            route = ZenohMetrics.routeConsumingFrom(endpoint);
            if (route != null) {
                type = ZenohOptions.name(endpoint.options().consumerType());
            } else {
                route = ZenohMetrics.routeSendingTo(endpoint);
            }
        }
        Tags tags =
                Tags.of(
                        ZenohMetrics.TAG_KEY_EXPR,
                        endpoint.getKeyExpr(),
                        ZenohMetrics.TAG_CONSUMER_TYPE,
                        type,
                        ZenohMetrics.TAG_ROUTE,
                        route,
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
            boolean countedElsewhere = false;
            for (Group other : groups.values()) {
                countedElsewhere |= other.hasCounted(endpoint);
            }
            g.add(endpoint, countedElsewhere);
            Group group = g;
            return new ZenohMetrics.Registration() {
                private boolean closed;

                @Override
                public void close() {
                    synchronized (GROUPS) {
                        if (closed) {
                            return;
                        }
                        closed = true;
                        group.remove(endpoint);
                        if (group.isEmpty()) {
                            group.meters.forEach(registry::remove);
                            Map<Tags, Group> left = GROUPS.get(registry);
                            left.remove(tags);
                            if (left.isEmpty()) {
                                GROUPS.remove(registry);
                            }
                        }
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
                "received items dropped by the hand-off's overflow policy or at stop, and replies"
                        + " a get dropped past maxReplies or maxReplyBytes");
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
                        .description("items waiting in the consumers' hand-off queues")
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
