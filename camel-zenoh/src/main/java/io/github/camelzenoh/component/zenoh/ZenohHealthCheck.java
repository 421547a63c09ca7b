/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.ClosedException;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionInfo;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRepository;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.health.WritableHealthCheckRepository;
import org.apache.camel.impl.health.AbstractHealthCheck;

/**
 * Readiness of one zenoh consumer or producer: DOWN when it is not declared, when its session is
 * closed, or when a session that must reach others (client mode, or endpoints to connect to, in its
 * effective configuration: the component's options or its config / configFile) has no router or
 * peer connected. Registered in Camel's "consumers" / "producers" repositories like Camel's own
 * components, enabled by the component's healthCheckConsumerEnabled / healthCheckProducerEnabled
 * options.
 */
final class ZenohHealthCheck extends AbstractHealthCheck {

    private final ZenohEndpoint endpoint;
    private final BooleanSupplier declared;

    private ZenohHealthCheck(String id, ZenohEndpoint endpoint, BooleanSupplier declared) {
        super("camel", id);
        this.endpoint = endpoint;
        this.declared = declared;
    }

    @Override
    public boolean isLiveness() {
        return false;
    }

    /**
     * Details: the key expression and the endpoint's URI as it is safe to show ({@link
     * ZenohEndpoint#safeUri}: config masked, connect / listen without link configuration). Camel's
     * consumer check puts the URI sanitized only of the option names it knows as secrets under the
     * same key before it adds these details, so this one replaces it.
     */
    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        builder.detail(HealthCheck.ENDPOINT_URI, endpoint.safeUri());
        builder.detail("keyExpr", endpoint.getKeyExpr());
        String problem = problem(endpoint, declared.getAsBoolean());
        if (problem == null) {
            builder.up();
        } else {
            builder.message(problem).down();
        }
    }

    /** Why the endpoint is not ready, or null when it is. Shared with the dev console. */
    static String problem(ZenohEndpoint endpoint, boolean declared) {
        if (!declared) {
            return "zenoh declaration on '" + endpoint.getKeyExpr() + "' is not active";
        }
        Session s;
        try {
            s = endpoint.session();
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        if (s.isClosed()) {
            return "zenoh session is closed";
        }
        // the session's effective mode and endpoints: set by the component's options, or by the
        // inline config / configFile (zenoh's default mode, peer, when none sets it)
        boolean mustReachOthers = s.mode() == Mode.CLIENT || !s.connectEndpoints().isEmpty();
        if (mustReachOthers) {
            SessionInfo info;
            try {
                info = s.info();
            } catch (ClosedException e) { // closed since isClosed() above: its last route stopped
                return "zenoh session is closed";
            }
            if (info.routers().isEmpty() && info.peers().isEmpty()) {
                return "zenoh session (mode " + s.mode() + ") is connected to no router or peer";
            }
        }
        return null;
    }

    /** Unregisters the check (idempotent). */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    static Registration forConsumer(ZenohConsumer consumer) {
        ZenohEndpoint e = consumer.getEndpoint();
        ZenohHealthCheck check =
                new ZenohHealthCheck(
                        "zenoh-consumer-" + consumer.getRouteId(), e, consumer::isDeclared);
        check.setEnabled(e.getComponent().isHealthCheckConsumerEnabled());
        // Camel's "consumers" repository reads the check from the consumer itself
        // (HealthCheckAware)
        consumer.setHealthCheck(check);
        return () -> consumer.setHealthCheck(null);
    }

    private static final AtomicLong PRODUCERS = new AtomicLong();

    /**
     * A producer's check id, {@code zenoh-producer-<key>#<n>}: one per producer instance, kept
     * across its restarts. Camel's producers repository holds checks in a list and removes by id,
     * so two producers on one key (two routes sending there) must not share an id, or stopping one
     * would remove the other's check and leave its own, DOWN, behind.
     */
    static String producerId(ZenohEndpoint e) {
        return "zenoh-producer-" + e.getKeyExpr() + "#" + PRODUCERS.incrementAndGet();
    }

    static Registration forProducer(ZenohProducer producer) {
        ZenohEndpoint e = producer.getEndpoint();
        ZenohHealthCheck check = new ZenohHealthCheck(producer.healthCheckId, e, producer::isReady);
        check.setEnabled(e.getComponent().isHealthCheckProducerEnabled());
        return register(e, "producers", check);
    }

    private static Registration register(
            ZenohEndpoint e, String repository, ZenohHealthCheck check) {
        HealthCheckRepository found =
                HealthCheckHelper.getHealthCheckRepository(e.getCamelContext(), repository);
        if (!(found instanceof WritableHealthCheckRepository repo)) {
            return () -> {};
        }
        repo.addHealthCheck(check);
        return () -> repo.removeHealthCheck(check);
    }
}
