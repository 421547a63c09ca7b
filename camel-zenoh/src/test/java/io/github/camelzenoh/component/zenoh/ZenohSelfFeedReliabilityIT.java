/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * Routes publishing into subscriptions of their own session, with {@code overflowPolicy=block} and
 * small queues: zenoh delivers a local put synchronously on the putting thread, so a route thread
 * can end up offering to a full queue that only it (or a route waiting on it) drains. Such an offer
 * never waits: it is dropped and counted. Both shapes — a route fed by its own output, two routes
 * feeding each other — move every message without a hang, and every message is either delivered or
 * counted as dropped.
 */
class ZenohSelfFeedReliabilityIT extends ZenohTestSupport {

    private static final int MESSAGES =
            ReliabilitySuite.scale("selfFeedMessages", 100_000, 1_000_000);
    private static final Duration LIMIT =
            Duration.ofSeconds(ReliabilitySuite.scale("selfFeedSeconds", 180, 900));

    private final LongAdder loopOut = new LongAdder();
    private final LongAdder back = new LongAdder();
    private final LongAdder piped = new LongAdder();

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // one route, fed by its own output: self/loop/in -> self/loop/out -> counted
                from("zenoh:self/loop/**?queueSize=64")
                        .routeId("loop")
                        .choice()
                        .when(header(ZenohConstants.KEY_EXPR).isEqualTo("self/loop/in"))
                        .to("zenoh:self/loop/out")
                        .otherwise()
                        .process(e -> loopOut.increment());
                // two routes feeding each other: self/a/in -> self/b/x -> self/a/back -> counted
                from("zenoh:self/a/**?queueSize=64")
                        .routeId("a")
                        .choice()
                        .when(header(ZenohConstants.KEY_EXPR).isEqualTo("self/a/in"))
                        .to("zenoh:self/b/x")
                        .otherwise()
                        .process(e -> back.increment());
                from("zenoh:self/b/**?queueSize=64").routeId("b").to("zenoh:self/a/back");
                // a pipeline on the same session, no cycle: self/p1 -> self/p2 -> counted
                from("zenoh:self/p1?queueSize=16").routeId("p1").to("zenoh:self/p2");
                from("zenoh:self/p2?queueSize=16")
                        .routeId("p2")
                        .process(
                                e -> {
                                    Thread.yield(); // slower than p1: its queue fills
                                    piped.increment();
                                });
            }
        };
    }

    private ZenohEndpoint consumer(String routeId) {
        return (ZenohEndpoint) context.getRoute(routeId).getEndpoint();
    }

    @Test
    void aRouteFedByItsOwnOutputNeverHangs() throws Exception {
        awaitConnected();
        ZenohEndpoint loop = consumer("loop");
        long start = System.nanoTime();
        feed("zenoh:self/loop/in");
        // each input is routed (and re-published once) or dropped; each output counted or dropped
        awaitOrDump(
                () -> loopOut.sum() + loop.dropped.sum() == MESSAGES,
                () -> "outputs counted " + loopOut.sum() + ", dropped " + loop.dropped.sum());
        report("loop", start, loopOut.sum(), loop.dropped.sum());
        Thread.sleep(200);
        assertThat(loopOut.sum() + loop.dropped.sum())
                .as("nothing counted twice")
                .isEqualTo(MESSAGES);
        assertThat(loopOut.sum()).as("outputs delivered").isPositive();
        assertThat(loop.failed.sum()).isZero();
    }

    @Test
    void twoRoutesFeedingEachOtherNeverHang() throws Exception {
        awaitConnected();
        ZenohEndpoint a = consumer("a");
        ZenohEndpoint b = consumer("b");
        long start = System.nanoTime();
        feed("zenoh:self/a/in");
        awaitOrDump(
                () -> back.sum() + a.dropped.sum() + b.dropped.sum() == MESSAGES,
                () ->
                        "back "
                                + back.sum()
                                + ", dropped a "
                                + a.dropped.sum()
                                + ", b "
                                + b.dropped.sum());
        report("pair", start, back.sum(), a.dropped.sum() + b.dropped.sum());
        Thread.sleep(200);
        assertThat(back.sum() + a.dropped.sum() + b.dropped.sum())
                .as("nothing counted twice")
                .isEqualTo(MESSAGES);
        assertThat(back.sum()).as("round trips delivered").isPositive();
        assertThat(a.failed.sum() + b.failed.sum()).isZero();
    }

    /**
     * Without a cycle, a route thread feeding another route's full queue waits (block): nothing is
     * dropped.
     */
    @Test
    void aPipelineOnOneSessionStillBlocksAndLosesNothing() throws Exception {
        awaitConnected();
        ZenohEndpoint p1 = consumer("p1");
        ZenohEndpoint p2 = consumer("p2");
        long start = System.nanoTime();
        feed("zenoh:self/p1");
        awaitOrDump(
                () -> piped.sum() + p1.dropped.sum() + p2.dropped.sum() == MESSAGES,
                () ->
                        "piped "
                                + piped.sum()
                                + ", dropped p1 "
                                + p1.dropped.sum()
                                + ", p2 "
                                + p2.dropped.sum());
        report("pipeline", start, piped.sum(), p1.dropped.sum() + p2.dropped.sum());
        assertThat(p1.dropped.sum() + p2.dropped.sum()).as("dropped").isZero();
        assertThat(piped.sum()).isEqualTo(MESSAGES);
    }

    @Test
    void maxPendingBytesIsCheckedAtEndpointCreation() {
        assertThatThrownBy(() -> context.getEndpoint("zenoh:self/x?maxPendingBytes=1000"))
                .hasStackTraceContaining("maxPendingBytes")
                .hasStackTraceContaining("1000");
        assertThat(
                        ((ZenohEndpoint)
                                        context.getEndpoint("zenoh:self/y?maxPendingBytes=1048576"))
                                .getConfiguration()
                                .getMaxPendingBytes())
                .isEqualTo(1 << 20);
    }

    /** MESSAGES puts from a plain (non-route) thread on the routes' session. */
    private void feed(String uri) throws InterruptedException {
        Thread feeder =
                new Thread(
                        () -> {
                            for (int i = 0; i < MESSAGES; i++) {
                                template.sendBody(uri, "m" + i);
                            }
                        },
                        "self-feed-feeder");
        feeder.setDaemon(true);
        feeder.start();
        awaitOrDump(() -> !feeder.isAlive(), () -> "the feeder to send " + MESSAGES + " messages");
    }

    private static void awaitOrDump(
            BooleanSupplier done, java.util.function.Supplier<String> what) {
        try {
            Loopback.await(LIMIT, done, "progress");
        } catch (AssertionError e) {
            throw new AssertionError("hung: " + what.get() + "\n" + threadDump(), e);
        }
    }

    private static String threadDump() {
        return Arrays.stream(ManagementFactory.getThreadMXBean().dumpAllThreads(false, false))
                .filter(
                        t ->
                                t.getThreadName().contains("Zenoh")
                                        || t.getThreadName().contains("feed"))
                .map(ThreadInfo::toString)
                .collect(Collectors.joining());
    }

    private static void report(String shape, long start, long delivered, long dropped) {
        String suite = "selfFeed";
        ReliabilitySuite.figure(suite, shape + ".messages", MESSAGES);
        ReliabilitySuite.figure(suite, shape + ".delivered", delivered);
        ReliabilitySuite.figure(suite, shape + ".dropped", dropped);
        ReliabilitySuite.figure(
                suite,
                shape + ".seconds",
                String.format("%.1f", (System.nanoTime() - start) / 1e9));
    }
}
