/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Upcalls from zenoh's threads: they run on Java threads named {@code zenoh-rx-…}; an exception
 * from Java code and a native panic are logged through the logging framework (System.Logger, here
 * its java.util.logging backend), never printed on stderr; a panic does not leave the upcall's
 * local references behind on the permanently attached thread.
 */
class UpcallTest extends TwoPeerSessions {

    /** Held strongly: java.util.logging keeps loggers weakly. */
    private static final Logger JUL = Logger.getLogger("io.github.camelzenoh.zenoh");

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture =
            new Handler() {
                @Override
                public void publish(LogRecord r) {
                    records.add(r);
                }

                @Override
                public void flush() {}

                @Override
                public void close() {}
            };
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureLogAndStderr() {
        // only the capturing handler: the console handler would print the records on stderr
        JUL.setUseParentHandlers(false);
        JUL.addHandler(capture);
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setErr(originalErr);
        JUL.removeHandler(capture);
        JUL.setUseParentHandlers(true);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private boolean logged(String text) {
        return records.stream()
                .anyMatch(
                        r ->
                                r.getThrown() != null
                                                && String.valueOf(r.getThrown().getMessage())
                                                        .contains(text)
                                        || String.valueOf(r.getMessage()).contains(text));
    }

    @Test
    void listenersRunOnThreadsNamedZenohRx() throws Exception {
        BlockingQueue<String> names = new LinkedBlockingQueue<>();
        try (Subscriber s =
                        b.declareSubscriber(
                                "upcall/name",
                                SubscriberOptions.DEFAULT,
                                x -> names.add(Thread.currentThread().getName()));
                Queryable q =
                        b.declareQueryable(
                                "upcall/query",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    names.add(Thread.currentThread().getName());
                                    query.finish();
                                })) {
            Loopback.awaitRemoteSubscriber(a, "upcall/name");
            a.put("upcall/name", new byte[1], null, null, Qos.DEFAULT);
            String sample = names.poll(10, TimeUnit.SECONDS);
            // the queryable reaches a some time after it is declared, and it answers nothing: ask
            // again until it has seen a query
            String[] query = new String[1];
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> {
                        try {
                            a.get("upcall/query", GetOptions.DEFAULT).get(15, TimeUnit.SECONDS);
                            query[0] = names.poll(100, TimeUnit.MILLISECONDS);
                        } catch (Exception e) {
                            throw new AssertionError(e);
                        }
                        return query[0] != null;
                    },
                    "the queryable to see a query");
            assertThat(sample).startsWith("zenoh-rx-");
            assertThat(query[0]).startsWith("zenoh-rx-");
        }
    }

    @Test
    void aListenerExceptionIsLoggedNotPrinted() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        try (Subscriber s =
                b.declareSubscriber(
                        "upcall/throws",
                        SubscriberOptions.DEFAULT,
                        x -> {
                            calls.incrementAndGet();
                            throw new IllegalStateException("listener boom 17");
                        })) {
            Loopback.awaitRemoteSubscriber(a, "upcall/throws");
            a.put("upcall/throws", new byte[1], null, null, Qos.DEFAULT);
            Loopback.await(
                    Duration.ofSeconds(10), () -> logged("listener boom 17"), "the log record");
        }
        assertThat(calls.get()).isEqualTo(1);
        assertThat(stderr()).doesNotContain("listener boom 17");
    }

    @Test
    void anExceptionEscapingIntoNativeCodeAndAPanicAreLoggedNotPrinted() {
        ZenohNative.testUpcallPanics(
                o -> {
                    throw new IllegalStateException("escaped boom 23");
                },
                1,
                () -> {});
        ZenohNative.testUpcallPanics(o -> {}, 1, () -> {});
        assertThat(logged("escaped boom 23")).as("the escaped exception is logged").isTrue();
        assertThat(logged("test panic 0 in an upcall")).as("the panic is logged").isTrue();
        assertThat(stderr()).doesNotContain("escaped boom 23");
        assertThat(records)
                .filteredOn(r -> String.valueOf(r.getMessage()).contains("test panic"))
                .allMatch(r -> r.getLevel() == java.util.logging.Level.SEVERE);
    }

    /**
     * 200 upcalls on one attached native thread each create an object, pass it to Java and panic;
     * while that thread is still attached, every object can be collected: no local frame was left
     * behind holding it.
     */
    @Test
    void repeatedPanicsInAnUpcallLeaveNoLocalReferences() {
        int times = 200;
        List<WeakReference<Object>> refs = new CopyOnWriteArrayList<>();
        AtomicInteger stillReferenced = new AtomicInteger(-1);
        ZenohNative.testUpcallPanics(
                o -> refs.add(new WeakReference<>(o)),
                times,
                () -> {
                    for (int i = 0; i < 100; i++) {
                        System.gc();
                        long live = refs.stream().filter(r -> r.get() != null).count();
                        stillReferenced.set((int) live);
                        if (live == 0) {
                            return;
                        }
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                });
        assertThat(refs).hasSize(times);
        assertThat(stillReferenced.get())
                .as("objects still held by the panicked upcalls' local frames")
                .isZero();
        assertThat(records.stream().filter(r -> String.valueOf(r.getMessage()).contains("panic")))
                .hasSize(times);
    }
}
