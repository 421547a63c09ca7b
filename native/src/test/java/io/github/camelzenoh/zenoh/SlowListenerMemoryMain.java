/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Run in a forked JVM by {@link SlowListenerMemoryTest}: {@code threads} Java threads put {@code
 * size}-byte samples for {@code seconds} on a session whose own subscriber's listener is blocked
 * all that time, then the listener is released. Prints one {@code RESULT} line: samples sent (puts
 * returned), delivered, counted as dropped, corrupt (wrong key, length, content or order), and the
 * peak RSS growth over the run. Halts with status 3 as soon as RSS has grown by more than {@code
 * abortMiB} (so an unbounded build-up fails the test instead of exhausting the machine).
 */
public final class SlowListenerMemoryMain {

    private SlowListenerMemoryMain() {}

    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(args[0]);
        long seconds = Long.parseLong(args[1]);
        int threads = Integer.parseInt(args[2]);
        long abortMiB = Long.parseLong(args[3]);

        AtomicLong delivered = new AtomicLong();
        AtomicLong dropped = new AtomicLong();
        AtomicLong corrupt = new AtomicLong();
        AtomicLongArray lastSeq = new AtomicLongArray(threads);
        for (int t = 0; t < threads; t++) {
            lastSeq.set(t, -1);
        }
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean blocking = new AtomicBoolean();
        AtomicLong warm = new AtomicLong();

        SampleListener listener =
                new SampleListener() {
                    @Override
                    public void onSample(Sample s) {
                        if (s.keyExpr().equals("test/mem/warm")) {
                            warm.incrementAndGet();
                            return;
                        }
                        if (blocking.get()) {
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        if (!intact(s, size, threads, lastSeq)) {
                            if (corrupt.getAndIncrement() < 5) {
                                System.out.println(
                                        "CORRUPT key="
                                                + s.keyExpr()
                                                + " length="
                                                + s.payload().length);
                            }
                        }
                        delivered.incrementAndGet();
                    }

                    @Override
                    public void onDropped(long count) {
                        dropped.addAndGet(count);
                    }
                };

        SessionConfig config = SessionConfig.loopbackPeer().withOverride("listen/endpoints", "[]");
        try (Session session = Session.open(config);
                Subscriber sub =
                        session.declareSubscriber(
                                "test/mem/*", SubscriberOptions.DEFAULT, listener)) {
            List<Publisher> pubs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                pubs.add(
                        session.declarePublisher(
                                "test/mem/t" + t,
                                PublisherOptions.DEFAULT.withQos(
                                        Qos.DEFAULT.withCongestionControl(
                                                CongestionControl.BLOCK))));
            }
            try (Publisher w =
                    session.declarePublisher("test/mem/warm", PublisherOptions.DEFAULT)) {
                for (int i = 0; i < 2_000; i++) {
                    w.put(new byte[size]);
                }
            }
            await(() -> warm.get() == 2_000, 10_000, "warm-up samples");
            System.gc();
            long baseline = rssKiB();
            AtomicLong peak = new AtomicLong(baseline);
            Thread monitor =
                    new Thread(
                            () -> {
                                while (true) {
                                    long rss = rssKiB();
                                    peak.accumulateAndGet(rss, Math::max);
                                    if (rss - baseline > abortMiB * 1024) {
                                        System.out.println(
                                                "ABORT RSS grew by "
                                                        + (rss - baseline) / 1024
                                                        + " MiB (limit "
                                                        + abortMiB
                                                        + " MiB) after "
                                                        + (delivered.get() + dropped.get())
                                                        + " samples out");
                                        System.out.flush();
                                        Runtime.getRuntime().halt(3);
                                    }
                                    try {
                                        Thread.sleep(20);
                                    } catch (InterruptedException e) {
                                        return;
                                    }
                                }
                            },
                            "rss-monitor");
            monitor.setDaemon(true);
            monitor.start();

            blocking.set(true);
            long[] sent = new long[threads];
            long until = System.nanoTime() + seconds * 1_000_000_000L;
            List<Thread> putters = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                Publisher pub = pubs.get(t);
                Thread th =
                        new Thread(
                                () -> {
                                    byte[] payload = new byte[size];
                                    ByteBuffer b = ByteBuffer.wrap(payload);
                                    for (long seq = 0; System.nanoTime() - until < 0; seq++) {
                                        b.putInt(0, id).putLong(4, seq);
                                        payload[size - 1] = (byte) (seq ^ id);
                                        pub.put(payload);
                                        sent[id]++;
                                    }
                                },
                                "putter-" + t);
                th.start();
                putters.add(th);
            }
            Thread.sleep(seconds * 1000);
            release.countDown();
            for (Thread th : putters) {
                th.join(120_000);
                if (th.isAlive()) {
                    System.out.println("ABORT " + th.getName() + " still putting after 120 s");
                    System.out.flush();
                    Runtime.getRuntime().halt(4);
                }
            }
            long total = 0;
            for (long s : sent) {
                total += s;
            }
            long expected = total;
            await(
                    () -> delivered.get() + dropped.get() >= expected,
                    60_000,
                    "delivered + dropped = " + expected);
            Thread.sleep(200); // anything beyond the count would be a duplicate
            System.out.println(
                    "RESULT sent="
                            + total
                            + " delivered="
                            + delivered.get()
                            + " dropped="
                            + dropped.get()
                            + " corrupt="
                            + corrupt.get()
                            + " rssGrowthMiB="
                            + (peak.get() - baseline) / 1024);
            for (Publisher p : pubs) {
                p.close();
            }
        }
        System.out.flush();
        System.exit(0);
    }

    /** The key names the putting thread, the payload its sequence number, in order. */
    private static boolean intact(Sample s, int size, int threads, AtomicLongArray lastSeq) {
        byte[] p = s.payload();
        if (p.length != size || !s.keyExpr().startsWith("test/mem/t")) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(p);
        int id = b.getInt(0);
        long seq = b.getLong(4);
        if (id < 0 || id >= threads || !s.keyExpr().equals("test/mem/t" + id)) {
            return false;
        }
        if (p[size - 1] != (byte) (seq ^ id)) {
            return false;
        }
        long last = lastSeq.getAndSet(id, seq);
        return seq > last;
    }

    private static long rssKiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    private static void await(java.util.function.BooleanSupplier c, long millis, String what)
            throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (!c.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                System.out.println("ABORT timed out waiting for " + what);
                System.out.flush();
                Runtime.getRuntime().halt(5);
            }
            Thread.sleep(10);
        }
    }
}
