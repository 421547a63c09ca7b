/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/** Batch consumer (batchSize > 0): one Exchange per batch, body List<ZenohSample>. */
class ZenohBatchConsumerTest extends ZenohTestSupport {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<String> ordered = new ArrayList<>();
    private final List<Integer> sizes = new ArrayList<>();
    private final List<Integer> headerSizes = new ArrayList<>();

    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch plugHeld = new CountDownLatch(1);
    private final AtomicLong delivered = new AtomicLong();

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            @SuppressWarnings("unchecked")
            public void configure() {
                from("zenoh:batch/order/**?batchSize=50")
                        .routeId("order")
                        .process(
                                e -> {
                                    List<ZenohSample> b = e.getMessage().getBody(List.class);
                                    synchronized (ordered) {
                                        sizes.add(b.size());
                                        headerSizes.add(
                                                e.getMessage()
                                                        .getHeader(
                                                                ZenohConstants.BATCH_SIZE,
                                                                Integer.class));
                                        for (ZenohSample s : b) {
                                            ordered.add(s.payloadAsString());
                                        }
                                    }
                                });
                from("zenoh:batch/trickle?batchSize=1000&batchTimeout=200")
                        .routeId("trickle")
                        .to("mock:trickle");
                from("zenoh:batch/hold?batchSize=1000&batchTimeout=600000")
                        .routeId("hold")
                        .to("mock:hold");
                from("zenoh:batch/split?batchSize=10")
                        .routeId("split")
                        .split(body())
                        .to("mock:split");
                from("zenoh:batch/stop/**?batchSize=10&queueSize=10000")
                        .routeId("stop")
                        .process(
                                e -> {
                                    List<ZenohSample> b = e.getMessage().getBody(List.class);
                                    if (b.get(0).payloadAsString().equals("plug")) {
                                        plugHeld.countDown();
                                        gate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                                    }
                                    delivered.addAndGet(b.size());
                                });
            }
        };
    }

    private ZenohEndpoint endpoint(String routeId) {
        return (ZenohEndpoint) context.getRoute(routeId).getEndpoint();
    }

    private static void burst(String key, int n) {
        try (Publisher pub =
                peer.declarePublisher(
                        key,
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK)))) {
            for (int i = 0; i < n; i++) {
                pub.put(String.valueOf(i).getBytes(StandardCharsets.UTF_8), null, null);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void batchesKeepZenohsOrderAndStayWithinBatchSize() {
        awaitConnected();
        int n = 2000;
        burst("batch/order/x", n);
        Waits.until(
                "all " + n + " samples routed",
                WAIT,
                () -> {
                    synchronized (ordered) {
                        return ordered.size() >= n;
                    }
                });
        synchronized (ordered) {
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add(String.valueOf(i));
            }
            assertThat(ordered).containsExactlyElementsOf(expected);
            assertThat(sizes).allSatisfy(s -> assertThat(s).isBetween(1, 50));
            assertThat(headerSizes).as("header CamelZenohBatchSize").isEqualTo(sizes);
        }
        assertThat(endpoint("order").received.sum()).isEqualTo(n);
        assertThat(endpoint("order").dropped.sum()).isZero();
    }

    @Test
    void aSingleSampleWaitsAtMostBatchTimeout() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:trickle");
        peer.put(
                "batch/trickle",
                utf8("alone"),
                Encoding.parse("text/plain"),
                utf8("att"),
                Qos.DEFAULT);
        // batchSize is 1000: without batchTimeout the lone sample would wait for 999 more
        Waits.until("the lone sample routed", WAIT, () -> mock.getReceivedCounter() == 1);
        Exchange e = mock.getExchanges().get(0);
        List<?> body = e.getMessage().getBody(List.class);
        assertThat(body).hasSize(1);
        ZenohSample s = (ZenohSample) body.get(0);
        assertThat(s.key()).isEqualTo("batch/trickle");
        assertThat(s.payloadAsString()).isEqualTo("alone");
        assertThat(s.encoding().toString()).isEqualTo("text/plain");
        assertThat(s.attachment()).isEqualTo(utf8("att"));
        assertThat(s.kind()).isEqualTo("PUT");
        assertThat(s.priority()).isEqualTo("data");
        assertThat(e.getMessage().getHeader(ZenohConstants.BATCH_SIZE)).isEqualTo(1);
        assertThat(e.getMessage().getHeader(ZenohConstants.KEY_EXPR))
                .as("no per-sample headers on a batch")
                .isNull();
    }

    @Test
    void splitGivesEachSampleAsBytesAndString() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:split");
        try (Publisher pub = peer.declarePublisher("batch/split", PublisherOptions.DEFAULT)) {
            for (String s : List.of("a", "b", "c")) {
                pub.put(utf8(s), null, null);
            }
        }
        Waits.until("three split samples", WAIT, () -> mock.getReceivedCounter() == 3);
        List<String> strings = new ArrayList<>();
        for (Exchange e : mock.getExchanges()) {
            assertThat(e.getMessage().getBody()).isInstanceOf(ZenohSample.class);
            strings.add(e.getMessage().getBody(String.class));
            assertThat(e.getMessage().getBody(byte[].class))
                    .isEqualTo(utf8(e.getMessage().getBody(String.class)));
        }
        assertThat(strings).containsExactly("a", "b", "c");
    }

    @Test
    void stopDeliversTheBatchBeingGathered() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:hold");
        ZenohEndpoint ep = endpoint("hold");
        try (Publisher pub = peer.declarePublisher("batch/hold", PublisherOptions.DEFAULT)) {
            for (String s : List.of("x", "y", "z")) {
                pub.put(utf8(s), null, null);
            }
        }
        Waits.until("three samples received", WAIT, () -> ep.received.sum() == 3);
        // taken from the hand-off by the route thread: a stop before that drops and counts them
        Waits.until("the route thread took them", WAIT, () -> ep.handoffDepth() == 0);
        // batchTimeout is 10 minutes: the route thread holds the three while waiting for more
        context.getRoute("hold").getConsumer().stop();
        Waits.until(
                "the held batch routed or counted at stop",
                WAIT,
                () -> mock.getReceivedCounter() + ep.dropped.sum() >= 1);
        assertThat(ep.dropped.sum()).isZero();
        List<?> body = mock.getExchanges().get(0).getMessage().getBody(List.class);
        assertThat(body)
                .extracting(s -> ((ZenohSample) s).payloadAsString())
                .containsExactly("x", "y", "z");
    }

    @Test
    void stopCountsEverySampleStillQueued() throws Exception {
        awaitConnected();
        ZenohEndpoint ep = endpoint("stop");
        peer.put("batch/stop/x", utf8("plug"), null, null, Qos.DEFAULT);
        assertThat(plugHeld.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        int n = 500;
        burst("batch/stop/x", n);
        Waits.until("the plug and the burst received", WAIT, () -> ep.received.sum() == n + 1);
        ZenohConsumer consumer = (ZenohConsumer) context.getRoute("stop").getConsumer();
        Thread stopper = new Thread(consumer::stop, "stopper");
        stopper.start();
        // the hand-off stops (and counts what it held) before the route thread is waited for
        Waits.until("the hand-off stopped", WAIT, () -> consumer.pending() == 0);
        gate.countDown();
        stopper.join(WAIT.toMillis());
        assertThat(stopper.isAlive()).isFalse();
        assertThat(delivered.get() + ep.dropped.sum())
                .as("routed + dropped = received")
                .isEqualTo(ep.received.sum());
        assertThat(ep.dropped.sum()).as("the queued burst, counted sample by sample").isEqualTo(n);
    }

    @Test
    void badBatchOptionsFailEndpointCreation() {
        assertThatThrownBy(() -> context.getEndpoint("zenoh:batch/bad?batchSize=-1"))
                .hasStackTraceContaining("batchSize");
        assertThatThrownBy(
                        () ->
                                context.getEndpoint(
                                        "zenoh:batch/bad?batchSize=10&consumerType=queryable"))
                .hasStackTraceContaining("consumerType=subscriber");
        assertThatThrownBy(() -> context.getEndpoint("zenoh:batch/bad?batchSize=1&batchTimeout=-5"))
                .hasStackTraceContaining("batchTimeout");
    }
}
