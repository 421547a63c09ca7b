/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.model.FromDefinition;
import org.apache.camel.model.ModelCamelContext;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.SendDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoint counters as Micrometer meters, when Micrometer is on the classpath and a {@code
 * MeterRegistry} is in the Camel registry (bound as {@value #REGISTRY_NAME}, as camel-micrometer
 * binds it, or the only one there). This class names no Micrometer type: without Micrometer the
 * check below fails once and nothing else is loaded.
 *
 * <p>Meters (names in {@link #NAMES}) are function counters and a gauge reading the counters the
 * endpoint keeps anyway (the dev console's): no cost per message. They are registered when the
 * endpoint's first consumer or producer starts and removed when its last one stops.
 */
final class ZenohMetrics {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohMetrics.class);

    /** The registry name camel-micrometer binds (MicrometerConstants.METRICS_REGISTRY_NAME). */
    static final String REGISTRY_NAME = "metricsRegistry";

    static final String RECEIVED = "camel.zenoh.received";
    static final String SENT = "camel.zenoh.sent";
    static final String DROPPED = "camel.zenoh.dropped";
    static final String MISSED = "camel.zenoh.missed";
    static final String UNMATCHED = "camel.zenoh.unmatched";
    static final String FAILED = "camel.zenoh.failed";
    static final String HANDOFF_DEPTH = "camel.zenoh.handoff.depth";

    static final String[] NAMES = {
        RECEIVED, SENT, DROPPED, MISSED, UNMATCHED, FAILED, HANDOFF_DEPTH
    };

    /** Tag names. */
    static final String TAG_KEY_EXPR = "keyExpr";

    static final String TAG_CONSUMER_TYPE = "consumerType";
    static final String TAG_ROUTE = "routeId";
    static final String TAG_CONTEXT = "camelContext";

    /** consumerType tag of an endpoint that only producers use. */
    static final String PRODUCER = "producer";

    /** Removes what was registered; idempotent. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    static final Registration NONE = () -> {};

    private static final boolean MICROMETER = micrometerPresent();

    private ZenohMetrics() {}

    private static boolean micrometerPresent() {
        try {
            Class.forName(
                    "io.micrometer.core.instrument.MeterRegistry",
                    false,
                    ZenohMetrics.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The id of the first route whose definition sends to the endpoint, or "" (a producer
     * template's producer, or no route model). Producers are not told their route, and a route
     * starting is not yet among the context's routes; this runs when meters are registered only.
     */
    static String routeSendingTo(ZenohEndpoint endpoint) {
        CamelContext context = endpoint.getCamelContext();
        if (!(context instanceof ModelCamelContext model)) {
            return "";
        }
        for (RouteDefinition r : model.getRouteDefinitions()) {
            if (sendsTo(r.getOutputs(), endpoint, context, 0)) {
                return r.getRouteId() == null ? "" : r.getRouteId();
            }
        }
        return "";
    }

    /**
     * The id of the first route whose definition consumes from the endpoint ("" without an id), or
     * null when none does (or no route model).
     */
    static String routeConsumingFrom(ZenohEndpoint endpoint) {
        CamelContext context = endpoint.getCamelContext();
        if (!(context instanceof ModelCamelContext model)) {
            return null;
        }
        for (RouteDefinition r : model.getRouteDefinitions()) {
            FromDefinition from = r.getInput();
            if (from != null
                    && from.getEndpointUri() != null
                    && sendsTo(from.getEndpointUri(), endpoint, context)) {
                return r.getRouteId() == null ? "" : r.getRouteId();
            }
        }
        return null;
    }

    private static boolean sendsTo(
            List<ProcessorDefinition<?>> outputs,
            ZenohEndpoint endpoint,
            CamelContext context,
            int depth) {
        if (outputs == null || depth > 64) {
            return false;
        }
        for (ProcessorDefinition<?> p : outputs) {
            if (p instanceof SendDefinition<?> send
                    && send.getEndpointUri() != null
                    && sendsTo(send.getEndpointUri(), endpoint, context)) {
                return true;
            }
            if (sendsTo(p.getOutputs(), endpoint, context, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sendsTo(String uri, ZenohEndpoint endpoint, CamelContext context) {
        try {
            return context.hasEndpoint(context.resolvePropertyPlaceholders(uri)) == endpoint;
        } catch (RuntimeException e) {
            return false; // an unresolvable placeholder: not this endpoint's route
        }
    }

    /**
     * Registers the endpoint's meters in the context's MeterRegistry, if any, tagged with the key
     * expression, the consumer type and the route (routeId null, a producer: those of the route
     * consuming from the endpoint when one does, see {@link #routeConsumingFrom}, else {@value
     * #PRODUCER} and the route sending to it, see {@link #routeSendingTo}) and the context. A
     * registry refusing them (e.g. a meter of the same name with other tag keys) costs the meters,
     * logged, never the route.
     */
    static Registration register(ZenohEndpoint endpoint, String consumerType, String routeId) {
        if (!MICROMETER) {
            return NONE;
        }
        try {
            return ZenohMicrometer.register(endpoint, consumerType, routeId);
        } catch (RuntimeException e) {
            LOG.warn(
                    "zenoh endpoint '{}': its meters could not be registered: {}",
                    endpoint.getKeyExpr(),
                    e.getMessage(),
                    e);
            return NONE;
        }
    }
}
