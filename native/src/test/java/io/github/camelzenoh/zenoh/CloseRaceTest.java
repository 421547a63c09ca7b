/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * close() racing calls in flight: every call either succeeds or throws ClosedException, nothing
 * crashes, nothing is freed twice, and the live-object counter ends where it started.
 */
class CloseRaceTest extends TwoPeerSessions {

    static final int ROUNDS = 25;
    static final int THREADS = 4;

    /** Outcome of the racing threads of one round. */
    static final class Race {
        final AtomicLong ok = new AtomicLong();
        final AtomicLong closed = new AtomicLong();
        final ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();

        /** Runs {@code call} in a loop until it throws ClosedException (or anything else). */
        void worker(String name, Runnable call) {
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    start.await();
                                    for (; ; ) {
                                        call.run();
                                        ok.incrementAndGet();
                                    }
                                } catch (ClosedException expected) {
                                    closed.incrementAndGet();
                                } catch (Throwable t2) {
                                    unexpected.add(t2);
                                }
                            },
                            name);
            threads.add(t);
            t.start();
        }

        /** Starts the workers, lets them run a random moment, closes, and waits for all of them. */
        void closeAfterAWhile(AutoCloseable target) throws Exception {
            start.countDown();
            long until =
                    System.nanoTime()
                            + TimeUnit.MICROSECONDS.toNanos(
                                    ThreadLocalRandom.current().nextInt(50, 3000));
            while (System.nanoTime() < until || ok.get() == 0) {
                Thread.onSpinWait();
            }
            target.close();
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(t.isAlive()).as(t.getName() + " ended").isFalse();
            }
            assertThat(unexpected).as("only ClosedException may interrupt a call").isEmpty();
            assertThat(closed.get()).as("every worker saw the close").isEqualTo(threads.size());
            assertThat(ok.get()).isPositive();
        }
    }

    /**
     * A thread interrupted before it closes a publisher with a call in flight still waits for that
     * call, and keeps its interrupt: returning at once would let its caller close the session under
     * the call, and zenoh drops a put racing its session's close although the put returned. Camel's
     * forced route stop does this: it interrupts its shutdown thread, then stops the route's
     * producer on it.
     */
    @Test
    void closeAndAwaitOnAnInterruptedThreadStillWaitsForTheCallInFlight() throws Exception {
        Publisher pub = a.declarePublisher("test/race/interrupted", PublisherOptions.DEFAULT);
        pub.acquire(); // a call in flight
        AtomicReference<Boolean> freed = new AtomicReference<>();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread closer =
                new Thread(
                        () -> {
                            Thread.currentThread().interrupt();
                            freed.set(pub.closeAndAwait(Duration.ofSeconds(30)));
                            interruptKept.set(Thread.currentThread().isInterrupted());
                        },
                        "interrupted-closer");
        try {
            closer.start();
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> closer.getState() == Thread.State.TIMED_WAITING || !closer.isAlive(),
                    "the closer waiting or done");
            assertThat(closer.isAlive())
                    .as("closeAndAwait still waits for the call in flight")
                    .isTrue();
        } finally {
            pub.release(); // the call ends: the publisher is freed
        }
        closer.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(freed.get()).as("freed before closeAndAwait returned").isTrue();
        assertThat(interruptKept.get()).as("the closer's interrupt kept").isTrue();
    }

    @Test
    void publisherCloseRacingPuts() throws Exception {
        AtomicLong received = new AtomicLong();
        long before = NativeDiagnostics.liveObjects();
        try (Subscriber sub =
                b.declareSubscriber(
                        "test/race/pub",
                        SubscriberOptions.DEFAULT,
                        s -> received.incrementAndGet())) {
            Loopback.awaitRemoteSubscriber(a, "test/race/pub");
            long total = 0;
            for (int round = 0; round < ROUNDS; round++) {
                Publisher pub = a.declarePublisher("test/race/pub", PublisherOptions.DEFAULT);
                Race race = new Race();
                byte[] payload = "x".getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < THREADS; i++) {
                    race.worker("put-" + i, () -> pub.put(payload));
                }
                race.closeAfterAWhile(pub);
                assertThat(pub.isClosed()).isTrue();
                total += race.ok.get();
            }
            assertThat(total).isPositive();
            Loopback.await(
                    Duration.ofSeconds(10), () -> received.get() > 0, "samples at the subscriber");
        }
        Loopback.await(
                Duration.ofSeconds(10),
                () -> NativeDiagnostics.liveObjects() == before,
                "counter back");
    }

    @Test
    void sessionCloseRacingPutsPublishersAndDeclarations() throws Exception {
        long before = NativeDiagnostics.liveObjects();
        for (int round = 0; round < ROUNDS / 5; round++) {
            Session s = Session.open(Loopback.connector(port));
            Publisher pub = s.declarePublisher("test/race/session/pub", PublisherOptions.DEFAULT);
            ConcurrentLinkedQueue<AutoCloseable> declared = new ConcurrentLinkedQueue<>();
            Race race = new Race();
            byte[] payload = {1, 2, 3};
            race.worker(
                    "session-put-0",
                    () -> s.put("test/race/session/a", payload, null, null, Qos.DEFAULT));
            race.worker(
                    "session-put-1",
                    () ->
                            s.put(
                                    "test/race/session/b",
                                    payload,
                                    Encoding.TEXT_PLAIN,
                                    payload,
                                    Qos.DEFAULT));
            race.worker("session-delete", () -> s.delete("test/race/session/c", null, Qos.DEFAULT));
            race.worker(
                    "declare",
                    () -> {
                        Subscriber sub =
                                s.declareSubscriber(
                                        "test/race/session/**", SubscriberOptions.DEFAULT, x -> {});
                        declared.add(sub);
                        if (declared.size() > 20) {
                            try {
                                declared.poll().close();
                            } catch (Exception e) {
                                throw new AssertionError(e);
                            }
                        }
                    });
            // the publisher outlives its session: after the close its puts throw ClosedException
            // too
            race.worker("publisher-put", () -> pub.put(payload));
            race.closeAfterAWhile(s);
            assertThat(s.isClosed()).isTrue();
            pub.close();
            for (AutoCloseable c : declared) {
                c.close();
            }
        }
        Loopback.await(
                Duration.ofSeconds(10),
                () -> NativeDiagnostics.liveObjects() == before,
                "counter back");
        // the long-lived pair was never disturbed
        AtomicLong got = new AtomicLong();
        try (Subscriber sub =
                b.declareSubscriber(
                        "test/race/after", SubscriberOptions.DEFAULT, x -> got.incrementAndGet())) {
            Loopback.awaitRemoteSubscriber(a, "test/race/after");
            a.put("test/race/after", new byte[] {1}, null, null, Qos.DEFAULT);
            Loopback.await(Duration.ofSeconds(10), () -> got.get() == 1, "sample after the races");
        }
    }

    @Test
    void queryFinishRacingReplies() throws Exception {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Thread> closers = new ConcurrentLinkedQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "test/race/query",
                        QueryableOptions.DEFAULT,
                        query -> {
                            Race race = new Race();
                            for (int i = 0; i < THREADS; i++) {
                                race.worker(
                                        "reply-" + i,
                                        () ->
                                                query.reply(
                                                        "test/race/query",
                                                        new byte[] {1},
                                                        null,
                                                        null));
                            }
                            Thread closer =
                                    new Thread(
                                            () -> {
                                                try {
                                                    race.closeAfterAWhile(query);
                                                } catch (Throwable t) {
                                                    failures.add(t);
                                                }
                                            },
                                            "query-closer");
                            closers.add(closer);
                            closer.start();
                        })) {
            GetOptions none =
                    GetOptions.DEFAULT
                            .withConsolidation(ConsolidationMode.NONE)
                            .withTimeout(10_000);
            for (int round = 0; round < ROUNDS; round++) {
                // the queryable reaches b some time after it is declared: the first get is sent
                // again until it is answered (one that finds nobody never reaches the listener)
                List<Reply> replies =
                        round == 0
                                ? Loopback.firstAnswered(() -> b.get("test/race/query", none))
                                : b.get("test/race/query", none).get(20, TimeUnit.SECONDS);
                assertThat(replies).isNotEmpty().allMatch(Reply::ok);
            }
        }
        for (Thread t : closers) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(closers).hasSize(ROUNDS);
        assertThat(failures).isEmpty();
    }
}
