/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Reply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * from("zenoh:...?consumerType=queryable"): the route's result is the reply; failures are error
 * replies.
 */
class ZenohQueryableTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:svc/**?consumerType=queryable")
                        .setBody(simple("hello ${header.CamelZenohKeyExpr}"));
                from("zenoh:hdr/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_KEY_EXPR, constant("hdr/chosen"))
                        .setBody(constant("{\"chosen\":true}"))
                        .setHeader(Exchange.CONTENT_TYPE, constant("application/json"));
                from("zenoh:fixed/one?consumerType=queryable")
                        .setBody(constant(new byte[] {1, 2, 3}));
                from("zenoh:fail/**?consumerType=queryable")
                        .process(
                                e -> {
                                    throw new IllegalStateException("kaboom in the route 42");
                                });
                from("zenoh:inspect/**?consumerType=queryable&encoding=text/plain")
                        .to("mock:inspect")
                        .setBody(constant("inspected"));
                from("zenoh:complete/**?consumerType=queryable&complete=true")
                        .setBody(constant("complete answer"));
                from("zenoh:partial/**?consumerType=queryable").setBody(constant("partial answer"));
            }
        };
    }

    private static List<Reply> get(String key, GetOptions options) throws Exception {
        return peer.get(key, options).get(15, TimeUnit.SECONDS);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void theRoutesResultIsTheReplyOnTheQueriesKey() throws Exception {
        awaitConnected();
        List<Reply> replies = get("svc/a/b", GetOptions.DEFAULT);
        assertThat(replies).hasSize(1);
        Reply r = replies.get(0);
        assertThat(r.ok()).isTrue();
        assertThat(r.sample().keyExpr())
                .as("query without wildcard: its own key")
                .isEqualTo("svc/a/b");
        assertThat(text(r.sample().payload())).isEqualTo("hello svc/a/b");
        assertThat(r.sample().encoding()).as("String body").isEqualTo(Encoding.ZENOH_STRING);
        ZenohEndpoint ep =
                context.getEndpoint("zenoh:svc/**?consumerType=queryable", ZenohEndpoint.class);
        assertThat(ep.received.sum()).isEqualTo(1);
        assertThat(ep.sent.sum()).isEqualTo(1);
    }

    @Test
    void wildcardQueryOnAnEndpointWithoutWildcardRepliesOnTheEndpointsKey() throws Exception {
        awaitConnected();
        List<Reply> replies = get("fixed/*", GetOptions.DEFAULT);
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isTrue();
        assertThat(replies.get(0).sample().keyExpr()).isEqualTo("fixed/one");
        assertThat(replies.get(0).sample().payload()).containsExactly(1, 2, 3);
        assertThat(replies.get(0).sample().encoding()).isEqualTo(Encoding.ZENOH_BYTES);
    }

    @Test
    void wildcardsOnBothSidesWithoutHeaderGiveAnErrorNamingTheHeader() throws Exception {
        awaitConnected();
        long t0 = System.nanoTime();
        List<Reply> replies = get("svc/*", GetOptions.DEFAULT.withTimeout(10_000));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0))
                .as("an answer, not a timeout")
                .isLessThan(5000);
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isFalse();
        assertThat(text(replies.get(0).errorPayload()))
                .contains(ZenohConstants.REPLY_KEY_EXPR)
                .contains("svc/*");
    }

    @Test
    void replyKeyHeaderChoosesTheKeyAndContentTypeTheEncoding() throws Exception {
        awaitConnected();
        List<Reply> replies = get("hdr/*", GetOptions.DEFAULT);
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isTrue();
        assertThat(replies.get(0).sample().keyExpr()).isEqualTo("hdr/chosen");
        assertThat(replies.get(0).sample().encoding()).isEqualTo(Encoding.APPLICATION_JSON);
        assertThat(text(replies.get(0).sample().payload())).isEqualTo("{\"chosen\":true}");
    }

    @Test
    void aContentTypeSetByTheRouteIsTheReplysEncodingNotTheQuerys() throws Exception {
        awaitConnected();
        List<Reply> replies =
                get(
                        "hdr/*",
                        GetOptions.DEFAULT.withPayload(
                                "question".getBytes(StandardCharsets.UTF_8),
                                Encoding.parse("text/plain;charset=utf-8")));
        assertThat(replies).hasSize(1);
        assertThat(replies.get(0).ok()).isTrue();
        assertThat(replies.get(0).sample().encoding())
                .as("the route's Content-Type, though the query's encoding headers are still set")
                .isEqualTo(Encoding.APPLICATION_JSON);
    }

    @Test
    void aFailingRouteSendsAnErrorReplyNotATimeout() throws Exception {
        awaitConnected();
        long t0 = System.nanoTime();
        List<Reply> replies = get("fail/now", GetOptions.DEFAULT.withTimeout(10_000));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(millis).as("the asker did not wait for its timeout").isLessThan(5000);
        assertThat(replies).hasSize(1);
        Reply r = replies.get(0);
        assertThat(r.ok()).isFalse();
        assertThat(text(r.errorPayload())).contains("kaboom in the route 42");
        ZenohEndpoint ep =
                context.getEndpoint("zenoh:fail/**?consumerType=queryable", ZenohEndpoint.class);
        assertThat(ep.failed.sum()).isEqualTo(1);

        // the consumer keeps answering afterwards
        assertThat(get("fail/again", GetOptions.DEFAULT.withTimeout(10_000)))
                .hasSize(1)
                .allMatch(x -> !x.ok() && text(x.errorPayload()).contains("kaboom"));
    }

    @Test
    void queryPayloadParametersAndAttachmentAreBodyAndHeaders() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:inspect");
        mock.expectedMessageCount(2);
        List<Reply> replies =
                get(
                        "inspect/x",
                        GetOptions.DEFAULT
                                .withParameters("p=1;q=two")
                                .withPayload(
                                        "q-payload".getBytes(StandardCharsets.UTF_8),
                                        Encoding.parse("application/json;v1"))
                                .withAttachment("att".getBytes(StandardCharsets.UTF_8)));
        assertThat(replies).hasSize(1);
        assertThat(text(replies.get(0).sample().payload())).isEqualTo("inspected");
        assertThat(replies.get(0).sample().encoding())
                .as("the endpoint's encoding option beats the query's encoding headers")
                .isEqualTo(Encoding.TEXT_PLAIN);

        List<Reply> bareReplies = get("inspect/y", GetOptions.DEFAULT);
        assertThat(bareReplies).hasSize(1);
        assertThat(bareReplies.get(0).sample().encoding())
                .as("no encoding headers: the endpoint's encoding option")
                .isEqualTo(Encoding.TEXT_PLAIN);
        mock.assertIsSatisfied();

        Message m = mock.getExchanges().get(0).getIn();
        assertThat(mock.getExchanges().get(0).getPattern())
                .isEqualTo(org.apache.camel.ExchangePattern.InOut);
        assertThat(m.getBody(String.class)).isEqualTo("q-payload");
        assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("inspect/x");
        assertThat(m.getHeader(ZenohConstants.SELECTOR_PARAMETERS)).isEqualTo("p=1;q=two");
        assertThat(m.getHeader(ZenohConstants.ATTACHMENT, byte[].class))
                .asString(StandardCharsets.UTF_8)
                .isEqualTo("att");
        assertThat(m.getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(5);
        assertThat(m.getHeader(ZenohConstants.ENCODING_SCHEMA)).isEqualTo("v1");
        assertThat(m.getHeader(Exchange.CONTENT_TYPE)).isEqualTo("application/json;v1");

        Message bare = mock.getExchanges().get(1).getIn();
        assertThat(bare.getBody()).as("query without payload").isNull();
        assertThat(bare.getHeader(ZenohConstants.SELECTOR_PARAMETERS)).isEqualTo("");
        assertThat(bare.getHeader(ZenohConstants.ATTACHMENT)).isNull();
        assertThat(bare.getHeader(ZenohConstants.ENCODING_ID)).isNull();
    }

    @Test
    void completeQueryablesReceiveAllCompleteQueriesOthersDoNot() throws Exception {
        awaitConnected();
        GetOptions allComplete =
                GetOptions.DEFAULT.withTarget(QueryTarget.ALL_COMPLETE).withTimeout(3000);
        List<Reply> complete = get("complete/x", allComplete);
        assertThat(complete).hasSize(1);
        assertThat(text(complete.get(0).sample().payload())).isEqualTo("complete answer");

        assertThat(get("partial/x", allComplete))
                .as("complete=false: not a target of ALL_COMPLETE")
                .isEmpty();
        assertThat(get("partial/x", GetOptions.DEFAULT))
                .as("but it answers ordinary queries")
                .hasSize(1);
    }
}
