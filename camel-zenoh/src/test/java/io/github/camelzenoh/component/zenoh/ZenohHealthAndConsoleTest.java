/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.impl.health.ProducersHealthCheckRepository;
import org.junit.jupiter.api.Test;

/** Readiness checks in Camel's health registry and the "zenoh" dev console, on live routes. */
class ZenohHealthAndConsoleTest extends ZenohTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext c = super.createCamelContext();
        // what Camel Main does for camel.health.enabled=true
        HealthCheckRegistry registry = HealthCheckRegistry.get(c);
        registry.register(new ConsumersHealthCheckRepository());
        ProducersHealthCheckRepository producers = new ProducersHealthCheckRepository();
        producers.setEnabled(true); // camel.health.producersEnabled=true
        registry.register(producers);
        return c;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:health/in").routeId("health-in").to("mock:in");
                from("direct:out").to("zenoh:health/out");
            }
        };
    }

    /** The zenoh producer's readiness check, as Camel's "producers" repository holds it. */
    private HealthCheck producerCheck() {
        return HealthCheckHelper.getHealthCheckRepository(context, "producers").stream()
                .filter(h -> h.getId().startsWith("zenoh-producer-health/out#"))
                .findFirst()
                .orElseThrow();
    }

    /** The readiness checks of the zenoh producers on health/shared. */
    private List<HealthCheck> sharedProducerChecks() {
        return HealthCheckHelper.getHealthCheckRepository(context, "producers").stream()
                .filter(h -> h.getId().startsWith("zenoh-producer-health/shared"))
                .toList();
    }

    @Test
    void twoProducersOnOneKeyHaveTheirOwnChecksAndStoppingOneLeavesTheOthers() throws Exception {
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:shared-a").routeId("shared-a").to("zenoh:health/shared");
                        from("direct:shared-b").routeId("shared-b").to("zenoh:health/shared");
                    }
                });
        awaitConnected();
        assertThat(sharedProducerChecks())
                .as("one check per producer, each with its own id")
                .hasSize(2)
                .extracting(HealthCheck::getId)
                .doesNotHaveDuplicates();

        context.getRouteController().stopRoute("shared-b");
        List<HealthCheck> left = sharedProducerChecks();
        assertThat(left).as("the stopped producer's check is gone, the other's stays").hasSize(1);
        assertThat(left.get(0).call().getState()).isEqualTo(HealthCheck.State.UP);
        template.sendBody("direct:shared-a", "still ready");

        context.getRouteController().startRoute("shared-b");
        assertThat(sharedProducerChecks()).hasSize(2);
        assertThat(sharedProducerChecks())
                .extracting(h -> h.call().getState())
                .containsOnly(HealthCheck.State.UP);
    }

    @Test
    void consumerAndProducerChecksFollowTheSessionsConnection() throws Exception {
        awaitConnected();
        template.sendBody("direct:out", "warm-up");
        Collection<HealthCheck.Result> results = HealthCheckHelper.invokeReadiness(context);
        assertThat(results)
                .filteredOn(r -> r.getCheck().getId().equals("consumer:health-in"))
                .singleElement()
                .extracting(HealthCheck.Result::getState)
                .isEqualTo(HealthCheck.State.UP);
        assertThat(producerCheck().call().getState()).isEqualTo(HealthCheck.State.UP);

        // the peer goes away: the component's session (it must connect) has nobody left → DOWN
        peer.close();
        try {
            Waits.until(
                    "producer check DOWN",
                    Duration.ofSeconds(15),
                    () -> producerCheck().call().getState() == HealthCheck.State.DOWN);
            assertThat(producerCheck().call().getMessage())
                    .hasValueSatisfying(m -> assertThat(m).contains("no router or peer"));
            assertThat(HealthCheckHelper.invokeReadiness(context))
                    .filteredOn(r -> r.getCheck().getId().equals("consumer:health-in"))
                    .singleElement()
                    .extracting(HealthCheck.Result::getState)
                    .isEqualTo(HealthCheck.State.DOWN);
        } finally {
            peer =
                    Session.open(
                            Loopback.listener(
                                    port)); // same port: the component reconnects on its own
        }
        Waits.until(
                "producer check UP again",
                Duration.ofSeconds(20),
                () -> producerCheck().call().getState() == HealthCheck.State.UP);
    }

    /**
     * A session closing under the console (its last route stopping between the console's listing
     * and its question) is shown closed, never a ClosedException out of the console: the session
     * here is closed before the console asks it, as it would be in that gap.
     */
    @Test
    void aSessionClosedUnderTheConsoleIsShownClosed() {
        Session s =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMulticastScouting(false)
                                .withListen("tcp/127.0.0.1:0"));
        assertThat(ZenohDevConsole.state(s))
                .containsEntry("closed", false)
                .containsEntry("zid", s.info().zid());
        s.close();
        assertThat(ZenohDevConsole.state(s)).containsExactly(Map.entry("closed", true));
    }

    @Test
    @SuppressWarnings("unchecked")
    void devConsoleShowsSessionsEndpointsAndCounts() throws Exception {
        awaitConnected();
        getMockEndpoint("mock:in").expectedMessageCount(3);
        for (int i = 0; i < 3; i++) {
            peer.put(
                    "health/in",
                    ("m" + i).getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
        }
        getMockEndpoint("mock:in").assertIsSatisfied();

        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(context);
        Map<String, Object> json =
                (Map<String, Object>) console.call(DevConsole.MediaType.JSON, Map.of());
        List<Map<String, Object>> sessions = (List<Map<String, Object>>) json.get("sessions");
        assertThat(sessions).hasSize(1);
        assertThat(sessions.get(0).get("peers")).asList().contains(peer.info().zid());
        List<Map<String, Object>> endpoints = (List<Map<String, Object>>) json.get("endpoints");
        assertThat(endpoints)
                .filteredOn(e -> "health/in".equals(e.get("keyExpr")))
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.get("received")).isEqualTo(3L);
                            assertThat(e.get("dropped")).isEqualTo(0L);
                            assertThat(e.get("declared")).isEqualTo(true);
                        });
        String text = (String) console.call(DevConsole.MediaType.TEXT, Map.of());
        assertThat(text).contains("health/in").contains("received=3").contains("Session ");
    }
}
