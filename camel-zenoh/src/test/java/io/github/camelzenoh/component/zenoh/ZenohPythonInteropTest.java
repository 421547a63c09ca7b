/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * Interop with Python eclipse-zenoh (an implementation we did not write): Python publisher → Camel
 * route → Python subscriber, and Python get → Camel queryable route. The Camel session listens on a
 * known loopback port that the Python processes connect to.
 */
class ZenohPythonInteropTest extends ZenohPythonTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:py/in/**").to("mock:relayed").to("zenoh:py/out");
                from("zenoh:py/svc/**?consumerType=queryable")
                        .setBody(simple("pong ${header.CamelZenohKeyExpr} ${bodyAs(String)}"))
                        .setHeader("Content-Type", constant("text/plain;charset=utf-8"));
            }
        };
    }

    @Test
    void pythonPublisherThroughACamelRouteToAPythonSubscriber() throws Exception {
        awaitConnected();
        MockEndpoint relayed = getMockEndpoint("mock:relayed");
        relayed.expectedMessageCount(3);
        try (PythonPeer sub =
                PythonPeer.start(
                        "sub",
                        "--connect",
                        camel,
                        "--key",
                        "py/out",
                        "--count",
                        "3",
                        "--timeout",
                        "30")) {
            try (PythonPeer pub =
                    PythonPeer.start(
                            "pub",
                            "--connect",
                            camel,
                            "--key",
                            "py/in/temp",
                            "--count",
                            "3",
                            "--payload",
                            "reading {i}",
                            "--encoding",
                            "text/plain;charset=utf-8",
                            "--attachment",
                            "py-att",
                            "--delay",
                            "1.5",
                            "--interval",
                            "0.05")) {
                List<JsonNode> got = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    JsonNode n = sub.nextJson(30);
                    assertThat(n).as("sample %d (python stderr: %s)", i, sub.stderr()).isNotNull();
                    got.add(n);
                }
                assertThat(got).extracting(n -> n.get("key").asText()).containsOnly("py/out");
                assertThat(got)
                        .extracting(n -> PythonPeer.text(n.get("payload")))
                        .containsExactly("reading 0", "reading 1", "reading 2");
                assertThat(got)
                        .extracting(n -> n.get("encoding").asText())
                        .as("encoding re-sent by value")
                        .containsOnly("text/plain;charset=utf-8");
                assertThat(got)
                        .extracting(n -> PythonPeer.text(n.get("attachment")))
                        .containsOnly("py-att");
                assertThat(got).extracting(n -> n.get("kind").asText()).containsOnly("PUT");
                pub.awaitLine("END", 30);
            }
            assertThat(sub.nextJson(30)).as("END").isNull();
        }
        relayed.assertIsSatisfied();
        assertThat(relayed.getExchanges().get(0).getMessage().getHeader(ZenohConstants.KEY_EXPR))
                .isEqualTo("py/in/temp");
        assertThat(relayed.getExchanges().get(0).getMessage().getHeader(ZenohConstants.ENCODING_ID))
                .isEqualTo(4);
        assertThat(
                        relayed.getExchanges()
                                .get(0)
                                .getMessage()
                                .getHeader(ZenohConstants.ENCODING_SCHEMA))
                .isEqualTo("charset=utf-8");
    }

    @Test
    void pythonGetIsAnsweredByACamelQueryableRoute() throws Exception {
        awaitConnected();
        try (PythonPeer get =
                PythonPeer.start(
                        "get",
                        "--connect",
                        camel,
                        "--key",
                        "py/svc/ping",
                        "--payload",
                        "hi",
                        "--encoding",
                        "text/plain",
                        "--delay",
                        "1",
                        "--timeout",
                        "10")) {
            List<JsonNode> replies = get.allJson(30);
            assertThat(replies).as("python stderr: %s", get.stderr()).hasSize(1);
            JsonNode r = replies.get(0);
            assertThat(r.get("ok").asBoolean()).isTrue();
            assertThat(r.get("key").asText()).isEqualTo("py/svc/ping");
            assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("pong py/svc/ping hi");
            assertThat(r.get("encoding").asText()).isEqualTo("text/plain;charset=utf-8");
        }
    }

    @Test
    void pythonGetOnAFailingKeyGetsTheCamelRoutesError() throws Exception {
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:py/broken/**?consumerType=queryable")
                                .throwException(new IllegalStateException("no can do"));
                    }
                });
        awaitConnected();
        try (PythonPeer get =
                PythonPeer.start(
                        "get",
                        "--connect",
                        camel,
                        "--key",
                        "py/broken/x",
                        "--delay",
                        "1",
                        "--timeout",
                        "10")) {
            List<JsonNode> replies = get.allJson(30);
            assertThat(replies).as("python stderr: %s", get.stderr()).hasSize(1);
            assertThat(replies.get(0).get("ok").asBoolean()).isFalse();
            assertThat(PythonPeer.text(replies.get(0).get("payload"))).contains("no can do");
        }
    }
}
