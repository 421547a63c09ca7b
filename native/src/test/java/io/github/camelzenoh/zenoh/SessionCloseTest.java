/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Session#close()} returns once zenoh has closed the session, also when a call on it is
 * still in flight at that moment (the native close then runs when that call ends, and close() waits
 * for it): a session opened right after it on the same listen port gets the port.
 */
class SessionCloseTest {

    @Test
    void closeThenReopenOnTheSameListenPortWhileACallIsInFlight() throws Exception {
        int port = Loopback.freePort();
        Session first = Session.open(Loopback.listener(port));
        // what every call on the session does around its native call (see NativeHandle): this
        // thread holds one in flight while another thread closes and reopens
        first.acquire();
        boolean inFlight = true;
        CompletableFuture<Session> reopened =
                CompletableFuture.supplyAsync(
                        () -> {
                            first.close();
                            return Session.open(Loopback.listener(port));
                        });
        try {
            Loopback.await(Duration.ofSeconds(10), first::isClosed, "close() to begin");
            // close() waits for the call: the reopen cannot have happened yet
            assertThat(reopened).isNotDone();
            first.release();
            inFlight = false;
            try (Session second = reopened.get()) {
                assertThat(second.isClosed()).isFalse();
                assertThat(second.info().zid()).isNotEqualTo(null);
            }
        } finally {
            if (inFlight) {
                first.release();
            }
        }
    }

    /**
     * A get's listener closes its session when the get completes (close when done) while another
     * thread closes it: that close completes the pending get, so the listener runs inside it. close
     * is idempotent: the listener's close must not wait for the close that called it (both would
     * wait until zenoh's own 10 s close timeout).
     */
    @Test
    void aListenerClosingItsSessionDuringThatSessionsCloseDoesNotWaitForIt() throws Exception {
        int port = Loopback.freePort();
        try (Session a = Session.open(Loopback.listener(port))) {
            Session b = Session.open(Loopback.connector(port));
            BlockingQueue<Query> held = new LinkedBlockingQueue<>();
            try (Queryable silent =
                    a.declareQueryable("close/when/done", QueryableOptions.DEFAULT, held::add)) {
                // the queryable never answers: probe gets reach it once its declaration has
                Loopback.await(
                        Duration.ofSeconds(10),
                        () -> {
                            b.get(
                                    "close/when/done",
                                    GetOptions.DEFAULT.withTimeout(1_000),
                                    new ReplyListener() {
                                        @Override
                                        public void onReply(Reply reply) {}

                                        @Override
                                        public void onComplete() {}
                                    });
                            try {
                                Query probe = held.poll(1, TimeUnit.SECONDS);
                                if (probe != null) {
                                    probe.finish();
                                }
                                return probe != null;
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                return false;
                            }
                        },
                        "the queryable's declaration");
                CompletableFuture<Long> listenerClose = new CompletableFuture<>();
                b.get(
                        "close/when/done",
                        GetOptions.DEFAULT.withTimeout(30_000),
                        new ReplyListener() {
                            @Override
                            public void onReply(Reply reply) {}

                            @Override
                            public void onComplete() {
                                long t0 = System.nanoTime();
                                b.close();
                                listenerClose.complete(System.nanoTime() - t0);
                            }
                        });
                Query q = held.poll(10, TimeUnit.SECONDS);
                assertThat(q).as("the query reached the queryable").isNotNull();
                long t0 = System.nanoTime();
                b.close();
                long closeMs = (System.nanoTime() - t0) / 1_000_000;
                long listenerMs = listenerClose.get(15, TimeUnit.SECONDS) / 1_000_000;
                assertThat(b.isClosed()).isTrue();
                assertThat(closeMs).as("close() with a listener closing too, ms").isLessThan(5_000);
                assertThat(listenerMs).as("the listener's close(), ms").isLessThan(5_000);
                q.finish();
            }
        }
    }
}
