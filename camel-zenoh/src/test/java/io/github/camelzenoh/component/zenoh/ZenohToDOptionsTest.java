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
import java.util.List;
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

    @Test
    void evaluatedKeysKeepTheirCharacters() throws Exception {
        try (Collector sub = new Collector("chars/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "chars/x");
            for (String id : List.of("a b", "a+b", "a%41b", "ü/é", "x&y=1", "p%2Fq")) {
                template.sendBodyAndHeader("direct:plain", id, "id", id);
                Sample s = sub.next();
                assertThat(s.keyExpr()).as("key of id '%s'", id).isEqualTo("chars/" + id);
            }
        }
        assertThat(endpointsUnder("chars")).hasSize(1);
    }
}
