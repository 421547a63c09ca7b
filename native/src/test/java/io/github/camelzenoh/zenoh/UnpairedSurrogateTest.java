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
 * Java Strings may hold unpaired surrogates, which UTF-8 cannot carry: the JNI crate's conversion
 * replaced the whole text lossily ({@code "rv/ok😀/\uD800"} became {@code rv/ok} + six U+FFFD +
 * ...), so a put went out on another key than the one given. Every string crossing to zenoh is
 * refused instead, naming what it was: keys as {@link KeyExprException}, anything else as {@link
 * IllegalArgumentException}; well-formed text (supplementary characters included) crosses exactly.
 */
class UnpairedSurrogateTest extends TwoPeerSessions {

    static final String EMOJI = "\uD83D\uDE00";

    @Test
    void aKeyWithAnUnpairedSurrogateIsRefusedEverywhere() {
        for (String key : new String[] {"sg/\uD800", "sg/\uDC00x", "sg/ok" + EMOJI + "/\uD800"}) {
            List<Runnable> uses =
                    List.of(
                            () -> a.put(key, new byte[] {1}, null, null, Qos.DEFAULT),
                            () ->
                                    a.put(
                                            key,
                                            new PutBatch().add(new byte[] {1}, null, null),
                                            Qos.DEFAULT),
                            () -> a.delete(key, null, Qos.DEFAULT),
                            () -> a.get(key, GetOptions.DEFAULT.withTimeout(100)).join(),
                            () -> a.declareSubscriber(key, SubscriberOptions.DEFAULT, s -> {}),
                            () -> a.declarePublisher(key, PublisherOptions.DEFAULT),
                            () -> a.declareKeyExpr(key),
                            () -> a.declareLivelinessToken(key),
                            () -> KeyExpr.validate(key),
                            () -> KeyExpr.canonize(key),
                            () -> KeyExpr.intersects(key, "sg/**"),
                            () -> KeyExpr.includes("sg/**", key));
            for (Runnable use : uses) {
                assertThatThrownBy(use::run)
                        .as(key)
                        .isInstanceOf(KeyExprException.class)
                        .hasMessageContaining("key expression")
                        .hasMessageContaining("unpaired surrogate U+D");
            }
        }
        assertThatThrownBy(
                        () ->
                                a.put(
                                        "sg/ok" + EMOJI + "/\uD800",
                                        new byte[0],
                                        null,
                                        null,
                                        Qos.DEFAULT))
                .hasMessage(
                        "key expression holds an unpaired surrogate U+D800 at index 8: only"
                                + " well-formed UTF-16 text can be sent as UTF-8");
    }

    @Test
    void aReplyKeyWithAnUnpairedSurrogateIsRefused() {
        CompletableFuture<Throwable> refused = new CompletableFuture<>();
        try (Queryable q =
                a.declareQueryable(
                        "sg/q/**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            try {
                                query.reply("sg/q/\uDBFF", new byte[] {1}, null, null);
                                refused.complete(null);
                            } catch (RuntimeException e) {
                                refused.complete(e);
                            } finally {
                                query.finish();
                            }
                        })) {
            // a reply on the lossy key (sg/q/\uFFFD...) would match sg/q/** and arrive
            assertThat(a.get("sg/q/**", GetOptions.DEFAULT.withTimeout(5000)).join()).isEmpty();
            assertThat(refused.join())
                    .isInstanceOf(KeyExprException.class)
                    .hasMessageContaining(
                            "reply key expression holds an unpaired surrogate U+DBFF");
        }
    }

    @Test
    void parametersAndSchemasWithAnUnpairedSurrogateAreRefused() {
        assertThatThrownBy(
                        () -> a.get("sg/p", GetOptions.DEFAULT.withParameters("x=\uD800")).join())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameters holds an unpaired surrogate U+D800");
        try (Querier q = a.declareQuerier("sg/p", GetOptions.DEFAULT, AcceptReplies.MATCHING)) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            assertThatThrownBy(
                            () ->
                                    q.get(
                                            GetOptions.DEFAULT.withParameters(
                                                    "y=" + EMOJI + "\uDC00"),
                                            new ReplyListener() {
                                                @Override
                                                public void onReply(Reply r) {}

                                                @Override
                                                public void onComplete() {
                                                    done.complete(null);
                                                }
                                            }))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(
                            "parameters holds an unpaired surrogate U+DC00 at index 4");
            done.orTimeout(10, TimeUnit.SECONDS).join();
        }
        Encoding bad = new Encoding(5, "\uD800");
        assertThatThrownBy(() -> a.put("sg/e", new byte[] {1}, bad, null, Qos.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("encoding schema holds an unpaired surrogate U+D800");
        try (Publisher p = a.declarePublisher("sg/e", PublisherOptions.DEFAULT)) {
            assertThatThrownBy(
                            () ->
                                    p.put(
                                            new byte[] {1},
                                            new Encoding(0, "ok" + EMOJI + "\uDBFF"),
                                            null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(
                            "encoding schema holds an unpaired surrogate U+DBFF at index 4");
            assertThatThrownBy(
                            () ->
                                    a.declarePublisher(
                                            "sg/e2", PublisherOptions.DEFAULT.withEncoding(bad)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void wellFormedTextWithSupplementaryCharactersCrossesExactly() throws Exception {
        String key = "sg/ok" + EMOJI + "/\u00e9";
        String params = "x=" + EMOJI;
        Encoding enc = new Encoding(5, "v=" + EMOJI);
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        CompletableFuture<String> asked = new CompletableFuture<>();
        try (Subscriber sub = b.declareSubscriber("sg/**", SubscriberOptions.DEFAULT, got::add);
                Queryable q =
                        b.declareQueryable(
                                "sg/**",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    asked.complete(query.keyExpr() + "?" + query.parameters());
                                    query.reply(query.keyExpr(), new byte[] {2}, enc, null);
                                    query.finish();
                                })) {
            Loopback.awaitRemoteSubscriber(a, key);
            a.put(key, new byte[] {1}, enc, null, Qos.DEFAULT);
            Sample s = Loopback.next(got);
            assertThat(s.keyExpr()).isEqualTo(key);
            assertThat(s.encoding()).isEqualTo(enc);
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () ->
                                    a.get(
                                            key,
                                            GetOptions.DEFAULT
                                                    .withParameters(params)
                                                    .withTimeout(5000)));
            assertThat(asked.get(10, TimeUnit.SECONDS)).isEqualTo(key + "?" + params);
            assertThat(replies).hasSize(1);
            assertThat(replies.get(0).sample().keyExpr()).isEqualTo(key);
            assertThat(replies.get(0).sample().encoding()).isEqualTo(enc);
        }
    }
}
