/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * zenoh-ext advanced publishers (cache, miss detection) and subscribers (history, recovery,
 * misses).
 */
@TwoPeerSessions.Timestamping
class AdvancedPubSubTest extends TwoPeerSessions {

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String nextText(BlockingQueue<Sample> q) {
        return new String(Loopback.next(q).payload(), StandardCharsets.UTF_8);
    }

    @Test
    void aLateSubscriberWithHistoryReceivesTheCachedSamples() throws Exception {
        try (Publisher pub =
                a.declarePublisher(
                        "test/adv/history",
                        PublisherOptions.DEFAULT.withCache(10).withEncoding(Encoding.TEXT_PLAIN))) {
            for (int i = 0; i < 5; i++) {
                pub.put(utf8("h" + i));
            }
            BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    b.declareSubscriber(
                            "test/adv/history",
                            SubscriberOptions.DEFAULT.withHistory(10),
                            got::add)) {
                for (int i = 0; i < 5; i++) {
                    assertThat(nextText(got)).isEqualTo("h" + i);
                }
                Loopback.settle();
                assertThat(got).as("exactly the five cached samples").isEmpty();
                pub.put(utf8("live"));
                Sample live = got.poll(10, TimeUnit.SECONDS);
                assertThat(live).isNotNull();
                assertThat(new String(live.payload(), StandardCharsets.UTF_8)).isEqualTo("live");
                assertThat(live.encoding()).isEqualTo(Encoding.TEXT_PLAIN);
                assertThat(live.keyExpr()).isEqualTo("test/adv/history");
                assertThat(live.timestamp()).isNotBlank();
            }
            // a plain subscriber declared now gets no history
            BlockingQueue<Sample> plain = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    b.declareSubscriber(
                            "test/adv/history", SubscriberOptions.DEFAULT, plain::add)) {
                Loopback.settle();
                assertThat(plain).isEmpty();
            }
        }
    }

    @Test
    void historyIsBoundedByTheCacheSize() throws Exception {
        try (Publisher pub =
                a.declarePublisher("test/adv/bounded", PublisherOptions.DEFAULT.withCache(3))) {
            for (int i = 0; i < 8; i++) {
                pub.put(utf8("b" + i));
            }
            BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    b.declareSubscriber(
                            "test/adv/bounded",
                            SubscriberOptions.DEFAULT.withHistory(10),
                            got::add)) {
                assertThat(nextText(got)).isEqualTo("b5");
                assertThat(nextText(got)).isEqualTo("b6");
                assertThat(nextText(got)).isEqualTo("b7");
                Loopback.settle();
                assertThat(got).isEmpty();
            }
        }
    }

    @Test
    void aCacheWithoutSequenceNumbersNeedsTimestamping() {
        assertThatThrownBy(
                        () ->
                                b.declarePublisher(
                                        "test/adv/nots", PublisherOptions.DEFAULT.withCache(10)))
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("test/adv/nots")
                .hasMessageContaining("timestamping");
        // with miss detection the publisher numbers its samples and needs no timestamps
        b.declarePublisher(
                        "test/adv/nots", PublisherOptions.DEFAULT.withCache(10).withHeartbeat(500))
                .close();
    }

    @Test
    void recoveryByHeartbeatFetchesWhatALateSubscriberMissed() throws Exception {
        try (Publisher pub =
                b.declarePublisher(
                        "test/adv/recovery",
                        PublisherOptions.DEFAULT.withCache(10).withHeartbeat(100))) {
            for (int i = 0; i < 3; i++) {
                pub.put(utf8("r" + i));
            }
            BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
            AtomicLong missed = new AtomicLong();
            try (Subscriber sub =
                    a.declareSubscriber(
                            "test/adv/recovery",
                            SubscriberOptions.DEFAULT
                                    .withRecovery(true, 0)
                                    .withMissListener((src, n) -> missed.addAndGet(n)),
                            got::add)) {
                // no history asked: the publisher's heartbeat reveals samples 0..2, recovery
                // queries its cache
                for (int i = 0; i < 3; i++) {
                    assertThat(nextText(got)).isEqualTo("r" + i);
                }
                pub.put(utf8("r3"));
                assertThat(nextText(got)).isEqualTo("r3");
                assertThat(missed).hasValue(0);
            }
        }
    }

    @Test
    void theMissListenerCountsSamplesLostForGood() throws Exception {
        int flood = 20_000;
        byte[] big = new byte[1024];
        CountDownLatch firstSample = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong delivered = new AtomicLong();
        AtomicLong missed = new AtomicLong();
        AtomicLong missEvents = new AtomicLong();
        AtomicInteger lastEnd = new AtomicInteger(-1);
        BlockingQueue<String> sources = new LinkedBlockingQueue<>();
        // sequence numbers (heartbeat) + congestion control DROP; no cache to recover from
        try (Publisher pub =
                        b.declarePublisher(
                                "test/adv/miss",
                                PublisherOptions.DEFAULT
                                        .withHeartbeat(60_000)
                                        .withQos(
                                                Qos.DEFAULT.withCongestionControl(
                                                        CongestionControl.DROP)));
                Subscriber sub =
                        a.declareSubscriber(
                                "test/adv/miss",
                                SubscriberOptions.DEFAULT
                                        .withHistory(1)
                                        .withMissListener(
                                                (src, n) -> {
                                                    sources.add(src);
                                                    missEvents.incrementAndGet();
                                                    missed.addAndGet(n);
                                                }),
                                s -> {
                                    delivered.incrementAndGet();
                                    if (s.payload().length < big.length) { // "end<k>"
                                        lastEnd.set(
                                                Integer.parseInt(
                                                        new String(
                                                                        s.payload(),
                                                                        StandardCharsets.UTF_8)
                                                                .substring(3)));
                                    }
                                    if (firstSample.getCount() > 0) {
                                        firstSample.countDown();
                                        try {
                                            release.await(
                                                    10,
                                                    TimeUnit.SECONDS); // stall zenoh's receive path
                                        } catch (InterruptedException e) {
                                            Thread.currentThread().interrupt();
                                        }
                                    }
                                })) {
            Loopback.awaitRemoteSubscriber(b, "test/adv/miss");
            pub.put(big);
            assertThat(firstSample.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < flood; i++) {
                pub.put(big); // the receiver is stalled: full queues make DROP drop
            }
            release.countDown();
            long[] last = {-1, 0}; // last count, consecutive quiet polls
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> {
                        long now = delivered.get() + missed.get();
                        last[1] = now == last[0] ? last[1] + 1 : 0;
                        last[0] = now;
                        return last[1] >= 30; // nothing new for 300 ms
                    },
                    "the flood to drain");
            // queues are empty again: an "end" arrives and closes any final gap. Should the
            // flood's tail still hold a queue (a receiver starved for those 300 ms), DROP may drop
            // it too: another is put until the last one put has arrived
            long published = flood + 1;
            int ends = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            do {
                assertThat(System.nanoTime()).as("an end arrived within 20 s").isLessThan(deadline);
                pub.put(utf8("end" + ends));
                ends++;
                published++;
                long wait = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (lastEnd.get() != ends - 1 && System.nanoTime() < wait) {
                    Thread.sleep(10);
                }
            } while (lastEnd.get() != ends - 1);
            long total = published;
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> delivered.get() + missed.get() == total,
                    "delivered + missed == published");
            assertThat(missed.get()).as("samples dropped while the receiver stalled").isPositive();
            assertThat(missEvents.get()).isPositive();
            assertThat(sources.peek()).matches("[0-9a-f]+:[0-9]+");
        }
    }
}
