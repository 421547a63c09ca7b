/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.apache.camel.Exchange;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Kamelets shipped in the jar ({@code kamelets/zenoh-*.kamelet.yaml}), resolved from the
 * classpath by {@code kamelet:} endpoints of YAML routes, against Python eclipse-zenoh peers that
 * connect to the session the Kamelets open (its endpoint given as Kamelet properties).
 */
class ZenohKameletTest extends CamelTestSupport {

    private static final int CAMEL_PORT = Loopback.freePort();
    private static final String CAMEL = Loopback.endpoint(CAMEL_PORT);

    private static final String ROUTES =
            """
            - route:
                id: kamelet-source
                from:
                  uri: kamelet:zenoh-source
                  parameters:
                    keyExpr: kam/in/**
                    listen: "%1$s"
                    multicastScouting: false
                  steps:
                    - convertBodyTo:
                        type: String
                    - to: mock:fromZenoh
            - route:
                id: kamelet-sink
                from:
                  uri: direct:toZenoh
                  steps:
                    - to:
                        uri: kamelet:zenoh-sink
                        parameters:
                          keyExpr: kam/out
                          listen: "%1$s"
                          multicastScouting: false
                          encoding: text/plain;charset=utf-8
                          congestionControl: block
            - route:
                id: kamelet-query
                from:
                  uri: direct:query
                  steps:
                    - to:
                        uri: kamelet:zenoh-query-action
                        parameters:
                          keyExpr: kam/svc/**
                          listen: "%1$s"
                          multicastScouting: false
                          queryTimeout: 3000
                          parameters: "declared=1;_time=now(-1h).."
                    - convertBodyTo:
                        type: String
            """
                    .formatted(CAMEL);

    @BeforeEach
    void loadRoutes() throws Exception {
        if (context.getRoute("kamelet-source") == null) {
            PluginHelper.getRoutesLoader(context)
                    .loadRoutes(
                            ResourceHelper.fromBytes(
                                    "zenoh-kamelets.yaml",
                                    ROUTES.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void kameletsResolveFromTheJar() {
        for (String name : List.of("zenoh-source", "zenoh-sink", "zenoh-query-action")) {
            assertThat(getClass().getResource("/kamelets/" + name + ".kamelet.yaml"))
                    .as(name)
                    .isNotNull();
        }
        assertThat(context.getRoutes()).hasSizeGreaterThanOrEqualTo(6); // 3 routes + 3 Kamelets
    }

    @Test
    void aMissingRequiredPropertyIsNamed() {
        Throwable e =
                catchThrowable(
                        () ->
                                context.addRoutes(
                                        new org.apache.camel.builder.RouteBuilder() {
                                            @Override
                                            public void configure() {
                                                from("direct:noKey").to("kamelet:zenoh-sink");
                                            }
                                        }));
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        assertThat(root.getMessage())
                .contains("zenoh-sink", "mandatory parameters must be provided: keyExpr");
    }

    @Test
    void zenohSourceReceivesAPythonPublishersSamples() throws Exception {
        MockEndpoint got = getMockEndpoint("mock:fromZenoh");
        got.expectedBodiesReceived("reading 0", "reading 1", "reading 2");
        got.allMessages().header(ZenohConstants.KEY_EXPR).isEqualTo("kam/in/temp");
        try (PythonPeer pub =
                PythonPeer.start(
                        "pub",
                        "--connect",
                        CAMEL,
                        "--key",
                        "kam/in/temp",
                        "--count",
                        "3",
                        "--payload",
                        "reading {i}",
                        "--delay",
                        "1.5")) {
            got.assertIsSatisfied(30_000);
            pub.awaitLine("END", 30);
        }
    }

    @Test
    void zenohSinkDeliversToAPythonSubscriber() {
        try (PythonPeer sub =
                PythonPeer.start("sub", "--connect", CAMEL, "--key", "kam/out", "--count", "1")) {
            // resend until the subscriber's declaration has reached the Kamelet's session
            JsonNode sample =
                    retry(
                            () -> {
                                template.sendBody("direct:toZenoh", "hello sink");
                                try {
                                    return sub.nextJson(1);
                                } catch (AssertionError notYet) {
                                    return null;
                                }
                            });
            assertThat(PythonPeer.text(sample.get("payload"))).isEqualTo("hello sink");
            assertThat(sample.get("key").asText()).isEqualTo("kam/out");
            assertThat(sample.get("encoding").asText()).isEqualTo("text/plain;charset=utf-8");
        }
    }

    @Test
    void zenohQueryActionAnswersWithAPythonQueryablesReply() {
        try (PythonPeer qbl =
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        CAMEL,
                        "--key",
                        "kam/svc/**",
                        "--payload",
                        "answer {i}",
                        "--reply-key",
                        "kam/svc/status",
                        "--count",
                        "100",
                        "--timeout",
                        "60")) {
            Exchange answer =
                    retry(
                            () -> {
                                Exchange e =
                                        template.request(
                                                "direct:query",
                                                x -> {
                                                    x.getMessage().setBody("question");
                                                    // as a message from a queryable route has it
                                                    x.getMessage()
                                                            .setHeader(
                                                                    ZenohConstants
                                                                            .SELECTOR_PARAMETERS,
                                                                    "inbound=2");
                                                });
                                return "answer 0".equals(e.getMessage().getBody(String.class))
                                        ? e
                                        : null;
                            });
            assertThat(answer.getMessage().getHeader(ZenohConstants.KEY_EXPR))
                    .isEqualTo("kam/svc/status");
            JsonNode query = qbl.nextJson(10);
            assertThat(PythonPeer.text(query.get("payload"))).isEqualTo("question");
            assertThat(query.get("parameters").asText())
                    .as("the Kamelet's parameters property, not an inbound header")
                    .isEqualTo("declared=1;_time=now(-1h)..");
        }
    }

    private static <T> T retry(Supplier<T> attempt) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        for (; ; ) {
            T t = attempt.get();
            if (t != null) {
                return t;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no answer from the python peer in 20 s");
            }
        }
    }
}
