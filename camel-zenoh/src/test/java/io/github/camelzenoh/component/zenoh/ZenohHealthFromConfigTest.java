/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import java.time.Duration;
import java.util.Optional;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

/**
 * Readiness of a route whose session's mode and connect endpoints come only from the zenoh
 * configuration (the endpoint's {@code config} option), not from the component's mode / connect
 * options: the session must reach its peer, so readiness follows the connection. Real sessions on
 * loopback, multicast scouting off.
 */
class ZenohHealthFromConfigTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext c = super.createCamelContext();
        // what Camel Main does for camel.health.enabled=true; the component keeps its defaults:
        // no mode, no connect
        HealthCheckRegistry.get(c).register(new ConsumersHealthCheckRepository());
        return c;
    }

    private HealthCheck.Result readiness(String routeId) {
        return HealthCheckHelper.invokeReadiness(context).stream()
                .filter(r -> r.getCheck().getId().equals("consumer:" + routeId))
                .findFirst()
                .orElseThrow();
    }

    private void readinessFollowsThePeer(String routeId, String mode, String listen)
            throws Exception {
        int port = Loopback.freePort();
        Session peer = Session.open(Loopback.listener(port));
        try {
            String config =
                    "{mode:'"
                            + mode
                            + "', connect:{endpoints:['"
                            + Loopback.endpoint(port)
                            + "']}"
                            + listen
                            + ", scouting:{multicast:{enabled:false}}}";
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("zenoh:health/config/" + routeId + "?config=RAW(" + config + ")")
                                    .routeId(routeId)
                                    .to("mock:" + routeId);
                        }
                    });
            Session routes =
                    ((ZenohConsumer) context.getRoute(routeId).getConsumer())
                            .getEndpoint()
                            .session();
            Waits.until(
                    "the route's session to reach the peer",
                    () -> !routes.info().peers().isEmpty());
            Waits.until(
                    "readiness UP", () -> readiness(routeId).getState() == HealthCheck.State.UP);

            peer.close();
            Waits.until(
                    "readiness DOWN once the peer is gone",
                    Duration.ofSeconds(15),
                    () -> readiness(routeId).getState() == HealthCheck.State.DOWN);
            Optional<String> message = readiness(routeId).getMessage();
            assertThat(message)
                    .hasValueSatisfying(
                            m ->
                                    assertThat(m)
                                            .contains("mode " + mode)
                                            .contains("no router or peer")
                                            .doesNotContain("from config"));

            peer = Session.open(Loopback.listener(port)); // same port: zenoh reconnects
            Waits.until(
                    "readiness UP again",
                    Duration.ofSeconds(20),
                    () -> readiness(routeId).getState() == HealthCheck.State.UP);
        } finally {
            context.getRouteController().stopRoute(routeId);
            peer.close();
        }
    }

    @Test
    void aPeerWhoseConnectEndpointIsInTheConfigIsDownWithoutItsPeer() throws Exception {
        readinessFollowsThePeer("cfg-peer", "peer", ", listen:{endpoints:['tcp/127.0.0.1:0']}");
    }

    @Test
    void aClientWhoseModeIsInTheConfigIsDownWithoutItsPeer() throws Exception {
        readinessFollowsThePeer("cfg-client", "client", "");
    }
}
