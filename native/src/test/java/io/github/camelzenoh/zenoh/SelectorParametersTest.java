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
 * A get's selector is its key expression, with parameters either in it ({@code key?p=1}) or in
 * {@link GetOptions#parameters()}, not both; a null key is refused with or without parameters.
 * Session.get used to concatenate them: {@code get(null, withParameters("a=1"))} queried the key
 * {@code null}, and {@code get("k?p=1", withParameters("a=1"))} sent the parameters {@code
 * p=1?a=1}.
 */
class SelectorParametersTest extends TwoPeerSessions {

    /** A listener that records its completion. */
    static final class Completion implements ReplyListener {
        final CompletableFuture<Void> done = new CompletableFuture<>();

        @Override
        public void onReply(Reply reply) {}

        @Override
        public void onComplete() {
            done.complete(null);
        }
    }

    @Test
    void aNullKeyIsRefusedWithParametersToo() throws Exception {
        BlockingQueue<String> asked = new LinkedBlockingQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            asked.add(query.keyExpr() + "?" + query.parameters());
                            query.finish();
                        })) {
            for (String parameters : new String[] {null, "a=1"}) {
                Completion c = new Completion();
                assertThatThrownBy(
                                () ->
                                        a.get(
                                                null,
                                                GetOptions.DEFAULT
                                                        .withParameters(parameters)
                                                        .withTimeout(1000),
                                                c))
                        .as("parameters " + parameters)
                        .isInstanceOf(ZenohException.class)
                        .hasMessage("selector must not be null");
                c.done.get(10, TimeUnit.SECONDS);
            }
            assertThat(asked.poll(500, TimeUnit.MILLISECONDS)).as("a query went out").isNull();
        }
    }

    @Test
    void parametersInTheSelectorAndInTheOptionsAreRefused() throws Exception {
        BlockingQueue<String> asked = new LinkedBlockingQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "sp/**",
                        QueryableOptions.DEFAULT,
                        query -> {
                            asked.add(query.keyExpr() + "?" + query.parameters());
                            query.reply(query.keyExpr(), new byte[] {1}, null, null);
                            query.finish();
                        })) {
            Completion c = new Completion();
            assertThatThrownBy(
                            () ->
                                    a.get(
                                            "sp/x?p=1",
                                            GetOptions.DEFAULT
                                                    .withParameters("a=1")
                                                    .withTimeout(1000),
                                            c))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "selector 'sp/x?p=1' has parameters and GetOptions gives parameters"
                                    + " 'a=1' too: give them in one place");
            c.done.get(10, TimeUnit.SECONDS);
            assertThat(asked.poll(500, TimeUnit.MILLISECONDS)).as("a query went out").isNull();

            // either place alone works
            List<Reply> r = a.get("sp/x?p=1", GetOptions.DEFAULT).get(10, TimeUnit.SECONDS);
            assertThat(r).hasSize(1);
            assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo("sp/x?p=1");
            r = a.get("sp/y", GetOptions.DEFAULT.withParameters("a=1")).get(10, TimeUnit.SECONDS);
            assertThat(r).hasSize(1);
            assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo("sp/y?a=1");
            // empty parameters in the options are none
            r = a.get("sp/z?p=2", GetOptions.DEFAULT.withParameters("")).get(10, TimeUnit.SECONDS);
            assertThat(r).hasSize(1);
            assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo("sp/z?p=2");
        }
    }
}
