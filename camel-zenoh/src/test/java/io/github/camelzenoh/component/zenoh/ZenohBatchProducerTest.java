/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Batch producer (batch=true): a List body sends each element as one put, in order. */
class ZenohBatchProducerTest extends ZenohTestSupport {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String URI = "zenoh:bp/x?batch=true&congestionControl=block";

    private final List<Sample> received = Collections.synchronizedList(new ArrayList<>());
    private Subscriber sub;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:batch").to(URI);
                from("direct:plain").to("zenoh:bp/x?congestionControl=block");
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
        sub = peer.declareSubscriber("bp/x", SubscriberOptions.DEFAULT, received::add);
        awaitConnected();
        Waits.awaitSubscriberSeenByRoutes(context, "bp/x");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Sample s) {
        return new String(s.payload(), StandardCharsets.UTF_8);
    }

    @Test
    void aBatchNoSubscriberMatchesCountsEachElementAsUnmatched() {
        awaitConnected();
        String uri = "zenoh:bp/nobody/here?batch=true";
        template.sendBody(uri, List.of("a", "b", "c", "d", "e"));
        ZenohEndpoint e = context.getEndpoint(uri, ZenohEndpoint.class);
        assertThat(e.sent.sum()).isEqualTo(5);
        assertThat(e.unmatched.sum()).as("each put no subscriber matched").isEqualTo(5);
    }

    private static ZenohSample deleteSample(String kind) {
        return new ZenohSample(null, null, 0, null, kind, null, null, null, null, false);
    }

    @Test
    void failIfNoSubscribersRefusesABatchBeforeItsFirstElementEvenADelete() {
        awaitConnected();
        String uri = "zenoh:bp/nobody/del?batch=true&failIfNoSubscribers=true";
        for (List<ZenohSample> body :
                List.of(
                        List.of(deleteSample("DELETE"), deleteSample("DELETE")),
                        List.of(deleteSample("DELETE"), ZenohSample.of("put")))) {
            assertThatThrownBy(() -> template.sendBody(uri, body))
                    .isInstanceOf(CamelExecutionException.class)
                    .hasCauseInstanceOf(ZenohNoSubscribersException.class);
        }
        ZenohEndpoint e = context.getEndpoint(uri, ZenohEndpoint.class);
        assertThat(e.sent.sum()).as("nothing sent, the deletes included").isZero();
        assertThat(e.unmatched.sum())
                .as("each element of the two refused batches, as when a batch is sent anyway")
                .isEqualTo(4);
    }

    @Test
    void aSampleKindIsReadInAnyCaseAndAnUnknownOneIsRefused() {
        subscribe();
        assertThat(deleteSample("delete").kind()).isEqualTo("DELETE");
        assertThat(deleteSample(null).kind()).isEqualTo("PUT");
        assertThatThrownBy(() -> deleteSample("REMOVE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'REMOVE' is neither PUT nor DELETE");
        template.sendBody("direct:batch", List.of(deleteSample("delete"), ZenohSample.of("x")));
        Waits.until("two samples", WAIT, () -> received.size() >= 2);
        synchronized (received) {
            assertThat(received)
                    .extracting(Sample::kind)
                    .containsExactly(SampleKind.DELETE, SampleKind.PUT);
        }
    }

    @Test
    void putsEveryElementInOrderAcrossChunks() {
        subscribe();
        int n = ZenohProducer.BATCH_CHUNK * 2 + 7; // three native calls
        List<byte[]> body = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            body.add(utf8(String.valueOf(i)));
        }
        template.sendBody("direct:batch", body);
        Waits.until("all " + n + " puts at the subscriber", WAIT, () -> received.size() >= n);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add(String.valueOf(i));
        }
        synchronized (received) {
            assertThat(received).extracting(ZenohBatchProducerTest::text).isEqualTo(expected);
            assertThat(received).allSatisfy(s -> assertThat(s.keyExpr()).isEqualTo("bp/x"));
        }
        ZenohEndpoint ep = (ZenohEndpoint) context.getEndpoint(URI);
        assertThat(ep.sent.sum()).isEqualTo(n);
    }

    @Test
    void elementsKeepTheirKindEncodingAndAttachment() {
        subscribe();
        List<Object> body =
                List.of(
                        ZenohSample.of(
                                utf8("{\"a\":1}"), Encoding.parse("application/json"), utf8("att")),
                        "text",
                        new byte[] {1, 2, 3},
                        new ZenohSample(
                                "ignored/key",
                                null,
                                0,
                                null,
                                "DELETE",
                                null,
                                null,
                                null,
                                null,
                                false),
                        ZenohSample.of("last"));
        template.sendBody("direct:batch", body);
        Waits.until("five samples", WAIT, () -> received.size() >= 5);
        synchronized (received) {
            assertThat(received)
                    .extracting(Sample::kind)
                    .containsExactly(
                            SampleKind.PUT,
                            SampleKind.PUT,
                            SampleKind.PUT,
                            SampleKind.DELETE,
                            SampleKind.PUT);
            assertThat(text(received.get(0))).isEqualTo("{\"a\":1}");
            assertThat(received.get(0).encoding().toString()).isEqualTo("application/json");
            assertThat(received.get(0).attachment()).isEqualTo(utf8("att"));
            assertThat(text(received.get(1))).isEqualTo("text");
            assertThat(received.get(1).encoding()).isEqualTo(Encoding.ZENOH_STRING);
            assertThat(received.get(2).payload()).isEqualTo(new byte[] {1, 2, 3});
            assertThat(received.get(2).encoding()).isEqualTo(Encoding.ZENOH_BYTES);
            assertThat(received.get(2).attachment()).isNull();
            assertThat(received.get(3).keyExpr())
                    .as("a batch is sent on the endpoint's key, never the element's")
                    .isEqualTo("bp/x");
            assertThat(text(received.get(4))).isEqualTo("last");
        }
    }

    @Test
    void anOverrideKeySendsTheWholeBatchThereInOrder() {
        List<Sample> other = Collections.synchronizedList(new ArrayList<>());
        try (Subscriber o =
                peer.declareSubscriber("bp/other", SubscriberOptions.DEFAULT, other::add)) {
            subscribe();
            Waits.awaitSubscriberSeenByRoutes(context, "bp/other");
            int n = ZenohProducer.BATCH_CHUNK + 3; // two native calls
            List<String> body = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                body.add("o" + i);
            }
            template.sendBodyAndHeader(
                    "direct:batch", body, ZenohConstants.OVERRIDE_KEY_EXPR, "bp/other");
            Waits.until("all " + n + " puts on bp/other", WAIT, () -> other.size() >= n);
            synchronized (other) {
                assertThat(other).extracting(ZenohBatchProducerTest::text).isEqualTo(body);
                assertThat(other)
                        .allSatisfy(
                                s -> {
                                    assertThat(s.keyExpr()).isEqualTo("bp/other");
                                    assertThat(s.encoding()).isEqualTo(Encoding.ZENOH_STRING);
                                });
            }
            assertThat(received).as("nothing on the endpoint's own key").isEmpty();
        }
    }

    @Test
    void aBadElementFailsNamingItsIndexAndNothingIsSent() {
        subscribe();
        assertThatThrownBy(() -> template.sendBody("direct:batch", List.of("a", 42, "c")))
                .isInstanceOf(CamelExecutionException.class)
                .rootCause()
                .hasMessageContaining("element 1")
                .hasMessageContaining("java.lang.Integer");
        List<Object> longSchema = new ArrayList<>();
        longSchema.add("a");
        longSchema.add("b");
        longSchema.add(
                new ZenohSample(
                        null, utf8("x"), 1, "s".repeat(300), "PUT", null, null, null, null, false));
        assertThatThrownBy(() -> template.sendBody("direct:batch", longSchema))
                .hasStackTraceContaining("batch put on 'bp/x': element 2: encoding schema");
        // a plain put afterwards arrives first: neither failed batch sent anything
        template.sendBody("direct:plain", "after");
        Waits.until("the plain put", WAIT, () -> !received.isEmpty());
        assertThat(text(received.get(0))).isEqualTo("after");
    }
}
