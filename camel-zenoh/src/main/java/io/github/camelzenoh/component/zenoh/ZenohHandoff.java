/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Subscriber;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves items from zenoh's delivery threads to the route's threads through one bounded queue.
 * zenoh's threads only enqueue (never run a route, so a route doing zenoh I/O cannot deadlock
 * them); with one route thread, order is zenoh's order. Memory stays bounded under every policy:
 * the queue holds at most {@code capacity} items and at most {@code maxBytes} bytes of payload and
 * attachment waiting for the route (sized once per item when offered; a batch by the sum of its
 * samples). An item that alone exceeds {@code maxBytes} is accepted when the queue is empty (a
 * single large sample still passes). When the queue is full by either bound the overflow policy
 * decides: BLOCK waits for room (zenoh back-pressure, like its FIFO channel), DROP_OLDEST drops the
 * oldest items until the new one fits (or the queue is empty), DROP_NEWEST drops the new one; every
 * dropped sample is counted.
 *
 * <p>zenoh delivers a put to the subscribers of the same session on the putting thread, so a route
 * thread can offer to a hand-off itself: a route publishing into its own subscription, or into
 * another route's. It waits (BLOCK) only when that cannot close a cycle — in its own hand-off,
 * while another of its route threads is not waiting for room (it drains the queue); in another,
 * while none of that hand-off's route threads waits, directly or through others, for its own —
 * otherwise it would wait for room only it can make, so the item is dropped and counted. Threads
 * that are not route threads (a bounded seda consumer, a thread pool between a consumer and a
 * producer on its own key) are not seen: such a loop in block mode can wait for itself, as it would
 * in Camel alone. Route threads are also marked for the binding ({@link
 * Subscriber#markConsumerThread}): they never wait for a subscriber's pending samples in native
 * memory.
 */
final class ZenohHandoff<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohHandoff.class);
    private static final int BATCH = 256;

    /**
     * BLOCK on a zenoh thread: how long it waits for room by itself before handing its other work
     * to another thread ({@link Subscriber#blocking}). A route keeping up drains the queue to half
     * within this. Handing over at every full queue (a JNI call, an upcall and a tokio worker
     * hand-off each) cost a saturated 8-byte route 945 instead of 808 ns of CPU per message; a wait
     * this short cannot make zenoh close a link (it does after 5 s without progress).
     */
    static final long BRIEF_WAIT_NANOS = 10_000_000;

    /**
     * Wakes an idle route thread at stop, so a route stops at once rather than after a poll
     * timeout.
     */
    private static final Object STOP = new Object();

    /** On a route thread: the hand-off it drains. */
    private static final ThreadLocal<ZenohHandoff<?>> ROUTE_OF = new ThreadLocal<>();

    /** This hand-off's route threads waiting for room in a hand-off, and which. */
    private final Map<Thread, ZenohHandoff<?>> waitingOn = new ConcurrentHashMap<>();

    private final ArrayBlockingQueue<Object> queue;

    /**
     * Bytes of the queued items (what {@link #maxBytes} bounds): reserved as an item is offered,
     * subtracted as it leaves the queue. A burst a route thread took is no longer counted: it
     * cannot be dropped for newer items (dropOldest keeps the freshest queued), and it is itself at
     * most what the queue held, so memory stays within twice the budget (+ one item each).
     */
    private final AtomicLong bytes = new AtomicLong();

    /**
     * Samples waiting for the route (the depth gauge): queued, or taken by a route thread and not
     * yet handed to the route.
     */
    private final AtomicLong samples = new AtomicLong();

    /**
     * Items reserved by offers or queued (not STOP). An item alone above the budget passes only
     * when none is: taken with getAndIncrement, so of several zenoh threads offering such items to
     * an empty queue at once only one passes (a lock here cost the 8-byte route 8 %).
     */
    private final AtomicInteger items = new AtomicInteger();

    private final long maxBytes;
    private final ZenohOverflowPolicy overflow;
    private final LongAdder dropped;
    private final String name;
    private volatile boolean running;
    private int threads;

    /**
     * BLOCK: zenoh threads finding the queue full wait here until the route threads have drained it
     * to {@link #resumeAt} (half of it). ArrayBlockingQueue's own timed offer would wake a waiting
     * zenoh thread for every single item taken — a futex wake-up and a context switch per message
     * on both threads exactly when the route is the bottleneck.
     */
    private final Object room = new Object();

    /**
     * idleSpinMicros: how long an idle route thread polls (yielding) before it parks; 0 = park at
     * once.
     */
    private final long spinNanos;

    private final int resumeAt;
    private final long resumeAtBytes;
    volatile int waiting;
    private long briefWaitNanos = BRIEF_WAIT_NANOS;
    private final LongAdder handovers = new LongAdder();

    /** Told of every item dropped, with why (a query must still be answered and finished). */
    private volatile BiConsumer<Object, String> onDrop = (item, why) -> {};

    ZenohHandoff(
            String name,
            int capacity,
            long maxBytes,
            ZenohOverflowPolicy overflow,
            LongAdder dropped,
            long spinNanos) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
        this.name = name;
        this.spinNanos = spinNanos;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.maxBytes = maxBytes;
        this.overflow = overflow;
        this.dropped = dropped;
        this.resumeAt = capacity / 2;
        this.resumeAtBytes = maxBytes / 2;
    }

    /**
     * Sets what is told of each dropped item and why; it runs on the dropping thread (a zenoh
     * thread, or the one stopping the hand-off) and must not block.
     */
    void onDrop(BiConsumer<Object, String> hook) {
        this.onDrop = hook;
    }

    /** Drops an item (one that was queued has its bytes and samples released first). */
    private void drop(Object item, String why) {
        dropped.add(weight(item));
        try {
            onDrop.accept(item, why);
        } catch (RuntimeException e) {
            LOG.warn("zenoh hand-off {}: dropping an item failed: {}", name, e.getMessage(), e);
        }
    }

    /** Called on a zenoh thread. */
    void offer(T item) {
        if (!running) {
            drop(item, "the consumer is not running");
            return;
        }
        // sized here and again when released (bytes(), weight()): no wrapper allocated per item
        if (tryOffer(item)) {
            unlessStopped(item);
            return;
        }
        switch (overflow) {
            case DROP_NEWEST -> drop(item, "the queue is full (overflowPolicy=dropNewest)");
            case DROP_OLDEST -> {
                while (!tryOffer(item)) {
                    Object oldest = queue.poll();
                    if (oldest != null && oldest != STOP) {
                        release(oldest);
                        drop(oldest, "the queue is full (overflowPolicy=dropOldest)");
                    }
                }
                unlessStopped(item);
            }
            case BLOCK -> {
                ZenohHandoff<?> own = ROUTE_OF.get();
                if (own != null) {
                    awaitRoom(item, own, 0);
                } else if (!awaitRoom(item, null, briefWaitNanos)) {
                    // a zenoh thread waiting longer: its other work (other links and sessions)
                    // moves to another thread while it waits
                    handovers.increment();
                    Subscriber.blocking(() -> awaitRoom(item, null, 0));
                }
            }
        }
    }

    /**
     * Queues {@code item} unless the queue is full: {@code capacity} items, or {@link #maxBytes}
     * bytes queued with {@code item} while other items are queued (an item alone above it is
     * accepted when the queue is empty). False when it was not queued.
     */
    private boolean tryOffer(Object item) {
        long n = bytes(item);
        int before = items.getAndIncrement();
        while (true) {
            long held = bytes.get();
            // alone: nothing reserved before this (before) nor since (held: a later offer
            // reserves its items before its bytes, so it shows here or sees this one's bytes)
            if (held + n > maxBytes && (before > 0 || held != 0)) {
                items.decrementAndGet();
                return false;
            }
            if (bytes.compareAndSet(held, held + n)) {
                break;
            }
        }
        int w = weight(item);
        samples.addAndGet(w);
        if (queue.offer(item)) {
            return true;
        }
        bytes.addAndGet(-n);
        samples.addAndGet(-w);
        items.decrementAndGet();
        return false;
    }

    /**
     * {@code item} left the queue (taken by a route thread, dropped, taken back). Its size is
     * computed again: items are not changed while queued.
     */
    private void dequeued(Object item) {
        bytes.addAndGet(-bytes(item));
        items.decrementAndGet();
    }

    /** {@code item}, taken from the queue, is handed to the route or dropped: no longer waits. */
    private void done(Object item) {
        samples.addAndGet(-weight(item));
    }

    /** {@code item} left the queue and no longer waits (dropped from it, or a batch taken). */
    private void release(Object item) {
        dequeued(item);
        done(item);
    }

    /**
     * On a route thread after it took items: wakes the zenoh threads waiting for room (BLOCK) once
     * the queue is down to half its items and half its bytes.
     */
    private void wakeWaitersIfRoom() {
        if (waiting > 0 && queue.size() <= resumeAt && bytes.get() <= resumeAtBytes) {
            synchronized (room) {
                room.notifyAll();
            }
        }
    }

    /**
     * After an item was queued: when the hand-off stopped meanwhile, its route threads may be gone
     * (and {@link #stop} may have cleared the queue before the item came in), so an item still
     * queued is taken back and counted as dropped. {@link #stop} clears {@code running} before it
     * clears the queue: an offer that still saw it running was queued before that clearing, which
     * counts it.
     */
    private void unlessStopped(Object item) {
        if (!running && queue.removeIf(queued -> queued == item)) {
            release(item);
            drop(item, "the consumer stopped");
        }
    }

    /**
     * BLOCK with a full queue: waits for room, or drops when waiting could never end. With a
     * positive {@code limitNanos} it gives up after that long and returns false (the item is
     * neither queued nor dropped); otherwise it returns true.
     */
    private boolean awaitRoom(Object item, ZenohHandoff<?> own, long limitNanos) {
        if (own != null) {
            own.waitingOn.put(Thread.currentThread(), this);
        }
        try {
            long until = System.nanoTime() + limitNanos;
            synchronized (room) {
                waiting++;
                try {
                    while (!tryOffer(item)) {
                        if (!running) {
                            drop(item, "the consumer stopped");
                            return true;
                        }
                        if (own != null && wouldWaitForItself(own)) {
                            drop(item, "a route thread waiting here would wait for itself");
                            return true;
                        }
                        if (limitNanos <= 0) {
                            room.wait(100);
                        } else {
                            long left = until - System.nanoTime();
                            if (left <= 0) {
                                return false;
                            }
                            room.wait(Math.max(1, left / 1_000_000));
                        }
                    }
                    unlessStopped(item);
                } finally {
                    waiting--;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            drop(item, "interrupted while waiting for room in the queue");
        } finally {
            if (own != null) {
                own.waitingOn.remove(Thread.currentThread());
            }
        }
        return true;
    }

    /**
     * True when a route thread of {@code own} waiting here could wait for itself. In its own
     * hand-off it may wait while another of its route threads is not waiting for room anywhere
     * (that one still drains the queue); in another, while no route thread of that one waits,
     * directly or through others, for {@code own}.
     */
    private boolean wouldWaitForItself(ZenohHandoff<?> own) {
        if (this == own) {
            return own.waitingOn.size() >= own.threads;
        }
        return reaches(this, own);
    }

    /**
     * True when {@code to} is {@code from} or a route thread of {@code from} waits for room in a
     * hand-off that reaches {@code to}: a route thread of {@code to} waiting in {@code from} would
     * close a cycle of threads each waiting for the next.
     */
    private static boolean reaches(ZenohHandoff<?> from, ZenohHandoff<?> to) {
        Set<ZenohHandoff<?>> seen = new HashSet<>();
        Deque<ZenohHandoff<?>> next = new ArrayDeque<>(List.of(from));
        while (!next.isEmpty()) {
            ZenohHandoff<?> h = next.poll();
            if (h == to) {
                return true;
            }
            if (seen.add(h)) {
                next.addAll(h.waitingOn.values());
            }
        }
        return false;
    }

    /** Items counted as one each, except a batch: as many as it holds. */
    private static int weight(Object item) {
        return item instanceof List<?> batch ? batch.size() : 1;
    }

    /**
     * Payload and attachment bytes of an item: a sample's, a query's (0 without payload), a batch's
     * sum; 0 for anything else.
     */
    static long bytes(Object item) {
        if (item instanceof Sample s) {
            return length(s.payload()) + length(s.attachment());
        }
        if (item instanceof ZenohSample s) {
            return length(s.payload()) + length(s.attachment());
        }
        if (item instanceof Query q) {
            return length(q.payload()) + length(q.attachment());
        }
        if (item instanceof List<?> batch) {
            long n = 0;
            for (Object e : batch) {
                n += bytes(e);
            }
            return n;
        }
        return 0;
    }

    private static int length(byte[] b) {
        return b == null ? 0 : b.length;
    }

    /**
     * Starts {@code threads} route threads on {@code executor}, each handing items to {@code sink}.
     */
    void start(ExecutorService executor, int threads, Consumer<T> sink) {
        start(executor, threads, () -> drain(sink));
    }

    /**
     * Starts {@code threads} route threads for a hand-off whose items are batches ({@code List<E>},
     * at most {@code batchSize} elements each): each thread takes a batch, merges the batches
     * queued behind it up to {@code batchSize} elements (splitting the last one; its rest starts
     * the next batch), waits up to {@code timeoutNanos} for more while it has fewer, and hands the
     * merged batch to {@code sink}. A batch a thread holds when the hand-off stops is still handed
     * to {@code sink}; what is queued is dropped and counted, as for single items.
     */
    <E> void startBatches(
            ExecutorService executor,
            int threads,
            int batchSize,
            long timeoutNanos,
            Consumer<List<E>> sink) {
        start(executor, threads, () -> drainBatches(batchSize, timeoutNanos, sink));
    }

    private void start(ExecutorService executor, int threads, Runnable drain) {
        running = true;
        this.threads = threads;
        for (int i = 0; i < threads; i++) {
            executor.execute(
                    () -> {
                        ROUTE_OF.set(this);
                        Subscriber.markConsumerThread(true);
                        try {
                            drain.run();
                        } finally {
                            Subscriber.markConsumerThread(false);
                            ROUTE_OF.remove();
                        }
                    });
        }
    }

    @SuppressWarnings("unchecked")
    private void drain(Consumer<T> sink) {
        List<Object> batch = new ArrayList<>(BATCH);
        int next = 0; // the batch's first item not yet handed to the sink (nor released)
        while (running) {
            next = 0;
            try {
                Object first = spinNanos > 0 ? spin() : null;
                if (first == null) {
                    first = queue.poll(100, TimeUnit.MILLISECONDS);
                }
                if (first == null) {
                    continue;
                }
                if (first == STOP) {
                    return;
                }
                batch.add(first);
                // one route thread takes a burst at once (fewer queue locks per message); several
                // take one item each, so a burst spreads over all of them instead of waiting
                // behind one slow exchange in the batch of the thread that woke first
                if (threads == 1) {
                    queue.drainTo(batch, BATCH - 1);
                }
                // one update for the burst (the zenoh thread offering meanwhile shares them)
                long burstBytes = 0;
                int burstItems = 0;
                for (Object item : batch) {
                    if (item != STOP) {
                        burstBytes += bytes(item);
                        burstItems++;
                    }
                }
                bytes.addAndGet(-burstBytes);
                items.addAndGet(-burstItems);
                wakeWaitersIfRoom();
                // the items of the burst wait for the route (in the depth) until each is handed
                for (next = 0; next < batch.size(); next++) {
                    Object item = batch.get(next);
                    if (item == STOP) {
                        // queued after the queue was cleared: only items offered since follow it
                        dropRest(batch, next + 1, "the consumer stopped");
                        return;
                    }
                    done(item);
                    if (!running) {
                        drop(item, "the consumer stopped");
                        continue;
                    }
                    sink.accept((T) item);
                    clearRoutesInterrupt();
                }
                batch.clear();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error e) {
                LOG.warn("zenoh hand-off {}: {}", name, e.getMessage(), e);
                // the failed item (released when handed to the route) and the rest of its batch
                // are not routed: dropped, with the reason
                String why = "the route thread failed: " + e.getMessage();
                if (next < batch.size() && batch.get(next) != STOP) {
                    drop(batch.get(next), why);
                }
                dropRest(batch, next + 1, why);
                batch.clear();
            }
        }
    }

    /**
     * An interrupt the route left set on its thread (a processor that caught an
     * InterruptedException and set the flag again, or interrupted itself) would end the thread's
     * next wait for an item, and with it the thread, for good and unseen: it is cleared, once
     * logged. A stop never interrupts the route threads (it clears {@code running} and queues
     * {@code STOP}).
     */
    private void clearRoutesInterrupt() {
        if (Thread.interrupted() && !routeInterruptLogged) {
            routeInterruptLogged = true;
            LOG.warn(
                    "zenoh hand-off {}: the route left its thread interrupted; the interrupt is"
                            + " cleared so that the thread goes on taking samples (logged once)",
                    name);
        }
    }

    private volatile boolean routeInterruptLogged;

    /** Drops the items of a burst (taken from the queue) from {@code from} on. */
    private void dropRest(List<Object> batch, int from, String why) {
        for (int i = from; i < batch.size(); i++) {
            Object item = batch.get(i);
            if (item != STOP) {
                done(item);
                drop(item, why);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private <E> void drainBatches(int batchSize, long timeoutNanos, Consumer<List<E>> sink) {
        List<E> carry = null; // the rest of a batch split at batchSize: the next one starts with it
        boolean stopSeen = false;
        while ((running && !stopSeen) || carry != null) {
            List<E> out = carry;
            carry = null;
            try {
                if (out == null) {
                    Object first = spinNanos > 0 ? spin() : null;
                    if (first == null) {
                        first = queue.poll(100, TimeUnit.MILLISECONDS);
                    }
                    if (first == null) {
                        continue;
                    }
                    if (first == STOP) {
                        return;
                    }
                    release(first);
                    out = (List<E>) first;
                }
                long deadline = System.nanoTime() + timeoutNanos;
                // a batch being gathered holds what it took out of the queue's byte budget: it is
                // routed once it holds maxBytes too, so a route thread holds at most that plus
                // one item (not batchSize samples, whatever their size)
                long gathered = bytes(out);
                while (out.size() < batchSize && gathered < maxBytes && !stopSeen) {
                    Object next = queue.poll();
                    if (next == null && timeoutNanos > 0 && running) {
                        long left = deadline - System.nanoTime();
                        if (left > 0) {
                            // zenoh threads waiting for room (BLOCK) may hold what this waits for
                            wakeWaitersIfRoom();
                            next = queue.poll(left, TimeUnit.NANOSECONDS);
                        }
                    }
                    if (next == null) {
                        break;
                    }
                    if (next == STOP) {
                        stopSeen = true;
                        break;
                    }
                    release(next);
                    List<E> more = (List<E>) next;
                    int room = batchSize - out.size();
                    if (more.size() <= room) {
                        out.addAll(more);
                        gathered += bytes(more);
                    } else {
                        List<E> taken = more.subList(0, room);
                        out.addAll(taken);
                        gathered += bytes(taken);
                        carry = new ArrayList<>(more.subList(room, more.size()));
                    }
                }
                wakeWaitersIfRoom();
                sink.accept(out);
                clearRoutesInterrupt();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (out != null) {
                    drop(out, "interrupted while gathering a batch");
                }
                if (carry != null) {
                    drop(carry, "interrupted while gathering a batch");
                }
                return;
            } catch (RuntimeException | Error e) {
                LOG.warn("zenoh hand-off {}: {}", name, e.getMessage(), e);
                if (out != null) {
                    drop(out, "the route thread failed: " + e.getMessage());
                }
            }
        }
    }

    /**
     * Polls the queue for up to {@link #spinNanos}, yielding between polls: an item arriving within
     * that time is taken without the futex wake-up of a parked thread (request/response latency);
     * yielding leaves the core to zenoh's threads when they have work. Null when nothing came.
     */
    private Object spin() {
        long until = System.nanoTime() + spinNanos;
        Object item;
        while ((item = queue.poll()) == null && running && System.nanoTime() - until < 0) {
            Thread.yield();
        }
        return item;
    }

    /**
     * Stops taking items; whatever is still queued is dropped, counted and logged (never silent).
     */
    void stop() {
        running = false;
        synchronized (room) {
            room.notifyAll();
        }
        List<Object> left = new ArrayList<>();
        queue.drainTo(left);
        left.removeIf(item -> item == STOP);
        for (Object item : left) {
            release(item);
            drop(item, "the consumer stopped");
        }
        for (int i = 0; i < threads; i++) {
            queue.offer(STOP);
        }
        if (!left.isEmpty()) {
            LOG.warn(
                    "zenoh consumer {} stopped with {} queued items not routed (counted as dropped)",
                    name,
                    left.size());
        }
    }

    /** Tests: sets {@link #BRIEF_WAIT_NANOS} for this hand-off (before it starts; positive). */
    void briefWaitNanos(long nanos) {
        if (nanos <= 0) {
            throw new IllegalArgumentException("brief wait must be positive: " + nanos);
        }
        this.briefWaitNanos = nanos;
    }

    /** How often a zenoh thread waited past the brief wait and handed its other work over. */
    long handovers() {
        return handovers.sum();
    }

    /**
     * Samples waiting for the route (the depth gauge): queued, or taken in a burst and not yet
     * handed to the route; a batch counts as many as it holds.
     */
    int size() {
        return running ? (int) Math.max(0, samples.get()) : 0;
    }

    /** Bytes of payload and attachment queued (what maxPendingBytes bounds). */
    long pendingBytes() {
        return running ? Math.max(0, bytes.get()) : 0;
    }
}
