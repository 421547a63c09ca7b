/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Session;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.CamelContext;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;

/**
 * How the tests wait: on the condition that matters (Awaitility, polled every 10 ms, bounded),
 * never on time. The deliberate waits are those without an event to wait for: {@link
 * #assertNothingArrivesWithin} ("nothing arrives" watches for a stated window), {@link
 * #settledLiveObjects} (a count still for a stated quiet period) and {@link
 * #allowUnobservableDeclarationsToSpread}.
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

    /** Keys of the marker queryables of {@link #awaitDeclarationsKnown}: no test uses them. */
    private static final String MARKER_PREFIX = "camel-zenoh-test/marker/";

    private static final AtomicLong MARKERS = new AtomicLong();

    private static final GetOptions MARKER_GET = GetOptions.DEFAULT.withTimeout(1000);

    /**
     * Waits until {@code asker} has taken in what {@code declarer} had declared when this is
     * called: queryables, liveliness tokens and subscribers, which zenoh reports no matching status
     * of to a querier or a liveliness subscriber in this binding. A marker queryable is declared on
     * {@code declarer} after them, and {@code asker} asks it until it answers: a session pushes its
     * declarations onto its link's one control queue before the declare call returns, and the other
     * side applies them in the order they arrive, so {@code asker} can only route a get to the
     * marker once it has applied every declaration made before it. Holds for a direct link (as the
     * tests use it); it fails if {@code asker} already knows another queryable of {@code declarer}
     * matching the marker's key (none does: the prefix is this helper's own).
     */
    static void awaitDeclarationsKnown(Session declarer, Session asker) {
        String key = MARKER_PREFIX + MARKERS.incrementAndGet();
        try (Queryable marker =
                declarer.declareQueryable(
                        key,
                        QueryableOptions.DEFAULT,
                        q -> {
                            q.reply(key, new byte[0], null, null);
                            q.finish();
                        })) {
            until(
                    "the declarations of session "
                            + declarer.info().zid()
                            + " to be known to session "
                            + asker.info().zid(),
                    () -> !asker.get(key, MARKER_GET).join().isEmpty());
        }
    }

    /**
     * Waits until every session of the context's zenoh component that connects somewhere has taken
     * in what {@code declarer} declared so far (see {@link #awaitDeclarationsKnown}): what a
     * route's get needs before it reaches a queryable {@code declarer} has just declared.
     */
    static void awaitDeclarationsKnownByRoutes(Session declarer, CamelContext context) {
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        until("the routes' zenoh session to open", () -> !zenoh.sessions().snapshot().isEmpty());
        for (ZenohSessions.Info i : zenoh.sessions().snapshot()) {
            if (!i.config().connect().isEmpty() && !i.session().isClosed()) {
                awaitDeclarationsKnown(declarer, i.session());
            }
        }
    }

    /**
     * The live native object count once it has not changed for 300 ms (waited for at most {@link
     * #TIMEOUT}, then the last count): zenoh's threads release some objects a moment after the call
     * that used them has returned (a get's listener just after its completion), so a count taken at
     * once may still hold them. A stated quiet period: the release itself shows nowhere.
     */
    static long settledLiveObjects() {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        long last = NativeDiagnostics.liveObjects();
        long since = System.nanoTime();
        while (System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            long now = NativeDiagnostics.liveObjects();
            if (now != last) {
                last = now;
                since = System.nanoTime();
            } else if (System.nanoTime() - since >= QUIET.toNanos()) {
                break;
            }
        }
        return last;
    }

    private static final Duration QUIET = Duration.ofMillis(300);

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
     * A stated pause, not a wait on a condition: for what has no event to wait for (a zenoh-ext
     * cache's queryable, or a moment for anything more to arrive before counting). A declaration a
     * test needs before it asks or puts is waited for instead: {@link #awaitSubscriber}, {@link
     * #awaitDeclarationsKnown}.
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
