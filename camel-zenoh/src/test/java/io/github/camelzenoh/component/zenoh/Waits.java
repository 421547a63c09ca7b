/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.camel.CamelContext;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;

/**
 * How the tests wait: on the condition that matters (Awaitility, polled every 10 ms, bounded),
 * never on time. The one deliberate wait is {@link #assertNothingArrivesWithin}: "nothing arrives"
 * has no event to wait for, so it watches for a stated window.
 */
final class Waits {

    /** The bound of a wait on something that normally takes milliseconds. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static final Duration POLL = Duration.ofMillis(10);

    private Waits() {}

    /** A wait named {@code what} (the name is in the failure), bounded by {@link #TIMEOUT}. */
    static ConditionFactory await(String what) {
        return await(what, TIMEOUT);
    }

    static ConditionFactory await(String what, Duration atMost) {
        return Awaitility.await(what)
                .atMost(atMost)
                .pollDelay(Duration.ZERO)
                .pollInterval(POLL)
                .ignoreNoExceptions();
    }

    /**
     * Waits until {@code condition} holds, at most {@link #TIMEOUT}; fails with an AssertionError.
     */
    static void until(String what, Callable<Boolean> condition) {
        until(what, TIMEOUT, condition);
    }

    static void until(String what, Duration atMost, Callable<Boolean> condition) {
        try {
            await(what, atMost).until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /**
     * Deliberately watches for {@code window}: fails as soon as {@code nothingYet} turns false (a
     * message, a duplicate or a late sample arrived), passes when the window ends without it.
     */
    static void assertNothingArrivesWithin(
            Duration window, String what, Callable<Boolean> nothingYet) {
        long end = System.nanoTime() + window.toNanos();
        try {
            do {
                if (!nothingYet.call()) {
                    throw new AssertionError(what + ": arrived within " + window);
                }
                Thread.sleep(POLL.toMillis());
            } while (System.nanoTime() - end < 0);
            if (!nothingYet.call()) {
                throw new AssertionError(what + ": arrived within " + window);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (AssertionError | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Waits until {@code session} knows a subscriber of another session matching {@code key} (a
     * concrete key): a put from it then reaches that subscriber instead of being lost to
     * declaration propagation.
     */
    static void awaitSubscriber(Session session, String key) {
        PublisherOptions remoteOnly =
                PublisherOptions.DEFAULT.withQos(Qos.DEFAULT.withDestination(Locality.REMOTE));
        try (Publisher probe = session.declarePublisher(key, remoteOnly)) {
            until(
                    "a subscriber on '" + key + "' to be known to session " + session.info().zid(),
                    probe::hasMatchingSubscribers);
        }
    }

    /**
     * Waits until every session of the context's zenoh component that connects somewhere knows a
     * subscriber matching {@code key} elsewhere: what a route's producer needs before its put
     * reaches a test's collector.
     */
    static void awaitSubscriberSeenByRoutes(CamelContext context, String key) {
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        until("the routes' zenoh session to open", () -> !zenoh.sessions().snapshot().isEmpty());
        for (ZenohSessions.Info i : zenoh.sessions().snapshot()) {
            if (!i.config().connect().isEmpty() && !i.session().isClosed()) {
                awaitSubscriber(i.session(), key);
            }
        }
    }

    /**
     * Waits until the sessions of the context's zenoh component that connect somewhere see the
     * liveliness token {@code key} (a liveliness query of theirs answers it).
     */
    static void awaitLivelinessToken(CamelContext context, String key) {
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        until("the routes' zenoh session to open", () -> !zenoh.sessions().snapshot().isEmpty());
        for (ZenohSessions.Info i : zenoh.sessions().snapshot()) {
            if (!i.config().connect().isEmpty() && !i.session().isClosed()) {
                until(
                        "liveliness token '"
                                + key
                                + "' seen by session "
                                + i.session().info().zid(),
                        () -> !i.session().livelinessGet(key, 1000).get().isEmpty());
            }
        }
    }

    /**
     * A concrete key in {@code keyExpr} ({@code *}, {@code **} and {@code $*} chunks become "x"),
     * for probing who subscribes to it.
     */
    static String concreteKey(String keyExpr) {
        StringBuilder b = new StringBuilder();
        for (String chunk : keyExpr.split("/", -1)) {
            b.append(b.length() == 0 ? "" : "/").append(chunk.contains("*") ? "x" : chunk);
        }
        return b.toString();
    }

    /**
     * The one allowance for declarations without an observable arrival (queryables, liveliness
     * tokens: zenoh reports no matching status for them to a querier or a liveliness subscriber in
     * this binding): a stated pause, not a wait on a condition.
     */
    static void allowUnobservableDeclarationsToSpread() {
        try {
            Thread.sleep(UNOBSERVABLE_PROPAGATION.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static final Duration UNOBSERVABLE_PROPAGATION = Duration.ofMillis(300);
}
