/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Gets sent through the session (an override key) when their producer stops while the session stays
 * open for others: each exchange completes once, as zenoh would have completed it (timed out past
 * its timeout) or as ended by the stop (before it), and the producer forgets them.
 */
class ZenohGetStopTest extends ZenohTestSupport {

    private final List<Query> held = new CopyOnWriteArrayList<>();
    private Queryable queryable;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // keeps the component's session open while the get producers stop
                from("zenoh:gs/keep").routeId("keep").to("mock:keep");
            }
        };
    }

    @AfterEach
    void release() {
        held.forEach(Query::finish);
        if (queryable != null) {
            queryable.close();
        }
    }

    /** A queryable that holds every query, unanswered, until the test ends. */
    private void holdingQueryable() {
        queryable = peer.declareQueryable("gs/**", QueryableOptions.DEFAULT, held::add);
        Waits.awaitDeclarationsKnownByRoutes(peer, context);
    }

    private ZenohProducer producer(String uri) throws Exception {
        ZenohProducer p =
                (ZenohProducer) context.getEndpoint(uri, ZenohEndpoint.class).createProducer();
        p.start();
        return p;
    }

    /** One get with the override key (through the session); counts its completions. */
    private Exchange send(ZenohProducer p, AtomicInteger done) {
        Exchange e = new DefaultExchange(context);
        e.getMessage().setBody("q");
        e.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, "gs/x");
        p.process(e, sync -> done.incrementAndGet());
        return e;
    }

    private static final Pattern ENDED =
            Pattern.compile("was ended by its producer stopping (\\d+) ms after it was sent");

    /**
     * Stops landing just before and just after the gets' timeout, before zenoh's timer ends them: a
     * get past its timeout completes as timed out, never as "ended ... before its timeout" (170 of
     * 400 did, 304 ms after they were sent with a timeout of 300).
     */
    @Test
    void aStopPastTheTimeoutCompletesTheGetAsTimedOut() throws Exception {
        holdingQueryable();
        Map<Exchange, AtomicInteger> all = new ConcurrentHashMap<>();
        for (int round = 0; round < 12; round++) {
            ZenohProducer p = producer("zenoh:gs/t?operation=get&timeout=300");
            for (int i = 0; i < 20; i++) {
                AtomicInteger done = new AtomicInteger();
                all.put(send(p, done), done);
            }
            Thread.sleep(295 + ThreadLocalRandom.current().nextInt(0, 12));
            p.stop();
            assertThat(p.sessionGetsInFlight()).isZero();
        }
        Waits.until("every get completed", () -> all.values().stream().allMatch(d -> d.get() > 0));
        Thread.sleep(500); // zenoh's own completions of the ended gets come meanwhile
        all.forEach(
                (e, done) -> {
                    assertThat(done.get()).as("completions of one exchange").isEqualTo(1);
                    if (e.getException() == null) {
                        assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT)).isEqualTo(true);
                    } else {
                        Matcher m = ENDED.matcher(e.getException().getMessage());
                        assertThat(m.find()).as(e.getException().getMessage()).isTrue();
                        assertThat(Long.parseLong(m.group(1)))
                                .as("an ended get ran less than its timeout")
                                .isLessThan(300);
                    }
                });
    }

    /**
     * A get handed to a producer after its stop, while another producer keeps its endpoint (and the
     * session) open, fails at once saying why, with the override key (the session) as without it
     * (no querier left): before, it waited for its timeout (here a day).
     */
    @Test
    void aGetSentToAStoppedProducerFailsAtOnce() throws Exception {
        holdingQueryable();
        ZenohProducer p = producer("zenoh:gs/stopped?operation=get&timeout=1d");
        ZenohProducer other = producer("zenoh:gs/stopped?operation=get&timeout=1d");
        p.stop();
        for (boolean overrideKey : new boolean[] {true, false}) {
            Exchange e = new DefaultExchange(context);
            e.getMessage().setBody("q");
            if (overrideKey) {
                e.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, "gs/x");
            }
            AtomicInteger done = new AtomicInteger();
            p.process(e, sync -> done.incrementAndGet());
            Waits.until("the get to a stopped producer completed", () -> done.get() > 0);
            assertThat(done.get()).isEqualTo(1);
            assertThat(e.getException())
                    .as("override key: " + overrideKey)
                    .hasMessageContaining("zenoh get on 'gs/")
                    .hasMessageContaining("its producer is stopped");
            assertThat(p.sessionGetsInFlight()).isZero();
        }
        assertThat(held).as("no query reached the queryable").isEmpty();
        other.stop();
    }

    /**
     * A livelinessGet is refused by a stopped producer the same way, and a producer that was never
     * started says so rather than "stopped".
     */
    @Test
    void aLivelinessGetToAStoppedProducerAndAGetToOneNeverStartedAreRefused() throws Exception {
        ZenohProducer p = producer("zenoh:gs/alive?operation=livelinessGet&timeout=1d");
        ZenohProducer other = producer("zenoh:gs/alive?operation=livelinessGet&timeout=1d");
        p.stop();
        Exchange e = new DefaultExchange(context);
        AtomicInteger done = new AtomicInteger();
        p.process(e, sync -> done.incrementAndGet());
        assertThat(done.get()).isEqualTo(1);
        assertThat(e.getException())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "zenoh livelinessGet on 'gs/alive' was not sent: its producer is stopped");
        other.stop();

        ZenohProducer never =
                (ZenohProducer)
                        context.getEndpoint("zenoh:gs/never?operation=get", ZenohEndpoint.class)
                                .createProducer();
        Exchange n = new DefaultExchange(context);
        never.process(n, sync -> {});
        assertThat(n.getException())
                .hasMessage("zenoh get on 'gs/never' was not sent: its producer is not started");
    }

    /**
     * Gets sent from several threads while their producer stops: each completes once, soon, whether
     * it was sent before, during or after the stop; none is left to run into its timeout (a day)
     * because it joined the producer's gets after the stop had ended them.
     */
    @Test
    void getsRacingTheStopAllEndSoon() throws Exception {
        holdingQueryable();
        Map<Exchange, AtomicInteger> all = new ConcurrentHashMap<>();
        for (int round = 0; round < 20; round++) {
            ZenohProducer p = producer("zenoh:gs/race?operation=get&timeout=1d");
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            List<Thread> senders = new java.util.ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Thread s =
                        new Thread(
                                () -> {
                                    try {
                                        go.await();
                                    } catch (InterruptedException ie) {
                                        return;
                                    }
                                    for (int i = 0; i < 30; i++) {
                                        AtomicInteger done = new AtomicInteger();
                                        all.put(send(p, done), done);
                                    }
                                });
                s.start();
                senders.add(s);
            }
            go.countDown();
            Thread.sleep(ThreadLocalRandom.current().nextInt(0, 3));
            p.stop();
            for (Thread s : senders) {
                s.join();
            }
            assertThat(p.sessionGetsInFlight()).isZero();
        }
        Waits.until("every get completed", () -> all.values().stream().allMatch(d -> d.get() > 0));
        all.forEach(
                (e, done) -> {
                    assertThat(done.get()).as("completions of one exchange").isEqualTo(1);
                    assertThat(e.getException())
                            .as("a get of a stopped producer fails")
                            .isNotNull();
                    assertThat(e.getException().getMessage())
                            .containsAnyOf(
                                    "was ended by its producer stopping",
                                    "its producer is stopped");
                });
    }

    /**
     * The stop ends and forgets its gets at once, however long their timeout: none stays in the
     * producer (holding its exchange) until zenoh's query ends.
     */
    @Test
    void aStopEndsAndForgetsItsGetsAtOnce() throws Exception {
        holdingQueryable();
        ZenohProducer p = producer("zenoh:gs/long?operation=get&timeout=1d");
        Map<Exchange, AtomicInteger> all = new ConcurrentHashMap<>();
        for (int i = 0; i < 50; i++) {
            AtomicInteger done = new AtomicInteger();
            all.put(send(p, done), done);
        }
        Waits.until("the queryable holds the 50 gets", () -> held.size() == 50);
        assertThat(p.sessionGetsInFlight()).isEqualTo(50);
        p.stop();
        assertThat(p.sessionGetsInFlight()).isZero();
        Waits.until("every get completed", () -> all.values().stream().allMatch(d -> d.get() > 0));
        all.forEach(
                (e, done) -> {
                    assertThat(done.get()).isEqualTo(1);
                    assertThat(e.getException())
                            .hasMessageContaining("was ended by its producer stopping")
                            .hasMessageContaining("before its timeout of 86400000 ms");
                });
    }
}
