/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.ToDoubleFunction;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;

/**
 * The request-body budget on the management server's metrics (once Camel has started, if it has a
 * Micrometer registry): {@code zenoh_bridge_http_body_buffered_bytes}, the bytes of request bodies
 * buffered now by all requests together (at most {@code http.maxBufferedBodyBytes}), and {@code
 * zenoh_bridge_http_body_refused_total} by {@code reason}: {@code too_large} (413, {@code
 * http.maxBodySize}), {@code over_budget} (503, {@code http.maxBufferedBodyBytes}) and {@code
 * timed_out} (408, {@code http.bodyTimeout}).
 */
final class RequestBodyMeters implements StartupListener {

    /** The registry name camel-micrometer binds (MicrometerConstants.METRICS_REGISTRY_NAME). */
    static final String REGISTRY_NAME = "metricsRegistry";

    private final RawRequestBody bodies;

    RequestBodyMeters(RawRequestBody bodies) {
        this.bodies = bodies;
    }

    @Override
    public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
        // the one camel-micrometer binds, as the zenoh endpoints' meters; else the only one
        MeterRegistry registry =
                context.getRegistry().lookupByNameAndType(REGISTRY_NAME, MeterRegistry.class);
        if (registry == null) {
            registry = context.getRegistry().findSingleByType(MeterRegistry.class);
        }
        if (registry == null) {
            return;
        }
        Gauge.builder("zenoh.bridge.http.body.buffered", bodies, RawRequestBody::buffered)
                .baseUnit("bytes")
                .description("Bytes of HTTP request bodies buffered now, all requests together")
                .register(registry);
        refused(registry, "too_large", RawRequestBody::refusedTooLarge);
        refused(registry, "over_budget", RawRequestBody::refusedOverBudget);
        refused(registry, "timed_out", RawRequestBody::refusedTimedOut);
        FunctionCounter.builder(
                        "zenoh.bridge.http.body.abandoned", bodies, RawRequestBody::abandoned)
                .description(
                        "HTTP request bodies whose client went away before their end (connection"
                                + " closed or reset): nothing answered")
                .register(registry);
    }

    private void refused(
            MeterRegistry registry, String reason, ToDoubleFunction<RawRequestBody> n) {
        FunctionCounter.builder("zenoh.bridge.http.body.refused", bodies, n)
                .tag("reason", reason)
                .description("HTTP request bodies refused (413, 503, 408), by reason")
                .register(registry);
    }
}
