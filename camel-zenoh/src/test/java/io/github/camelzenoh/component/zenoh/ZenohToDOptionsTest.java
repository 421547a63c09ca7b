/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * toD with options and keys a per-key endpoint honours: the optimised toD (one endpoint per static
 * part) must not lose what {@code to} with the evaluated URI would do.
 */
class ZenohToDOptionsTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:strict").toD("zenoh:lonely/${header.id}?failIfNoSubscribers=true");
                from("direct:cached").toD("zenoh:cached/${header.id}?cacheSize=5");
                from("direct:plain").toD("zenoh:chars/${header.id}");
                // the same URI without the optimisation: one endpoint per evaluated URI
                from("direct:unoptimised")
                        .recipientList(simple("zenoh:unoptimised/${header.id}"))
                        .delimiter("false");
                // opens the context's session at start (the toD endpoints are made on first use)
                from("zenoh:todopts/anchor").to("log:anchor");
            }
        };
    }

    private List<ZenohEndpoint> endpointsUnder(String prefix) {
        return context.getEndpoints().stream()
                .filter(ZenohEndpoint.class::isInstance)
                .map(ZenohEndpoint.class::cast)
                .filter(e -> e.getKeyExpr().startsWith(prefix))
                .toList();
    }

    @Test
    void failIfNoSubscribersInTheUriRefusesAPutNobodyReceives() {
        awaitConnected();
        Exchange out =
                template.send(
                        "direct:strict",
                        e -> {
                            e.getMessage().setHeader("id", "nobody");
                            e.getMessage().setBody("lost?");
                        });
        assertThat(out.getException())
                .as("to(\"zenoh:lonely/nobody?failIfNoSubscribers=true\") refuses this put")
                .isInstanceOf(ZenohNoSubscribersException.class);
    }

    @Test
    void cacheSizeInTheUriServesLateJoinersTheirHistory() throws Exception {
        awaitConnected();
        for (int i = 0; i < 3; i++) {
            template.sendBodyAndHeader("direct:cached", "h" + i, "id", "a");
        }
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber late =
                peer.declareSubscriber(
                        "cached/a", SubscriberOptions.DEFAULT.withHistory(5), got::add)) {
            for (int i = 0; i < 3; i++) {
                Sample s = got.poll(5, TimeUnit.SECONDS);
                assertThat(s)
                        .as(
                                "history sample %d of to(\"zenoh:cached/a?cacheSize=5\") for a"
                                        + " late joiner",
                                i)
                        .isNotNull();
                assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("h" + i);
            }
        }
    }

    /**
     * An evaluated key is read as Camel reads any endpoint URI's path, percent-decoded once: the
     * optimised toD sends where the same URI without the optimisation (another option, or
     * recipientList) sends. Before, it kept {@code %XX} as written, so adding an option that turns
     * the optimisation off moved the data to other keys.
     */
    @Test
    void evaluatedKeysAreReadAsAnyEndpointUriPathIs() throws Exception {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("a b", "a b");
        expected.put("a+b", "a+b");
        expected.put("ü/é", "ü/é");
        expected.put("x&y=1", "x&y=1");
        expected.put("a%41b", "aAb");
        expected.put("p%2Fq", "p/q");
        expected.put("a%20b", "a b");
        expected.put("a%25b", "a%b");
        expected.put("ü%C3%BC", "üü");
        try (Collector sub = new Collector("chars/**");
                Collector unoptimised = new Collector("unoptimised/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "chars/x");
            Waits.awaitSubscriberSeenByRoutes(context, "unoptimised/x");
            for (Map.Entry<String, String> id : expected.entrySet()) {
                template.sendBodyAndHeader("direct:plain", "v", "id", id.getKey());
                template.sendBodyAndHeader("direct:unoptimised", "v", "id", id.getKey());
                assertThat(sub.next().keyExpr())
                        .as("key of id '%s'", id.getKey())
                        .isEqualTo("chars/" + id.getValue());
                assertThat(unoptimised.next().keyExpr())
                        .as("key of id '%s' without the optimisation", id.getKey())
                        .isEqualTo("unoptimised/" + id.getValue());
            }
        }
        assertThat(endpointsUnder("chars")).hasSize(1);
    }

    /**
     * A key Camel's URI parsing cuts ({@code #} starts a URI fragment) or refuses ({@code %0A}
     * decodes to a control character) is not optimised: the evaluated URI makes its endpoint, as
     * with {@code to}, which refuses it. Before, the optimised path sent {@code c#d} to {@code c}.
     */
    @Test
    void aKeyTheUriCannotCarryFailsAsWithTo() throws Exception {
        try (Collector sub = new Collector("chars/**");
                Collector unoptimised = new Collector("unoptimised/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "chars/x");
            Waits.awaitSubscriberSeenByRoutes(context, "unoptimised/x");
            for (String id : List.of("c#d", "c%0Ad")) {
                Exchange optimised =
                        template.send(
                                "direct:plain",
                                e -> {
                                    e.getMessage().setHeader("id", id);
                                    e.getMessage().setBody("v");
                                });
                Exchange plain =
                        template.send(
                                "direct:unoptimised",
                                e -> {
                                    e.getMessage().setHeader("id", id);
                                    e.getMessage().setBody("v");
                                });
                assertThat(plain.getException()).as("to refuses '%s'", id).isNotNull();
                assertThat(optimised.getException())
                        .as("toD refuses '%s' as to does", id)
                        .isNotNull()
                        .isInstanceOf(plain.getException().getClass());
            }
            template.sendBodyAndHeader("direct:plain", "after", "id", "ok");
            assertThat(sub.next().keyExpr()).as("nothing sent before").isEqualTo("chars/ok");
        }
    }
}
