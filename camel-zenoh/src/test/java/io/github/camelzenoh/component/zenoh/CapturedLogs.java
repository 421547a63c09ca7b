/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The tests' SLF4J backend: keeps the last {@link #CAPACITY} log lines (INFO and above) in memory
 * (message and the messages of its throwable's chain), prints nothing. Tests that assert on what
 * the component logs (e.g. that no secret is ever logged) read {@link #lines()}.
 *
 * <p>With {@code -Dcamelzenoh.test.echoLogs=true} (diagnosis) every line is also printed to
 * standard output with the wall-clock time and thread, and zenoh's own DEBUG events (loggers {@code
 * zenoh.*}, as far as the zenoh log filter, e.g. RUST_LOG, lets them through) are kept too. zenoh's
 * events are stamped when the {@code zenoh-log} thread hands them over, a little after they
 * happened.
 */
public final class CapturedLogs implements SLF4JServiceProvider {

    static final int CAPACITY = 10_000;
    private static final boolean ECHO = Boolean.getBoolean("camelzenoh.test.echoLogs");
    private static final java.time.format.DateTimeFormatter TIME =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
                    .withZone(java.time.ZoneOffset.UTC);
    private static final Deque<String> LINES = new ArrayDeque<>();

    private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /** A copy of the captured lines, oldest first. */
    public static List<String> lines() {
        synchronized (LINES) {
            return new ArrayList<>(LINES);
        }
    }

    public static void clear() {
        synchronized (LINES) {
            LINES.clear();
        }
    }

    static void add(String line) {
        if (ECHO) {
            System.out.println(
                    TIME.format(java.time.Instant.now())
                            + " ["
                            + Thread.currentThread().getName()
                            + "] "
                            + line);
        }
        synchronized (LINES) {
            if (LINES.size() == CAPACITY) {
                LINES.removeFirst();
            }
            LINES.addLast(line);
        }
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return name -> loggers.computeIfAbsent(name, Captor::new);
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {}

    private static final class Captor extends LegacyAbstractLogger {
        private static final long serialVersionUID = 1L;

        Captor(String name) {
            this.name = name;
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(
                Level level, Marker marker, String pattern, Object[] args, Throwable t) {
            StringBuilder b =
                    new StringBuilder(level.toString())
                            .append(' ')
                            .append(name)
                            .append(": ")
                            .append(MessageFormatter.basicArrayFormat(pattern, args));
            for (Throwable c = t; c != null; c = c.getCause()) {
                b.append(" | ").append(c);
                for (Throwable s : c.getSuppressed()) {
                    b.append(" | suppressed ").append(s);
                }
            }
            add(b.toString());
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        /**
         * INFO and above: what a default logging setup shows (debug would slow every test); in echo
         * mode zenoh's own debug events as well.
         */
        @Override
        public boolean isDebugEnabled() {
            return ECHO && name.startsWith("zenoh.");
        }

        @Override
        public boolean isInfoEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }
    }
}
