/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * BLOCK on a thread that is not a route thread (zenoh's receive threads): it waits for room by
 * itself for a brief time and hands its other work over ({@code Subscriber.blocking}) only when the
 * wait lasts longer — handing over at every full queue cost a saturated route 17 % of its CPU.
 */
class ZenohHandoffTest {

    private final ExecutorService routeThreads = Executors.newSingleThreadExecutor();
    private final ExecutorService zenohThread = Executors.newSingleThreadExecutor();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch routing = new CountDownLatch(1);
    private final List<String> routed = new CopyOnWriteArrayList<>();
    private final List<Object> dropped = new CopyOnWriteArrayList<>();
    private final LongAdder droppedCount = new LongAdder();
    private final ZenohHandoff<String> handoff =
            new ZenohHandoff<>(
                    "test", 1, Long.MAX_VALUE, ZenohOverflowPolicy.BLOCK, droppedCount, 0);

    @AfterEach
    void stop() {
        release.countDown();
        handoff.stop();
        routeThreads.shutdownNow();
        zenohThread.shutdownNow();
    }

    /** The route takes "a" and holds it until released; "b" fills the queue; "c" must wait. */
    private Future<?> fillThenOfferFromAnotherThread() throws Exception {
        return fillThenOffer(() -> handoff.offer("c"));
    }

    private Future<?> fillThenOffer(Runnable offerC) throws Exception {
        handoff.onDrop((item, why) -> dropped.add(item));
        handoff.start(
                routeThreads,
                1,
                item -> {
                    routing.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    routed.add(item);
                });
        handoff.offer("a");
        assertThat(routing.await(10, TimeUnit.SECONDS)).as("the route took 'a'").isTrue();
        handoff.offer("b");
        return zenohThread.submit(offerC);
    }

    @Test
    void aWaitEndingWithinTheBriefWaitKeepsTheThread() throws Exception {
        handoff.briefWaitNanos(TimeUnit.SECONDS.toNanos(30));
        Future<?> offer = fillThenOfferFromAnotherThread();
        Waits.until("'c' waits for room", () -> handoff.waiting == 1);
        release.countDown();
        offer.get(10, TimeUnit.SECONDS);
        Waits.until("a, b and c routed", () -> routed.size() == 3);
        assertThat(routed).containsExactly("a", "b", "c");
        assertThat(handoff.handovers()).as("hand-overs of the waiting thread").isZero();
    }

    @Test
    void aLongerWaitHandsTheThreadsWorkOverOnce() throws Exception {
        handoff.briefWaitNanos(TimeUnit.MILLISECONDS.toNanos(1));
        Future<?> offer = fillThenOfferFromAnotherThread();
        Waits.until("the waiting thread handed its work over", () -> handoff.handovers() == 1);
        assertThat(offer.isDone()).as("'c' still waits for room").isFalse();
        release.countDown();
        offer.get(10, TimeUnit.SECONDS);
        Waits.until("a, b and c routed", () -> routed.size() == 3);
        assertThat(routed).containsExactly("a", "b", "c");
        assertThat(handoff.handovers()).isEqualTo(1);
    }

    @Test
    void aStopDuringTheBriefWaitDropsTheItemOnceAndNeverRoutesIt() throws Exception {
        handoff.briefWaitNanos(TimeUnit.SECONDS.toNanos(30));
        Future<?> offer = fillThenOfferFromAnotherThread();
        Waits.until("'c' waits for room", () -> handoff.waiting == 1);
        handoff.stop();
        offer.get(10, TimeUnit.SECONDS);
        release.countDown();
        Waits.until("'a' routed", () -> routed.contains("a"));
        assertThat(dropped).containsExactlyInAnyOrder("b", "c");
        assertThat(droppedCount.sum()).isEqualTo(2);
        assertThat(handoff.handovers()).isZero();
        assertThat(handoff.size()).isZero();
        assertThat(routed).containsExactly("a");
    }

    @Test
    void anInterruptDuringTheBriefWaitDropsTheItemOnceWithoutHandingOver() throws Exception {
        handoff.briefWaitNanos(TimeUnit.SECONDS.toNanos(30));
        AtomicReference<Thread> waiter = new AtomicReference<>();
        Future<?> offer =
                fillThenOffer(
                        () -> {
                            waiter.set(Thread.currentThread());
                            handoff.offer("c");
                        });
        Waits.until("'c' waits for room", () -> handoff.waiting == 1);
        waiter.get().interrupt();
        offer.get(10, TimeUnit.SECONDS);
        assertThat(dropped).containsExactly("c");
        assertThat(handoff.handovers()).isZero();
        release.countDown();
        Waits.until("a and b routed", () -> routed.size() == 2);
        assertThat(routed).containsExactly("a", "b");
        assertThat(dropped).containsExactly("c");
    }
}
