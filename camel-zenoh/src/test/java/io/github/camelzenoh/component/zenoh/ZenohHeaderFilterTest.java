/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Session;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * An endpoint's ZenohHeaderFilterStrategy leaves the headers its inFilter names off the consumer's
 * exchanges.
 */
class ZenohHeaderFilterTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        ZenohHeaderFilterStrategy filter = new ZenohHeaderFilterStrategy();
        filter.setInFilter(Set.of(ZenohConstants.TIMESTAMP, ZenohConstants.ATTACHMENT));
        context.getRegistry().bind("noTimestampNoAttachment", filter);
        ZenohHeaderFilterStrategy prefix = new ZenohHeaderFilterStrategy();
        prefix.setInFilterStartsWith("CamelZenohEncoding");
        context.getRegistry().bind("noEncoding", prefix);
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:hf/**?headerFilterStrategy=#noTimestampNoAttachment")
                        .to("mock:filtered");
                from("zenoh:hf/**").to("mock:all");
                from("zenoh:hf/**?headerFilterStrategy=#noEncoding").to("mock:noEncoding");
                from("zenoh:hfq/**?consumerType=queryable&headerFilterStrategy=#noTimestampNoAttachment")
                        .to("mock:query")
                        .setBody(constant("ok"));
            }
        };
    }

    @Test
    void filteredHeadersAreLeftOutOthersStay() throws Exception {
        awaitConnected();
        MockEndpoint filtered = getMockEndpoint("mock:filtered");
        MockEndpoint all = getMockEndpoint("mock:all");
        MockEndpoint noEncoding = getMockEndpoint("mock:noEncoding");
        filtered.expectedMessageCount(1);
        all.expectedMessageCount(1);
        noEncoding.expectedMessageCount(1);
        try (Session stamping = Session.open(stampingPeerConfig(port))) {
            Waits.awaitSubscriber(stamping, "hf/x");
            try (Publisher pub = stamping.declarePublisher("hf/x", PublisherOptions.DEFAULT)) {
                pub.put(
                        "v".getBytes(StandardCharsets.UTF_8),
                        null,
                        "att".getBytes(StandardCharsets.UTF_8));
            }
            MockEndpoint.assertIsSatisfied(filtered, all, noEncoding);
        }

        Message unfiltered = all.getExchanges().get(0).getMessage();
        assertThat(unfiltered.getHeader(ZenohConstants.TIMESTAMP))
                .as("the sample is stamped")
                .isNotNull();
        assertThat(unfiltered.getHeader(ZenohConstants.ATTACHMENT)).isNotNull();

        Message m = filtered.getExchanges().get(0).getMessage();
        assertThat(m.getHeaders())
                .doesNotContainKeys(ZenohConstants.TIMESTAMP, ZenohConstants.ATTACHMENT);
        assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("hf/x");
        assertThat(m.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("PUT");
        assertThat(m.getHeader(ZenohConstants.ENCODING_ID)).isNotNull();
        assertThat(m.getBody(String.class)).isEqualTo("v");

        Message p = noEncoding.getExchanges().get(0).getMessage();
        assertThat(p.getHeaders())
                .doesNotContainKeys(ZenohConstants.ENCODING_ID, ZenohConstants.ENCODING_SCHEMA)
                .containsKeys(
                        ZenohConstants.TIMESTAMP,
                        ZenohConstants.ATTACHMENT,
                        ZenohConstants.KEY_EXPR);
    }

    @Test
    void queryableConsumersApplyTheFilterToo() throws Exception {
        awaitConnected();
        MockEndpoint query = getMockEndpoint("mock:query");
        query.expectedMessageCount(1);
        List<Reply> replies =
                peer.get(
                                "hfq/a",
                                GetOptions.DEFAULT
                                        .withParameters("k=v")
                                        .withAttachment("secret".getBytes(StandardCharsets.UTF_8)))
                        .get(10, TimeUnit.SECONDS);
        assertThat(replies).hasSize(1);
        query.assertIsSatisfied();
        Message m = query.getExchanges().get(0).getMessage();
        assertThat(m.getHeaders()).doesNotContainKey(ZenohConstants.ATTACHMENT);
        assertThat(m.getHeader(ZenohConstants.SELECTOR_PARAMETERS)).isEqualTo("k=v");
    }
}
