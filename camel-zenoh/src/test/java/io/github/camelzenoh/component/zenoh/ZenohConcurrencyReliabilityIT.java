/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * Concurrency. 8 threads send N messages each (CI: 10 k, full: 100 k; and on until the route
 * restarted 10 / 100 times) through one zenoh producer endpoint while another thread keeps stopping
 * and starting its route. No crash, no deadlock, every successful send arrives at the peer
 * subscriber exactly once, nothing is delivered twice. The figures asserted besides come from the
 * subscriber's side (what the senders count holds by construction of their loop): the arrivals
 * match the successful sends, every thread's messages arrive, and the route's stops show as
 * interruptions in the threads' streams.
 *
 * <p>Two shapes: the route shares its session with another running route (typical application: the
 * session stays open, the publisher is undeclared and declared again); and the route is the only
 * zenoh user of its session (each stop closes the session, each start opens a new one), where
 * {@code failIfNoSubscribers=true} turns the puts made before the new session has learnt of the
 * peer's subscriber into exceptions instead of silent losses.
 *
 * <p>Nine stops in ten are forced (50 ms timeout), so the producer stops under sends in flight; the
 * tenth is graceful with a 1 s timeout (under continuous sends Camel keeps the direct consumer
 * taking exchanges while it waits, so it runs into that timeout). Camel's error handler may then
 * reject an exchange <em>after</em> the producer sent it (RejectedExecutionException): the caller
 * sees a failure for a message that was delivered. Those are counted apart (deliveredButFailed) and
 * are the only failed sends allowed to arrive.
 */
class ZenohConcurrencyReliabilityIT extends ZenohTestSupport {

    private static final String SUITE = "concurrency";
    private static final int THREADS = 8;
    private static final int WARM_UP = -1;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // keeps the default session open while route "shared" stops and starts
                from("zenoh:conc/keepalive").routeId("keepalive").to("log:keepalive?level=OFF");
                from("direct:shared")
                        .routeId("shared")
                        .to("zenoh:conc/shared?congestionControl=block");
                from("direct:sole")
                        .routeId("sole")
                        .to(
                                "zenoh:conc/sole?congestionControl=block&failIfNoSubscribers=true&config=RAW({})");
            }
        };
    }

    @Test
    void sendsOnASharedSessionWhileTheRouteStopsAndStarts() throws Exception {
        hammer("shared", "conc/shared");
    }

    @Test
    void sendsOnItsOwnSessionWhileTheRouteStopsAndStarts() throws Exception {
        hammer("sole", "conc/sole");
    }

    /**
     * A route stop or start as the chaos thread saw it: wall-clock time (to set next to zenoh's
     * log) and the sequence number each sending thread was at.
     */
    private record Event(long wallMillis, String what, long restart, int[] seqs) {
        @Override
        public String toString() {
            return java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
                            .withZone(java.time.ZoneOffset.UTC)
                            .format(java.time.Instant.ofEpochMilli(wallMillis))
                    + " "
                    + what
                    + " #"
                    + restart
                    + " at seqs "
                    + Arrays.toString(seqs);
        }
    }

    private static Event event(String what, long restart, AtomicIntegerArray progress) {
        int[] seqs = new int[progress.length()];
        for (int t = 0; t < seqs.length; t++) {
            seqs[t] = progress.get(t);
        }
        return new Event(System.currentTimeMillis(), what, restart, seqs);
    }

    /** zenoh's own warnings and errors logged since the case began (at most 20, distinct). */
    private static List<String> zenohWarnings() {
        return CapturedLogs.lines().stream()
                .filter(l -> l.startsWith("WARN zenoh.") || l.startsWith("ERROR zenoh."))
                .distinct()
                .limit(20)
                .toList();
    }

    private static byte[] id(int thread, int seq) {
        return ByteBuffer.allocate(8).putInt(thread).putInt(seq).array();
    }

    private void hammer(String route, String key) throws Exception {
        int perThread = ReliabilitySuite.scale("concurrencySends", 10_000, 100_000);
        // the storm lasts until both: every thread sent perThread, and the route restarted this
        // often
        int minRestarts = ReliabilitySuite.scale("concurrencyRestarts", 10, 100);
        int maxPerThread = 50 * perThread;
        awaitConnected();
        // zenoh's own warnings and errors (e.g. a link closed, data it dropped) are counted from
        // here
        CapturedLogs.clear();
        BitSet[] delivered = new BitSet[THREADS];
        BitSet[] succeeded = new BitSet[THREADS];
        BitSet[] rejectedAfterSend = new BitSet[THREADS];
        for (int t = 0; t < THREADS; t++) {
            delivered[t] = new BitSet(perThread);
            succeeded[t] = new BitSet(perThread);
            rejectedAfterSend[t] = new BitSet(perThread);
        }
        LongAdder duplicates = new LongAdder();
        LongAdder received = new LongAdder();
        LongAdder warmUps = new LongAdder();
        Map<String, LongAdder> failures = new ConcurrentHashMap<>();
        try (Subscriber sub =
                peer.declareSubscriber(
                        key,
                        SubscriberOptions.DEFAULT,
                        s -> {
                            ByteBuffer b = ByteBuffer.wrap(s.payload());
                            int t = b.getInt();
                            int i = b.getInt();
                            if (t == WARM_UP) {
                                warmUps.increment();
                                return;
                            }
                            synchronized (delivered[t]) {
                                if (delivered[t].get(i)) {
                                    duplicates.increment();
                                }
                                delivered[t].set(i);
                            }
                            received.increment();
                        })) {
            // the route relays before the storm starts
            Waits.until(
                    "a first message through route " + route,
                    () -> {
                        template.send(
                                "direct:" + route, x -> x.getMessage().setBody(id(WARM_UP, 0)));
                        return warmUps.sum() > 0;
                    });

            AtomicBoolean sending = new AtomicBoolean(true);
            AtomicLong restarts = new AtomicLong();
            int[] sentPerThread = new int[THREADS];
            List<Long> gracefulStops = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Long> forcedStops = new java.util.concurrent.CopyOnWriteArrayList<>();
            LongAdder startNanos = new LongAdder();
            // where each sender is (its current sequence number), and the route's stops and starts
            // against it: the diagnosis of a lost send names the restarts around it
            AtomicIntegerArray progress = new AtomicIntegerArray(THREADS);
            List<Event> events = new java.util.concurrent.CopyOnWriteArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
            long start = System.nanoTime();
            try {
                Future<?> chaos =
                        pool.submit(
                                () -> {
                                    while (sending.get()) {
                                        Thread.sleep(30);
                                        // nine in ten forced after 50 ms (the producer stops under
                                        // sends in flight),
                                        // the tenth graceful for up to 1 s
                                        long t0 = System.nanoTime();
                                        boolean graceful = restarts.get() % 10 == 9;
                                        events.add(
                                                event(
                                                        graceful ? "graceful stop" : "forced stop",
                                                        restarts.get(),
                                                        progress));
                                        if (graceful) {
                                            // under continuous sends the direct consumer keeps
                                            // taking exchanges
                                            // (Camel defers its shutdown), so a graceful stop ends
                                            // at its timeout
                                            context.getRouteController()
                                                    .stopRoute(route, 1, TimeUnit.SECONDS);
                                        } else {
                                            context.getRouteController()
                                                    .stopRoute(route, 50, TimeUnit.MILLISECONDS);
                                        }
                                        long t1 = System.nanoTime();
                                        (graceful ? gracefulStops : forcedStops).add(t1 - t0);
                                        events.add(event("stopped", restarts.get(), progress));
                                        Thread.sleep(5);
                                        long t2 = System.nanoTime();
                                        context.getRouteController().startRoute(route);
                                        startNanos.add(System.nanoTime() - t2);
                                        events.add(event("started", restarts.get(), progress));
                                        restarts.incrementAndGet();
                                    }
                                    return null;
                                });
                List<Future<?>> senders = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    senders.add(
                            pool.submit(
                                    () -> {
                                        int sentHere = 0;
                                        for (int i = 0;
                                                i < maxPerThread
                                                        && (i < perThread
                                                                || restarts.get() < minRestarts);
                                                i++) {
                                            int seq = i;
                                            progress.lazySet(thread, i);
                                            // block=false: while the route is stopped, direct fails
                                            // at once
                                            Exchange e =
                                                    template.send(
                                                            "direct:" + route + "?block=false",
                                                            x ->
                                                                    x.getMessage()
                                                                            .setBody(
                                                                                    id(
                                                                                            thread,
                                                                                            seq)));
                                            if (e.getException() == null) {
                                                succeeded[thread].set(i);
                                            } else {
                                                if (e.getException()
                                                        instanceof RejectedExecutionException) {
                                                    // a forced stop: Camel's error handler refuses
                                                    // to continue the
                                                    // exchange after the producer — the put may
                                                    // have been sent
                                                    rejectedAfterSend[thread].set(i);
                                                }
                                                failures.computeIfAbsent(
                                                                e.getException()
                                                                        .getClass()
                                                                        .getSimpleName(),
                                                                k -> {
                                                                    // the first of each kind, for
                                                                    // the report
                                                                    System.out.println(
                                                                            "first "
                                                                                    + k
                                                                                    + " (thread "
                                                                                    + thread
                                                                                    + ", seq "
                                                                                    + seq
                                                                                    + "):");
                                                                    e.getException()
                                                                            .printStackTrace(
                                                                                    System.out);
                                                                    return new LongAdder();
                                                                })
                                                        .increment();
                                            }
                                            sentHere++;
                                        }
                                        sentPerThread[thread] = sentHere;
                                    }));
                }
                long budget = 300 + (long) perThread * THREADS / 1_000;
                for (Future<?> f : senders) {
                    f.get(budget, TimeUnit.SECONDS); // a deadlock fails here, bounded
                }
                sending.set(false);
                chaos.get(60, TimeUnit.SECONDS);
            } finally {
                sending.set(false);
                pool.shutdownNow();
                assertThat(pool.awaitTermination(30, TimeUnit.SECONDS))
                        .as("test threads ended")
                        .isTrue();
            }
            long sendSeconds = System.nanoTime() - start;

            long sent = Arrays.stream(sentPerThread).asLongStream().sum();
            long ok = 0;
            for (BitSet b : succeeded) {
                ok += b.cardinality();
            }
            long okFinal = ok;
            try {
                Waits.until(
                        "every successful send at the subscriber",
                        Duration.ofSeconds(30),
                        () -> {
                            for (int t = 0; t < THREADS; t++) {
                                synchronized (delivered[t]) {
                                    BitSet missing = (BitSet) succeeded[t].clone();
                                    missing.andNot(delivered[t]);
                                    if (!missing.isEmpty()) {
                                        return false;
                                    }
                                }
                            }
                            return true;
                        });
            } catch (AssertionError e) {
                System.out.println("diagnosis: received " + received.sum() + " of " + okFinal);
                for (int t = 0; t < THREADS; t++) {
                    BitSet missing = (BitSet) succeeded[t].clone();
                    missing.andNot(delivered[t]);
                    StringBuilder ranges = new StringBuilder();
                    int runs = 0;
                    for (int i = missing.nextSetBit(0); i >= 0 && runs < 20; runs++) {
                        int end = missing.nextClearBit(i);
                        ranges.append(i).append("-").append(end - 1).append(" ");
                        i = missing.nextSetBit(end);
                    }
                    System.out.println(
                            "diagnosis: thread "
                                    + t
                                    + " missing "
                                    + missing.cardinality()
                                    + ": "
                                    + ranges);
                    for (int i = missing.nextSetBit(0), n = 0;
                            i >= 0 && n < 20;
                            i = missing.nextSetBit(i + 1), n++) {
                        Event before = null;
                        Event after = null;
                        for (Event ev : events) {
                            if (ev.seqs()[t] <= i) {
                                before = ev;
                            } else if (after == null) {
                                after = ev;
                            }
                        }
                        System.out.println(
                                "diagnosis: thread "
                                        + t
                                        + " seq "
                                        + i
                                        + " lost between ["
                                        + before
                                        + "] and ["
                                        + after
                                        + "]");
                    }
                }
                events.forEach(ev -> System.out.println("diagnosis: route " + ev));
                zenohWarnings().forEach(l -> System.out.println("diagnosis: " + l));
                throw e;
            }
            Waits.assertNothingArrivesWithin(
                    Duration.ofMillis(200), "a duplicate", () -> duplicates.sum() == 0);
            long failed = failures.values().stream().mapToLong(LongAdder::sum).sum();
            long lost = 0;
            long unexpected = 0;
            long failedAfterDelivery = 0;
            for (int t = 0; t < THREADS; t++) {
                BitSet missing = (BitSet) succeeded[t].clone();
                missing.andNot(delivered[t]);
                lost += missing.cardinality();
                BitSet extra = (BitSet) delivered[t].clone();
                extra.andNot(succeeded[t]);
                failedAfterDelivery += extra.cardinality();
                extra.andNot(rejectedAfterSend[t]);
                unexpected += extra.cardinality();
            }
            // what the subscriber saw, independent of the senders' own bookkeeping: distinct
            // messages per thread, and interruptions (runs of sequence numbers that never arrived,
            // i.e. a stopped route) in each thread's stream
            long receivedDistinct = 0;
            long minDeliveredPerThread = Long.MAX_VALUE;
            long minInterruptions = Long.MAX_VALUE;
            long maxInterruptions = 0;
            for (int t = 0; t < THREADS; t++) {
                long here = delivered[t].cardinality();
                receivedDistinct += here;
                minDeliveredPerThread = Math.min(minDeliveredPerThread, here);
                long runs = 0;
                int i = delivered[t].nextClearBit(0);
                while (i < sentPerThread[t]) {
                    runs++;
                    int next = delivered[t].nextSetBit(i);
                    if (next < 0) {
                        break;
                    }
                    i = delivered[t].nextClearBit(next);
                }
                minInterruptions = Math.min(minInterruptions, runs);
                maxInterruptions = Math.max(maxInterruptions, runs);
            }
            long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();

            String prefix = route + ".";
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "sent",
                    sent
                            + " ("
                            + THREADS
                            + " threads, at least "
                            + perThread
                            + " each and until "
                            + minRestarts
                            + " route restarts)");
            ReliabilitySuite.figure(SUITE, prefix + "succeeded", ok);
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "delivered",
                    receivedDistinct
                            + " distinct at the subscriber ("
                            + received.sum()
                            + " arrivals; at least "
                            + minDeliveredPerThread
                            + " per thread)");
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "interruptions",
                    minInterruptions
                            + " to "
                            + maxInterruptions
                            + " per thread's stream, seen by the subscriber");
            ReliabilitySuite.figure(SUITE, prefix + "failed", failed + " " + failures);
            ReliabilitySuite.figure(SUITE, prefix + "lost", lost);
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "deliveredButFailed",
                    failedAfterDelivery
                            + " (all RejectedExecutionException of a forced stop after the put: "
                            + (unexpected == 0)
                            + ")");
            ReliabilitySuite.figure(SUITE, prefix + "duplicates", duplicates.sum());
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "zenohWarnings",
                    zenohWarnings().size() + " " + zenohWarnings());
            ReliabilitySuite.figure(
                    SUITE,
                    prefix + "routeRestarts",
                    restarts.get()
                            + String.format(
                                    " (%d forced stops, %.0f ms on average; %d graceful, %.0f ms; start %.0f ms)",
                                    forcedStops.size(),
                                    forcedStops.stream()
                                                    .mapToLong(Long::longValue)
                                                    .average()
                                                    .orElse(0)
                                            / 1e6,
                                    gracefulStops.size(),
                                    gracefulStops.stream()
                                                    .mapToLong(Long::longValue)
                                                    .average()
                                                    .orElse(0)
                                            / 1e6,
                                    startNanos.sum() / 1e6 / Math.max(1, restarts.get())));
            ReliabilitySuite.figure(
                    SUITE, prefix + "seconds", String.format("%.1f", sendSeconds / 1e9));

            assertThat(deadlocked).as("deadlocked threads").isNull();
            assertThat(lost).as("sends that succeeded but never arrived").isZero();
            assertThat(unexpected).as("sends that failed before the put but arrived").isZero();
            assertThat(duplicates.sum()).as("duplicates").isZero();
            assertThat(received.sum())
                    .as(
                            "arrivals at the subscriber: each successful send once, plus the sends"
                                    + " Camel rejected after the put")
                    .isEqualTo(ok + failedAfterDelivery);
            assertThat(minDeliveredPerThread)
                    .as("messages of every sending thread at the subscriber")
                    .isGreaterThanOrEqualTo(perThread / 2);
            assertThat(minInterruptions)
                    .as("route stops seen by the subscriber in every thread's stream")
                    .isPositive();
            // a stop shows in a stream only if its thread sent during the few ms the route was
            // down, which a loaded machine makes rarer (6-10 of 10-12 in CI runs)
            assertThat(maxInterruptions)
                    .as("route stops seen by the subscriber in one thread's stream")
                    .isGreaterThanOrEqualTo(minRestarts / 4);
        }
    }
}
