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
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * A batch consumer stopped while samples keep arriving, several times: every sample it received is
 * routed or counted as dropped, none vanishes.
 */
class ZenohBatchStopUnderTrafficTest extends ZenohTestSupport {

    private static final String URI =
            "zenoh:st/x?batchSize=64&batchTimeout=2&queueSize=8&concurrentConsumers=2";

    private final AtomicLong routed = new AtomicLong();

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(URI)
                        .routeId("st")
                        .process(e -> routed.addAndGet(e.getMessage().getBody(List.class).size()));
            }
        };
    }

    private void awaitAccounted(ZenohEndpoint ep, String when) {
        try {
            Waits.until(
                    "received = routed + dropped + failed " + when,
                    () -> ep.received.sum() == routed.get() + ep.dropped.sum() + ep.failed.sum());
        } catch (AssertionError e) {
            throw new AssertionError(
                    when
                            + ": received "
                            + ep.received.sum()
                            + ", routed "
                            + routed.get()
                            + ", dropped "
                            + ep.dropped.sum()
                            + ", failed "
                            + ep.failed.sum(),
                    e);
        }
    }

    @Test
    void everySampleReceivedIsRoutedOrCountedAcrossStopsUnderTraffic() throws Exception {
        awaitConnected();
        ZenohEndpoint ep = (ZenohEndpoint) context.getEndpoint(URI);
        ZenohConsumer consumer = (ZenohConsumer) context.getRoute("st").getConsumer();
        AtomicBoolean publishing = new AtomicBoolean(true);
        Thread pub =
                new Thread(
                        () -> {
                            byte[] payload = "p".getBytes(StandardCharsets.UTF_8);
                            try (Publisher p =
                                    peer.declarePublisher(
                                            "st/x",
                                            PublisherOptions.DEFAULT.withQos(
                                                    Qos.DEFAULT.withCongestionControl(
                                                            CongestionControl.DROP)))) {
                                while (publishing.get()) {
                                    p.put(payload, null, null);
                                }
                            }
                        },
                        "st-publisher");
        pub.start();
        try {
            for (int cycle = 0; cycle < 10; cycle++) {
                long before = ep.received.sum();
                Waits.until(
                        "traffic flowing into the route (cycle " + cycle + ")",
                        () -> ep.received.sum() > before + 2_000);
                consumer.stop();
                awaitAccounted(ep, "after stop " + cycle);
                consumer.start();
                Waits.awaitSubscriber(peer, "st/x");
            }
        } finally {
            publishing.set(false);
            pub.join(10_000);
        }
        consumer.stop();
        awaitAccounted(ep, "at the end");
        assertThat(routed.get()).isPositive();
    }
}
