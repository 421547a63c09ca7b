/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The starter in a Spring Boot application: {@code camel.component.zenoh.*} properties reach the
 * component, routes exchange samples with a zenoh peer over the configured endpoint, and the
 * component's readiness checks show in Actuator's health, DOWN once that peer is gone.
 */
@SpringBootTest(
        classes = ZenohStarterTest.App.class,
        properties = {
            "camel.component.zenoh.mode=peer",
            "camel.component.zenoh.multicast-scouting=false",
            "camel.component.zenoh.config={listen: {endpoints: []}}",
            "camel.component.zenoh.timeout=4321",
            "camel.component.zenoh.priority=dataHigh",
            "camel.component.zenoh.queue-size=77",
            "camel.component.zenoh.autocanonize=true",
            "management.endpoint.health.show-details=always",
            "camel.health.exposure-level=full",
            "spring.jmx.enabled=true",
            "camel.main.name=zenoh-starter-test"
        })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ZenohStarterTest {

    /** The zenoh peer the application connects to (camel.component.zenoh.connect). */
    static Session peer;

    @DynamicPropertySource
    static void peerEndpoint(DynamicPropertyRegistry registry) {
        int port = Loopback.freePort();
        peer = Session.open(Loopback.listener(port));
        registry.add("camel.component.zenoh.connect", () -> Loopback.endpoint(port));
    }

    @AfterAll
    static void closePeer() {
        if (peer != null && !peer.isClosed()) {
            peer.close();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        RouteBuilder routes() {
            return new RouteBuilder() {
                @Override
                public void configure() {
                    from("zenoh:starter/in").routeId("starter-echo").to("zenoh:starter/out");
                }
            };
        }
    }

    @Autowired CamelContext camel;
    @Autowired HealthEndpoint health;

    @Test
    @Order(1)
    void propertiesConfigureTheComponent() {
        ZenohConfiguration c = camel.getComponent("zenoh", ZenohComponent.class).getConfiguration();
        assertThat(c.getConnect()).isEqualTo(Loopback.endpoint(port()));
        assertThat(c.getMode()).hasToString("peer");
        assertThat(c.getMulticastScouting()).isFalse();
        assertThat(c.getTimeout()).isEqualTo(4321L);
        assertThat(c.getPriority()).hasToString("dataHigh");
        assertThat(c.getQueueSize()).isEqualTo(77);
        assertThat(c.isAutocanonize()).isTrue();
        // unset options keep the component's own defaults
        assertThat(c.getOperation()).hasToString("put");
        assertThat(c.getConfigFile()).isNull();
    }

    @Test
    @Order(2)
    void aRouteExchangesSamplesWithThePeer() throws Exception {
        BlockingQueue<Sample> out = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                peer.declareSubscriber("starter/out", SubscriberOptions.DEFAULT, out::add)) {
            Sample got = null;
            // declarations travel asynchronously: put until the route's subscriber sees one
            for (int i = 0; i < 50 && got == null; i++) {
                peer.put(
                        "starter/in",
                        "hello".getBytes(StandardCharsets.UTF_8),
                        null,
                        null,
                        Qos.DEFAULT);
                got = out.poll(200, TimeUnit.MILLISECONDS);
            }
            assertThat(got).as("a sample echoed by the route").isNotNull();
            assertThat(new String(got.payload(), StandardCharsets.UTF_8)).isEqualTo("hello");
        }
    }

    @Test
    @Order(3)
    void actuatorHealthShowsTheZenohChecksUpThenDownWhenThePeerGoes() {
        Loopback.await(
                Duration.ofSeconds(20),
                () -> Status.UP.equals(zenohCheck().getStatus()),
                "zenoh consumer check UP: " + camelHealth());
        assertThat(camelHealth().getDetails()).containsKey("consumer:starter-echo");

        peer.close();
        Loopback.await(
                Duration.ofSeconds(30),
                () -> Status.DOWN.equals(camelHealth().getStatus()),
                "camel health DOWN once the peer is gone: " + camelHealth());
        assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
    }

    private static int port() {
        String e = peer.config().listen().get(0);
        return Integer.parseInt(e.substring(e.lastIndexOf(':') + 1));
    }

    private Health camelHealth() {
        return (Health) health.healthForPath("camelHealth");
    }

    /** The consumer check's entry in camelHealth's details, as a status. */
    private Health zenohCheck() {
        Map<String, Object> d = camelHealth().getDetails();
        Object state = d.get("consumer:starter-echo");
        return Health.status(state == null ? "UNKNOWN" : String.valueOf(state)).build();
    }
}
