/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
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
}
