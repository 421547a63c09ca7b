/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * {@code toD("zenoh:robots/${header.id}/cmd")}: one endpoint per static part
 * (ZenohSendDynamicAware), every message on its own key, no native objects per key.
 */
class ZenohToDTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                getContext().getPropertiesComponent().addInitialProperty("fleet", "plant/fleet");
                from("direct:cmd").toD("zenoh:robots/${header.id}/cmd");
                from("direct:placeholder").toD("zenoh:{{fleet}}/${header.id}/cmd");
                from("direct:urgent").toD("zenoh:alarms/${header.id}?priority=realTime");
                from("zenoh:fleet/*/status?consumerType=queryable")
                        .setBody(simple("status of ${header.CamelZenohKeyExpr}"));
                from("direct:ask").toD("zenoh:fleet/${header.id}/status?operation=get");
                from("direct:static").toD("zenoh:fixed/key?priority=${header.p}");
                from("direct:auto").toD("zenoh:auto/${header.id}?autocanonize=true");
                // the typed DSL: its URI is a simple expression, as Camel's endpoint builders'
                from("direct:dsl").toD(zenoh("dsl/${header.id}/cmd").priority(Priority.DATA_HIGH));
                // option values are values, not expressions: only the key is evaluated
                from("direct:dslvalue")
                        .toD(zenoh("dslv/${header.id}").encoding("text/plain;x=${header.id}"));
            }
        };
    }

    private List<ZenohEndpoint> zenohEndpoints() {
        return context.getEndpoints().stream()
                .filter(ZenohEndpoint.class::isInstance)
                .map(ZenohEndpoint.class::cast)
                .toList();
    }

    private List<ZenohEndpoint> producerEndpointsUnder(String prefix) {
        return zenohEndpoints().stream().filter(e -> e.getKeyExpr().startsWith(prefix)).toList();
    }

    @Test
    void aThousandKeysUseOneEndpointAndNoNativeObjectsPerKey() throws Exception {
        try (Collector sub = new Collector("robots/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "robots/x/cmd");
            // the first send makes the one endpoint (session use, declared key, publisher)
            template.sendBodyAndHeader("direct:cmd", "warm", "id", "warm");
            assertThat(sub.next().keyExpr()).isEqualTo("robots/warm/cmd");
            long live = NativeDiagnostics.liveObjects();

            for (int i = 0; i < 1000; i++) {
                template.sendBodyAndHeader("direct:cmd", "cmd " + i, "id", "r" + i);
            }
            Map<String, String> got = new HashMap<>();
            for (int i = 0; i < 1000; i++) {
                Sample s = sub.next();
                got.put(s.keyExpr(), new String(s.payload(), StandardCharsets.UTF_8));
            }
            for (int i = 0; i < 1000; i++) {
                assertThat(got.get("robots/r" + i + "/cmd"))
                        .as("message %d on its key", i)
                        .isEqualTo("cmd " + i);
            }
            List<ZenohEndpoint> endpoints = producerEndpointsUnder("robots");
            assertThat(endpoints).as("one endpoint for every key").hasSize(1);
            assertThat(endpoints.get(0).getKeyExpr()).isEqualTo("robots/**");
            assertThat(NativeDiagnostics.liveObjects())
                    .as("no native object per key")
                    .isEqualTo(live);
        }
    }

    @Test
    void aPropertyPlaceholderInTheStaticPartStillGivesOneEndpoint() throws Exception {
        try (Collector sub = new Collector("plant/fleet/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "plant/fleet/x/cmd");
            template.sendBodyAndHeader("direct:placeholder", "warm", "id", "warm");
            assertThat(sub.next().keyExpr()).isEqualTo("plant/fleet/warm/cmd");
            long live = NativeDiagnostics.liveObjects();
            for (int i = 0; i < 20; i++) {
                template.sendBodyAndHeader("direct:placeholder", "cmd " + i, "id", "r" + i);
            }
            for (int i = 0; i < 20; i++) {
                assertThat(sub.next().keyExpr()).isEqualTo("plant/fleet/r" + i + "/cmd");
            }
            List<ZenohEndpoint> endpoints = producerEndpointsUnder("plant");
            assertThat(endpoints).as("one endpoint for every key").hasSize(1);
            assertThat(endpoints.get(0).getKeyExpr()).isEqualTo("plant/fleet/**");
            assertThat(NativeDiagnostics.liveObjects())
                    .as("no native object per key")
                    .isEqualTo(live);
        }
    }

    @Test
    void theTypedDslGivesTheKeyFromAHeaderAsTheStringFormDoes() throws Exception {
        try (Collector sub = new Collector("dsl/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "dsl/x/cmd");
            for (int i = 0; i < 3; i++) {
                template.sendBodyAndHeader("direct:dsl", "cmd " + i, "id", "d" + i);
            }
            for (int i = 0; i < 3; i++) {
                Sample s = sub.next();
                assertThat(s.keyExpr()).isEqualTo("dsl/d" + i + "/cmd");
                assertThat(s.priority()).isEqualTo(Priority.DATA_HIGH);
            }
            assertThat(producerEndpointsUnder("dsl")).as("one endpoint for every key").hasSize(1);
        }
    }

    /**
     * Only the key of a typed-DSL toD is an expression: an option value holding {@code ${...}} is
     * sent as written (cold review F: the whole URI was evaluated, so a {@code config} holding
     * {@code ${} failed with the URI, secrets and all, in the message, and a Windows configFile
     * path lost its backslashes).
     */
    @Test
    void theTypedDslEvaluatesTheKeyNotTheOptionValues() throws Exception {
        try (Collector sub = new Collector("dslv/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "dslv/x");
            template.sendBodyAndHeader("direct:dslvalue", "v", "id", "k1");
            Sample s = sub.next();
            assertThat(s.keyExpr()).isEqualTo("dslv/k1");
            assertThat(s.encoding().toString()).isEqualTo("text/plain;x=${header.id}");
        }
    }

    @Test
    void theUrisOptionsStayOnTheOneEndpoint() throws Exception {
        try (Collector sub = new Collector("alarms/*")) {
            Waits.awaitSubscriberSeenByRoutes(context, "alarms/x");
            for (int i = 0; i < 5; i++) {
                template.sendBodyAndHeader("direct:urgent", "fire " + i, "id", "a" + i);
            }
            for (int i = 0; i < 5; i++) {
                Sample s = sub.next();
                assertThat(s.keyExpr()).isEqualTo("alarms/a" + i);
                assertThat(s.priority()).isEqualTo(Priority.REAL_TIME);
            }
        }
        List<ZenohEndpoint> endpoints = producerEndpointsUnder("alarms");
        assertThat(endpoints).hasSize(1);
        assertThat(endpoints.get(0).getEndpointUri()).contains("priority=realTime");
    }

    @Test
    void aDynamicGetAsksEachKeyThroughOneEndpoint() throws Exception {
        awaitConnected();
        for (int n = 0; n < 20; n++) {
            int i = n;
            Exchange reply =
                    template.request(
                            "direct:ask", e -> e.getMessage().setHeader("id", "robot" + i));
            assertThat(reply.getException()).isNull();
            assertThat(reply.getMessage().getBody(String.class))
                    .isEqualTo("status of fleet/robot" + i + "/status");
            assertThat(reply.getMessage().getHeader(ZenohConstants.KEY_EXPR))
                    .isEqualTo("fleet/robot" + i + "/status");
            assertThat(reply.getMessage().getHeader(ZenohConstants.OVERRIDE_KEY_EXPR))
                    .as("used and removed")
                    .isNull();
        }
        List<ZenohEndpoint> gets =
                zenohEndpoints().stream()
                        .filter(e -> e.getEndpointUri().contains("operation=get"))
                        .toList();
        assertThat(gets).hasSize(1);
        assertThat(gets.get(0).getKeyExpr()).isEqualTo("fleet/**");
    }

    @Test
    void dynamicOptionsWithAStaticKeyAreEndpointsOfTheirOwn() throws Exception {
        try (Collector sub = new Collector("fixed/key")) {
            Waits.awaitSubscriberSeenByRoutes(context, "fixed/key");
            template.sendBodyAndHeader("direct:static", "a", "p", "realTime");
            template.sendBodyAndHeader("direct:static", "b", "p", "background");
            Map<String, Priority> got = new HashMap<>();
            for (int i = 0; i < 2; i++) {
                Sample s = sub.next();
                got.put(new String(s.payload(), StandardCharsets.UTF_8), s.priority());
            }
            assertThat(got).containsEntry("a", Priority.REAL_TIME);
            assertThat(got).containsEntry("b", Priority.BACKGROUND);
        }
        assertThat(producerEndpointsUnder("fixed"))
                .as("an option is the endpoint's: one endpoint per option value")
                .hasSize(2)
                .allMatch(e -> e.getKeyExpr().equals("fixed/key"));
    }

    @Test
    void anOverrideHeaderAlreadySetWinsAsWithTo() throws Exception {
        try (Collector sub = new Collector("robots/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "robots/x/cmd");
            template.sendBodyAndHeaders(
                    "direct:cmd",
                    "chosen",
                    Map.of("id", "ignored", ZenohConstants.OVERRIDE_KEY_EXPR, "robots/chosen/cmd"));
            Sample s = sub.next();
            assertThat(s.keyExpr()).isEqualTo("robots/chosen/cmd");
            Waits.assertNothingArrivesWithin(
                    Duration.ofMillis(300),
                    "a second sample (on robots/ignored/cmd)",
                    sub.samples::isEmpty);
        }
    }

    @Test
    void anInvalidEvaluatedKeyFailsTheExchangeNamingIt() {
        Exchange out =
                template.send(
                        "direct:cmd",
                        e -> {
                            e.getMessage().setHeader("id", "");
                            e.getMessage().setBody("x");
                        });
        assertThat(out.getException())
                .isNotNull()
                .hasMessageContaining(ZenohConstants.OVERRIDE_KEY_EXPR)
                .hasMessageContaining("robots//cmd");
    }

    @Test
    void autocanonizeInTheUriCanonizesTheEvaluatedKey() throws Exception {
        try (Collector sub = new Collector("auto/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "auto/x");
            template.sendBodyAndHeader("direct:auto", "c", "id", "x/**/**");
            assertThat(sub.next().keyExpr()).isEqualTo("auto/x/**");
        }
        assertThat(producerEndpointsUnder("auto")).hasSize(1);
    }

    @Test
    void theStaticPartIsTheKeyBeforeItsFirstExpression() {
        assertThat(ZenohSendDynamicAware.staticPrefix("robots/${header.id}/cmd"))
                .isEqualTo("robots");
        assertThat(ZenohSendDynamicAware.staticPrefix("a/b/x${header.id}/c")).isEqualTo("a/b");
        assertThat(ZenohSendDynamicAware.staticPrefix("${header.key}")).isEmpty();
        assertThat(ZenohSendDynamicAware.staticPrefix("a/$simple{header.k}")).isEqualTo("a");
        assertThat(ZenohSendDynamicAware.staticPrefix("a/b")).isNull();
    }
}
