/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Reply;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * Bodies a careless user gives the features of this round: a batch consumer's List forwarded
 * without batch=true, a raw ZenohReply record without payload, a lazy Iterable of replies that
 * fails midway.
 */
class ZenohCarelessUserTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // forgot batch=true on the producer
                from("zenoh:cu/in?batchSize=10&batchTimeout=20").to("zenoh:cu/out");
                from("zenoh:cu/nullpayload/**?consumerType=queryable")
                        .setBody(
                                constant(
                                        List.of(
                                                new ZenohReply(
                                                        true,
                                                        "cu/nullpayload/a",
                                                        null,
                                                        0,
                                                        null,
                                                        null,
                                                        "PUT",
                                                        null))));
                // the query's own key expression (with its wildcard) used as the reply key
                from("zenoh:cu/wc/**?consumerType=queryable")
                        .process(
                                e ->
                                        e.getMessage()
                                                .setBody(
                                                        List.of(
                                                                ZenohReply.ok(
                                                                        e.getMessage()
                                                                                .getHeader(
                                                                                        ZenohConstants
                                                                                                .KEY_EXPR,
                                                                                        String
                                                                                                .class),
                                                                        "v",
                                                                        null))));
                from("zenoh:cu/lazy/**?consumerType=queryable")
                        .process(
                                e ->
                                        e.getMessage()
                                                .setBody(
                                                        (Iterable<ZenohReply>)
                                                                () -> failingAfter(3)));
            }
        };
    }

    private static Iterator<ZenohReply> failingAfter(int n) {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public ZenohReply next() {
                if (i == n) {
                    throw new NoSuchElementException("reply source broke after " + n);
                }
                return ZenohReply.ok("cu/lazy/k" + i++, "v", null);
            }
        };
    }

    @Test
    void aLivelinessKeyWithWildcardsIsRefusedNamingTheOption() {
        assertThatThrownBy(
                        () ->
                                context.addRoutes(
                                        new RouteBuilder() {
                                            @Override
                                            public void configure() {
                                                from("zenoh:cu/lw?livelinessKey=cu/alive/*")
                                                        .to("log:lw");
                                            }
                                        }))
                .hasStackTraceContaining("livelinessKey");
        // a long key is shown by its first 64 characters and its length, whatever is wrong
        assertThat(livelinessKeyRefusal("cu/" + "x".repeat(5_000) + "/*"))
                .contains("...' (5005 bytes) has a wildcard")
                .hasSizeLessThan(400);
        assertThat(livelinessKeyRefusal("cu//" + "x".repeat(5_000)))
                .contains("...' (5004 bytes) is not a valid key expression: ")
                .hasSizeLessThan(400);
    }

    @Test
    void zenohsReasonIsTakenWithoutTheKeyEvenOneThatLooksLikeThePrefix() {
        String key = "a': " + "x".repeat(5_000) + "//b";
        String message =
                "invalid key expression '"
                        + key
                        + "': Invalid Key Expr `"
                        + key
                        + "`: empty chunks are forbidden at /build/zenoh-keyexpr/borrowed.rs:777.";
        assertThat(ZenohOptions.reasonWithoutKey(message, key))
                .isEqualTo("empty chunks are forbidden");
    }

    private String livelinessKeyRefusal(String key) {
        Throwable e =
                org.assertj.core.api.Assertions.catchThrowable(
                        () ->
                                context.addRoutes(
                                        new RouteBuilder() {
                                            @Override
                                            public void configure() {
                                                from("zenoh:cu/lw2?livelinessKey=" + key)
                                                        .to("log:lw");
                                            }
                                        }));
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    @Test
    void aReplyOnAWildcardKeyIsRefusedNamingIt() throws Exception {
        awaitConnected();
        List<Reply> replies = get("cu/wc/**");
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok())
                .as("a sample on a wildcard key is no sample: %s", replies.get(0))
                .isFalse();
        assertThat(new String(replies.get(0).errorPayload(), StandardCharsets.UTF_8))
                .contains("cu/wc/**");
    }

    private static List<Reply> get(String key) throws Exception {
        return peer.get(key, GetOptions.DEFAULT.withTimeout(10_000)).get(15, TimeUnit.SECONDS);
    }

    @Test
    void aBatchForwardedWithoutBatchTrueIsNotPublishedAsItsToString() throws Exception {
        try (Collector out = new Collector("cu/out")) {
            awaitConnected();
            Waits.awaitSubscriberSeenByRoutes(context, "cu/out");
            peer.put("cu/in", "one".getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
            ZenohEndpoint in =
                    (ZenohEndpoint) context.getEndpoint("zenoh:cu/in?batchSize=10&batchTimeout=20");
            Waits.until(
                    "the batch published or its exchange failed",
                    () -> !out.samples.isEmpty() || in.failed.sum() > 0);
            assertThat(out.samples)
                    .as("what zenoh:cu/out (no batch=true) published for a List<ZenohSample>")
                    .isEmpty();
            assertThat(in.failed.sum()).as("the batch's exchange failed, counted").isEqualTo(1);
        }
    }

    @Test
    void aRawReplyRecordWithoutPayloadRepliesEmpty() throws Exception {
        awaitConnected();
        List<Reply> replies = get("cu/nullpayload/**");
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).as("%s", replies.get(0)).isTrue();
        assertThat(replies.get(0).sample().payload()).isEmpty();
    }

    @Test
    void aLazyIterableOfRepliesFailingMidwaySendsOnlyTheError() throws Exception {
        awaitConnected();
        List<Reply> replies = get("cu/lazy/**");
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(new String(replies.get(0).errorPayload(), StandardCharsets.UTF_8))
                .contains("reply source broke");
    }
}
