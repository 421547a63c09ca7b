/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Qos;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * A ZenohHeaderFilterStrategy filters inbound headers however it is configured: not only through
 * its setters taking a Set or a String, but also through setInFilterPattern(Pattern), the live set
 * of getInFilter(), or a subclass overriding applyFilterToExternalHeaders.
 */
class ZenohHeaderFilterWaysTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        ZenohHeaderFilterStrategy byPattern = new ZenohHeaderFilterStrategy();
        byPattern.setInFilterPattern(Pattern.compile(ZenohConstants.ATTACHMENT));
        context.getRegistry().bind("byPattern", byPattern);
        ZenohHeaderFilterStrategy byGet = new ZenohHeaderFilterStrategy();
        byGet.getInFilter().add(ZenohConstants.ATTACHMENT);
        context.getRegistry().bind("byGet", byGet);
        context.getRegistry()
                .bind(
                        "bySubclass",
                        new ZenohHeaderFilterStrategy() {
                            @Override
                            public boolean applyFilterToExternalHeaders(
                                    String name, Object value, Exchange exchange) {
                                return ZenohConstants.ATTACHMENT.equals(name);
                            }
                        });
        return new RouteBuilder() {
            @Override
            public void configure() {
                for (String f : new String[] {"byPattern", "byGet", "bySubclass"}) {
                    from("zenoh:hfw/**?headerFilterStrategy=#" + f).to("mock:" + f);
                }
            }
        };
    }

    @Test
    void theAttachmentIsLeftOutWhicheverWayTheFilterWasConfigured() throws Exception {
        awaitConnected();
        String[] mocks = {"mock:byPattern", "mock:byGet", "mock:bySubclass"};
        for (String m : mocks) {
            getMockEndpoint(m).expectedMessageCount(1);
        }
        peer.put(
                "hfw/x",
                "v".getBytes(StandardCharsets.UTF_8),
                Encoding.ZENOH_BYTES,
                "secret".getBytes(StandardCharsets.UTF_8),
                Qos.DEFAULT);
        MockEndpoint.assertIsSatisfied(context);
        assertSoftly(
                soft -> {
                    for (String m : mocks) {
                        soft.assertThat(
                                        getMockEndpoint(m)
                                                .getExchanges()
                                                .get(0)
                                                .getMessage()
                                                .getHeaders())
                                .as(m)
                                .doesNotContainKey(ZenohConstants.ATTACHMENT)
                                .containsEntry(ZenohConstants.KEY_EXPR, "hfw/x");
                    }
                });
    }

    @Test
    void theDefaultStrategyKeepsTheShortcutThatSkipsTheHeaders() {
        ZenohHeaderFilterStrategy plain = new ZenohHeaderFilterStrategy();
        assertThat(plain.filtersNothingInbound()).isTrue();
        plain.getInFilter(); // handed out, still empty
        assertThat(plain.filtersNothingInbound()).isTrue();
        plain.getInFilter().add("x");
        assertThat(plain.filtersNothingInbound()).isFalse();

        ZenohHeaderFilterStrategy noMatch = new ZenohHeaderFilterStrategy();
        noMatch.setFilterOnMatch(false); // every header matching nothing is filtered
        assertThat(noMatch.filtersNothingInbound()).isFalse();
        assertThat(new ZenohHeaderFilterStrategy() {}.filtersNothingInbound()).isFalse();
    }
}
