/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;

/** Two peer sessions in one JVM over loopback: every sample field crosses intact. */
class PubSubTest extends TwoPeerSessions {

    @Test
    void everySampleFieldRoundTrips() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                        b.declareSubscriber("test/fields/**", SubscriberOptions.DEFAULT, got::add);
                KeyExpr ke = a.declareKeyExpr("test/fields/one");
                Publisher pub =
                        a.declarePublisher(
                                ke,
                                PublisherOptions.DEFAULT
                                        .withEncoding(Encoding.parse("application/json"))
                                        .withQos(
                                                Qos.DEFAULT
                                                        .withPriority(Priority.INTERACTIVE_HIGH)
                                                        .withCongestionControl(
                                                                CongestionControl.BLOCK)
                                                        .withExpress(true)))) {
            Loopback.awaitRemoteSubscriber(a, "test/fields/one");
            byte[] payload = "{\"t\":21.5}".getBytes(StandardCharsets.UTF_8);
            pub.put(payload, null, "att-1".getBytes(StandardCharsets.UTF_8));
            Sample s = Loopback.next(got);
            assertThat(s.keyExpr()).isEqualTo("test/fields/one");
            assertThat(s.payload()).isEqualTo(payload);
            assertThat(s.encoding()).isEqualTo(Encoding.APPLICATION_JSON);
            assertThat(s.encoding().toString()).isEqualTo("application/json");
            assertThat(s.kind()).isEqualTo(SampleKind.PUT);
            assertThat(s.priority()).isEqualTo(Priority.INTERACTIVE_HIGH);
            assertThat(s.congestionControl()).isEqualTo(CongestionControl.BLOCK);
            assertThat(s.express()).isTrue();
            assertThat(s.reliability()).isEqualTo(Reliability.RELIABLE);
            assertThat(new String(s.attachment(), StandardCharsets.UTF_8)).isEqualTo("att-1");
            assertThat(s.timestamp()).as("peers do not stamp by default").isNull();

            // per-put encoding with schema overrides the publisher's; custom encodings keep their
            // text
            pub.put(
                    new byte[] {1, 2, 3},
                    new Encoding(Encoding.CUSTOM_ID, "vnd/robot-pose;v2"),
                    null);
            Sample custom = Loopback.next(got);
            assertThat(custom.encoding().id()).isEqualTo(0xFFFF);
            assertThat(custom.encoding().schema()).isEqualTo("vnd/robot-pose;v2");
            assertThat(custom.encoding().toString()).isEqualTo("vnd/robot-pose;v2");
            assertThat(custom.attachment()).isNull();

            pub.put(new byte[0], Encoding.parse("text/plain;charset=utf-8"), null);
            Sample text = Loopback.next(got);
            assertThat(text.payload()).isEmpty();
            assertThat(text.encoding()).isEqualTo(new Encoding(4, "charset=utf-8"));

            pub.delete("bye".getBytes(StandardCharsets.UTF_8));
            Sample del = Loopback.next(got);
            assertThat(del.kind()).isEqualTo(SampleKind.DELETE);
            assertThat(del.keyExpr()).isEqualTo("test/fields/one");
            assertThat(new String(del.attachment(), StandardCharsets.UTF_8)).isEqualTo("bye");
        }
    }

    /**
     * Small payloads are copied into a fixed-size native buffer, larger ones into one of their own
     * size: around that limit every payload and attachment arrives with its own length and bytes,
     * in another session and in the publishing session itself (which gets zenoh's copy unsent).
     */
    @Test
    void payloadsAroundTheInlineLimitArriveExactly() throws Exception {
        BlockingQueue<Sample> remote = new LinkedBlockingQueue<>();
        BlockingQueue<Sample> local = new LinkedBlockingQueue<>();
        try (Subscriber r =
                        b.declareSubscriber("test/sizes", SubscriberOptions.DEFAULT, remote::add);
                Subscriber l =
                        a.declareSubscriber("test/sizes", SubscriberOptions.DEFAULT, local::add);
                Publisher pub =
                        a.declarePublisher(
                                "test/sizes",
                                PublisherOptions.DEFAULT.withQos(
                                        Qos.DEFAULT.withCongestionControl(
                                                CongestionControl.BLOCK)))) {
            Loopback.awaitRemoteSubscriber(a, "test/sizes");
            for (int size : new int[] {0, 1, 7, 63, 64, 65, 1024, 70_000}) {
                byte[] payload = new byte[size];
                for (int i = 0; i < size; i++) {
                    payload[i] = (byte) (i * 31 + size);
                }
                byte[] attachment = new byte[size / 2 + 1];
                java.util.Arrays.fill(attachment, (byte) size);
                pub.put(payload, null, attachment);
                for (BlockingQueue<Sample> q : List.of(remote, local)) {
                    Sample s = Loopback.next(q);
                    assertThat(s.payload()).as("payload of %d bytes", size).isEqualTo(payload);
                    assertThat(s.attachment()).as("attachment").isEqualTo(attachment);
                }
            }
        }
    }

    @Test
    void oneShotPutAndDeleteCarryQos() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                a.declareSubscriber("test/oneshot/*", SubscriberOptions.DEFAULT, got::add)) {
            Loopback.awaitRemoteSubscriber(b, "test/oneshot/x");
            b.put(
                    "test/oneshot/x",
                    "v".getBytes(StandardCharsets.UTF_8),
                    new Encoding(13, "pkg.Msg"),
                    null,
                    Qos.DEFAULT
                            .withPriority(Priority.BACKGROUND)
                            .withReliability(Reliability.BEST_EFFORT));
            Sample s = Loopback.next(got);
            assertThat(s.encoding()).isEqualTo(new Encoding(13, "pkg.Msg"));
            assertThat(s.encoding().toString()).isEqualTo("application/protobuf;pkg.Msg");
            assertThat(s.priority()).isEqualTo(Priority.BACKGROUND);
            assertThat(s.congestionControl()).isEqualTo(CongestionControl.DROP);
            assertThat(s.express()).isFalse();
            b.delete("test/oneshot/x", null, Qos.DEFAULT);
            assertThat(Loopback.next(got).kind()).isEqualTo(SampleKind.DELETE);
        }
    }

    @Test
    void timestampsArriveWhenThePublisherStamps() throws Exception {
        int port = Loopback.freePort();
        try (Session stamping =
                        Session.open(
                                Loopback.listener(port)
                                        .withOverride("timestamping/enabled", "true"));
                Session plain = Session.open(Loopback.connector(port))) {
            Loopback.await(Duration.ofSeconds(10), () -> !plain.info().peers().isEmpty(), "peers");
            BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    plain.declareSubscriber("test/ts", SubscriberOptions.DEFAULT, got::add)) {
                Loopback.awaitRemoteSubscriber(stamping, "test/ts");
                stamping.put("test/ts", new byte[] {1}, null, null, Qos.DEFAULT);
                Sample s = Loopback.next(got);
                assertThat(s.timestamp()).as("timestamp text").isNotBlank().contains("/");
            }
        }
    }

    @Test
    void allowedOriginFiltersLocalPublications() throws Exception {
        List<String> local = new CopyOnWriteArrayList<>();
        List<String> remote = new CopyOnWriteArrayList<>();
        try (Subscriber l =
                        a.declareSubscriber(
                                "test/origin",
                                SubscriberOptions.DEFAULT.withOrigin(Locality.SESSION_LOCAL),
                                s -> local.add(new String(s.payload(), StandardCharsets.UTF_8)));
                Subscriber r =
                        a.declareSubscriber(
                                "test/origin",
                                SubscriberOptions.DEFAULT.withOrigin(Locality.REMOTE),
                                s -> remote.add(new String(s.payload(), StandardCharsets.UTF_8)))) {
            Loopback.awaitRemoteSubscriber(b, "test/origin");
            a.put(
                    "test/origin",
                    "from-a".getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
            b.put(
                    "test/origin",
                    "from-b".getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> !local.isEmpty() && !remote.isEmpty(),
                    "both samples");
            Loopback.settle();
            assertThat(local).containsExactly("from-a");
            assertThat(remote).containsExactly("from-b");
        }
    }

    @Test
    void samplesArriveInOrderWithBlockingCongestionControl() throws Exception {
        int n = 20_000;
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                        b.declareSubscriber("test/order", SubscriberOptions.DEFAULT, got::add);
                Publisher pub =
                        a.declarePublisher(
                                "test/order",
                                PublisherOptions.DEFAULT.withQos(
                                        Qos.DEFAULT.withCongestionControl(
                                                CongestionControl.BLOCK)))) {
            Loopback.awaitRemoteSubscriber(a, "test/order");
            for (int i = 0; i < n; i++) {
                pub.put(Integer.toString(i).getBytes(StandardCharsets.UTF_8));
            }
            for (int i = 0; i < n; i++) {
                Sample s = Loopback.next(got);
                assertThat(new String(s.payload(), StandardCharsets.UTF_8))
                        .isEqualTo(Integer.toString(i));
            }
        }
    }

    @Test
    void matchingStatusFollowsRemoteSubscribers() throws Exception {
        try (Publisher pub = a.declarePublisher("test/matching", PublisherOptions.DEFAULT)) {
            assertThat(pub.hasMatchingSubscribers()).isFalse();
            try (Subscriber sub =
                    b.declareSubscriber("test/*", SubscriberOptions.DEFAULT, s -> {})) {
                Loopback.await(
                        Duration.ofSeconds(10),
                        pub::hasMatchingSubscribers,
                        "a matching subscriber");
            }
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> !pub.hasMatchingSubscribers(),
                    "no matching subscriber");
        }
    }
}
