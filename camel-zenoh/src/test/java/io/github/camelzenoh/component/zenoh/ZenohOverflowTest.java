/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * A slow route behind a small hand-off queue: what each overflow policy drops, and that it is
 * counted.
 */
class ZenohOverflowTest extends ZenohTestSupport {

    private static final int BURST = 200;
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicInteger maxBusyForQueued = new AtomicInteger();

    /** Route threads inside an exchange of the queued burst (samples 4 and up). */
    private final AtomicInteger busyQueued = new AtomicInteger();

    /** Holds the first four exchanges of "parallel" until the burst behind them is queued. */
    private final CountDownLatch firstFour = new CountDownLatch(1);

    /** The dropNewest route holds the plug sample (-1) until this opens. */
    private final CountDownLatch gate = new CountDownLatch(1);

    private final CountDownLatch plugHeld = new CountDownLatch(1);

    /** The ownQueue route holds "slow" until this opens. */
    private final CountDownLatch ownGate = new CountDownLatch(1);

    private final CountDownLatch ownSlowStarted = new CountDownLatch(1);

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:burst/newest/**?queueSize=10&overflowPolicy=dropNewest")
                        .routeId("dropNewest")
                        .process(
                                e -> {
                                    if ("-1".equals(e.getMessage().getBody(String.class))) {
                                        plugHeld.countDown();
                                        gate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                                    }
                                })
                        .to("mock:dropNewest");
                from("zenoh:burst/oldest/**?queueSize=10&overflowPolicy=dropOldest")
                        .routeId("dropOldest")
                        .process(e -> Thread.sleep(20))
                        .to("mock:dropOldest");
                from("zenoh:burst/block/**?queueSize=10&overflowPolicy=block")
                        .routeId("block")
                        .process(e -> Thread.sleep(5))
                        .to("mock:block");
                from("zenoh:burst/own/**?queueSize=1&concurrentConsumers=2")
                        .routeId("ownQueue")
                        .process(
                                e -> {
                                    if ("slow".equals(e.getMessage().getBody(String.class))) {
                                        ownSlowStarted.countDown();
                                        ownGate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                                    }
                                })
                        .choice()
                        .when(body().isEqualTo("echo"))
                        // two puts into its own subscription, delivered on this route thread
                        .setBody(constant("x"))
                        .to("zenoh:burst/own/x")
                        .to("zenoh:burst/own/x")
                        .otherwise()
                        .to("mock:ownQueue")
                        .end();
                from("zenoh:burst/parallel/**?concurrentConsumers=4")
                        .routeId("parallel")
                        .process(
                                e -> {
                                    busy.incrementAndGet();
                                    if (Integer.parseInt(e.getMessage().getBody(String.class))
                                            >= 4) {
                                        // counted apart from the first four, which may still
                                        // be leaving
                                        int queued = busyQueued.incrementAndGet();
                                        maxBusyForQueued.accumulateAndGet(queued, Math::max);
                                        Thread.sleep(300);
                                        busyQueued.decrementAndGet();
                                    } else {
                                        firstFour.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                                    }
                                    busy.decrementAndGet();
                                })
                        .to("mock:parallel");
            }
        };
    }

    /**
     * 200 samples as fast as the peer can send them; congestion control BLOCK so zenoh itself drops
     * none.
     */
    private static void burst(String key) {
        try (Publisher pub =
                peer.declarePublisher(
                        key,
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK)))) {
            for (int i = 0; i < BURST; i++) {
                pub.put(String.valueOf(i).getBytes(StandardCharsets.UTF_8), null, null);
            }
        }
    }

    private ZenohEndpoint endpoint(String routeId) {
        return (ZenohEndpoint) context.getRoute(routeId).getEndpoint();
    }

    private static List<Integer> numbers(MockEndpoint mock) {
        return mock.getExchanges().stream()
                .map(e -> Integer.valueOf(e.getMessage().getBody(String.class)))
                .toList();
    }

    /** Waits until every received sample is either routed or dropped. */
    private static void awaitAccounted(ZenohEndpoint ep, MockEndpoint mock) {
        Waits.until(
                "all " + BURST + " samples to reach the consumer",
                WAIT,
                () -> ep.received.sum() == BURST);
        Waits.until(
                "routed + dropped = received",
                WAIT,
                () -> mock.getReceivedCounter() + ep.dropped.sum() == ep.received.sum());
    }

    @Test
    void dropNewestKeepsTheOldestAndCountsTheRest() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:dropNewest");
        ZenohEndpoint ep = endpoint("dropNewest");
        // the route thread holds a plug sample while the burst arrives, so the queue (10) fills
        // with the burst's first ten and which samples survive does not depend on timing
        Waits.awaitSubscriber(peer, "burst/newest/x");
        peer.put("burst/newest/x", "-1".getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
        assertThat(plugHeld.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        burst("burst/newest/x");
        Waits.until(
                "the plug and all " + BURST + " samples to reach the consumer",
                WAIT,
                () -> ep.received.sum() == BURST + 1);
        gate.countDown();
        Waits.until(
                "routed + dropped = received",
                WAIT,
                () -> mock.getReceivedCounter() + ep.dropped.sum() == ep.received.sum());

        assertThat(numbers(mock))
                .as("DROP_NEWEST drops the arriving samples: the plug and the oldest ten survive")
                .containsExactly(-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(ep.dropped.sum()).isEqualTo(BURST - 10);
        assertThat(ep.failed.sum()).isZero();
        Waits.assertNothingArrivesWithin(
                Duration.ofMillis(300),
                "a dropped sample routed later",
                () -> mock.getReceivedCounter() == 11);
    }

    @Test
    void dropOldestKeepsTheNewestAndCountsTheRest() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:dropOldest");
        ZenohEndpoint ep = endpoint("dropOldest");
        burst("burst/oldest/x");
        awaitAccounted(ep, mock);

        long routed = mock.getReceivedCounter();
        assertThat(routed).isLessThan(BURST);
        assertThat(ep.dropped.sum()).isGreaterThan(0).isEqualTo(BURST - routed);
        List<Integer> seen = numbers(mock);
        assertThat(seen).isSorted().doesNotHaveDuplicates();
        assertThat(seen.get(seen.size() - 1))
                .as("the newest is never the one dropped")
                .isEqualTo(BURST - 1);
    }

    @Test
    void blockDeliversEverySampleInOrder() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:block");
        mock.expectedMessageCount(BURST);
        ZenohEndpoint ep = endpoint("block");
        burst("burst/block/x");
        mock.assertIsSatisfied(WAIT.toMillis());
        assertThat(numbers(mock))
                .as("all, in the publisher's order")
                .containsExactlyElementsOf(
                        java.util.stream.IntStream.range(0, BURST).boxed().toList());
        assertThat(ep.received.sum()).isEqualTo(BURST);
        assertThat(ep.dropped.sum()).isZero();
        assertThat(mock.getExchanges()).extracting(Exchange::getException).containsOnlyNulls();
    }

    /**
     * A burst queued while every route thread is busy is spread over all of them once they free up,
     * not taken whole by the first thread to finish (one slow exchange at a time behind it).
     */
    @Test
    void concurrentConsumersShareABurst() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:parallel");
        try (Publisher pub = peer.declarePublisher("burst/parallel/x", PublisherOptions.DEFAULT)) {
            for (int i = 0; i < 4; i++) {
                pub.put(String.valueOf(i).getBytes(StandardCharsets.UTF_8), null, null);
            }
            Waits.until("the 4 route threads busy", WAIT, () -> busy.get() == 4);
            for (int i = 4; i < 20; i++) { // queued in the hand-off while all four threads wait
                pub.put(String.valueOf(i).getBytes(StandardCharsets.UTF_8), null, null);
            }
            Waits.until("the burst queued", WAIT, () -> endpoint("parallel").received.sum() >= 20);
            firstFour.countDown();
        }
        Waits.until("20 exchanges", WAIT, () -> mock.getReceivedCounter() == 20);
        assertThat(numbers(mock))
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 20).boxed().toList());
        assertThat(maxBusyForQueued.get())
                .as("route threads busy at once on the queued burst")
                .isEqualTo(4);
        assertThat(endpoint("parallel").dropped.sum()).isZero();
    }

    /**
     * With two route threads, a route thread putting into its own full queue (block) waits while
     * the other route thread can still drain it, instead of dropping: one thread holds "slow", the
     * other puts two samples into its own subscription (queue of 1); both arrive once "slow" ends.
     */
    @Test
    void aRouteThreadWaitsInItsOwnFullQueueWhileAnotherRouteThreadCanDrainIt() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:ownQueue");
        ZenohEndpoint ep = endpoint("ownQueue");
        try (Publisher pub = peer.declarePublisher("burst/own/in", PublisherOptions.DEFAULT)) {
            Waits.until("the route's subscriber matched", WAIT, () -> pub.hasMatchingSubscribers());
            pub.put("slow".getBytes(StandardCharsets.UTF_8), null, null);
            assertThat(ownSlowStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            pub.put("echo".getBytes(StandardCharsets.UTF_8), null, null);
            // slow, echo and both puts of the echo reached the hand-off: the second one found the
            // queue full (or was dropped)
            Waits.until("4 samples at the hand-off", WAIT, () -> ep.received.sum() >= 4);
            ownGate.countDown();
            Waits.until("slow and both x routed", WAIT, () -> mock.getReceivedCounter() == 3);
        } finally {
            ownGate.countDown();
        }
        assertThat(mock.getExchanges())
                .extracting(x -> x.getMessage().getBody(String.class))
                .containsExactlyInAnyOrder("slow", "x", "x");
        assertThat(ep.dropped.sum()).as("dropped").isZero();
    }
}
