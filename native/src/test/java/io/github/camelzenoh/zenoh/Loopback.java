package io.github.camelzenoh.zenoh;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Test helpers: free loopback ports, peer pairs on loopback (multicast off), polling waits. */
public final class Loopback {

    private Loopback() {
    }

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
        return SessionConfig.loopbackPeer().withConnect(endpoint(port)).withOverride("listen/endpoints", "[]");
    }

    /** Two connected peer sessions: [0] listens, [1] connects. */
    public static Session[] pair() {
        int port = freePort();
        Session a = Session.open(listener(port));
        Session b = Session.open(connector(port));
        String aZid = a.info().zid();
        await(Duration.ofSeconds(10), () -> b.info().peers().contains(aZid), "peers to connect");
        return new Session[] {a, b};
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

    /** Declarations propagate asynchronously between peers; this is the settle time tests allow. */
    public static void settle() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
