/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Batch producer (batch=true) with bodies a careless user sends: a bad element past the first
 * chunk, a lazy Iterable that fails midway, empty payloads. What was sent is what the counters and
 * the subscriber say.
 */
class ZenohBatchEdgeTest extends ZenohTestSupport {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String URI = "zenoh:be/x?batch=true&congestionControl=block";

    private final List<Sample> received = Collections.synchronizedList(new ArrayList<>());
    private Subscriber sub;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:batch").to(URI);
                from("direct:plain").to("zenoh:be/x?congestionControl=block");
                from("zenoh:be/split/in?batchSize=10&batchTimeout=20")
                        .split(body())
                        .to("zenoh:be/split/out");
            }
        };
    }

    @AfterEach
    void closeSubscriber() {
        if (sub != null) {
            sub.close();
        }
    }

    private void subscribe() {
        sub = peer.declareSubscriber("be/x", SubscriberOptions.DEFAULT, received::add);
        awaitConnected();
        Waits.awaitSubscriberSeenByRoutes(context, "be/x");
    }

    private ZenohEndpoint endpoint() {
        return (ZenohEndpoint) context.getEndpoint(URI);
    }

    private static String text(Sample s) {
        return new String(s.payload(), StandardCharsets.UTF_8);
    }

    @Test
    void aBadSchemaPastTheFirstChunkSendsNothingOfTheCollection() {
        subscribe();
        List<Object> body = new ArrayList<>();
        for (int i = 0; i < ZenohProducer.BATCH_CHUNK + 10; i++) {
            body.add("e" + i);
        }
        body.add(
                new ZenohSample(
                        null,
                        "bad".getBytes(StandardCharsets.UTF_8),
                        1,
                        "s".repeat(300),
                        "PUT",
                        null,
                        null,
                        null,
                        null,
                        false));
        Exchange out = template.send("direct:batch", e -> e.getMessage().setBody(body));
        assertThat(out.getException())
                .isNotNull()
                .hasMessageContaining("element " + (ZenohProducer.BATCH_CHUNK + 10));
        // a plain put afterwards is the first thing the subscriber sees: the batch sent nothing
        template.sendBody("direct:plain", "after");
        Waits.until("the plain put", WAIT, () -> !received.isEmpty());
        assertThat(text(received.get(0)))
                .as(
                        "a Collection is checked whole first: nothing of it is sent (received %d)",
                        received.size())
                .isEqualTo("after");
    }

    @Test
    void aLazyIterableFailingMidwayCountsThePutsItSent() {
        subscribe();
        int failAt = ZenohProducer.BATCH_CHUNK * 2 + 5;
        Iterable<String> lazy =
                () ->
                        new Iterator<>() {
                            private int i;

                            @Override
                            public boolean hasNext() {
                                return true;
                            }

                            @Override
                            public String next() {
                                if (i == failAt) {
                                    throw new NoSuchElementException("source broke at " + i);
                                }
                                return "l" + i++;
                            }
                        };
        Exchange out = template.send("direct:batch", e -> e.getMessage().setBody(lazy));
        assertThat(out.getException()).isNotNull().hasMessageContaining("source broke");
        int sentChunks = ZenohProducer.BATCH_CHUNK * 2;
        Waits.until(
                "the two chunks sent before the failure",
                WAIT,
                () -> received.size() >= sentChunks);
        assertThat(endpoint().sent.sum())
                .as("puts that reached zenoh are counted as sent")
                .isEqualTo(sentChunks);
    }

    @Test
    void emptyPayloadsArriveAsEmptySamplesInOrder() {
        subscribe();
        List<Object> body = new ArrayList<>();
        body.add("");
        body.add(new byte[0]);
        body.add(ZenohSample.of(new byte[0]));
        body.add("x");
        body.add(new byte[2 << 20]); // larger than a chunk's byte limit, alone in its chunk
        body.add("y");
        template.sendBody("direct:batch", body);
        Waits.until("six samples", WAIT, () -> received.size() >= 6);
        synchronized (received) {
            assertThat(received)
                    .extracting(s -> s.payload().length)
                    .containsExactly(0, 0, 0, 1, 2 << 20, 1);
            assertThat(text(received.get(5))).isEqualTo("y");
        }
        assertThat(endpoint().sent.sum()).isEqualTo(6);
    }

    @Test
    void aSplitBatchRepublishesEachSampleWithItsEncodingAndAttachment() throws Exception {
        try (Collector out = new Collector("be/split/out")) {
            awaitConnected();
            Waits.awaitSubscriberSeenByRoutes(context, "be/split/out");
            peer.put(
                    "be/split/in",
                    "{\"a\":1}".getBytes(StandardCharsets.UTF_8),
                    Encoding.APPLICATION_JSON,
                    "meta".getBytes(StandardCharsets.UTF_8),
                    Qos.DEFAULT);
            Sample s = out.next();
            assertThat(text(s)).isEqualTo("{\"a\":1}");
            assertThat(s.encoding())
                    .as("a split element behaves like a single sample: its encoding goes on")
                    .isEqualTo(Encoding.APPLICATION_JSON);
            assertThat(s.attachment())
                    .as("and its attachment, as a single sample's header would")
                    .isEqualTo("meta".getBytes(StandardCharsets.UTF_8));
        }
    }
}
