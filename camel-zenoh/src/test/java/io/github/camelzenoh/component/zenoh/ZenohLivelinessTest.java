/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.LivelinessToken;
import java.time.Duration;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * from("zenoh:...?consumerType=liveliness"): token appearances and disappearances as PUT / DELETE.
 */
class ZenohLivelinessTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:robots/**?consumerType=liveliness").to("mock:robots");
                from("zenoh:fleet/**?consumerType=liveliness&history=true")
                        .routeId("history")
                        .autoStartup(false)
                        .to("mock:history");
                from("zenoh:fleet/**?consumerType=liveliness")
                        .routeId("noHistory")
                        .autoStartup(false)
                        .to("mock:noHistory");
            }
        };
    }

    @Test
    void tokenAppearsAsPutAndDisappearsAsDelete() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:robots");
        mock.expectedMessageCount(1);
        LivelinessToken token = peer.declareLivelinessToken("robots/r1");
        try {
            mock.assertIsSatisfied();
            Message alive = mock.getExchanges().get(0).getMessage();
            assertThat(alive.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("PUT");
            assertThat(alive.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("robots/r1");
            assertThat(alive.getBody()).as("token events carry no payload").isNull();

            mock.reset();
            mock.expectedMessageCount(1);
        } finally {
            token.close();
        }
        mock.assertIsSatisfied();
        Message gone = mock.getExchanges().get(0).getMessage();
        assertThat(gone.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("DELETE");
        assertThat(gone.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("robots/r1");
    }

    @Test
    void tokensOutsideTheKeyExpressionAreNotDelivered() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:robots");
        mock.expectedMessageCount(1);
        try (LivelinessToken other = peer.declareLivelinessToken("drones/d1");
                LivelinessToken mine = peer.declareLivelinessToken("robots/r2")) {
            mock.assertIsSatisfied();
            Waits.assertNothingArrivesWithin(
                    Duration.ofMillis(300),
                    "a token outside the key expression",
                    () -> mock.getExchanges().size() == 1);
            assertThat(mock.getExchanges().get(0).getMessage().getHeader(ZenohConstants.KEY_EXPR))
                    .isEqualTo("robots/r2");
        }
    }

    @Test
    void historyDeliversTokensAliveBeforeTheRouteStarted() throws Exception {
        awaitConnected();
        MockEndpoint history = getMockEndpoint("mock:history");
        MockEndpoint noHistory = getMockEndpoint("mock:noHistory");
        history.expectedMessageCount(1);
        try (LivelinessToken token = peer.declareLivelinessToken("fleet/f1")) {
            Waits.awaitLivelinessToken(context, "fleet/f1");
            context.getRouteController().startRoute("noHistory");
            context.getRouteController().startRoute("history");
            history.assertIsSatisfied(10_000);
            Message m = history.getExchanges().get(0).getMessage();
            assertThat(m.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("PUT");
            assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("fleet/f1");
            Waits.assertNothingArrivesWithin(
                    Duration.ofMillis(500),
                    "the earlier token reported without history",
                    () -> noHistory.getExchanges().isEmpty());
        }
    }
}
