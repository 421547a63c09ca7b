/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static io.github.camelzenoh.zenoh.QueryTest.text;
import static io.github.camelzenoh.zenoh.QueryTest.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Queriers between two peer sessions: declared once, each get brings its own parameters and
 * payload; {@link AcceptReplies#ANY} lets the queryable reply on a key the query does not match,
 * {@link AcceptReplies#MATCHING} makes zenoh refuse such a reply.
 */
class QuerierTest extends TwoPeerSessions {

    /** Collects one get's replies. */
    private static CompletableFuture<List<Reply>> get(Querier q, GetOptions o) {
        CompletableFuture<List<Reply>> done = new CompletableFuture<>();
        q.get(o, collector(done));
        return done;
    }

    private static ReplyListener collector(CompletableFuture<List<Reply>> done) {
        List<Reply> replies = Collections.synchronizedList(new ArrayList<>());
        return new ReplyListener() {
            @Override
            public void onReply(Reply reply) {
                replies.add(reply);
            }

            @Override
            public void onComplete() {
                done.complete(List.copyOf(replies));
            }
        };
    }

    @Test
    void eachGetOfOneQuerierBringsItsOwnParametersAndPayload() throws Exception {
        try (Queryable qbl =
                        a.declareQueryable(
                                "test/querier/echo",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(
                                            "test/querier/echo",
                                            utf8(query.parameters() + "|" + text(query.payload())),
                                            null,
                                            null);
                                    query.finish();
                                });
                Querier q =
                        b.declareQuerier(
                                "test/querier/echo",
                                GetOptions.DEFAULT.withTimeout(5000),
                                AcceptReplies.MATCHING)) {
            long live = NativeDiagnostics.liveObjects();
            for (int i = 0; i < 3; i++) {
                GetOptions o =
                        GetOptions.DEFAULT
                                .withParameters("n=" + i)
                                .withPayload(utf8("p" + i), Encoding.ZENOH_STRING);
                // the queryable reaches b some time after it is declared: the first get is sent
                // again until it is answered
                List<Reply> r =
                        i == 0
                                ? Loopback.firstAnswered(() -> get(q, o))
                                : QueryTest.await(get(q, o));
                assertThat(r).singleElement().satisfies(x -> assertThat(x.ok()).isTrue());
                assertThat(text(r.get(0).sample().payload())).isEqualTo("n=" + i + "|p" + i);
            }
            Loopback.await(
                    java.time.Duration.ofSeconds(5),
                    () -> NativeDiagnostics.liveObjects() == live,
                    "get listeners released");
            q.close();
            assertThat(NativeDiagnostics.liveObjects()).isEqualTo(live - 1);
            assertThatThrownBy(() -> get(q, GetOptions.DEFAULT))
                    .isInstanceOf(ClosedException.class);
        }
    }

    @Test
    void onlyAQuerierThatAcceptsAnyReplyGetsAReplyOnAnotherKey() throws Exception {
        BlockingQueue<String> refused = new LinkedBlockingQueue<>();
        try (Queryable qbl =
                        a.declareQueryable(
                                "test/querier/any",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    try {
                                        query.reply("test/elsewhere", utf8("moved"), null, null);
                                    } catch (ZenohException e) {
                                        refused.add(e.getMessage());
                                    } finally {
                                        query.finish();
                                    }
                                });
                Querier any =
                        b.declareQuerier(
                                "test/querier/any",
                                GetOptions.DEFAULT.withTimeout(5000),
                                AcceptReplies.ANY);
                Querier matching =
                        b.declareQuerier(
                                "test/querier/any",
                                GetOptions.DEFAULT.withTimeout(5000),
                                AcceptReplies.MATCHING)) {
            List<Reply> r = Loopback.firstAnswered(() -> get(any, GetOptions.DEFAULT));
            assertThat(r).singleElement().satisfies(x -> assertThat(x.ok()).isTrue());
            assertThat(r.get(0).sample().keyExpr()).isEqualTo("test/elsewhere");
            assertThat(refused).isEmpty();

            // a session get says the same per call
            CompletableFuture<List<Reply>> bySession = new CompletableFuture<>();
            b.get("test/querier/any", GetOptions.DEFAULT, AcceptReplies.ANY, collector(bySession));
            assertThat(QueryTest.await(bySession))
                    .singleElement()
                    .satisfies(x -> assertThat(x.sample().keyExpr()).isEqualTo("test/elsewhere"));
            assertThat(refused).isEmpty();

            assertThat(QueryTest.await(get(matching, GetOptions.DEFAULT))).noneMatch(Reply::ok);
            assertThat(refused.poll(5, TimeUnit.SECONDS))
                    .as("the queryable's reply refused")
                    .contains("test/elsewhere");
        }
    }
}
