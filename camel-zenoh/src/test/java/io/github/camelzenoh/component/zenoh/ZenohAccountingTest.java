/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.ClosedException;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.ExceptionHandler;
import org.junit.jupiter.api.Test;

/**
 * What a consumer counts and holds when things go wrong: an exception handler that throws (the
 * sample counted once, the route thread alive), a batch being gathered (held bytes bounded by
 * maxPendingBytes, not batchSize), a queue size its array cannot have.
 */
class ZenohAccountingTest extends ZenohTestSupport {

    private static final Qos BLOCK = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);

    private final AtomicInteger handled = new AtomicInteger();
    private final AtomicLong largestBatchBytes = new AtomicLong();
    private final AtomicLong batchedBytes = new AtomicLong();
    private final CountDownLatch liveRelease = new CountDownLatch(1);
    private final CountDownLatch closingEntered = new CountDownLatch(1);
    private final CountDownLatch closingRelease = new CountDownLatch(1);
    private final BlockingQueue<Throwable> captured = new LinkedBlockingQueue<>();
    private final ExceptionHandler capture =
            new ExceptionHandler() {
                @Override
                public void handleException(Throwable exception) {
                    captured.add(exception);
                }

                @Override
                public void handleException(String message, Throwable exception) {
                    captured.add(exception);
                }

                @Override
                public void handleException(
                        String message, org.apache.camel.Exchange exchange, Throwable exception) {
                    captured.add(exception);
                }
            };
    private final AtomicLong liveRouted = new AtomicLong();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext c = super.createCamelContext();
        c.getRegistry()
                .bind("throwingRuntime", handler(() -> new IllegalStateException("handler")));
        c.getRegistry().bind("throwingError", handler(() -> new AssertionError("handler")));
        c.getRegistry().bind("capture", capture);
        return c;
    }

    private ExceptionHandler handler(java.util.function.Supplier<? extends Throwable> thrown) {
        return new ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
                handled.incrementAndGet();
                Throwable t = thrown.get();
                if (t instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) t;
            }

            @Override
            public void handleException(String message, Throwable exception) {
                handleException(exception);
            }

            @Override
            public void handleException(
                    String message, org.apache.camel.Exchange exchange, Throwable exception) {
                handleException(exception);
            }
        };
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            @SuppressWarnings("unchecked")
            public void configure() {
                for (String h : List.of("throwingRuntime", "throwingError")) {
                    from("zenoh:acc/" + h + "?exceptionHandler=#" + h + "&concurrentConsumers=1")
                            .routeId(h)
                            .process(
                                    e -> {
                                        throw new IllegalStateException("route failure");
                                    });
                }
                from("zenoh:acc/live/**?consumerType=liveliness&overflowPolicy=block"
                                + "&queueSize=1&concurrentConsumers=1")
                        .routeId("live")
                        .process(
                                e -> {
                                    liveRelease.await(60, TimeUnit.SECONDS);
                                    liveRouted.incrementAndGet();
                                });
                from("zenoh:acc/closing?consumerType=queryable&exceptionHandler=#capture")
                        .routeId("closing")
                        .process(
                                e -> {
                                    closingEntered.countDown();
                                    closingRelease.await(30, TimeUnit.SECONDS);
                                })
                        .setBody(constant("too late"));
                from("zenoh:acc/big/**?batchSize=100000&batchTimeout=3000"
                                + "&maxPendingBytes=65536&queueSize=4")
                        .routeId("big")
                        .process(
                                e -> {
                                    long n = 0;
                                    for (ZenohSample s :
                                            (List<ZenohSample>) e.getIn().getBody(List.class)) {
                                        n += s.payload().length;
                                    }
                                    batchedBytes.addAndGet(n);
                                    largestBatchBytes.accumulateAndGet(n, Math::max);
                                });
            }
        };
    }

    @Test
    void anExceptionHandlerThatThrowsCountsEachSampleOnceAndKeepsTheRouteThread() throws Exception {
        awaitConnected();
        for (String h : List.of("throwingRuntime", "throwingError")) {
            handled.set(0);
            Waits.awaitSubscriber(peer, "acc/" + h);
            for (int i = 0; i < 3; i++) {
                peer.put("acc/" + h, new byte[] {1}, Encoding.ZENOH_BYTES, null, BLOCK);
            }
            ZenohEndpoint ep = (ZenohEndpoint) context.getRoute(h).getEndpoint();
            Waits.until(
                    h + ": all three samples through the route, its thread alive",
                    Duration.ofSeconds(10),
                    () -> handled.get() == 3);
            assertThat(ep.failed.sum()).as(h + ": failed once each").isEqualTo(3);
            assertThat(ep.dropped.sum()).as(h + ": not dropped as well").isZero();
        }
    }

    @Test
    void aBatchBeingGatheredHoldsAtMostMaxPendingBytesAndAnItem() throws Exception {
        awaitConnected();
        Waits.awaitSubscriber(peer, "acc/big/x");
        byte[] payload = new byte[60 << 10];
        int n = 200;
        for (int i = 0; i < n; i++) {
            peer.put("acc/big/k" + (i % 8), payload, Encoding.ZENOH_BYTES, null, BLOCK);
        }
        Waits.until(
                "every sample routed",
                Duration.ofSeconds(30),
                () -> batchedBytes.get() == (long) n * payload.length);
        assertThat(largestBatchBytes.get())
                .as("a batch is routed once it holds maxPendingBytes, not after 100000 samples")
                .isLessThanOrEqualTo(2 * 65536 + payload.length);
    }

    /**
     * A liveliness consumer counts the changes its subscriber drops. Its route is stuck and its
     * queue full, so a thread declaring tokens waits in the listener; meanwhile a thread that may
     * not wait (marked as a route's) declares more, past the subscriber's 16 MiB pending limit, and
     * those are dropped. (They were dropped uncounted: the consumer's listener ignored onDropped.)
     */
    @Test
    void aLivelinessConsumerCountsTheChangesItsSubscriberDrops() throws Exception {
        ZenohEndpoint ep = (ZenohEndpoint) context.getRoute("live").getEndpoint();
        Session session = ep.session();
        String chunk = "x".repeat(60_000);
        List<LivelinessToken> tokens = new CopyOnWriteArrayList<>();
        Thread waiting =
                new Thread(
                        () -> {
                            for (int i = 0; i < 3; i++) { // the route's, the queue's, a waiting one
                                tokens.add(session.declareLivelinessToken("acc/live/w" + i));
                            }
                        },
                        "declares-and-waits");
        int n = 400; // 24 MB of keys: past the 16 MiB pending limit
        try {
            waiting.start();
            Waits.until(
                    "a declaring thread waiting for room in the listener",
                    Duration.ofSeconds(10),
                    () -> ep.received.sum() == 3 && waiting.getState() != Thread.State.RUNNABLE);
            Subscriber.markConsumerThread(true);
            try {
                for (int i = 0; i < n; i++) {
                    tokens.add(session.declareLivelinessToken("acc/live/" + i + "/" + chunk));
                }
            } finally {
                Subscriber.markConsumerThread(false);
            }
        } finally {
            liveRelease.countDown();
        }
        try {
            waiting.join(10_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline && liveRouted.get() + ep.dropped.sum() < n + 3) {
                Thread.sleep(20);
            }
            Thread.sleep(200); // nothing more arrives
            String figures =
                    "received "
                            + ep.received.sum()
                            + ", routed "
                            + liveRouted.get()
                            + ", dropped "
                            + ep.dropped.sum();
            assertThat(liveRouted.get() + ep.dropped.sum())
                    .as("every change routed or counted as dropped: " + figures)
                    .isEqualTo(n + 3);
            assertThat(ep.received.sum()).as(figures).isEqualTo(n + 3);
            assertThat(ep.dropped.sum()).as("changes dropped at the pending limit").isPositive();
        } finally {
            tokens.forEach(LivelinessToken::close);
        }
    }

    /**
     * A queryable route whose session closed while it worked on a query: its reply fails with the
     * binding's ClosedException as it is (it was wrapped as "zenoh refused the reply"), counted
     * failed, not sent.
     */
    @Test
    void aReplyAfterTheSessionClosedFailsAsClosedAndCountsFailed() throws Exception {
        awaitConnected();
        ZenohEndpoint ep = (ZenohEndpoint) context.getRoute("closing").getEndpoint();
        java.util.concurrent.CompletableFuture<List<io.github.camelzenoh.zenoh.Reply>> get =
                peer.get("acc/closing", io.github.camelzenoh.zenoh.GetOptions.DEFAULT);
        assertThat(closingEntered.await(10, TimeUnit.SECONDS))
                .as("the query reached the route")
                .isTrue();
        ep.session().close();
        closingRelease.countDown();
        Throwable t = captured.poll(10, TimeUnit.SECONDS);
        assertThat(t).isInstanceOf(ClosedException.class);
        assertThat(ep.failed.sum()).isEqualTo(1);
        assertThat(ep.sent.sum()).isZero();
        assertThat(get.get(20, TimeUnit.SECONDS)).as("no reply reached the asker").isEmpty();
    }

    @Test
    void aQueueSizeItsArrayCannotHaveIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> context.getEndpoint("zenoh:acc/q?queueSize=2147483647"))
                .hasStackTraceContaining("queueSize")
                .hasStackTraceContaining("1 to 10000000");
    }
}
