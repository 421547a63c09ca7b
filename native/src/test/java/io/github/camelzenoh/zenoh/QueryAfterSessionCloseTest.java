/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A query kept past the close of the session that received it cannot be answered: zenoh dropped
 * such replies without a word (the asker got none, the replier no error). Each reply now throws
 * {@link ClosedException}; finishing stays a no-op.
 */
class QueryAfterSessionCloseTest {

    @Test
    void repliesToAQueryWhoseSessionClosedThrowClosedException() throws Exception {
        int port = Loopback.freePort();
        BlockingQueue<Query> held = new LinkedBlockingQueue<>();
        Session replier = Session.open(Loopback.listener(port));
        try (Session asker = Session.open(Loopback.connector(port));
                // closed here (after its session: a no-op), not left to the Cleaner, so that the
                // live-object count of later tests is not changed behind their back
                Queryable queryable =
                        replier.declareQueryable("qc/**", QueryableOptions.DEFAULT, held::add)) {
            CompletableFuture<List<Reply>> answered = null;
            Query query = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (query == null && System.nanoTime() < deadline) {
                // a get sent before the queryable's declaration reached the asker finds nobody
                answered = asker.get("qc/x", GetOptions.DEFAULT.withTimeout(5000));
                query = held.poll(300, TimeUnit.MILLISECONDS);
            }
            assertThat(query).as("a query reached the queryable").isNotNull();
            Query q = query;
            // it can be answered while its session is open
            q.reply("qc/x", new byte[] {1}, null, null);

            replier.close();
            assertThatThrownBy(() -> q.reply("qc/x", new byte[] {2}, null, null))
                    .isInstanceOf(ClosedException.class)
                    .hasMessageContaining("its session is closed");
            assertThatThrownBy(() -> q.replyDelete("qc/x", null))
                    .isInstanceOf(ClosedException.class)
                    .hasMessageContaining("its session is closed");
            assertThatThrownBy(() -> q.replyError(new byte[] {3}, null))
                    .isInstanceOf(ClosedException.class)
                    .hasMessageContaining("its session is closed");
            q.finish();
            q.finish();
            List<Reply> replies = answered.get(10, TimeUnit.SECONDS);
            assertThat(replies).hasSize(1);
            assertThat(replies.get(0).sample().payload()).containsExactly(1);
        } finally {
            replier.close();
        }
    }
}
