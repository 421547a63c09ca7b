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
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hand-off between zenoh's threads and a stuck route holds at most maxPendingBytes of payload
 * (the rule: memory stays bounded under every policy), not queueSize samples of any size: large
 * samples behind a stuck route are dropped by the overflow policy and counted once that many bytes
 * wait, long before queueSize (10000) items.
 */
class ZenohHandoffBytesTest extends ZenohTestSupport {

    private static final int BUDGET = 1024 * 1024;
    private static final int SIZE = 256 * 1024;
    private static final int COUNT = 40;
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** Every route holds its first sample until this opens. */
    private final CountDownLatch gate = new CountDownLatch(1);

    private final CountDownLatch stuck = new CountDownLatch(1);

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                for (String policy : List.of("dropNewest", "dropOldest")) {
                    from("zenoh:bytes/"
                                    + policy
                                    + "/**?maxPendingBytes="
                                    + BUDGET
                                    + "&overflowPolicy="
                                    + policy)
                            .routeId(policy)
                            .process(
                                    e -> {
                                        stuck.countDown();
                                        gate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                                    })
                            .to("mock:" + policy);
                }
            }
        };
    }

    @AfterEach
    void open() {
        gate.countDown();
    }

    @Test
    void dropNewestHoldsAtMostMaxPendingBytesBehindAStuckRoute() throws Exception {
        List<Integer> routed = stuckRouteGetsLargeSamples("dropNewest");
        assertThat(routed)
                .as("dropNewest keeps the sample being routed and the oldest queued")
                .startsWith(0, 1);
    }

    @Test
    void dropOldestHoldsAtMostMaxPendingBytesBehindAStuckRoute() throws Exception {
        List<Integer> routed = stuckRouteGetsLargeSamples("dropOldest");
        assertThat(routed.get(routed.size() - 1))
                .as("the newest is never the one dropped")
                .isEqualTo(COUNT - 1);
    }

    /**
     * The route is stuck in its first sample while the peer puts {@link #COUNT} samples of {@link
     * #SIZE} bytes (congestion control BLOCK, so zenoh drops none): the samples waiting in the
     * hand-off never exceed the budget by more than one sample; the rest is dropped and counted.
     * Returns the numbers of the samples routed once the route is released.
     */
    private List<Integer> stuckRouteGetsLargeSamples(String routeId) throws Exception {
        awaitConnected();
        ZenohConsumer consumer = (ZenohConsumer) context.getRoute(routeId).getConsumer();
        ZenohEndpoint ep = consumer.getEndpoint();
        MockEndpoint mock = getMockEndpoint("mock:" + routeId);
        AtomicInteger maxWaiting = new AtomicInteger();
        AtomicLong maxBytes = new AtomicLong();
        String key = "bytes/" + routeId + "/x";
        try (Publisher pub =
                peer.declarePublisher(
                        key,
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK)))) {
            Waits.until("the route's subscriber matched", WAIT, pub::hasMatchingSubscribers);
            pub.put(sample(0), null, null);
            assertThat(stuck.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            for (int i = 1; i < COUNT; i++) {
                pub.put(sample(i), null, null);
                watch(consumer, maxWaiting, maxBytes);
            }
            Waits.until(
                    "all " + COUNT + " samples to reach the consumer",
                    WAIT,
                    () -> {
                        watch(consumer, maxWaiting, maxBytes);
                        return ep.received.sum() == COUNT;
                    });
        }
        watch(consumer, maxWaiting, maxBytes);
        long droppedWhileStuck = ep.dropped.sum();
        gate.countDown();
        Waits.until(
                "routed + dropped = received",
                WAIT,
                () -> mock.getReceivedCounter() + ep.dropped.sum() == ep.received.sum());

        assertThat((long) maxWaiting.get() * SIZE)
                .as("bytes waiting in the hand-off (%d samples of %d)", maxWaiting.get(), SIZE)
                .isLessThanOrEqualTo(BUDGET + SIZE);
        assertThat(maxBytes.get())
                .as("the hand-off's own count of bytes waiting")
                .isLessThanOrEqualTo(BUDGET + SIZE);
        assertThat(droppedWhileStuck).as("dropped while the route was stuck").isPositive();
        assertThat(ep.received.sum()).isEqualTo(COUNT);
        assertThat(mock.getReceivedCounter() + ep.dropped.sum()).isEqualTo(COUNT);
        assertThat(ep.failed.sum()).isZero();
        List<Integer> routed =
                mock.getExchanges().stream()
                        .map(e -> ByteBuffer.wrap(e.getMessage().getBody(byte[].class)).getInt())
                        .toList();
        assertThat(routed).isSorted().doesNotHaveDuplicates();
        assertThat(routed.get(0)).as("the sample the route was stuck in").isZero();
        return routed;
    }

    private static void watch(ZenohConsumer consumer, AtomicInteger samples, AtomicLong bytes) {
        samples.accumulateAndGet(consumer.pending(), Math::max);
        bytes.accumulateAndGet(consumer.pendingBytes(), Math::max);
    }

    private static byte[] sample(int i) {
        return ByteBuffer.allocate(SIZE).putInt(i).array();
    }
}
