/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.ref.Cleaner;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * Owns one native object. The pointer is freed exactly once: by {@link #close()} when no call is in
 * flight, else by the last in-flight call to finish; a {@link Cleaner} frees it if the owner
 * forgets (the backstop costs ~100 ns per object, so handles exist only for long-lived objects).
 *
 * <p>State is one int: bit 30 = closed, low bits = calls in flight. Every native call is bracketed
 * by {@link #acquire()} / {@link #release()}, so close() racing a call never frees memory the call
 * still uses.
 */
abstract class NativeHandle implements AutoCloseable {

    static final Cleaner CLEANER =
            Cleaner.create(
                    r -> {
                        Thread t = new Thread(r, "camel-zenoh-cleaner");
                        t.setDaemon(true);
                        return t;
                    });
    private static final int CLOSED = 1 << 30;

    private final AtomicInteger state = new AtomicInteger();
    private final long ptr;
    private final String description;
    private final Cleaner.Cleanable cleanable;

    /** Counted down once the native object has been freed (by whichever thread freed it). */
    private final CountDownLatch freed = new CountDownLatch(1);

    /** Set when a thread starts freeing the native object. */
    private final AtomicBoolean freeing = new AtomicBoolean();

    NativeHandle(long ptr, LongConsumer free, String description) {
        this.ptr = ptr;
        this.description = description;
        this.cleanable = CLEANER.register(this, new Free(ptr, free, description, freed, freeing));
    }

    /** Marks a call in flight and returns the pointer; throws if the handle is closed. */
    final long acquire() {
        for (; ; ) {
            int s = state.get();
            if ((s & CLOSED) != 0) {
                throw new ClosedException(description + " is closed");
            }
            if (state.compareAndSet(s, s + 1)) {
                return ptr;
            }
        }
    }

    final void release() {
        if (state.decrementAndGet() == CLOSED) {
            cleanable.clean();
        }
    }

    /**
     * Idempotent. Returns at once; the native object is freed now or after the last call in flight.
     */
    @Override
    public void close() {
        markClosed();
    }

    private void markClosed() {
        for (; ; ) {
            int s = state.get();
            if ((s & CLOSED) != 0) {
                return;
            }
            if (state.compareAndSet(s, s | CLOSED)) {
                if (s == 0) {
                    cleanable.clean();
                }
                return;
            }
        }
    }

    /**
     * {@link #close()}, then waits until the native object is freed: at once when no call is in
     * flight, else when the last one has ended and freed it (at most {@code timeout}). Returns true
     * when it is freed. Closing a session right after closing a publisher must use this: a put
     * still in flight on the publisher does not hold the session, and zenoh accepts a put racing
     * the session's close without sending it. An interrupt does not cut the wait short (the caller
     * would then close the session under that put): it is kept for the caller, whose interrupt
     * status is set again on return. Costs nothing per call.
     */
    public final boolean closeAndAwait(java.time.Duration timeout) {
        markClosed();
        if (closingInsideAnotherClose()) {
            return false;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean interrupted = false;
        try {
            for (; ; ) {
                try {
                    return freed.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Whether this thread is in a listener zenoh called while another thread frees this object: a
     * close from there does not wait, as that free may be waiting for the listener to return (zenoh
     * completes a session's pending gets inside its close; the close ends when the listener
     * returns).
     */
    final boolean closingInsideAnotherClose() {
        return freeing.get() && freed.getCount() > 0 && Dispatch.inListener();
    }

    public final boolean isClosed() {
        return (state.get() & CLOSED) != 0;
    }

    @Override
    public String toString() {
        return description + (isClosed() ? " (closed)" : "");
    }

    /** Holds no reference to the handle, so the Cleaner can run once the handle is unreachable. */
    private record Free(
            long ptr,
            LongConsumer free,
            String description,
            CountDownLatch freed,
            AtomicBoolean freeing)
            implements Runnable {
        @Override
        public void run() {
            freeing.set(true);
            try {
                free.accept(ptr);
            } catch (RuntimeException e) {
                System.getLogger("io.github.camelzenoh.zenoh")
                        .log(
                                System.Logger.Level.WARNING,
                                "closing " + description + " failed: " + e.getMessage());
            } finally {
                freed.countDown();
            }
        }
    }
}
