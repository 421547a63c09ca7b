/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

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

    /** Declarations propagate asynchronously between peers; this is the settle time tests allow. */
    public static void settle() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
