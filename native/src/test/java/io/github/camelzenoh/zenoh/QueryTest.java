/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * get / queryable between two peer sessions over loopback: replies, errors, timeouts, unfinished
 * queries.
 */
class QueryTest extends TwoPeerSessions {

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static List<Reply> await(CompletableFuture<List<Reply>> f) throws Exception {
        return f.get(20, TimeUnit.SECONDS);
    }

    static List<String> payloads(List<Reply> replies) {
        List<String> out = new ArrayList<>();
        for (Reply r : replies) {
            out.add(r.ok() ? text(r.sample().payload()) : "ERR:" + text(r.errorPayload()));
        }
        return out;
    }

    /**
     * A get defaults to congestion control BLOCK, as in zenoh: the replies (and the final response)
     * travel with the query's QoS, so with DROP a final response dropped under load left the get
     * waiting for its timeout. The replies show the query's congestion control.
     */
    @Test
    void aGetDefaultsToBlockAndItsRepliesTravelWithTheQuerysCongestionControl() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/qos",
                        QueryableOptions.DEFAULT,
                        query -> {
                            query.reply("test/query/qos", utf8("r"), null, null);
                            query.finish();
                        })) {
            List<Reply> byDefault =
                    Loopback.firstAnswered(() -> b.get("test/query/qos", GetOptions.DEFAULT));
            assertThat(GetOptions.DEFAULT.qos().congestionControl())
                    .isEqualTo(CongestionControl.BLOCK);
            assertThat(byDefault)
                    .singleElement()
                    .satisfies(
                            r ->
                                    assertThat(r.sample().congestionControl())
                                            .isEqualTo(CongestionControl.BLOCK));
            List<Reply> dropping =
                    await(
                            b.get(
                                    "test/query/qos",
                                    GetOptions.DEFAULT.withQos(
                                            Qos.DEFAULT.withCongestionControl(
                                                    CongestionControl.DROP))));
            assertThat(dropping)
                    .singleElement()
                    .satisfies(
                            r ->
                                    assertThat(r.sample().congestionControl())
                                            .isEqualTo(CongestionControl.DROP));
        }
    }

    @Test
    void oneQueryGetsSeveralRepliesThenCompletesOnce() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/multi/**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            for (int i = 0; i < 3; i++) {
                                query.reply(
                                        "test/query/multi/" + i,
                                        utf8("r" + i),
                                        Encoding.TEXT_PLAIN,
                                        utf8("att" + i));
                            }
                            query.replyDelete("test/query/multi/gone", null);
                            query.finish();
                        })) {
            Loopback.awaitQueryable(b, "test/query/multi/**");
            List<Reply> replies = new CopyOnWriteArrayList<>();
            AtomicInteger completions = new AtomicInteger();
            CompletableFuture<Void> done = new CompletableFuture<>();
            b.get(
                    "test/query/multi/**",
                    GetOptions.DEFAULT.withTimeout(5000),
                    new ReplyListener() {
                        @Override
                        public void onReply(Reply reply) {
                            replies.add(reply);
                        }

                        @Override
                        public void onComplete() {
                            completions.incrementAndGet();
                            done.complete(null);
                        }
                    });
            done.get(10, TimeUnit.SECONDS);
            assertThat(replies).hasSize(4).allMatch(Reply::ok);
            List<Reply> puts =
                    replies.stream().filter(r -> r.sample().kind() == SampleKind.PUT).toList();
            assertThat(puts)
                    .extracting(r -> r.sample().keyExpr())
                    .containsExactlyInAnyOrder(
                            "test/query/multi/0", "test/query/multi/1", "test/query/multi/2");
            for (Reply r : puts) {
                String i = r.sample().keyExpr().substring("test/query/multi/".length());
                assertThat(text(r.sample().payload())).isEqualTo("r" + i);
                assertThat(text(r.sample().attachment())).isEqualTo("att" + i);
                assertThat(r.sample().encoding()).isEqualTo(Encoding.TEXT_PLAIN);
                assertThat(r.errorPayload()).isNull();
            }
            Reply del =
                    replies.stream()
                            .filter(r -> r.sample().kind() == SampleKind.DELETE)
                            .findFirst()
                            .orElseThrow();
            assertThat(del.sample().keyExpr()).isEqualTo("test/query/multi/gone");
            Loopback.settle();
            assertThat(completions).hasValue(1);
        }
    }

    @Test
    void severalRepliesOnOneKeyNeedConsolidationNone() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/same",
                        QueryableOptions.DEFAULT,
                        query -> {
                            for (int i = 0; i < 3; i++) {
                                query.reply("test/query/same", utf8("v" + i), null, null);
                            }
                            query.finish();
                        })) {
            List<Reply> all =
                    Loopback.firstAnswered(
                            () ->
                                    b.get(
                                            "test/query/same",
                                            GetOptions.DEFAULT.withConsolidation(
                                                    ConsolidationMode.NONE)));
            assertThat(payloads(all)).containsExactly("v0", "v1", "v2");
            List<Reply> latest =
                    await(
                            b.get(
                                    "test/query/same",
                                    GetOptions.DEFAULT.withConsolidation(
                                            ConsolidationMode.LATEST)));
            assertThat(latest).hasSize(1);
        }
    }

    @Test
    void errorRepliesArriveWithPayloadAndEncoding() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/err",
                        QueryableOptions.DEFAULT,
                        query -> {
                            query.reply("test/query/err", utf8("fine"), null, null);
                            query.replyError(
                                    utf8("bad thing"), Encoding.parse("text/plain;charset=utf-8"));
                            query.replyError(utf8("no encoding"), null);
                            query.finish();
                        })) {
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () ->
                                    b.get(
                                            "test/query/err",
                                            GetOptions.DEFAULT.withConsolidation(
                                                    ConsolidationMode.NONE)));
            assertThat(payloads(replies))
                    .containsExactly("fine", "ERR:bad thing", "ERR:no encoding");
            Reply ok = replies.get(0);
            assertThat(ok.ok()).isTrue();
            assertThat(ok.errorEncoding()).isNull();
            Reply err = replies.get(1);
            assertThat(err.ok()).isFalse();
            assertThat(err.sample()).isNull();
            assertThat(err.errorEncoding()).isEqualTo(new Encoding(4, "charset=utf-8"));
            assertThat(replies.get(2).errorEncoding()).isEqualTo(Encoding.ZENOH_BYTES);
        }
    }

    @Test
    void aThrowingQueryListenerAnswersWithAnErrorReply() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/throws",
                        QueryableOptions.DEFAULT,
                        query -> {
                            throw new IllegalStateException("route failed");
                        })) {
            Loopback.awaitQueryable(b, "test/query/throws");
            long t0 = System.nanoTime();
            List<Reply> replies =
                    await(b.get("test/query/throws", GetOptions.DEFAULT.withTimeout(8000)));
            assertThat(Duration.ofNanos(System.nanoTime() - t0))
                    .as("answered, not timed out")
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(replies).hasSize(1);
            assertThat(replies.get(0).ok()).isFalse();
            assertThat(text(replies.get(0).errorPayload())).isEqualTo("route failed");
            assertThat(replies.get(0).errorEncoding()).isEqualTo(Encoding.ZENOH_STRING);
        }
    }

    @Test
    void queryPayloadEncodingAttachmentAndParametersReachTheQueryable() throws Exception {
        BlockingQueue<Query> seen = new LinkedBlockingQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "test/query/values/*",
                        QueryableOptions.DEFAULT,
                        query -> {
                            seen.add(query);
                            query.reply(query.keyExpr(), utf8("ok"), null, null);
                            query.finish();
                        })) {
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () ->
                                    b.get(
                                            "test/query/values/x",
                                            GetOptions.DEFAULT
                                                    .withParameters("a=1;b=two")
                                                    .withPayload(
                                                            utf8("{\"ask\":1}"),
                                                            Encoding.parse("application/json;v1"))
                                                    .withAttachment(utf8("query-att"))));
            assertThat(payloads(replies)).containsExactly("ok");
            Query got = seen.poll(5, TimeUnit.SECONDS);
            assertThat(got).isNotNull();
            assertThat(got.keyExpr()).isEqualTo("test/query/values/x");
            assertThat(got.parameters()).isEqualTo("a=1;b=two");
            assertThat(text(got.payload())).isEqualTo("{\"ask\":1}");
            assertThat(got.encoding()).isEqualTo(new Encoding(5, "v1"));
            assertThat(text(got.attachment())).isEqualTo("query-att");
            assertThat(got).hasToString("query 'test/query/values/x?a=1;b=two'");
            assertThat(got.isClosed()).isTrue();

            // a query without payload, parameters or attachment
            await(b.get("test/query/values/y", GetOptions.DEFAULT));
            Query bare = seen.poll(5, TimeUnit.SECONDS);
            assertThat(bare).isNotNull();
            assertThat(bare.keyExpr()).isEqualTo("test/query/values/y");
            assertThat(bare.parameters()).isEmpty();
            assertThat(bare.payload()).isNull();
            assertThat(bare.encoding()).isNull();
            assertThat(bare.attachment()).isNull();
        }
    }

    @Test
    void getWithoutAnyQueryableCompletesEmptyWithinItsTimeout() throws Exception {
        long t0 = System.nanoTime();
        List<Reply> replies =
                b.get("test/query/nobody/**", GetOptions.DEFAULT.withTimeout(3000))
                        .get(10, TimeUnit.SECONDS);
        assertThat(replies).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(3500));
    }

    @Test
    void anUnfinishedQueryTimesOutAtTheAskerAndIsFreedOnceUnreachable() throws Exception {
        AtomicReference<Query> held = new AtomicReference<>();
        try (Queryable q =
                a.declareQueryable("test/query/unfinished", QueryableOptions.DEFAULT, held::set)) {
            long baseline = NativeDiagnostics.liveObjects();
            long[] t0 = new long[1];
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () -> {
                                t0[0] = System.nanoTime();
                                return b.get(
                                        "test/query/unfinished",
                                        GetOptions.DEFAULT.withTimeout(1000));
                            });
            Duration took = Duration.ofNanos(System.nanoTime() - t0[0]);
            assertThat(took).isBetween(Duration.ofMillis(900), Duration.ofSeconds(5));
            // zenoh ends a timed-out get with one error reply "Timeout"
            assertThat(replies).hasSize(1);
            assertThat(replies.get(0).ok()).isFalse();
            assertThat(text(replies.get(0).errorPayload())).isEqualTo("Timeout");
            assertThat(held.get()).as("the queryable saw the query").isNotNull();
            assertThat(held.get().isClosed()).isFalse();
            assertThat(NativeDiagnostics.liveObjects())
                    .as("the unfinished query is still held")
                    .isGreaterThan(baseline);

            held.set(null); // dropped without finish: the Cleaner must finish and free it
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> {
                        System.gc();
                        return NativeDiagnostics.liveObjects() == baseline;
                    },
                    "live native objects back to baseline " + baseline);
        }
    }

    @Test
    void replyOnAKeyOutsideTheQueryIsRejected() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (Queryable q =
                a.declareQueryable(
                        "test/query/scope/**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            try {
                                query.reply("elsewhere/key", utf8("nope"), null, null);
                            } catch (Throwable t) {
                                failure.set(t);
                            }
                            query.reply("test/query/scope/in", utf8("yes"), null, null);
                            query.finish();
                        })) {
            List<Reply> replies =
                    Loopback.firstAnswered(() -> b.get("test/query/scope/**", GetOptions.DEFAULT));
            assertThat(payloads(replies)).containsExactly("yes");
            assertThat(failure.get())
                    .isInstanceOf(ZenohException.class)
                    .hasMessageContaining("elsewhere/key")
                    .hasMessageContaining("test/query/scope/**");
        }
    }

    @Test
    void replyAfterFinishThrowsClosedException() throws Exception {
        BlockingQueue<Object> outcome = new LinkedBlockingQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "test/query/late",
                        QueryableOptions.DEFAULT,
                        query -> {
                            query.reply("test/query/late", utf8("first"), null, null);
                            query.finish();
                            query.finish(); // idempotent
                            for (Runnable late :
                                    List.<Runnable>of(
                                            () ->
                                                    query.reply(
                                                            "test/query/late",
                                                            utf8("late"),
                                                            null,
                                                            null),
                                            () -> query.replyError(utf8("late"), null),
                                            () -> query.replyDelete("test/query/late", null))) {
                                try {
                                    late.run();
                                    outcome.add("no exception");
                                } catch (Throwable t) {
                                    outcome.add(t);
                                }
                            }
                        })) {
            List<Reply> replies =
                    Loopback.firstAnswered(() -> b.get("test/query/late", GetOptions.DEFAULT));
            assertThat(payloads(replies)).containsExactly("first");
            for (int i = 0; i < 3; i++) {
                assertThat(outcome.poll(5, TimeUnit.SECONDS))
                        .isInstanceOf(ClosedException.class)
                        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                        .hasMessageContaining("test/query/late")
                        .hasMessageContaining("closed");
            }
        }
    }

    @Test
    void everyTargetAndConsolidationModeIsAccepted() throws Exception {
        try (Queryable q1 =
                        a.declareQueryable(
                                "test/query/matrix/**",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply("test/query/matrix/k", utf8("q1"), null, null);
                                    query.finish();
                                });
                Queryable q2 =
                        a.declareQueryable(
                                "test/query/matrix/**",
                                new QueryableOptions(true, Locality.ANY),
                                query -> {
                                    query.reply("test/query/matrix/k", utf8("q2"), null, null);
                                    query.finish();
                                })) {
            // both queryables reach b some time after they are declared: wait until target ALL
            // finds both, or the checks below could prove nothing (or fail on one reply)
            GetOptions all =
                    GetOptions.DEFAULT
                            .withTarget(QueryTarget.ALL)
                            .withConsolidation(ConsolidationMode.NONE)
                            .withTimeout(5000);
            Loopback.await(
                    Duration.ofSeconds(20),
                    () ->
                            Loopback.firstAnswered(() -> b.get("test/query/matrix/k", all)).size()
                                    == 2,
                    "both queryables to answer b");
            for (QueryTarget t : QueryTarget.values()) {
                for (ConsolidationMode c : ConsolidationMode.values()) {
                    List<Reply> replies =
                            await(
                                    b.get(
                                            "test/query/matrix/k",
                                            GetOptions.DEFAULT
                                                    .withTarget(t)
                                                    .withConsolidation(c)
                                                    .withTimeout(5000)));
                    assertThat(replies).as(t + "/" + c).isNotEmpty().allMatch(Reply::ok);
                    assertThat(payloads(replies)).as(t + "/" + c).isSubsetOf("q1", "q2");
                    if (c == ConsolidationMode.NONE && t == QueryTarget.ALL) {
                        assertThat(payloads(replies)).containsExactlyInAnyOrder("q1", "q2");
                    }
                    if (c == ConsolidationMode.LATEST || c == ConsolidationMode.AUTO) {
                        assertThat(replies).as(t + "/" + c + " keeps one reply per key").hasSize(1);
                    }
                }
            }
        }
    }

    @Test
    void targetAllCompleteReachesOnlyCompleteQueryables() throws Exception {
        try (Queryable complete =
                        a.declareQueryable(
                                "test/query/c/**",
                                new QueryableOptions(true, Locality.ANY),
                                query -> {
                                    query.reply(query.keyExpr(), utf8("complete"), null, null);
                                    query.finish();
                                });
                Queryable partial =
                        a.declareQueryable(
                                "test/query/p/**",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(query.keyExpr(), utf8("partial"), null, null);
                                    query.finish();
                                })) {
            // both declarations reach b some time after they return: wait until each answers a
            // plain get, or the empty allComplete answer below would prove nothing
            Loopback.awaitQueryable(b, "test/query/c/x");
            Loopback.awaitQueryable(b, "test/query/p/x");
            GetOptions allComplete =
                    GetOptions.DEFAULT.withTarget(QueryTarget.ALL_COMPLETE).withTimeout(3000);
            assertThat(payloads(await(b.get("test/query/c/x", allComplete))))
                    .containsExactly("complete");
            long t0 = System.nanoTime();
            assertThat(await(b.get("test/query/p/x", allComplete))).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - t0))
                    .isLessThan(Duration.ofMillis(3500));
            // the incomplete queryable does answer the other targets
            assertThat(payloads(await(b.get("test/query/p/x", GetOptions.DEFAULT))))
                    .containsExactly("partial");
            assertThat(
                            payloads(
                                    await(
                                            b.get(
                                                    "test/query/p/x",
                                                    GetOptions.DEFAULT.withTarget(
                                                            QueryTarget.ALL)))))
                    .containsExactly("partial");
        }
    }

    @Test
    void aSessionAnswersItsOwnQueries() throws Exception {
        try (Queryable q =
                a.declareQueryable(
                        "test/query/local",
                        QueryableOptions.DEFAULT,
                        query -> {
                            query.reply("test/query/local", utf8("me"), null, null);
                            query.finish();
                        })) {
            assertThat(payloads(await(a.get("test/query/local", GetOptions.DEFAULT))))
                    .containsExactly("me");
        }
        try (Queryable q =
                a.declareQueryable(
                        "test/query/remoteonly",
                        new QueryableOptions(false, Locality.REMOTE),
                        query -> {
                            query.reply("test/query/remoteonly", utf8("remote"), null, null);
                            query.finish();
                        })) {
            assertThat(
                            payloads(
                                    Loopback.firstAnswered(
                                            () ->
                                                    b.get(
                                                            "test/query/remoteonly",
                                                            GetOptions.DEFAULT))))
                    .containsExactly("remote");
            assertThat(await(a.get("test/query/remoteonly", GetOptions.DEFAULT.withTimeout(2000))))
                    .isEmpty();
        }
    }

    @Test
    void anInvalidSelectorFailsAtOnceAndStillCompletesTheListener() throws Exception {
        AtomicInteger completions = new AtomicInteger();
        assertThatThrownBy(
                        () ->
                                b.get(
                                        "test//bad",
                                        GetOptions.DEFAULT,
                                        new ReplyListener() {
                                            @Override
                                            public void onReply(Reply reply) {}

                                            @Override
                                            public void onComplete() {
                                                completions.incrementAndGet();
                                            }
                                        }))
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("test//bad");
        assertThat(completions).hasValue(1);
    }
}
