/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.main.Main;

/**
 * The bridge on fresh loopback ports, with a binding session connected to its zenoh side: the
 * fixture of the bridge's tests. {@link #close} stops both.
 */
final class TestBridge implements AutoCloseable {

    final Main main;
    final Session peer;
    final int httpPort;

    private TestBridge(Main main, Session peer, int httpPort) {
        this.main = main;
        this.peer = peer;
        this.httpPort = httpPort;
    }

    /**
     * Starts the bridge with {@code args} besides its ports, and waits for the peer to reach it.
     */
    static TestBridge start(String... args) {
        int httpPort = Loopback.freePort();
        int zenohPort = Loopback.freePort();
        List<String> all = new ArrayList<>(List.of(args));
        all.add(0, "--http.port=" + httpPort);
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
            return new TestBridge(main, peer, httpPort);
        } catch (Exception | AssertionError e) {
            if (peer != null) {
                peer.close();
            }
            main.stop();
            throw e;
        }
    }

    @Override
    public void close() {
        peer.close();
        main.stop();
    }
}
