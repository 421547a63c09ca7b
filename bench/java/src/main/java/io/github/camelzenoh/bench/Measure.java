/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.NativeDiagnostics.DeliveryCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/** What the Java subscriber and ping peers (binding and Camel) measure, the same way for both. */
final class Measure {

    private Measure() {}

    /**
     * Subscriber throughput: waits for the first sample, then reports {@code warmup} + {@code
     * rounds} rounds of {@code round-ms}; then the cost per message (bytes allocated by all threads
     * over the measured rounds; JNI crossings counted over one more round), live native objects,
     * optionally the RSS before/after {@code rss-messages} more messages, and live native objects
     * after close.
     */
    static void subscriber(LongSupplier count, Opts o, AutoCloseable closeAll) throws Exception {
        long deadline = System.nanoTime() + o.num("timeout-s", 60) * 1_000_000_000L;
        while (count.getAsLong() == 0) {
            if (System.nanoTime() > deadline) {
                throw Out.fail("no sample arrived");
            }
            Out.sleep(1);
        }
        long warmup = o.num("warmup", 2);
        long rounds = o.num("rounds", 5);
        long roundMs = o.num("round-ms", 1000);
        long last = count.getAsLong();
        long t = System.nanoTime();
        long allocStart = 0;
        long cpuStart = 0;
        long countStart = 0;
        for (long i = 0; i < warmup + rounds; i++) {
            if (i == warmup) {
                allocStart = Out.allocatedBytes();
                cpuStart = Out.cpuNanos();
                countStart = count.getAsLong();
            }
            Out.sleep(roundMs);
            long n = count.getAsLong();
            long now = System.nanoTime();
            Out.say((i < warmup ? "WARMUP " : "ROUND ") + Math.round((n - last) * 1e9 / (now - t)));
            last = n;
            t = now;
        }
        if (rounds > 0) {
            long msgs = count.getAsLong() - countStart;
            Out.stat("cpu_ns_per_msg", fmt(1, (Out.cpuNanos() - cpuStart) / (double) msgs));
            Out.stat(
                    "alloc_bytes_per_msg",
                    fmt(1, (Out.allocatedBytes() - allocStart) / (double) msgs));
        }

        NativeDiagnostics.countDeliveries(true);
        DeliveryCounters c0 = NativeDiagnostics.deliveryCounters();
        Out.sleep(Math.min(roundMs, 500));
        DeliveryCounters d = NativeDiagnostics.deliveryCounters().minus(c0);
        NativeDiagnostics.countDeliveries(false);
        Out.stat("counted_samples", d.samples());
        Out.stat("upcalls_per_sample", fmt(3, d.upcalls() / (double) d.samples()));
        Out.stat("jni_calls_per_sample", fmt(3, d.jniCalls() / (double) d.samples()));
        Out.stat("live_native_objects_running", NativeDiagnostics.liveObjects());

        long rssMessages = o.num("rss-messages", 0);
        if (rssMessages > 0) {
            long before = Out.rssKb();
            long c = count.getAsLong();
            long started = System.nanoTime();
            long end = started + o.num("rss-timeout-s", 900) * 1_000_000_000L;
            while (count.getAsLong() - c < rssMessages && System.nanoTime() < end) {
                Out.sleep(50);
            }
            long after = Out.rssKb();
            long got = count.getAsLong() - c;
            Out.stat("rss_before_kb", before);
            Out.stat("rss_after_kb", after);
            Out.stat("rss_messages", got);
            Out.stat("rss_msgs_per_s", Math.round(got * 1e9 / (System.nanoTime() - started)));
            Out.stat("live_native_objects_after_rss", NativeDiagnostics.liveObjects());
        }
        Out.stat("received", count.getAsLong());
        closeAll.close();
        Out.stat("live_native_objects_after_close", settledLiveObjects());
        Out.say("DONE");
    }

    private static String fmt(int decimals, double v) {
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", v);
    }

    /** zenoh drops a callback (and our listener reference) shortly after an undeclare/close. */
    static long settledLiveObjects() {
        long deadline = System.nanoTime() + 15_000_000_000L; // early when settled; a loaded CI
        long n;
        while ((n = NativeDiagnostics.liveObjects()) != 0 && System.nanoTime() < deadline) {
            Out.sleep(10);
        }
        return n;
    }

    interface Reply {
        /** True when an echo arrived within {@code millis}. */
        boolean await(long millis) throws Exception;
    }

    /**
     * z_ping's loop: send, wait for the echo, record the round trip; prints RTT_NS. With {@code
     * --rate}, at that many pings per second.
     */
    static void ping(Opts o, Runnable send, Reply reply) throws Exception {
        long deadline = System.nanoTime() + o.num("timeout-s", 30) * 1_000_000_000L;
        // until the pong's subscriber is known here, puts go nowhere: retry, then drop late echoes
        do {
            if (System.nanoTime() > deadline) {
                throw Out.fail("no pong");
            }
            send.run();
        } while (!reply.await(100));
        Out.sleep(200);
        while (reply.await(0)) {
            // drain
        }
        long warmup = o.num("warmup", 1000);
        long samples = o.num("samples", 10000);
        // --rate N: after the warm-up (back to back), one ping every 1/N s, idle in between
        long rate = o.num("rate", 0);
        List<String> rtts = new ArrayList<>((int) samples);
        long start = System.nanoTime();
        for (long i = 0; i < warmup + samples; i++) {
            if (i == warmup) {
                start = System.nanoTime();
            }
            if (rate > 0 && i >= warmup) {
                long due = start + (i - warmup) * 1_000_000_000L / rate;
                for (long wait; (wait = due - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(wait);
                }
            }
            long t = System.nanoTime();
            send.run();
            if (!reply.await(5000)) {
                throw Out.fail("pong lost");
            }
            if (i >= warmup) {
                rtts.add(Long.toString(System.nanoTime() - t));
            }
        }
        Out.say("RTT_NS " + String.join(",", rtts));
        Out.say("DONE");
    }

    /**
     * A publisher's put counter (the caller sets it after each put). With {@code --report-ms MS},
     * every MS prints {@code PUTS <puts> <process CPU ns> <bytes allocated by all threads>}: the
     * suite derives the cost of one put from it.
     */
    static AtomicLong reportPuts(Opts o) {
        AtomicLong puts = new AtomicLong();
        long ms = o.num("report-ms", 0);
        if (ms > 0) {
            Thread t =
                    new Thread(
                            () -> {
                                for (; ; ) {
                                    Out.sleep(ms);
                                    Out.say(
                                            "PUTS "
                                                    + puts.getOpaque()
                                                    + " "
                                                    + Out.cpuNanos()
                                                    + " "
                                                    + Out.allocatedBytes());
                                }
                            },
                            "put-report");
            t.setDaemon(true);
            t.start();
        }
        return puts;
    }
}
