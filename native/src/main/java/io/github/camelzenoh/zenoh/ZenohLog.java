/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * zenoh's own log events (the {@code tracing} events of the zenoh crate and its dependencies) for
 * the JVM's logging. Process-wide: one filter and one sink for the whole JVM, the last {@link
 * #configure} wins.
 *
 * <p>The filter (RUST_LOG syntax: {@code warn}, {@code zenoh=info,zenoh_transport=debug}, {@code
 * off}) runs in native code before anything is formatted: a disabled event costs nothing and never
 * reaches Java. An enabled event is copied into a bounded native queue ({@value #CAPACITY} records)
 * by the zenoh thread that emitted it, which never waits for Java; a daemon thread, {@code
 * zenoh-log}, hands the records to the sink. Events that find the queue full are dropped, counted
 * ({@link #dropped()}) and reported to the sink as one warning per batch of drops.
 */
public final class ZenohLog {

    /** Records the native queue holds at most. */
    public static final int CAPACITY = 1024;

    /** The level of a zenoh log event. */
    public enum Level {
        ERROR,
        WARN,
        INFO,
        DEBUG,
        TRACE
    }

    /** Where records go; called on the {@code zenoh-log} thread only. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param target the event's target: the Rust module that emitted it ({@code
         *     zenoh::net::runtime::orchestrator}), or {@code camel_zenoh::log} for the drop report
         */
        void log(Level level, String target, String message);
    }

    private static volatile Sink sink;
    private static volatile String filter;
    private static Thread drainer;

    private ZenohLog() {}

    /**
     * Sets the filter and the sink, and starts the drain thread on first use.
     *
     * @throws ConfigException when the filter is not valid RUST_LOG syntax (nothing changes then)
     */
    public static synchronized void configure(String filter, Sink sink) {
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(sink, "sink");
        if (filter.isBlank()) {
            throw new ConfigException("zenoh log filter must not be blank (use 'off')");
        }
        ZenohNative.logSetFilter(filter.trim());
        ZenohLog.sink = sink;
        ZenohLog.filter = filter.trim();
        if (drainer == null) {
            drainer = new Thread(ZenohLog::drain, "zenoh-log");
            drainer.setDaemon(true);
            drainer.start();
        }
    }

    /** The filter last set, or null. */
    public static String filter() {
        return filter;
    }

    /** Records dropped so far because the queue was full. */
    public static long dropped() {
        return ZenohNative.logDropped();
    }

    private static void drain() {
        long reported = ZenohNative.logDropped();
        while (true) {
            String[] r;
            try {
                r = ZenohNative.logDrain(500);
            } catch (RuntimeException e) {
                System.getLogger("io.github.camelzenoh.zenoh")
                        .log(System.Logger.Level.WARNING, "zenoh log forwarding stopped", e);
                return;
            }
            Sink s = sink;
            for (int i = 0; i + 2 < r.length; i += 3) {
                deliver(s, Level.valueOf(r[i]), r[i + 1], r[i + 2]);
            }
            long dropped = ZenohNative.logDropped();
            if (dropped != reported) {
                deliver(
                        s,
                        Level.WARN,
                        "camel_zenoh::log",
                        (dropped - reported)
                                + " zenoh log events dropped: the queue of "
                                + CAPACITY
                                + " was full ("
                                + dropped
                                + " in all)");
                reported = dropped;
            }
        }
    }

    private static void deliver(Sink s, Level level, String target, String message) {
        try {
            s.log(level, target, message);
        } catch (Throwable e) {
            // a failing sink loses this record, never the thread (an Error too: a logging
            // backend's LinkageError or StackOverflowError would otherwise end all forwarding)
        }
    }
}
