/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.SampleKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * A queryable route answering with many replies (a List of ZenohReply, a Map), delete and error
 * replies chosen by headers, and bad result bodies refused with a clear error reply.
 */
class ZenohQueryableRepliesTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:many/**?consumerType=queryable")
                        .process(
                                e -> {
                                    List<ZenohReply> replies = new ArrayList<>();
                                    for (int i = 0; i < 10; i++) {
                                        replies.add(
                                                ZenohReply.ok(
                                                        "many/k" + i,
                                                        "v" + i,
                                                        i == 0 ? "application/json" : null));
                                    }
                                    replies.add(ZenohReply.ok("many/bin", new byte[] {7}, null));
                                    replies.add(ZenohReply.delete("many/gone"));
                                    replies.add(ZenohReply.error("partly failed", "text/plain"));
                                    e.getMessage().setBody(replies);
                                });
                from("zenoh:att/**?consumerType=queryable")
                        .setHeader(ZenohConstants.ATTACHMENT, constant("route"))
                        .process(
                                e ->
                                        e.getMessage()
                                                .setBody(
                                                        List.of(
                                                                ZenohReply.ok("att/own", "a", null)
                                                                        .withAttachment(
                                                                                "own"
                                                                                        .getBytes(
                                                                                                StandardCharsets
                                                                                                        .UTF_8)),
                                                                ZenohReply.ok(
                                                                        "att/header", "b", null))));
                from("zenoh:map/**?consumerType=queryable")
                        .process(
                                e -> {
                                    Map<String, Object> m = new LinkedHashMap<>();
                                    m.put("map/a", "A");
                                    m.put("map/b", new byte[] {1, 2});
                                    m.put("map/c", null);
                                    e.getMessage().setBody(m);
                                });
                from("zenoh:mapenc/**?consumerType=queryable&encoding=application/json")
                        .setBody(constant(Map.of("mapenc/x", "{\"x\":1}")));
                from("zenoh:mapdel/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_KIND, constant("DELETE"))
                        .setBody(constant(Map.of("mapdel/a", "ignored", "mapdel/b", "ignored")));
                from("zenoh:onedel/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_KIND, constant("delete"))
                        .setHeader(ZenohConstants.REPLY_KEY_EXPR, constant("onedel/it"));
                from("zenoh:err/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_ERROR, constant(true))
                        .setHeader(Exchange.CONTENT_TYPE, constant("application/json"))
                        .setBody(constant("{\"error\":\"read-only\"}"));
                from("zenoh:errstr/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_ERROR, constant("true"))
                        .setBody(constant(new byte[] {9, 9}));
                from("zenoh:badnull/**?consumerType=queryable")
                        .setBody(
                                constant(
                                        Arrays.asList(
                                                ZenohReply.ok("badnull/a", "a", null), null)));
                from("zenoh:badtype/**?consumerType=queryable")
                        .setBody(
                                constant(
                                        List.of(
                                                ZenohReply.ok("badtype/a", "a", null),
                                                "not a reply")));
                from("zenoh:badmapkey/**?consumerType=queryable")
                        .setBody(constant(Map.of(42, "x")));
                from("zenoh:badkind/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_KIND, constant("MAYBE"))
                        .setHeader(ZenohConstants.REPLY_KEY_EXPR, constant("badkind/x"));
                from("zenoh:kindlist/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_KIND, constant("DELETE"))
                        .setBody(constant(List.of(ZenohReply.ok("kindlist/a", "a", null))));
                from("zenoh:nx/**?consumerType=queryable")
                        .setBody(
                                constant(
                                        List.of(
                                                ZenohReply.ok("nx/a", "a", null),
                                                ZenohReply.ok("elsewhere/b", "b", null),
                                                ZenohReply.ok("nx/c", "c", null))));
                from("zenoh:empty/**?consumerType=queryable").setBody(constant(List.of()));
                from("zenoh:errbad/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_ERROR, constant("yes"))
                        .setBody(constant("an answer"));
                from("zenoh:errno/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_ERROR, constant(" FALSE "))
                        .setBody(constant("an answer"));
                from("zenoh:longkey/**?consumerType=queryable")
                        .setHeader(
                                ZenohConstants.REPLY_KEY_EXPR,
                                constant("longkey/" + "a/".repeat(3000) + "b"));
                from("zenoh:nomsg/**?consumerType=queryable")
                        .process(
                                e -> {
                                    throw new IllegalStateException();
                                });
                // Iterables that are no Collection: read lazily, as a stream or a cursor is
                from("zenoh:lazy/**?consumerType=queryable")
                        .process(
                                e ->
                                        e.getMessage()
                                                .setBody(
                                                        lazy(
                                                                ZenohReply.ok("lazy/a", "a", null),
                                                                ZenohReply.delete("lazy/b"))));
                from("zenoh:thrown/**?consumerType=queryable")
                        .process(
                                e -> {
                                    if (e.getMessage()
                                            .getHeader("CamelZenohKeyExpr", String.class)
                                            .endsWith("boom")) {
                                        throw new AssertionError("route bug");
                                    }
                                    e.getMessage().setBody("fine");
                                });
                from("zenoh:lazyempty/**?consumerType=queryable")
                        .process(e -> e.getMessage().setBody(lazy()));
                from("zenoh:lazystr/**?consumerType=queryable")
                        .process(e -> e.getMessage().setBody(lazy("x")));
                from("zenoh:endless/**?consumerType=queryable")
                        .process(e -> e.getMessage().setBody(endless()));
                // replies as a get delivers them (CamelZenohReplies), passed on as they are
                from("zenoh:fwd/**?consumerType=queryable")
                        .setBody(
                                constant(
                                        List.of(
                                                new ZenohReply(
                                                        true,
                                                        "fwd/a",
                                                        "hi".getBytes(StandardCharsets.UTF_8),
                                                        Encoding.TEXT_PLAIN.id(),
                                                        "charset=utf-8",
                                                        "text/plain;charset=utf-8",
                                                        "PUT",
                                                        null),
                                                new ZenohReply(
                                                        false,
                                                        null,
                                                        "{}".getBytes(StandardCharsets.UTF_8),
                                                        Encoding.APPLICATION_JSON.id(),
                                                        null,
                                                        "application/json",
                                                        null,
                                                        null))));
            }
        };
    }

    /** An Iterable that is no Collection. */
    @SafeVarargs
    private static <T> Iterable<T> lazy(T... items) {
        return () -> List.of(items).iterator();
    }

    /** An Iterable of replies that never ends. */
    private static Iterable<ZenohReply> endless() {
        return () -> Stream.generate(() -> ZenohReply.ok("endless/k", "v", null)).iterator();
    }

    private static List<Reply> get(String key) throws Exception {
        return peer.get(key, GetOptions.DEFAULT.withTimeout(10_000)).get(15, TimeUnit.SECONDS);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static Reply sampleOn(List<Reply> replies, String key) {
        return replies.stream()
                .filter(r -> r.ok() && r.sample().keyExpr().equals(key))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no reply on " + key + " in " + replies));
    }

    private static List<Reply> errors(List<Reply> replies) {
        return replies.stream().filter(r -> !r.ok()).toList();
    }

    @Test
    void aListBodyIsOneReplyPerElementWithItsKindKeyAndEncoding() throws Exception {
        awaitConnected();
        List<Reply> replies = get("many/**");
        assertThat(replies).hasSize(13);
        for (int i = 0; i < 10; i++) {
            Reply r = sampleOn(replies, "many/k" + i);
            assertThat(text(r.sample().payload())).isEqualTo("v" + i);
            assertThat(r.sample().kind()).isEqualTo(SampleKind.PUT);
            assertThat(r.sample().encoding())
                    .as("element %d: its own encoding, else String's default", i)
                    .isEqualTo(i == 0 ? Encoding.APPLICATION_JSON : Encoding.ZENOH_STRING);
        }
        assertThat(sampleOn(replies, "many/bin").sample().encoding())
                .isEqualTo(Encoding.ZENOH_BYTES);
        assertThat(sampleOn(replies, "many/bin").sample().payload()).containsExactly(7);
        assertThat(sampleOn(replies, "many/gone").sample().kind()).isEqualTo(SampleKind.DELETE);
        assertThat(errors(replies)).hasSize(1);
        assertThat(text(errors(replies).get(0).errorPayload())).isEqualTo("partly failed");
        assertThat(errors(replies).get(0).errorEncoding()).isEqualTo(Encoding.TEXT_PLAIN);
        ZenohEndpoint ep =
                context.getEndpoint("zenoh:many/**?consumerType=queryable", ZenohEndpoint.class);
        assertThat(ep.sent.sum()).as("every reply counted").isEqualTo(13);
        assertThat(ep.failed.sum()).isZero();
    }

    @Test
    void aListElementsOwnAttachmentWinsOverTheRoutesHeader() throws Exception {
        awaitConnected();
        List<Reply> replies = get("att/**");
        assertThat(text(sampleOn(replies, "att/own").sample().attachment())).isEqualTo("own");
        assertThat(text(sampleOn(replies, "att/header").sample().attachment())).isEqualTo("route");
    }

    @Test
    void aMapBodyIsOneReplyPerEntryKeyToPayload() throws Exception {
        awaitConnected();
        List<Reply> replies = get("map/*");
        assertThat(replies).hasSize(3).allMatch(Reply::ok);
        assertThat(text(sampleOn(replies, "map/a").sample().payload())).isEqualTo("A");
        assertThat(sampleOn(replies, "map/a").sample().encoding()).isEqualTo(Encoding.ZENOH_STRING);
        assertThat(sampleOn(replies, "map/b").sample().payload()).containsExactly(1, 2);
        assertThat(sampleOn(replies, "map/b").sample().encoding()).isEqualTo(Encoding.ZENOH_BYTES);
        assertThat(sampleOn(replies, "map/c").sample().payload()).as("null value").isEmpty();
    }

    @Test
    void aMapBodysRepliesTakeTheEndpointsEncoding() throws Exception {
        awaitConnected();
        List<Reply> replies = get("mapenc/*");
        assertThat(replies).hasSize(1);
        assertThat(sampleOn(replies, "mapenc/x").sample().encoding())
                .isEqualTo(Encoding.APPLICATION_JSON);
    }

    @Test
    void replyKindDeleteSendsDeleteReplies() throws Exception {
        awaitConnected();
        List<Reply> mapDeletes = get("mapdel/*");
        assertThat(mapDeletes).hasSize(2).allMatch(Reply::ok);
        assertThat(mapDeletes).extracting(r -> r.sample().kind()).containsOnly(SampleKind.DELETE);
        assertThat(mapDeletes)
                .extracting(r -> r.sample().keyExpr())
                .containsExactlyInAnyOrder("mapdel/a", "mapdel/b");

        List<Reply> one = get("onedel/*");
        assertThat(one).hasSize(1);
        assertThat(one.get(0).ok()).isTrue();
        assertThat(one.get(0).sample().keyExpr()).isEqualTo("onedel/it");
        assertThat(one.get(0).sample().kind()).isEqualTo(SampleKind.DELETE);
    }

    @Test
    void replyErrorSendsTheBodyAsAnErrorReplyWithTheChosenEncoding() throws Exception {
        awaitConnected();
        List<Reply> replies = get("err/x");
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(text(replies.get(0).errorPayload())).isEqualTo("{\"error\":\"read-only\"}");
        assertThat(replies.get(0).errorEncoding()).isEqualTo(Encoding.APPLICATION_JSON);
        ZenohEndpoint ep =
                context.getEndpoint("zenoh:err/**?consumerType=queryable", ZenohEndpoint.class);
        assertThat(ep.failed.sum()).as("a chosen error reply is no failure").isZero();

        List<Reply> bytes = get("errstr/x");
        assertThat(bytes).hasSize(1);
        assertThat(bytes.get(0).ok()).as("header value \"true\" as a String").isFalse();
        assertThat(bytes.get(0).errorPayload()).containsExactly(9, 9);
        assertThat(bytes.get(0).errorEncoding()).isEqualTo(Encoding.ZENOH_BYTES);
    }

    @Test
    void aNullElementSendsNothingButAnErrorNamingIt() throws Exception {
        awaitConnected();
        List<Reply> replies = get("badnull/*");
        assertThat(replies).as("nothing of the list is sent").hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(text(replies.get(0).errorPayload()))
                .contains("Element 1")
                .contains("null")
                .contains("ZenohReply");
    }

    @Test
    void anElementOfAnotherTypeSendsNothingButAnErrorNamingIt() throws Exception {
        awaitConnected();
        List<Reply> replies = get("badtype/*");
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(text(replies.get(0).errorPayload()))
                .contains("Element 1")
                .contains("java.lang.String")
                .contains("not a ZenohReply");
    }

    @Test
    void badMapKeysAndBadKindHeadersAreClearErrors() throws Exception {
        awaitConnected();
        List<Reply> mapKey = get("badmapkey/*");
        assertThat(mapKey).hasSize(1);
        assertThat(text(mapKey.get(0).errorPayload()))
                .contains("Map body")
                .contains("'42' (java.lang.Integer)");

        List<Reply> kind = get("badkind/*");
        assertThat(kind).hasSize(1);
        assertThat(text(kind.get(0).errorPayload()))
                .contains(ZenohConstants.REPLY_KIND)
                .contains("'MAYBE'");

        List<Reply> kindOnList = get("kindlist/*");
        assertThat(kindOnList).hasSize(1);
        assertThat(kindOnList.get(0).ok()).isFalse();
        assertThat(text(kindOnList.get(0).errorPayload()))
                .contains(ZenohConstants.REPLY_KIND)
                .contains("List");
    }

    @Test
    void aReplyKeyOutsideTheQueryFailsTheExchangeNamingTheKey() throws Exception {
        awaitConnected();
        List<Reply> replies = get("nx/**");
        assertThat(replies).as("%s", replies).hasSize(2);
        assertThat(text(sampleOn(replies, "nx/a").sample().payload()))
                .as("the reply before the refused one was sent")
                .isEqualTo("a");
        assertThat(errors(replies)).hasSize(1);
        assertThat(text(errors(replies).get(0).errorPayload()))
                .contains("reply 2 of 3")
                .contains("'elsewhere/b'")
                .contains("does not intersect");
        ZenohEndpoint ep =
                context.getEndpoint("zenoh:nx/**?consumerType=queryable", ZenohEndpoint.class);
        assertThat(ep.failed.sum()).isEqualTo(1);
    }

    @Test
    void anEmptyListSendsNoReply() throws Exception {
        awaitConnected();
        assertThat(get("empty/*")).isEmpty();
    }

    @Test
    void repliesOfAGetArePassedOnWithTheirEncodings() throws Exception {
        awaitConnected();
        List<Reply> replies = get("fwd/**");
        assertThat(replies).hasSize(2);
        assertThat(sampleOn(replies, "fwd/a").sample().encoding())
                .isEqualTo(Encoding.parse("text/plain;charset=utf-8"));
        assertThat(errors(replies)).hasSize(1);
        assertThat(errors(replies).get(0).errorEncoding()).isEqualTo(Encoding.APPLICATION_JSON);
        assertThat(text(errors(replies).get(0).errorPayload())).isEqualTo("{}");
    }

    @Test
    void aReplyErrorHeaderThatIsNoBooleanIsAClearError() throws Exception {
        awaitConnected();
        List<Reply> replies = get("errbad/x");
        assertThat(replies).as("%s", replies).hasSize(1);
        assertThat(replies.get(0).ok()).as("no OK reply for an unreadable header").isFalse();
        assertThat(text(replies.get(0).errorPayload()))
                .contains(ZenohConstants.REPLY_ERROR)
                .contains("'yes'")
                .contains("true or false");

        List<Reply> no = get("errno/x");
        assertThat(no).hasSize(1);
        assertThat(no.get(0).ok()).as("\" FALSE \" is false").isTrue();
    }

    @Test
    void aRefusedLongReplyKeyIsShownShortened() throws Exception {
        awaitConnected();
        List<Reply> replies = get("longkey/**");
        assertThat(replies).hasSize(1);
        String message = text(replies.get(0).errorPayload());
        assertThat(message)
                .as(message)
                .hasSizeLessThan(1000)
                .contains("longkey/a/a/")
                .contains("(6009 bytes)");
    }

    /**
     * An Error the route throws is an error reply, and the route thread answers the next query:
     * before, the Error ended the thread and every later query of the route timed out.
     */
    @Test
    void anErrorThrownByTheRouteIsAnErrorReplyAndTheRouteAnswersOn() throws Exception {
        awaitConnected();
        List<Reply> boom = get("thrown/boom");
        assertThat(boom).hasSize(1);
        assertThat(text(boom.get(0).errorPayload()))
                .isEqualTo("java.lang.AssertionError: route bug");
        List<Reply> after = get("thrown/ok");
        assertThat(after).hasSize(1);
        assertThat(after.get(0).ok()).isTrue();
        assertThat(text(after.get(0).sample().payload())).isEqualTo("fine");
    }

    @Test
    void aRouteExceptionWithoutMessageIsNamedByItsClass() throws Exception {
        awaitConnected();
        List<Reply> replies = get("nomsg/x");
        assertThat(replies).hasSize(1);
        assertThat(text(replies.get(0).errorPayload()))
                .isEqualTo("java.lang.IllegalStateException");
    }

    @Test
    void anyIterableOfZenohReplyIsOneReplyEachAndBounded() throws Exception {
        awaitConnected();
        List<Reply> lazy = get("lazy/**");
        assertThat(lazy).hasSize(2).allMatch(Reply::ok);
        assertThat(sampleOn(lazy, "lazy/b").sample().kind()).isEqualTo(SampleKind.DELETE);

        // no element says nothing of the type: one reply, converted as any other body (an empty
        // JSON value is an Iterable too; a review found such bodies answered with nothing)
        List<Reply> empty = get("lazyempty/**");
        assertThat(empty).as("an empty Iterable that is no List").hasSize(1);
        assertThat(empty.get(0).ok()).isFalse();

        List<Reply> strings = get("lazystr/**");
        assertThat(strings).hasSize(1);
        assertThat(text(strings.get(0).errorPayload()))
                .contains("Element 0")
                .contains("java.lang.String")
                .contains("not a ZenohReply");

        List<Reply> endless = get("endless/**");
        assertThat(endless).as("nothing of an endless Iterable is sent").hasSize(1);
        assertThat(text(endless.get(0).errorPayload()))
                .contains("more than " + ZenohConsumer.MAX_LAZY_REPLIES + " replies")
                .contains("List");
    }

    @Test
    void theFactoriesRefuseWhatTheyCannotSend() {
        assertThatThrownBy(() -> ZenohReply.ok("k", 42, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Integer")
                .hasMessageContaining("byte[] or String");
        assertThatThrownBy(() -> ZenohReply.ok(null, "x", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key");
        assertThatThrownBy(() -> ZenohReply.delete(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key");
        ZenohReply r = ZenohReply.ok("k", "x", "text/plain;charset=utf-8");
        assertThat(r.encodingId()).isEqualTo(Encoding.TEXT_PLAIN.id());
        assertThat(r.encodingSchema()).isEqualTo("charset=utf-8");
        assertThatThrownBy(() -> ZenohReply.error("x", null).withAttachment(new byte[] {1}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("An error reply carries no attachment");
        assertThat(r.withAttachment(new byte[] {1}).attachment()).containsExactly(1);
    }
}
