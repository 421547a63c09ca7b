/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterView;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The members of {@link ZenohClusterService} tests in one JVM: Camel contexts whose client sessions
 * reach each other through a router session on a free loopback port; a member dies by closing its
 * session (its tokens go with it, as when its process dies). Everything is closed after each test.
 */
abstract class ClusterMembersTestBase {

    protected final int port = Loopback.freePort();
    protected Session router;
    private final List<CamelContext> contexts = new ArrayList<>();
    protected final List<Session> sessions = new ArrayList<>();

    @BeforeEach
    void startRouter() {
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("router")
                                .withMulticastScouting(false)
                                .withListen(Loopback.endpoint(port)));
    }

    @AfterEach
    void stopAll() {
        contexts.forEach(CamelContext::stop);
        sessions.forEach(Session::close);
        router.close();
    }

    /** A started context with a cluster service of this id on its own client session. */
    protected Member member(String id, int quorum, RouteBuilder routes) throws Exception {
        return member(id, quorum, routes, System::currentTimeMillis, true);
    }

    /**
     * @param clock the wall clock the member's join time is read from
     * @param stoppedAfter false when the test stops the context itself (a stop that hangs must fail
     *     the test, not hang the clean-up)
     */
    protected Member member(
            String id, int quorum, RouteBuilder routes, LongSupplier clock, boolean stoppedAfter)
            throws Exception {
        Session s =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withMulticastScouting(false)
                                .withConnect(Loopback.endpoint(port)));
        sessions.add(s);
        ZenohClusterService service = new ZenohClusterService();
        service.setId(id);
        service.setSession(s);
        service.setQuorum(quorum);
        service.clock(clock);
        CamelContext c = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setMode(io.github.camelzenoh.zenoh.Mode.CLIENT);
        zenoh.getConfiguration().setConnect(Loopback.endpoint(port));
        zenoh.getConfiguration().setMulticastScouting(false);
        c.addComponent("zenoh", zenoh);
        c.addService(service);
        if (routes != null) {
            c.addRoutes(routes);
        }
        if (stoppedAfter) {
            contexts.add(c);
        }
        c.start();
        return new Member(id, c, service, s);
    }

    protected record Member(
            String id, CamelContext context, ZenohClusterService service, Session session) {
        CamelClusterView view(String ns) throws Exception {
            return service.getView(ns);
        }

        boolean leads(String ns) {
            return service.isLeader(ns);
        }
    }

    /** A master: route on {@code ns} that counts its timer's ticks. */
    protected static RouteBuilder masterTimer(String ns, AtomicInteger ticks) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("master:" + ns + ":timer:tick?period=20")
                        .routeId("lead")
                        .process(e -> ticks.incrementAndGet());
            }
        };
    }
}
