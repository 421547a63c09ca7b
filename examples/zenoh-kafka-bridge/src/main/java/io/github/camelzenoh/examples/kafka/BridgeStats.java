/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import io.github.camelzenoh.component.zenoh.ZenohDevConsole;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.console.DevConsole;
import org.apache.camel.spi.RoutePolicy;
import org.apache.camel.support.RoutePolicySupport;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the bridge moved and what went wrong, both ways: bound as {@code bridgeStats}, logged every
 * {@code bridge.statsInterval} ms when something changed, and once more when the bridge stops.
 * Every failed attempt is counted (and logged where it happens); a message given up on is counted
 * as dead-lettered. camel-zenoh's own counters of the subscriptions complete the picture: samples
 * received, and samples dropped from the hand-off queue when the bridge stops before they were
 * written (the only way the bridge loses a sample it received; logged as a warning).
 */
public class BridgeStats extends ServiceSupport {

    private static final Logger LOG = LoggerFactory.getLogger(BridgeStats.class);

    /** zenoh samples the Kafka broker acknowledged. */
    public final LongAdder toKafkaSent = new LongAdder();

    /** Kafka writes of several samples (with toKafka.batchSize), each counted once. */
    public final LongAdder toKafkaBatches = new LongAdder();

    /** Failed attempts to write a sample to Kafka (each is retried). */
    public final LongAdder toKafkaFailures = new LongAdder();

    /**
     * Samples given up on: after toKafka.maximumRedeliveries (never, by default), or at once when
     * Kafka can never take them.
     */
    public final LongAdder toKafkaDeadLettered = new LongAdder();

    /** Kafka records put (or deleted) on zenoh. */
    public final LongAdder toZenohSent = new LongAdder();

    /** Batch puts on zenoh (one per run of records to the same key in a poll). */
    public final LongAdder toZenohBatches = new LongAdder();

    /** Failed attempts to put a record on zenoh (each is retried). */
    public final LongAdder toZenohFailures = new LongAdder();

    /** Records that cannot become a zenoh put, sent to the dead-letter topic. */
    public final LongAdder toZenohDeadLettered = new LongAdder();

    private final CamelContext context;
    private final Set<String> subscriptions = new CopyOnWriteArraySet<>();
    private long[] lastZenoh = new long[4];
    private final long intervalMs;
    private ScheduledExecutorService timer;
    private String lastLogged = "";

    public BridgeStats(CamelContext context, long intervalMs) {
        this.context = context;
        this.intervalMs = intervalMs;
    }

    /**
     * Key expressions of the bridge's zenoh subscriptions, whose camel-zenoh counters are reported
     * too.
     */
    void watch(String keyExpr) {
        subscriptions.add(keyExpr);
    }

    @Override
    public String toString() {
        long[] zenoh = zenohCounters();
        return "zenoh→Kafka received="
                + zenoh[0]
                + " sent="
                + toKafkaSent.sum()
                + " batches="
                + toKafkaBatches.sum()
                + " failedAttempts="
                + toKafkaFailures.sum()
                + " deadLettered="
                + toKafkaDeadLettered.sum()
                + " droppedAtStop="
                + zenoh[1]
                + " failedAtStop="
                + zenoh[2]
                + " groupReplayed="
                + zenoh[3]
                + "; Kafka→zenoh sent="
                + toZenohSent.sum()
                + " batches="
                + toZenohBatches.sum()
                + " failedAttempts="
                + toZenohFailures.sum()
                + " deadLettered="
                + toZenohDeadLettered.sum();
    }

    /**
     * Samples received, dropped by the subscriptions' hand-off queues (which happens only when the
     * bridge stops with samples still waiting) and failed in the route (only the one being retried
     * when a stop cuts it short), as camel-zenoh counts them for its dev console; the last values
     * seen once the endpoints are gone (Camel removes them when it stops); with toKafka.group, also
     * the samples replayed on taking over keys of an instance that left (an upper bound of the
     * duplicates).
     */
    synchronized long[] zenohCounters() {
        long[] sums = new long[4];
        boolean found = false;
        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(context);
        Object json = console.call(DevConsole.MediaType.JSON);
        if (json instanceof Map<?, ?> root && root.get("endpoints") instanceof List<?> endpoints) {
            for (Object o : endpoints) {
                if (o instanceof Map<?, ?> e && subscriptions.contains(e.get("keyExpr"))) {
                    found = true;
                    sums[0] += ((Number) e.get("received")).longValue();
                    sums[1] += ((Number) e.get("dropped")).longValue();
                    sums[2] += ((Number) e.get("failed")).longValue();
                    if (e.get("groupReplayed") instanceof Number n) {
                        sums[3] += n.longValue();
                    }
                }
            }
        }
        if (found) {
            lastZenoh = sums;
        }
        return lastZenoh;
    }

    /**
     * A route policy for the zenoh → Kafka routes: takes the subscriptions' final counts when a
     * route stops.
     */
    RoutePolicy finalCounts() {
        return new RoutePolicySupport() {
            @Override
            public void onStop(Route route) {
                zenohCounters();
            }
        };
    }

    private synchronized void logIfChanged() {
        String now = toString();
        if (!now.equals(lastLogged)) {
            lastLogged = now;
            LOG.info("bridge: {}", now);
        }
    }

    @Override
    protected void doStart() {
        if (intervalMs > 0) {
            timer =
                    context.getExecutorServiceManager()
                            .newSingleThreadScheduledExecutor(this, "BridgeStats");
            timer.scheduleAtFixedRate(
                    this::logIfChanged, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    protected void doStop() {
        if (timer != null) {
            context.getExecutorServiceManager().shutdownNow(timer);
            timer = null;
        }
        long[] zenoh = zenohCounters();
        if (zenoh[1] + zenoh[2] > 0) {
            LOG.warn(
                    "bridge stopped with {} zenoh samples received but not written to Kafka ({} still queued, {} being"
                            + " retried)",
                    zenoh[1] + zenoh[2],
                    zenoh[1],
                    zenoh[2]);
        }
        LOG.info("bridge stopped: {}", this);
    }
}
