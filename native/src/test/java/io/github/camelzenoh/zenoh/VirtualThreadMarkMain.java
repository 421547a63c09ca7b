/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Forked by {@link VirtualThreadMarkTest} on a JDK with virtual threads (21+), one carrier thread
 * ({@code -Djdk.virtualThreadScheduler.parallelism=1}): a virtual thread marks itself as a consumer
 * thread and parks; another, never marked, puts into a local subscriber whose listener is blocked.
 * The unmarked thread must wait for room (no drops) although it runs on the carrier the marked one
 * ran on; then the marked thread's own puts must not wait (they are dropped and counted). Compiled
 * for Java 17: virtual threads are reached by reflection.
 */
public final class VirtualThreadMarkMain {

    private VirtualThreadMarkMain() {}

    public static void main(String[] args) throws Exception {
        int port = Loopback.freePort();
        try (Session a = Session.open(Loopback.listener(port));
                Session b = Session.open(Loopback.connector(port))) {
            String aZid = a.info().zid();
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> b.info().peers().contains(aZid),
                    "peers to connect");
            // a marked thread whose put's listener (run inline, on the putting thread) unmarks it:
            // the carrier must not stay marked after the put
            try (Subscriber unmarker =
                    a.declareSubscriber(
                            "vt/unmark",
                            SubscriberOptions.DEFAULT,
                            s -> Subscriber.markConsumerThread(false))) {
                CountDownLatch unmarked = new CountDownLatch(1);
                startVirtual(
                        () -> {
                            Subscriber.markConsumerThread(true);
                            a.put("vt/unmark", new byte[1], null, null, Qos.DEFAULT);
                            unmarked.countDown();
                        });
                if (!unmarked.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the unmarking put did not end");
                }
            }
            CountDownLatch blocked = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicLong dropped = new AtomicLong();
            AtomicLong received = new AtomicLong();
            SampleListener listener =
                    new SampleListener() {
                        @Override
                        public void onSample(Sample s) {
                            received.incrementAndGet();
                            if (s.payload().length == 1) { // the remote one: hold its zenoh thread
                                blocked.countDown();
                                try {
                                    release.await();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                        }

                        @Override
                        public void onDropped(long count) {
                            dropped.addAndGet(count);
                        }
                    };
            try (Subscriber sub =
                            a.declareSubscriber(
                                    "vt/k",
                                    SubscriberOptions.DEFAULT.withMaxPendingBytes(64 << 10),
                                    listener);
                    Publisher p = b.declarePublisher("vt/k", PublisherOptions.DEFAULT)) {
                Loopback.await(Duration.ofSeconds(10), p::hasMatchingSubscribers, "the subscriber");
                p.put(new byte[1]);
                if (!blocked.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the listener was not called");
                }
                CountDownLatch marked = new CountDownLatch(1);
                CountDownLatch markedGo = new CountDownLatch(1);
                CountDownLatch markedDone = new CountDownLatch(1);
                startVirtual(
                        () -> {
                            Subscriber.markConsumerThread(true);
                            marked.countDown();
                            await(markedGo); // parks: leaves the carrier
                            // a marked thread never waits for room: its puts are dropped
                            for (int i = 0; i < 200; i++) {
                                a.put("vt/k", new byte[1024], null, null, Qos.DEFAULT);
                            }
                            Subscriber.markConsumerThread(false);
                            markedDone.countDown();
                        });
                marked.await();
                CountDownLatch unmarkedDone = new CountDownLatch(1);
                startVirtual(
                        () -> {
                            for (int i = 0; i < 200; i++) {
                                a.put("vt/k", new byte[1024], null, null, Qos.DEFAULT);
                            }
                            unmarkedDone.countDown();
                        });
                boolean unmarkedWaited = !unmarkedDone.await(2, TimeUnit.SECONDS);
                System.out.println("unmarked dropped while the listener was held: " + dropped);
                System.out.println("unmarked waited for room: " + unmarkedWaited);
                release.countDown();
                if (!unmarkedDone.await(30, TimeUnit.SECONDS)) {
                    throw new AssertionError("the unmarked thread's puts did not end");
                }
                // every sample so far is received or counted (drops are told with a later batch)
                Loopback.await(
                        Duration.ofSeconds(30),
                        () -> received.get() + dropped.get() == 201,
                        "the 201 samples received or counted");
                long droppedBefore = dropped.get();
                // the marked thread puts 200 KiB into 64 KiB of room while the listener is slow
                markedGo.countDown();
                if (!markedDone.await(30, TimeUnit.SECONDS)) {
                    throw new AssertionError("the marked thread waited");
                }
                System.out.println("unmarked dropped in all: " + droppedBefore);
                Loopback.await(
                        Duration.ofSeconds(30),
                        () -> received.get() + dropped.get() == 401,
                        "the 401 samples received or counted");
                System.out.println("received " + received + ", dropped " + dropped);
            }
        }
        System.out.println("END");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void startVirtual(Runnable task) throws Exception {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Class.forName("java.lang.Thread$Builder")
                .getMethod("start", Runnable.class)
                .invoke(builder, task);
    }
}
