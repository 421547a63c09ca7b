/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.main.Main;

/**
 * The bridge on fresh loopback ports, with a binding session connected to its zenoh side: the
 * fixture of the bridge's tests. {@link #close} stops both.
 */
final class TestBridge implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    final Main main;
    final Session peer;
    final int httpPort;

    /** The port of the bridge's zenoh listener (127.0.0.1), for other peers to connect to. */
    final int zenohPort;

    /** Camel's management server (health, metrics), on a port of its own. */
    final int managementPort;

    private TestBridge(Main main, Session peer, int httpPort, int zenohPort, int managementPort) {
        this.main = main;
        this.peer = peer;
        this.httpPort = httpPort;
        this.zenohPort = zenohPort;
        this.managementPort = managementPort;
    }

    /**
     * Starts the bridge with {@code args} besides its ports, and waits for the peer to reach it.
     */
    static TestBridge start(String... args) {
        // a free port may be taken again before the bridge binds it (another process's outgoing
        // connection is given it as its local port): such a start is tried again on new ports
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(args);
            } catch (RuntimeException e) {
                if (attempt == 3 || !portTaken(e)) {
                    throw e;
                }
            }
        }
    }

    private static boolean portTaken(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("cannot listen") || m.contains("in use")) {
                return true;
            }
        }
        return false;
    }

    private static TestBridge startOnce(String... args) {
        int httpPort = Loopback.freePort();
        int zenohPort = Loopback.freePort();
        int managementPort = Loopback.freePort();
        List<String> all = new ArrayList<>(List.of(args));
        all.add(0, "--http.port=" + httpPort);
        all.add(0, "--http.managementPort=" + managementPort);
        all.add(1, "--zenoh.listen=" + Loopback.endpoint(zenohPort));
        Main main = ZenohHttpBridge.create(all.toArray(String[]::new));
        Session peer = null;
        try {
            main.start();
            peer = Session.open(Loopback.connector(zenohPort));
            Session connected = peer;
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> !connected.info().peers().isEmpty(),
                    "peer to reach the bridge");
            return new TestBridge(main, peer, httpPort, zenohPort, managementPort);
        } catch (Exception | AssertionError e) {
            if (peer != null) {
                peer.close();
            }
            main.stop();
            throw e;
        }
    }

    /** The bridge's zenoh session (bound as zenohSession). */
    static Session session(Main main) {
        return main.getCamelContext()
                .getRegistry()
                .lookupByNameAndType("zenohSession", Session.class);
    }

    /**
     * Waits until the bridge's session knows a subscriber of another session on {@code keyExpr}: a
     * subscriber's declaration reaches the bridge some time after it is made (after a Python peer's
     * READY too), and until it has, the bridge's puts on the key go nowhere.
     */
    static void awaitSubscriber(Main main, String keyExpr) {
        Loopback.awaitRemoteSubscriber(session(main), keyExpr);
    }

    /** {@link #awaitSubscriber(Main, String)} for a subscriber of this fixture's peer (or any). */
    void awaitSubscriber(String keyExpr) {
        awaitSubscriber(main, keyExpr);
    }

    /**
     * GETs {@code path} through the bridge on {@code httpPort} until the answer holds a reply (at
     * most 20 s): a queryable's declaration reaches the bridge's session some time after it is made
     * (after a Python peer's READY too), and until it has, a GET finds nobody to ask and is
     * answered at once with an empty list. The queryable answers these GETs too.
     */
    static void awaitAnswer(int httpPort, String path) throws IOException, InterruptedException {
        HttpRequest get =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/" + path))
                        .timeout(Duration.ofSeconds(20))
                        .GET()
                        .build();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String last;
        do {
            HttpResponse<String> r = HTTP.send(get, HttpResponse.BodyHandlers.ofString());
            last = r.statusCode() + " " + r.body();
            if (r.statusCode() == 200 && !r.body().equals("[]")) {
                return;
            }
            Thread.sleep(10);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("no reply to GET /" + path + " within 20 s; last answer: " + last);
    }

    /** {@link #awaitAnswer(int, String)} through this fixture's bridge. */
    void awaitAnswer(String path) throws IOException, InterruptedException {
        awaitAnswer(httpPort, path);
    }

    @Override
    public void close() {
        peer.close();
        main.stop();
    }
}
