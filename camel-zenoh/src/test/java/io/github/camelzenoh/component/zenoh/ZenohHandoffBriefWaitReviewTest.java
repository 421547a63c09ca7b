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

/** BLOCK's brief wait on a non-route thread: a stop or an interrupt while it waits. */
class ZenohHandoffBriefWaitReviewTest {

    private final ExecutorService routeThreads = Executors.newSingleThreadExecutor();
    private final ExecutorService zenohThread = Executors.newSingleThreadExecutor();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch routing = new CountDownLatch(1);
    private final List<String> routed = new CopyOnWriteArrayList<>();
    private final List<Object> dropped = new CopyOnWriteArrayList<>();
    private final LongAdder droppedCount = new LongAdder();
    private final ZenohHandoff<String> handoff =
            new ZenohHandoff<>("review", 1, ZenohOverflowPolicy.BLOCK, droppedCount, 0);

    @AfterEach
    void stop() {
        release.countDown();
        handoff.stop();
        routeThreads.shutdownNow();
        zenohThread.shutdownNow();
    }

    private void fill() throws Exception {
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
    }

    @Test
    void aStopDuringTheBriefWaitDropsTheItemOnceAndNeverRoutesIt() throws Exception {
        handoff.briefWaitNanos(TimeUnit.SECONDS.toNanos(30));
        fill();
        Future<?> offer = zenohThread.submit(() -> handoff.offer("c"));
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
        fill();
        AtomicReference<Thread> waiter = new AtomicReference<>();
        Future<?> offer =
                zenohThread.submit(
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
