/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * Options set on the component are every endpoint's defaults, and an endpoint's URI overrides them:
 * shown on what zenoh does (against the test's peer session), one option at a time.
 */
class ZenohComponentOptionsTest extends ZenohTestSupport {

    /** Bodies the origin routes received, in order. */
    private final BlockingQueue<String> remoteOnly = new LinkedBlockingQueue<>();

    private final BlockingQueue<String> localOnly = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> probe = new LinkedBlockingQueue<>();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        ZenohConfiguration c =
                context.getComponent("zenoh", ZenohComponent.class).getConfiguration();
        c.setReliability(Reliability.BEST_EFFORT);
        c.setTarget(QueryTarget.ALL_COMPLETE);
        c.setAllowedOrigin(Locality.REMOTE);
        c.setConfig("{ timestamping: { enabled: true } }");
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:rel").to("zenoh:opts/rel/default");
                from("direct:relUri").to("zenoh:opts/rel/uri?reliability=reliable");

                from("direct:get").to("zenoh:opts/q/*?operation=get&consolidation=none");
                from("direct:getUri")
                        .to("zenoh:opts/q/*?operation=get&consolidation=none&target=all");

                from("zenoh:opts/origin/remote/**")
                        .process(x -> remoteOnly.add(x.getMessage().getBody(String.class)));
                from("zenoh:opts/origin/local/**?allowedOrigin=sessionLocal")
                        .process(x -> localOnly.add(x.getMessage().getBody(String.class)));
                from("zenoh:opts/origin/probe?allowedOrigin=any")
                        .process(x -> probe.add(x.getMessage().getBody(String.class)));
                from("direct:local").toD("zenoh:${header.key}");

                from("direct:stamped").to("zenoh:opts/config/component");
                from("direct:unstamped")
                        .to("zenoh:opts/config/uri?config=RAW({timestamping:{enabled:false}})");
            }
        };
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void reliabilityOfTheComponentAppliesAndTheUriOverridesIt() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("opts/rel/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "opts/rel/default");
            Waits.awaitSubscriberSeenByRoutes(context, "opts/rel/uri");
            template.sendBody("direct:rel", "component");
            Sample s = c.next();
            assertThat(s.keyExpr()).isEqualTo("opts/rel/default");
            assertThat(s.reliability()).isEqualTo(Reliability.BEST_EFFORT);

            template.sendBody("direct:relUri", "uri");
            s = c.next();
            assertThat(s.keyExpr()).isEqualTo("opts/rel/uri");
            assertThat(s.reliability()).isEqualTo(Reliability.RELIABLE);
        }
    }

    /**
     * Two queryables on the peer, one complete: target=allComplete (the component's) reaches only
     * the complete one, target=all (the URI's) both, as the default (bestMatching) does here.
     */
    @Test
    void targetOfTheComponentAppliesAndTheUriOverridesIt() throws Exception {
        try (Queryable complete =
                        peer.declareQueryable(
                                "opts/q/**",
                                new QueryableOptions(true, Locality.ANY),
                                q -> answer(q, "opts/q/complete"));
                Queryable partial =
                        peer.declareQueryable(
                                "opts/q/**",
                                QueryableOptions.DEFAULT,
                                q -> answer(q, "opts/q/partial"))) {
            awaitConnected();
            // Both declarations reach the route's session some time after they return: wait until
            // target=all sees both, or target=allComplete's single reply would prove nothing.
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> replyKeys(template.request("direct:getUri", x -> {})).size() == 2,
                    "both queryables of the peer to be visible to the route's session");
            assertThat(replyKeys(template.request("direct:get", x -> {})))
                    .containsExactly("opts/q/complete");
            assertThat(replyKeys(template.request("direct:getUri", x -> {})))
                    .containsExactlyInAnyOrder("opts/q/complete", "opts/q/partial");
        }
    }

    private static void answer(Query q, String key) {
        q.reply(key, utf8(key), null, null);
        q.finish();
    }

    @SuppressWarnings("unchecked")
    private static List<String> replyKeys(Exchange e) {
        assertThat(e.getException()).isNull();
        List<ZenohReply> replies = e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        return replies.stream().map(ZenohReply::keyExpr).toList();
    }

    /**
     * allowedOrigin=remote (the component's): a put of the route's own session is not received, the
     * peer's is. allowedOrigin=sessionLocal (the URI's): the other way round. zenoh delivers a
     * session's own put to its subscribers within the put, and the peer's samples in the order
     * sent, so each route's single thread has seen everything sent before the one it waits for.
     */
    @Test
    void allowedOriginOfTheComponentAppliesAndTheUriOverridesIt() throws Exception {
        awaitConnected();
        // the component's config makes awaitConnected() skip these routes' subscribers: the
        // peer's puts below need them to have reached the peer
        Waits.awaitSubscriber(peer, "opts/origin/remote/x");
        Waits.awaitSubscriber(peer, "opts/origin/probe");
        template.sendBodyAndHeader("direct:local", "own", "key", "opts/origin/remote/own");
        peer.put("opts/origin/remote/peer", utf8("peer"), null, null, Qos.DEFAULT);
        assertThat(remoteOnly.poll(10, TimeUnit.SECONDS)).isEqualTo("peer");
        assertThat(remoteOnly).isEmpty();

        peer.put("opts/origin/local/peer", utf8("peer"), null, null, Qos.DEFAULT);
        peer.put("opts/origin/probe", utf8("probe"), null, null, Qos.DEFAULT);
        assertThat(probe.poll(10, TimeUnit.SECONDS)).isEqualTo("probe");
        template.sendBodyAndHeader("direct:local", "own", "key", "opts/origin/local/own");
        assertThat(localOnly.poll(10, TimeUnit.SECONDS)).isEqualTo("own");
        assertThat(localOnly).isEmpty();
    }

    /**
     * The component's inline config (timestamping on) applies to an endpoint without one; an
     * endpoint's config replaces it (timestamping off): the peer sees the timestamps, or none.
     */
    @Test
    void configOfTheComponentAppliesAndTheUriOverridesIt() throws Exception {
        awaitConnected();
        Sample s = firstSample("direct:stamped", "opts/config/component");
        assertThat(s.timestamp()).as("timestamp of a stamping session").isNotNull();
        s = firstSample("direct:unstamped", "opts/config/uri");
        assertThat(s.timestamp()).as("timestamp of a session without timestamping").isNull();
    }

    /** Sends through {@code route} until the peer receives a sample on {@code key}. */
    private Sample firstSample(String route, String key) {
        Sample[] got = new Sample[1];
        try (Collector c = new Collector(key)) {
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> {
                        template.sendBody(route, "x");
                        got[0] = poll(c);
                        return got[0] != null;
                    },
                    "a sample on " + key);
        }
        return got[0];
    }

    /**
     * session is autowired: the registry's only Session becomes every endpoint's, the component
     * opens none of its own and leaves that one open when it stops.
     */
    @Test
    void theRegistrysOnlySessionIsAutowiredAndNotClosed() throws Exception {
        try (Session mine = Session.open(Loopback.connector(port));
                Collector c = new Collector("opts/autowired")) {
            CamelContext other = new DefaultCamelContext();
            other.getRegistry().bind("mine", mine);
            other.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:a").to("zenoh:opts/autowired");
                        }
                    });
            other.start();
            try {
                ZenohComponent zenoh = other.getComponent("zenoh", ZenohComponent.class);
                assertThat(zenoh.getConfiguration().getSession()).isSameAs(mine);
                ProducerTemplate t = other.createProducerTemplate();
                Loopback.await(
                        Duration.ofSeconds(10),
                        () -> {
                            t.sendBody("direct:a", "x");
                            return poll(c) != null;
                        },
                        "a sample through the autowired session");
                assertThat(zenoh.sessions().snapshot())
                        .as("sessions the component opened")
                        .isEmpty();
                assertThat(zenoh.openSessions()).as("the user's session is not listed").isEmpty();
            } finally {
                other.stop();
            }
            c.samples.clear();
            mine.put("opts/autowired", utf8("still open"), null, null, Qos.DEFAULT);
            String got;
            do {
                // a put of the loop above may arrive late, after the clear()
                got = new String(c.next().payload(), StandardCharsets.UTF_8);
            } while (got.equals("x"));
            assertThat(got).isEqualTo("still open");
        }
    }

    /**
     * openSessions lists the sessions the component opened for its routes while they are open: here
     * one (every endpoint shares the component's config, the URIs' own configs aside).
     */
    @Test
    void openSessionsListsTheSessionsTheRoutesUse() throws Exception {
        awaitConnected();
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        assertThat(zenoh.openSessions())
                .as("open sessions of the component")
                .isNotEmpty()
                .doesNotContain(peer)
                .noneMatch(Session::isClosed)
                .allMatch(s -> s.info().peers().contains(peer.info().zid()));
        List<Session> open = zenoh.openSessions();
        context.stop();
        assertThat(open).allMatch(Session::isClosed);
        assertThat(zenoh.openSessions()).as("after the component stopped").isEmpty();
    }

    private static Sample poll(Collector c) {
        try {
            return c.poll(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
