/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Route tests against a real zenoh peer: {@link #peer} is a plain binding session listening on a
 * loopback port; the Camel context's zenoh component connects to it (multicast scouting off,
 * listening on loopback only). Nothing is mocked.
 */
public abstract class ZenohTestSupport extends CamelTestSupport {

    protected static int port;
    protected static Session peer;

    @BeforeAll
    static void openPeer() {
        port = Loopback.freePort();
        peer = Session.open(Loopback.listener(port));
    }

    @AfterAll
    static void closePeer() {
        if (peer != null) {
            peer.close();
        }
    }

    /** Component defaults that make every endpoint of the test reach {@link #peer} on loopback. */
    protected static void configure(ZenohConfiguration c) {
        c.setConnect(Loopback.endpoint(port));
        c.setListen("tcp/127.0.0.1:0");
        c.setMulticastScouting(false);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        configure(zenoh.getConfiguration());
        context.addComponent("zenoh", zenoh);
        return context;
    }

    /**
     * Waits until the component's session reached the peer and the peer knows the subscriber of
     * every started zenoh subscriber route (a put from the peer then reaches it), and what every
     * started queryable or liveliness route declared (a get from the peer then reaches its
     * queryable): zenoh shows no matching status for those, so a marker declared after them on the
     * route's session is asked until it answers ({@link Waits#awaitDeclarationsKnown}).
     */
    protected void awaitConnected() {
        Waits.until("camel session to reach the peer", () -> !peer.info().peers().isEmpty());
        Set<Session> declaring = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Route r : context.getRoutes()) {
            if (r.getConsumer() instanceof ZenohConsumer c
                    && context.getRouteController().getRouteStatus(r.getRouteId()).isStarted()
                    && reachesThePeer(c.getEndpoint().getConfiguration())) {
                if (c.getEndpoint().options().consumerType() == ZenohConsumerType.SUBSCRIBER) {
                    Waits.awaitSubscriber(peer, Waits.concreteKey(c.getEndpoint().getKeyExpr()));
                } else {
                    declaring.add(c.getEndpoint().session());
                }
            }
        }
        for (Session s : declaring) {
            Waits.awaitDeclarationsKnown(s, peer);
        }
    }

    private static boolean reachesThePeer(ZenohConfiguration c) {
        return c.getSession() == null
                && c.getConfig() == null
                && c.getConfigFile() == null
                && c.getConnect() != null
                && c.getConnect().contains(Loopback.endpoint(port));
    }

    /** A subscriber on the peer collecting samples; close it after use. */
    protected static final class Collector implements AutoCloseable {
        final BlockingQueue<Sample> samples = new LinkedBlockingQueue<>();
        private final Subscriber sub;

        Collector(String keyExpr) {
            sub = peer.declareSubscriber(keyExpr, SubscriberOptions.DEFAULT, samples::add);
        }

        Sample next() throws InterruptedException {
            Sample s = samples.poll(10, TimeUnit.SECONDS);
            if (s == null) {
                throw new AssertionError("no sample within 10 s");
            }
            return s;
        }

        Sample poll(long millis) throws InterruptedException {
            return samples.poll(millis, TimeUnit.MILLISECONDS);
        }

        @Override
        public void close() {
            sub.close();
        }
    }

    static SessionConfig stampingPeerConfig(int port) {
        return Loopback.connector(port).withOverride("timestamping/enabled", "true");
    }
}
