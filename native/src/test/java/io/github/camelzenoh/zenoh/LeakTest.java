/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The live-native-object counter (handles + listener references) returns to its baseline after
 * 1,000 declare/close cycles of every handle type, after gets, and after 100,000 received samples;
 * and what was closed is gone for zenoh too: the other peer no longer sees the subscribers,
 * queryables and liveliness tokens (the counter alone would also read "freed" for an object
 * released on the Java side but never undeclared).
 */
@TwoPeerSessions.Timestamping
class LeakTest extends TwoPeerSessions {

    static final int CYCLES = 1_000;
    long baseline;

    @BeforeEach
    void takeBaseline() {
        baseline = NativeDiagnostics.liveObjects();
    }

    /** The counter reaches the baseline (objects freed by zenoh threads may take a moment). */
    void assertAtBaseline(String what) {
        awaitCount(baseline, what);
    }

    static void awaitCount(long expected, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long now;
        while ((now = NativeDiagnostics.liveObjects()) != expected
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertThat(now).as(what + ": live native objects").isEqualTo(expected);
    }

    void cycles(String what, int n, IntConsumer cycle) {
        for (int i = 0; i < n; i++) {
            cycle.accept(i);
        }
        assertAtBaseline(n + " x " + what);
    }

    @Test
    void declaredKeyExpressions() {
        cycles(
                "declareKeyExpr/close",
                CYCLES,
                i -> a.declareKeyExpr("test/leak/ke/" + (i % 10)).close());
    }

    @Test
    void publishers() {
        cycles(
                "publisher",
                CYCLES,
                i -> {
                    try (Publisher p =
                            a.declarePublisher("test/leak/pub", PublisherOptions.DEFAULT)) {
                        p.put(new byte[] {1});
                    }
                });
        try (KeyExpr ke = a.declareKeyExpr("test/leak/pub/declared")) {
            long withKe = NativeDiagnostics.liveObjects();
            for (int i = 0; i < CYCLES; i++) {
                a.declarePublisher(ke, PublisherOptions.DEFAULT).close();
            }
            assertThat(NativeDiagnostics.liveObjects()).isEqualTo(withKe);
        }
        assertAtBaseline("publishers on a declared key expression");
    }

    @Test
    void advancedPublishers() {
        cycles(
                "advanced publisher",
                CYCLES / 5,
                i -> {
                    try (Publisher p =
                            a.declarePublisher(
                                    "test/leak/adv",
                                    PublisherOptions.DEFAULT.withCache(4).withHeartbeat(500))) {
                        p.put(new byte[] {1});
                    }
                });
    }

    /**
     * {@code cycle} declares on {@code b} something {@code seen} reports from {@code a}'s side and
     * closes it: the first declaration is seen (so the check can see one), and after every cycle
     * none is left, for zenoh as for the counter.
     */
    void cyclesSeenFromThePeer(
            String what, int n, IntFunction<AutoCloseable> declare, BooleanSupplier seen)
            throws Exception {
        long before = NativeDiagnostics.liveObjects();
        try (AutoCloseable first = declare.apply(0)) {
            Loopback.await(Duration.ofSeconds(10), seen, "the peer sees a " + what);
        }
        for (int i = 1; i < n; i++) {
            declare.apply(i).close();
        }
        Loopback.await(
                Duration.ofSeconds(10),
                () -> !seen.getAsBoolean(),
                "the peer sees no " + what + " after " + n + " closes");
        awaitCount(before, n + " x " + what);
    }

    @Test
    void subscribers() throws Exception {
        try (Publisher watch = a.declarePublisher("test/leak/sub/x", PublisherOptions.DEFAULT);
                Publisher advWatch =
                        a.declarePublisher("test/leak/advsub/x", PublisherOptions.DEFAULT)) {
            cyclesSeenFromThePeer(
                    "subscriber",
                    CYCLES,
                    i ->
                            b.declareSubscriber(
                                    "test/leak/sub/**", SubscriberOptions.DEFAULT, s -> {}),
                    watch::hasMatchingSubscribers);
            cyclesSeenFromThePeer(
                    "advanced subscriber",
                    CYCLES / 5,
                    i ->
                            b.declareSubscriber(
                                    "test/leak/advsub/**",
                                    SubscriberOptions.DEFAULT
                                            .withHistory(5)
                                            .withRecovery(true, 0)
                                            .withMissListener((src, n) -> {}),
                                    s -> {}),
                    advWatch::hasMatchingSubscribers);
        }
        assertAtBaseline("subscribers");
    }

    @Test
    void queryables() throws Exception {
        cyclesSeenFromThePeer(
                "queryable",
                CYCLES,
                i ->
                        b.declareQueryable(
                                "test/leak/q/**",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(query.keyExpr(), new byte[] {1}, null, null);
                                    query.finish();
                                }),
                () -> !getFromA("test/leak/q/x").isEmpty());
        assertAtBaseline("queryables");
    }

    static List<Reply> getFromA(String keyExpr) {
        try {
            return a.get(keyExpr, GetOptions.DEFAULT.withTimeout(5000)).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("get " + keyExpr, e);
        }
    }

    @Test
    void livelinessTokensAndSubscribers() throws Exception {
        cyclesSeenFromThePeer(
                "liveliness token",
                CYCLES,
                i -> b.declareLivelinessToken("test/leak/live/" + (i % 10)),
                () -> {
                    try {
                        return !a.livelinessGet("test/leak/live/**", 5000)
                                .get(10, TimeUnit.SECONDS)
                                .isEmpty();
                    } catch (Exception e) {
                        throw new AssertionError("liveliness get", e);
                    }
                });
        try (LivelinessToken alive = a.declareLivelinessToken("test/leak/live/alive")) {
            Loopback.settle();
            long withToken = NativeDiagnostics.liveObjects();
            for (int i = 0; i < CYCLES; i++) {
                b.declareLivelinessSubscriber("test/leak/live/**", i % 2 == 0, s -> {}).close();
            }
            // a history subscriber's listener is also held by its history query until that
            // completes
            awaitCount(withToken, "liveliness subscribers with the token alive");
        }
        assertAtBaseline("liveliness subscribers");
    }

    @Test
    void completedGets() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/leak/get/**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            query.reply(query.keyExpr(), new byte[] {42}, null, null);
                            query.finish();
                        })) {
            long withQueryable = NativeDiagnostics.liveObjects();
            // the queryable reaches b some time after it is declared: ask until it answers (what
            // these gets hold is released like the loops' gets, before the count below)
            Loopback.awaitQueryable(b, "test/leak/get/probe");
            for (int i = 0; i < CYCLES; i++) {
                List<Reply> r =
                        b.get("test/leak/get/" + i, GetOptions.DEFAULT.withTimeout(5000))
                                .get(10, TimeUnit.SECONDS);
                assertThat(r).hasSize(1);
            }
            for (int i = 0; i < CYCLES; i++) {
                assertThat(
                                b.get("test/leak/none/" + i, GetOptions.DEFAULT)
                                        .get(10, TimeUnit.SECONDS))
                        .isEmpty();
            }
            for (int i = 0; i < CYCLES / 10; i++) {
                b.livelinessGet("test/leak/live/**", 5000).get(10, TimeUnit.SECONDS);
            }
            awaitCount(withQueryable, "gets");
        }
        assertAtBaseline("gets");
    }

    @Test
    void oneHundredThousandReceivedSamplesAllocateNoNativeObject() throws Exception {
        int n = 100_000;
        AtomicLong received = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        long during;
        try (Subscriber sub =
                        b.declareSubscriber(
                                "test/leak/flood",
                                SubscriberOptions.DEFAULT,
                                s -> {
                                    bytes.addAndGet(s.payload().length + s.keyExpr().length());
                                    received.incrementAndGet();
                                });
                Publisher pub =
                        a.declarePublisher(
                                "test/leak/flood",
                                PublisherOptions.DEFAULT
                                        .withEncoding(Encoding.TEXT_PLAIN)
                                        .withQos(
                                                Qos.DEFAULT.withCongestionControl(
                                                        CongestionControl.BLOCK)))) {
            Loopback.awaitRemoteSubscriber(a, "test/leak/flood");
            during = NativeDiagnostics.liveObjects();
            byte[] payload = "sample-0123456789".getBytes(StandardCharsets.UTF_8);
            byte[] attachment = {1, 2, 3};
            for (int i = 0; i < n; i++) {
                pub.put(payload, null, attachment);
            }
            Loopback.await(Duration.ofSeconds(30), () -> received.get() == n, n + " samples");
            assertThat(NativeDiagnostics.liveObjects())
                    .as("no native object per received sample")
                    .isEqualTo(during);
        }
        assertThat(bytes.get()).isEqualTo((long) n * (17 + "test/leak/flood".length()));
        assertAtBaseline(n + " received samples");
    }
}
