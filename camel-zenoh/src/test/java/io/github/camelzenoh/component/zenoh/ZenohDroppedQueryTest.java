/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Reply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * A queryable whose hand-off drops queries still answers each of them: an error reply saying why,
 * then the final response, long before the asker's own timeout.
 */
class ZenohDroppedQueryTest extends ZenohTestSupport {

    /** Far longer than the test may take: a reply before it is an answer, not a timeout. */
    private static final long GET_TIMEOUT_MILLIS = 60_000;

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch entered = new CountDownLatch(1);

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:drop/q/**?consumerType=queryable&queueSize=1"
                                + "&overflowPolicy=dropNewest&concurrentConsumers=1")
                        .routeId("dropNewestQueries")
                        .process(
                                e -> {
                                    entered.countDown();
                                    release.await(30, TimeUnit.SECONDS);
                                })
                        .setBody(constant("answered"));
                from("zenoh:drop/fails/**?consumerType=queryable&exceptionHandler=#throwing")
                        .routeId("failingHandler")
                        .process(
                                e -> {
                                    throw new IllegalStateException("route failure 5");
                                });
            }
        };
    }

    @Override
    protected org.apache.camel.CamelContext createCamelContext() throws Exception {
        org.apache.camel.CamelContext c = super.createCamelContext();
        org.apache.camel.spi.ExceptionHandler throwing =
                new org.apache.camel.spi.ExceptionHandler() {
                    @Override
                    public void handleException(Throwable exception) {
                        throw new IllegalStateException("exception handler failure");
                    }

                    @Override
                    public void handleException(String message, Throwable exception) {
                        handleException(exception);
                    }

                    @Override
                    public void handleException(
                            String message,
                            org.apache.camel.Exchange exchange,
                            Throwable exception) {
                        handleException(exception);
                    }
                };
        c.getRegistry().bind("throwing", throwing);
        return c;
    }

    /**
     * A route thread failing outside the route (here the consumer's exception handler throws) drops
     * the item with the reason: the query is still finished, not left to the timeout.
     */
    @Test
    void aQueryWhoseRouteThreadFailsIsStillFinished() throws Exception {
        awaitConnected();
        long start = System.nanoTime();
        List<Reply> replies =
                peer.get("drop/fails/x", GetOptions.DEFAULT.withTimeout(GET_TIMEOUT_MILLIS))
                        .get(20, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .isLessThan(GET_TIMEOUT_MILLIS / 4);
        assertThat(replies).isNotEmpty().allMatch(r -> !r.ok());
        assertThat(replies)
                .extracting(r -> new String(r.errorPayload(), StandardCharsets.UTF_8))
                .anyMatch(t -> t.contains("route failure 5"));
    }

    @Test
    void queriesDroppedByAFullQueueGetAnErrorReplyAtOnce() throws Exception {
        awaitConnected();
        GetOptions options = GetOptions.DEFAULT.withTimeout(GET_TIMEOUT_MILLIS);
        List<CompletableFuture<List<Reply>>> gets = new ArrayList<>();
        gets.add(peer.get("drop/q/0", options));
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the route is busy").isTrue();
        long start = System.nanoTime();
        for (int i = 1; i <= 4; i++) {
            gets.add(peer.get("drop/q/" + i, options));
        }
        // one query waits in the queue (size 1), the route holds one, the other three are dropped:
        // each of those completes while the route is still blocked
        Loopback.await(
                Duration.ofSeconds(20),
                () -> gets.stream().filter(CompletableFuture::isDone).count() >= 3,
                "the 3 dropped queries to complete");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        List<List<Reply>> dropped =
                gets.stream()
                        .filter(CompletableFuture::isDone)
                        .map(CompletableFuture::join)
                        .toList();
        assertThat(dropped).hasSize(3);
        for (List<Reply> replies : dropped) {
            assertThat(replies).hasSize(1);
            Reply r = replies.get(0);
            assertThat(r.ok()).isFalse();
            assertThat(new String(r.errorPayload(), StandardCharsets.UTF_8))
                    .contains("query dropped")
                    .contains("overflowPolicy=dropNewest");
        }
        System.out.println("dropped queries answered in " + millis + " ms");
        assertThat(millis).as("answered, not timed out").isLessThan(GET_TIMEOUT_MILLIS / 4);
        ZenohEndpoint ep = (ZenohEndpoint) context.getRoute("dropNewestQueries").getEndpoint();
        assertThat(ep.dropped.sum()).isEqualTo(3);

        release.countDown();
        for (CompletableFuture<List<Reply>> g : gets) {
            List<Reply> replies = g.get(20, TimeUnit.SECONDS);
            assertThat(replies).hasSize(1);
        }
        long answered =
                gets.stream().map(CompletableFuture::join).filter(rs -> rs.get(0).ok()).count();
        assertThat(answered).as("the queued and the running query are answered").isEqualTo(2);
    }

    @Test
    void queriesQueuedWhenTheRouteStopsGetAnErrorReply() throws Exception {
        awaitConnected();
        GetOptions options = GetOptions.DEFAULT.withTimeout(GET_TIMEOUT_MILLIS);
        CompletableFuture<List<Reply>> running = peer.get("drop/q/a", options);
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the route is busy").isTrue();
        CompletableFuture<List<Reply>> queued = peer.get("drop/q/b", options);
        ZenohEndpoint ep = (ZenohEndpoint) context.getRoute("dropNewestQueries").getEndpoint();
        Loopback.await(
                Duration.ofSeconds(20), () -> ep.received.sum() == 2, "both queries received");
        Thread stopper =
                new Thread(
                        () -> {
                            try {
                                context.getRouteController().stopRoute("dropNewestQueries");
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        stopper.start();
        List<Reply> replies = queued.get(20, TimeUnit.SECONDS);
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(new String(replies.get(0).errorPayload(), StandardCharsets.UTF_8))
                .contains("query dropped")
                .contains("stopped");
        release.countDown();
        stopper.join(30_000);
        running.get(20, TimeUnit.SECONDS);
    }
}
