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

    /** A marked virtual thread's native calls in progress (a listener may put inside one). */
    private static final ThreadLocal<int[]> VIRTUAL_MARK = new ThreadLocal<>();

    /** Set once a virtual thread has marked itself: until then calls skip the thread-local. */
    private static volatile boolean virtualMarks;

    private ConsumerThreads() {}

    static void mark(boolean on) {
        if (isVirtual()) {
            if (on) {
                virtualMarks = true;
                if (VIRTUAL_MARK.get() == null) {
                    VIRTUAL_MARK.set(new int[1]);
                }
            } else {
                VIRTUAL_MARK.remove();
            }
        } else {
            ZenohNative.markConsumerThread(on);
        }
    }

    /**
     * Before a native call that may deliver locally: marks the carrier when the calling virtual
     * thread is marked. Returns whether it did; pass that to {@link #afterCall}.
     */
    static boolean beforeCall() {
        int[] calls;
        if (!virtualMarks || (calls = VIRTUAL_MARK.get()) == null) {
            return false;
        }
        if (calls[0]++ == 0) {
            ZenohNative.markConsumerThread(true);
        }
        return true;
    }

    static void afterCall(boolean marked) {
        int[] calls;
        if (marked && (calls = VIRTUAL_MARK.get()) != null && --calls[0] == 0) {
            ZenohNative.markConsumerThread(false);
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
