/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A router-mode session on loopback; client and peer sessions talk through it. */
class ClientModeTest {

    static int port;
    static Session router;
    static String routerZid;

    @BeforeAll
    static void startRouter() {
        port = Loopback.freePort();
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("router")
                                .withMulticastScouting(false)
                                .withListen(Loopback.endpoint(port)));
        routerZid = router.info().zid();
    }

    @AfterAll
    static void stopRouter() {
        router.close();
    }

    static SessionConfig client() {
        return SessionConfig.DEFAULT
                .withMode("client")
                .withMulticastScouting(false)
                .withConnect(Loopback.endpoint(port));
    }

    static Session connected(SessionConfig config) {
        Session s = Session.open(config);
        Loopback.await(
                Duration.ofSeconds(10),
                () -> s.info().routers().contains(routerZid),
                "router connection");
        return s;
    }

    @Test
    void clientInfoListsTheRouter() {
        try (Session c = connected(client())) {
            var info = c.info();
            assertThat(info.routers()).containsExactly(routerZid);
            assertThat(info.peers()).isEmpty();
            assertThat(info.zid()).isNotBlank().isNotEqualTo(routerZid);
            assertThat(router.info().routers()).isEmpty();
        }
    }

    @Test
    void clientPublishesThroughTheRouterToAClientSubscriber() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session subscriberSide = connected(client());
                Session publisherSide = connected(client());
                Subscriber sub =
                        subscriberSide.declareSubscriber(
                                "test/client/**", SubscriberOptions.DEFAULT, got::add);
                Publisher pub =
                        publisherSide.declarePublisher(
                                "test/client/pub",
                                PublisherOptions.DEFAULT.withEncoding(Encoding.TEXT_PLAIN))) {
            Loopback.awaitRemoteSubscriber(publisherSide, "test/client/pub");
            pub.put(
                    "via router".getBytes(StandardCharsets.UTF_8),
                    null,
                    "a".getBytes(StandardCharsets.UTF_8));
            Sample s = Loopback.next(got);
            assertThat(s.keyExpr()).isEqualTo("test/client/pub");
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("via router");
            assertThat(s.encoding()).isEqualTo(Encoding.TEXT_PLAIN);
            assertThat(s.attachment()).containsExactly('a');
            publisherSide.put("test/client/oneshot", new byte[] {7}, null, null, Qos.DEFAULT);
            assertThat(Loopback.next(got).keyExpr()).isEqualTo("test/client/oneshot");
        }
    }

    @Test
    void clientPublishesToAPeerConnectedToTheSameRouter() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session peer = connected(Loopback.connector(port));
                Subscriber sub =
                        peer.declareSubscriber(
                                "test/client/peer/*", SubscriberOptions.DEFAULT, got::add);
                Session c = connected(client())) {
            Loopback.awaitRemoteSubscriber(c, "test/client/peer/x");
            c.put(
                    "test/client/peer/x",
                    "to peer".getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    Qos.DEFAULT);
            Sample s = Loopback.next(got);
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("to peer");
        }
    }

    @Test
    void clientQueriesAQueryableBehindTheRouter() throws Exception {
        try (Session answering = connected(client());
                Queryable q =
                        answering.declareQueryable(
                                "test/client/q",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(
                                            "test/client/q",
                                            "answer".getBytes(StandardCharsets.UTF_8),
                                            null,
                                            null);
                                    query.finish();
                                });
                Session asking = connected(client())) {
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () ->
                                    asking.get(
                                            "test/client/q", GetOptions.DEFAULT.withTimeout(5000)));
            assertThat(replies).hasSize(1);
            assertThat(new String(replies.get(0).sample().payload(), StandardCharsets.UTF_8))
                    .isEqualTo("answer");
        }
    }

    @Test
    void theRouterSessionItselfSubscribes() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                        router.declareSubscriber(
                                "test/client/atrouter", SubscriberOptions.DEFAULT, got::add);
                Session c = connected(client())) {
            Loopback.awaitRemoteSubscriber(c, "test/client/atrouter");
            c.put("test/client/atrouter", new byte[] {1, 2}, null, null, Qos.DEFAULT);
            assertThat(Loopback.next(got).payload()).containsExactly(1, 2);
        }
    }
}
