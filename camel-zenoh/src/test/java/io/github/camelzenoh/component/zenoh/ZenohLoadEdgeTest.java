/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * The features of this round under load: a queryable answering with many replies at once, several
 * threads sending batches through one endpoint.
 */
class ZenohLoadEdgeTest extends ZenohTestSupport {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int REPLIES = 20_000;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                byte[] kib = new byte[1024];
                from("zenoh:le/many/**?consumerType=queryable")
                        .process(
                                e -> {
                                    List<ZenohReply> r = new ArrayList<>(REPLIES);
                                    for (int i = 0; i < REPLIES; i++) {
                                        r.add(ZenohReply.ok("le/many/k" + i, kib, null));
                                    }
                                    e.getMessage().setBody(r);
                                });
                from("direct:batch").to("zenoh:le/b?batch=true&congestionControl=block");
            }
        };
    }

    @Test
    void aGetReceivesEveryOneOfManyReplies() throws Exception {
        awaitConnected();
        List<Reply> replies =
                peer.get("le/many/**", GetOptions.DEFAULT.withTimeout(20_000))
                        .get(30, TimeUnit.SECONDS);
        assertThat(replies.stream().filter(Reply::ok).count())
                .as("replies that reached the asker, of %d sent", REPLIES)
                .isEqualTo(REPLIES);
    }

    @Test
    void batchesFromSeveralThreadsThroughOneEndpointArriveWholeAndInOrderPerThread()
            throws Exception {
        List<Sample> got = Collections.synchronizedList(new ArrayList<>());
        try (Subscriber sub = peer.declareSubscriber("le/b", SubscriberOptions.DEFAULT, got::add)) {
            awaitConnected();
            Waits.awaitSubscriberSeenByRoutes(context, "le/b");
            int threads = 4;
            int each = 3_000;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int id = t;
                    done.add(
                            pool.submit(
                                    () -> {
                                        List<String> body = new ArrayList<>(each);
                                        for (int i = 0; i < each; i++) {
                                            body.add(id + ":" + i);
                                        }
                                        template.sendBody("direct:batch", body);
                                    }));
                }
                for (Future<?> f : done) {
                    f.get(30, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            Waits.until(
                    "all " + threads * each + " puts", WAIT, () -> got.size() >= threads * each);
            Map<String, Integer> next = new HashMap<>();
            synchronized (got) {
                for (Sample s : got) {
                    String[] parts = new String(s.payload(), StandardCharsets.UTF_8).split(":");
                    int expected = next.getOrDefault(parts[0], 0);
                    assertThat(Integer.parseInt(parts[1]))
                            .as("thread %s's order", parts[0])
                            .isEqualTo(expected);
                    next.put(parts[0], expected + 1);
                }
            }
            assertThat(got).hasSize(threads * each);
        }
    }
}
