/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * zenoh-ext advanced pub/sub: a producer's cache (cacheSize) feeds a late subscriber route with
 * history=true.
 */
class ZenohAdvancedTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:cached").to("zenoh:adv/cached?cacheSize=10");
                from("direct:numbered").to("zenoh:adv/numbered?cacheSize=10&heartbeat=200");
                from("zenoh:adv/**?history=true")
                        .routeId("late")
                        .autoStartup(false)
                        .to("mock:late");
                from("zenoh:adv/**")
                        .routeId("lateNoHistory")
                        .autoStartup(false)
                        .to("mock:lateNoHistory");
                // a subscriber in another session (different settings) than the cached producer
                from("zenoh:adv/**?history=true&config=RAW({})")
                        .routeId("lateOtherSession")
                        .autoStartup(false)
                        .to("mock:lateOtherSession");
            }
        };
    }

    private static List<String> bodies(MockEndpoint mock) {
        return mock.getExchanges().stream().map(e -> e.getMessage().getBody(String.class)).toList();
    }

    private void publishFive() {
        for (int i = 0; i < 5; i++) {
            template.sendBody("direct:cached", "cached " + i);
        }
    }

    @Test
    void lateSubscriberRouteWithHistoryReceivesTheProducersCache() throws Exception {
        awaitConnected();
        publishFive();
        // the history query needs the cache's queryable, declared on the producer's session
        Waits.allowUnobservableDeclarationsToSpread();

        MockEndpoint late = getMockEndpoint("mock:late");
        late.expectedMessageCount(5);
        context.getRouteController().startRoute("late");
        late.assertIsSatisfied(10_000);
        assertThat(bodies(late))
                .containsExactly("cached 0", "cached 1", "cached 2", "cached 3", "cached 4");
        assertThat(late.getExchanges().get(0).getMessage().getHeader(ZenohConstants.KEY_EXPR))
                .isEqualTo("adv/cached");

        // and live samples keep coming after the history
        late.reset();
        late.expectedBodiesReceived("live");
        template.sendBody("direct:cached", "live");
        late.assertIsSatisfied(10_000);
    }

    @Test
    void aCacheWithoutHeartbeatGetsATimestampingSessionOneWithHeartbeatDoesNot() throws Exception {
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        List<ZenohSessions.Info> sessions = zenoh.sessions().snapshot();
        // the default one and the cacheSize=10 producer's (timestamping); sessions are opened by
        // running consumers and producers only, so config={} of route lateOtherSession is not yet
        // open
        assertThat(sessions).hasSize(2);
        assertThat(sessions)
                .filteredOn(i -> "true".equals(i.config().overrides().get("timestamping/enabled")))
                .singleElement()
                .extracting(ZenohSessions.Info::endpoints)
                .isEqualTo(1);
        context.getRouteController().startRoute("lateOtherSession");
        assertThat(zenoh.sessions().snapshot()).hasSize(3);
        context.getRouteController().stopRoute("lateOtherSession");
        assertThat(zenoh.sessions().snapshot()).hasSize(2);
    }

    @Test
    void cacheWithHeartbeatAlsoFeedsHistory() throws Exception {
        awaitConnected();
        template.sendBody("direct:numbered", "n0");
        template.sendBody("direct:numbered", "n1");
        // the history query needs the cache's queryable, declared on the producer's session
        Waits.allowUnobservableDeclarationsToSpread();
        MockEndpoint late = getMockEndpoint("mock:late");
        late.expectedBodiesReceived("n0", "n1");
        context.getRouteController().startRoute("late");
        late.assertIsSatisfied(10_000);
    }

    @Test
    void historyAlsoReachesASubscriberInAnotherSession() throws Exception {
        awaitConnected();
        publishFive();
        // the history query needs the cache's queryable, declared on the producer's session
        Waits.allowUnobservableDeclarationsToSpread();

        MockEndpoint late = getMockEndpoint("mock:lateOtherSession");
        late.expectedMessageCount(5);
        context.getRouteController().startRoute("lateOtherSession");
        late.assertIsSatisfied(10_000);
        assertThat(bodies(late))
                .containsExactly("cached 0", "cached 1", "cached 2", "cached 3", "cached 4");
    }

    @Test
    void withoutHistoryALateRouteSeesNothingOld() throws Exception {
        awaitConnected();
        publishFive();
        // the history query needs the cache's queryable, declared on the producer's session
        Waits.allowUnobservableDeclarationsToSpread();

        MockEndpoint late = getMockEndpoint("mock:lateNoHistory");
        context.getRouteController().startRoute("lateNoHistory");
        Waits.assertNothingArrivesWithin(
                Duration.ofMillis(800), "an old sample", () -> late.getReceivedCounter() == 0);
    }

    @Test
    void historyFromAPeersAdvancedPublisherKeepsTheLastCacheSizeSamples() throws Exception {
        awaitConnected();
        try (Publisher pub =
                peer.declarePublisher(
                        "adv/peer", PublisherOptions.DEFAULT.withCache(3).withHeartbeat(500))) {
            for (int i = 0; i < 6; i++) {
                pub.put(("p" + i).getBytes(StandardCharsets.UTF_8), null, null);
            }
            // the history query needs the cache's queryable, declared on the producer's session
            Waits.allowUnobservableDeclarationsToSpread();
            MockEndpoint late = getMockEndpoint("mock:late");
            late.expectedMessageCount(3);
            context.getRouteController().startRoute("late");
            late.assertIsSatisfied(10_000);
            assertThat(bodies(late)).containsExactly("p3", "p4", "p5");
        }
    }
}
