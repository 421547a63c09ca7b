/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The consumer-thread mark ({@link Subscriber#markConsumerThread}) of the calling Java thread. The
 * native side keeps it per OS thread. A virtual thread (JDK 21+) runs on whichever carrier thread
 * is free and leaves it whenever it parks, so its mark is kept here, per Java thread, and set on
 * the carrier only for the native calls that can deliver to a local subscriber (puts and deletes),
 * during which the virtual thread cannot leave its carrier. A platform thread's mark is set in
 * native code once, as before; its calls pay one volatile read here.
 */
final class ConsumerThreads {

    /** Thread.isVirtual() on JDK 21+, null before (the binding is compiled for Java 17). */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    /** A virtual thread's mark and its native calls in progress (a listener may put in one). */
    static final class Mark {
        private boolean marked;
        private int calls;
    }

    private static final ThreadLocal<Mark> VIRTUAL_MARK = new ThreadLocal<>();

    /** Set once a virtual thread has marked itself: until then calls skip the thread-local. */
    private static volatile boolean virtualMarks;

    private ConsumerThreads() {}

    static void mark(boolean on) {
        if (!isVirtual()) {
            ZenohNative.markConsumerThread(on);
            return;
        }
        Mark m = VIRTUAL_MARK.get();
        if (m == null) {
            if (!on) {
                return;
            }
            virtualMarks = true;
            m = new Mark();
            VIRTUAL_MARK.set(m);
        }
        m.marked = on;
        if (m.calls > 0) {
            // in a listener inside one of this thread's calls: the thread is on that call's
            // carrier until it returns, so the carrier takes the change now
            ZenohNative.markConsumerThread(on);
        } else if (!on) {
            VIRTUAL_MARK.remove();
        }
    }

    /**
     * Before a native call that may deliver locally: marks the carrier when the calling virtual
     * thread is marked. Returns what to pass to {@link #afterCall}.
     */
    static Mark beforeCall() {
        Mark m;
        if (!virtualMarks || (m = VIRTUAL_MARK.get()) == null) {
            return null;
        }
        if (m.calls++ == 0 && m.marked) {
            ZenohNative.markConsumerThread(true);
        }
        return m;
    }

    static void afterCall(Mark m) {
        if (m != null && --m.calls == 0) {
            if (m.marked) {
                ZenohNative.markConsumerThread(false);
            } else {
                // unmarked by a listener during the call: the carrier was cleared then
                VIRTUAL_MARK.remove();
            }
        }
    }

    private static boolean isVirtual() {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
        } catch (Throwable e) {
            return false;
        }
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup()
                    .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            return null; // Java 17-20: no virtual threads
        }
    }
}
