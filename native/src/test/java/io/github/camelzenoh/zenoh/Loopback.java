/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Test helpers: free loopback ports, loopback peer configurations (multicast off), polling waits.
 */
public final class Loopback {

    private Loopback() {}

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String endpoint(int port) {
        return "tcp/127.0.0.1:" + port;
    }

    /** A peer listening on a fresh loopback port. */
    public static SessionConfig listener(int port) {
        return SessionConfig.loopbackPeer().withListen(endpoint(port));
    }

    /** A peer that connects to {@code port} and listens nowhere. */
    public static SessionConfig connector(int port) {
        return SessionConfig.loopbackPeer()
                .withConnect(endpoint(port))
                .withOverride("listen/endpoints", "[]");
    }

    public static void await(Duration timeout, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The next sample of {@code queue}, failing the test when none comes within 10 s. */
    public static Sample next(BlockingQueue<Sample> queue) {
        try {
            Sample s = queue.poll(10, TimeUnit.SECONDS);
            if (s == null) {
                throw new AssertionError("no sample within 10 s");
            }
            return s;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * Waits (at most 20 s) until {@code session} routes puts on {@code keyExpr} to a subscriber of
     * another session: a subscriber's declaration reaches the other sessions some time after
     * declareSubscriber returns, and until it has, their puts on the key go nowhere. Asks the
     * matching status of a probe publisher whose destination is remote (a subscriber of {@code
     * session} itself does not count).
     */
    public static void awaitRemoteSubscriber(Session session, String keyExpr) {
        try (Publisher probe =
                session.declarePublisher(
                        keyExpr,
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT.withDestination(Locality.REMOTE)))) {
            await(
                    Duration.ofSeconds(20),
                    probe::hasMatchingSubscribers,
                    "a subscriber of another session on '" + keyExpr + "' to reach this one");
        }
    }

    /**
     * Sends {@code get} again until its replies are not empty (at most 20 s), and returns them: a
     * queryable's declaration reaches the other sessions some time after declareQueryable returns,
     * and until it has, their gets find nobody to ask and complete at once without a reply. For a
     * queryable that always replies: a get that came back empty then never reached it, so only the
     * answered one had any effect (one that may answer nothing needs a wait of its own).
     */
    public static List<Reply> firstAnswered(Supplier<CompletableFuture<List<Reply>>> get) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (; ; ) {
            List<Reply> replies;
            try {
                replies = get.get().get(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            } catch (ExecutionException | TimeoutException e) {
                throw new AssertionError("get did not complete", e);
            }
            if (!replies.isEmpty()) {
                return replies;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no reply within 20 s: no queryable reached");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /**
     * Gets {@code keyExpr} from {@code asker} until some queryable answers (see {@link
     * #firstAnswered}); the queryables on the key answer these gets too.
     */
    public static void awaitQueryable(Session asker, String keyExpr) {
        firstAnswered(() -> asker.get(keyExpr, GetOptions.DEFAULT));
    }

    /**
     * Declarations propagate asynchronously between peers; this is the settle time tests allow.
     * Only a pause: a test that needs a declaration to have arrived waits for it ({@link
     * #awaitRemoteSubscriber}, {@link #firstAnswered}).
     */
    public static void settle() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
