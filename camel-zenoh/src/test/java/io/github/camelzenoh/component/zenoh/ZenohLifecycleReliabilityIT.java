/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.CamelContext;
import org.apache.camel.ServiceStatus;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * Reliability item 3 (docs/reliability.md) — lifecycle. CamelContext start/stop cycles (CI: 20,
 * full: 100) bring live native objects, threads and file descriptors back to their baseline;
 * stopping a route with exchanges in flight finishes within its shutdown timeout; a route that
 * fails to start leaves nothing behind. The route stop/start cycles (CI: 200, full: 1,000) are in
 * {@link ZenohLifecycleTest}.
 *
 * <p>Tolerance: native objects must match exactly. Java threads (those the application sees),
 * process threads (/proc/self/task: zenoh's native runtime threads too) and file descriptors may be
 * {@link #THREAD_SLACK} / {@link #OS_THREAD_SLACK} / {@link #FD_SLACK} above the baseline, and are
 * given up to 15 s to get there, because the JVM and zenoh vary them on their own: HotSpot starts
 * and stops JIT compiler threads, tokio's blocking-pool threads (zenoh resolves addresses on them)
 * end after 10 s idle, class loading opens jar files. A leak of one per cycle exceeds that within a
 * few cycles; the cycles run 20 (CI) to 1,000 (full) times.
 */
class ZenohLifecycleReliabilityIT extends ZenohTestSupport {

    private static final String SUITE = "lifecycle";
    static final int THREAD_SLACK = 3;
    static final int OS_THREAD_SLACK = 4;
    static final int FD_SLACK = 4;
    private static final Duration SETTLE = Duration.ofSeconds(15);

    /** Resources of the process at one moment. */
    record Resources(long nativeObjects, int threads, long osThreads, long fds) {
        static Resources now() {
            return new Resources(
                    NativeDiagnostics.liveObjects(),
                    ReliabilitySuite.threads(),
                    ReliabilitySuite.osThreads(),
                    ReliabilitySuite.openFds());
        }

        boolean within(Resources baseline) {
            return nativeObjects == baseline.nativeObjects
                    && threads <= baseline.threads + THREAD_SLACK
                    && osThreads <= baseline.osThreads + OS_THREAD_SLACK
                    && fds <= baseline.fds + FD_SLACK;
        }

        Resources max(Resources o) {
            return new Resources(
                    Math.max(nativeObjects, o.nativeObjects),
                    Math.max(threads, o.threads),
                    Math.max(osThreads, o.osThreads),
                    Math.max(fds, o.fds));
        }
    }

    /**
     * Waits (bounded) until the resources are back within tolerance of {@code baseline}; returns
     * them.
     */
    static Resources awaitBaseline(Resources baseline, String when) {
        try {
            Waits.until(
                    when + ": resources back to baseline " + baseline,
                    SETTLE,
                    () -> Resources.now().within(baseline));
        } catch (AssertionError e) {
            throw new AssertionError(
                    when
                            + ": resources "
                            + Resources.now()
                            + " not back to baseline "
                            + baseline
                            + " within "
                            + SETTLE
                            + "; threads now: "
                            + ReliabilitySuite.threadNames()
                            + "; descriptors now: "
                            + ReliabilitySuite.fdKinds()
                            + "\nsockets:\n"
                            + sockets(),
                    e);
        }
        return Resources.now();
    }

    /** This process's TCP sockets with their state (ss), for failure messages. */
    static String sockets() {
        try {
            Process p = new ProcessBuilder("ss", "-tanp").redirectErrorStream(true).start();
            String pid = "pid=" + ProcessHandle.current().pid() + ",";
            String out =
                    new String(
                            p.getInputStream().readAllBytes(),
                            java.nio.charset.StandardCharsets.UTF_8);
            p.waitFor();
            return out.lines()
                    .filter(l -> l.contains(pid))
                    .map(l -> l.replaceAll("users:.*", ""))
                    .collect(java.util.stream.Collectors.joining("\n"));
        } catch (Exception e) {
            return "(ss: " + e.getMessage() + ")";
        }
    }

    /**
     * Before a baseline is taken: the warm-up's background activity (JIT compiler threads, zenoh's
     * blocking-pool threads, jar files) calms down with no event that marks it, so this is a stated
     * pause, not a wait on a condition.
     */
    private static void pauseBeforeBaseline() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * A context like an application's: subscriber, producer, queryable and get routes on one
     * session.
     */
    private CamelContext newContext(BlockingQueue<String> consumed) throws Exception {
        CamelContext c = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        configure(zenoh.getConfiguration());
        c.addComponent("zenoh", zenoh);
        c.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:ctxcycle/in")
                                .process(e -> consumed.add(e.getIn().getBody(String.class)))
                                .to("zenoh:ctxcycle/out");
                        from("zenoh:ctxcycle/q?consumerType=queryable").setBody(constant("answer"));
                        from("zenoh:ctxcycle/alive?consumerType=liveliness")
                                .to("log:alive?level=OFF");
                        from("direct:get").to("zenoh:ctxcycle/q?operation=get&timeout=2000");
                    }
                });
        return c;
    }

    /**
     * One peer → route → peer round trip; the probe is re-sent every 20 ms until it is through
     * (bounded).
     */
    private static void roundTrip(Collector out, BlockingQueue<String> consumed, String label)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (int i = 0; ; i++) {
            String p = label + " " + i;
            peer.put("ctxcycle/in", p.getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
            for (Sample s; (s = out.poll(20)) != null; ) {
                // probes of an earlier cycle may still trail in: only this cycle's count
                if (new String(s.payload(), StandardCharsets.UTF_8).startsWith(label + " ")) {
                    consumed.clear();
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(label + ": no round trip within 10 s");
            }
        }
    }

    @Test
    void camelContextStartStopCyclesLeaveNothingBehind() throws Exception {
        int cycles = ReliabilitySuite.scale("contextCycles", 20, 100);
        BlockingQueue<String> consumed = new LinkedBlockingQueue<>();
        try (Collector out = new Collector("ctxcycle/out")) {
            // warm-up: zenoh's runtime threads, Camel's classes and their jar files are there from
            // now on
            CamelContext warm = newContext(consumed);
            warm.start();
            roundTrip(out, consumed, "warm-up");
            warm.stop();
            Resources baseline = awaitBaseline(Resources.now(), "after warm-up");
            pauseBeforeBaseline();
            baseline = Resources.now();

            Resources worst = baseline;
            long started = System.nanoTime();
            for (int i = 1; i <= cycles; i++) {
                CamelContext c = newContext(consumed);
                c.start();
                assertThat(NativeDiagnostics.liveObjects()).isGreaterThan(baseline.nativeObjects());
                roundTrip(out, consumed, "context " + i);
                c.stop();
                Resources r = awaitBaseline(baseline, "after context cycle " + i);
                worst = worst.max(r);
            }
            ReliabilitySuite.figure(SUITE, "contextCycles", cycles);
            ReliabilitySuite.figure(
                    SUITE,
                    "contextCycles.seconds",
                    String.format("%.1f", (System.nanoTime() - started) / 1e9));
            ReliabilitySuite.figure(SUITE, "contextCycles.baseline", baseline);
            ReliabilitySuite.figure(SUITE, "contextCycles.worstAfterStop", worst);
        }
    }

    @Test
    void stoppingARouteWithExchangesInFlightFinishesWithinItsShutdownTimeout() throws Exception {
        int shutdownTimeoutSeconds = 3;
        context.getShutdownStrategy().setTimeout(shutdownTimeoutSeconds);
        CountDownLatch inFlight = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger completed = new AtomicInteger();
        CountDownLatch slowInFlight = new CountDownLatch(1);
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        // each exchange takes 60 s (or until the test ends): far longer than the
                        // shutdown timeout
                        from("zenoh:inflight/in")
                                .routeId("inflight")
                                .process(
                                        e -> {
                                            inFlight.countDown();
                                            release.await(60, TimeUnit.SECONDS);
                                            completed.incrementAndGet();
                                        });
                        // one exchange in flight at a time per route thread; queued samples wait in
                        // the hand-off
                        from("zenoh:inflight/slow?concurrentConsumers=4")
                                .routeId("inflight4")
                                .process(
                                        e -> {
                                            slowInFlight.countDown();
                                            Thread.sleep(500);
                                            completed.incrementAndGet();
                                        });
                    }
                });
        awaitConnected();
        ZenohEndpoint slow =
                context.getEndpoint(
                        "zenoh:inflight/slow?concurrentConsumers=4", ZenohEndpoint.class);
        for (int i = 0; i < 20; i++) {
            peer.put(
                    "inflight/in",
                    ("m" + i).getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
            peer.put(
                    "inflight/slow",
                    ("s" + i).getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
        }
        assertThat(inFlight.await(10, TimeUnit.SECONDS)).isTrue();
        Waits.until("20 samples on the 4-thread route", () -> slow.received.sum() == 20);
        // received is counted at the hand-off: stop only once an exchange is in flight (stopped
        // before, all 20 are dropped from the hand-off and none completes)
        assertThat(slowInFlight.await(10, TimeUnit.SECONDS)).as("an exchange in flight").isTrue();

        // graceful: the exchanges in flight complete (500 ms each), the samples still queued in the
        // hand-off are dropped and counted (ZenohHandoff#stop)
        long t0 = System.nanoTime();
        context.getRouteController().stopRoute("inflight4");
        long gracefulMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(gracefulMs).as("graceful stop").isLessThan(shutdownTimeoutSeconds * 1000L);
        assertThat(completed.get()).as("exchanges completed by the graceful stop").isBetween(1, 20);
        assertThat((long) completed.get() + slow.dropped.sum())
                .as("completed + dropped (counted)")
                .isEqualTo(20);

        // forced: the exchange in flight outlives the timeout; the stop must not wait for it
        t0 = System.nanoTime();
        context.getRouteController().stopRoute("inflight");
        long forcedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(context.getRouteController().getRouteStatus("inflight"))
                .isEqualTo(ServiceStatus.Stopped);
        ReliabilitySuite.figure(
                SUITE,
                "inflightStop.gracefulMs",
                gracefulMs
                        + " ("
                        + completed.get()
                        + " completed, "
                        + slow.dropped.sum()
                        + " queued dropped and counted)");
        ReliabilitySuite.figure(
                SUITE,
                "inflightStop.forcedMs",
                forcedMs
                        + " (shutdown timeout "
                        + shutdownTimeoutSeconds
                        + " s, exchange in flight for 60 s)");
        // the shutdown strategy gives up after its timeout; a little more for stopping the consumer
        // itself
        assertThat(forcedMs).as("forced stop").isLessThan(shutdownTimeoutSeconds * 1000L + 2000);
        // Camel leaves a forced exchange running (it is not interrupted); end it, so that no thread
        // of this test outlives it
        release.countDown();
    }

    /**
     * history/recovery: zenoh-ext calls the consumer's callback while it holds its subscriber's
     * state lock, and undeclaring takes that lock. A zenoh thread waiting for room in a full {@code
     * block} queue (the route stuck) therefore blocks the undeclaration until the hand-off stops
     * accepting: the consumer must stop its hand-off first, or the route's stop hangs.
     */
    @Test
    void stoppingAHistoryRecoveryRouteWithAFullBlockQueueFinishesWithinItsShutdownTimeout()
            throws Exception {
        int shutdownTimeoutSeconds = 3;
        context.getShutdownStrategy().setTimeout(shutdownTimeoutSeconds);
        CountDownLatch release = new CountDownLatch(1);
        String uri =
                "zenoh:fullstop/in?history=true&recovery=true&queueSize=1&overflowPolicy=block";
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from(uri)
                                .routeId("fullstop")
                                .process(e -> release.await(60, TimeUnit.SECONDS));
                    }
                });
        awaitConnected();
        ZenohEndpoint ep = context.getEndpoint(uri, ZenohEndpoint.class);
        try {
            // one sample in the route, one in the queue, the third held by a zenoh thread waiting
            // for room (received counts before the offer). One at a time: a sample after a quiet
            // spell is delivered at once by the thread that received it, inside zenoh-ext's lock
            for (int i = 1; i <= 3; i++) {
                peer.put(
                        "fullstop/in",
                        ("m" + i).getBytes(StandardCharsets.UTF_8),
                        null,
                        null,
                        Qos.DEFAULT);
                int n = i;
                Loopback.await(
                        Duration.ofSeconds(10),
                        () -> ep.received.sum() >= n,
                        "sample " + n + " received");
            }
            ZenohConsumer consumer = (ZenohConsumer) context.getRoute("fullstop").getConsumer();
            long t0 = System.nanoTime();
            Thread stopper =
                    new Thread(
                            () -> {
                                try {
                                    context.getRouteController().stopRoute("fullstop");
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            },
                            "fullstop-stopper");
            stopper.setDaemon(true);
            stopper.start();
            // the shutdown strategy gives up on the stuck exchange after its timeout; the
            // consumer itself must then be stopped (undeclared) too, not hang on zenoh-ext's lock
            Loopback.await(
                    Duration.ofSeconds(shutdownTimeoutSeconds + 5L),
                    () -> !stopper.isAlive() && consumer.isStopped(),
                    "the route and its consumer stopped");
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertThat(context.getRouteController().getRouteStatus("fullstop"))
                    .isEqualTo(ServiceStatus.Stopped);
            assertThat(consumer.isDeclared()).isFalse();
            ReliabilitySuite.figure(
                    SUITE,
                    "fullQueueHistoryRecoveryStopMs",
                    ms + " (shutdown timeout " + shutdownTimeoutSeconds + " s)");
        } finally {
            release.countDown();
        }
    }

    @Test
    void aRouteThatFailsToStartLeavesNothingBehind() throws Exception {
        int closedPort = Loopback.freePort();
        // the same context keeps working: warm it up so its own resources are in the baseline
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:ok").to("zenoh:failstart/ok");
                    }
                });
        awaitConnected();
        template.sendBody("direct:ok", "warm-up");
        pauseBeforeBaseline();
        Resources baseline = Resources.now();
        int sessions =
                context.getComponent("zenoh", ZenohComponent.class).sessions().snapshot().size();
        String[] bad = {
            // unreachable router in client mode: the session fails to open
            "zenoh:failstart/a?mode=client&connect=tcp/127.0.0.1:" + closedPort,
            // invalid JSON5
            "zenoh:failstart/b?config=RAW({mode: )",
            // an unknown zenoh config key
            "zenoh:failstart/c?config=RAW({no_such_key: 1})",
            // a listen endpoint that cannot be bound (not a local address)
            "zenoh:failstart/d?listen=tcp/192.0.2.1:7447&config=RAW({})",
        };
        // good endpoints on a session of their own, so that anything they kept open would show.
        // Gossip off: zenoh itself leaves a TCP link open on both ends when a peer session closes
        // while a gossip-triggered connection to it is still being set up (a session closed within
        // milliseconds of opening, as here; reproduced with the binding alone, see
        // docs/reliability.md). That is zenoh's, not the component's, and it is kept out of this
        // count.
        String own =
                "config=RAW({mode: \"peer\", listen: {endpoints: [\"tcp/127.0.0.1:0\"]},"
                        + " scouting: {multicast: {enabled: false}, gossip: {enabled: false}}})";
        int failures = 0;
        // round 0 warms up (zenoh's runtime starts the worker threads its sessions need, Camel its
        // shutdown threads); the baseline is taken after it
        for (int round = 0; round < 6; round++) {
            if (round == 1) {
                pauseBeforeBaseline();
                baseline = Resources.now();
                failures = 0;
            }
            for (int i = 0; i < bad.length; i++) {
                String uri = bad[i];
                for (int shape = 0; shape < 3; shape++) {
                    String routeId = "failstart-" + round + "-" + i + "-" + shape;
                    int s = shape;
                    try {
                        context.addRoutes(
                                new RouteBuilder() {
                                    @Override
                                    public void configure() {
                                        switch (s) {
                                            // the bad consumer: the route's good producer starts
                                            // first
                                            case 0 ->
                                                    from(uri)
                                                            .routeId(routeId)
                                                            .to("zenoh:failstart/out?" + own);
                                            // the bad producer: the good consumer never starts
                                            case 1 ->
                                                    from("zenoh:failstart/in?" + own)
                                                            .routeId(routeId)
                                                            .to(uri);
                                            // a good producer started, then a bad one fails
                                            default ->
                                                    from("direct:" + routeId)
                                                            .routeId(routeId)
                                                            .to("zenoh:failstart/first?" + own)
                                                            .to(uri);
                                        }
                                    }
                                });
                        throw new AssertionError(uri + " started");
                    } catch (AssertionError e) {
                        throw e;
                    } catch (Exception expected) {
                        failures++;
                    }
                    if (context.getRoute(routeId) != null) {
                        context.getRouteController().stopRoute(routeId);
                        context.removeRoute(routeId);
                    }
                }
            }
        }
        Resources after = awaitBaseline(baseline, "after " + failures + " failed route starts");
        assertThat(context.getComponent("zenoh", ZenohComponent.class).sessions().snapshot())
                .hasSize(sessions);
        ReliabilitySuite.figure(
                SUITE,
                "failedRouteStarts",
                failures + " (baseline " + baseline + ", after " + after + ")");
        try (Collector c = new Collector("failstart/ok")) {
            Waits.awaitSubscriberSeenByRoutes(context, "failstart/ok");
            template.sendBody("direct:ok", "still working");
            assertThat(new String(c.next().payload(), StandardCharsets.UTF_8))
                    .isEqualTo("still working");
        }
    }
}
