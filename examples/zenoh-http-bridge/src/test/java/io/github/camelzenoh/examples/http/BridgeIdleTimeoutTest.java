/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;

/**
 * Connections idle for {@code http.idleTimeout} are closed: a client that sends half a request head
 * and stops (slowloris) no longer holds its connection, and a file descriptor, forever; nor does an
 * idle keep-alive connection. The bridge goes on answering meanwhile.
 */
class BridgeIdleTimeoutTest {

    @Test
    void halfSentRequestHeadsAndIdleConnectionsAreClosedAfterTheIdleTimeout() throws Exception {
        BridgeVertx vertx;
        try (TestBridge bridge =
                        TestBridge.start("--http.idleTimeout=1000", "--bridge.demo=false");
                Socket half = new Socket("127.0.0.1", bridge.httpPort);
                Socket idle = new Socket("127.0.0.1", bridge.httpPort)) {
            vertx =
                    bridge.main
                            .getCamelContext()
                            .getRegistry()
                            .lookupByNameAndType("bridgeVertx", BridgeVertx.class);
            assertThat(vertx).as("the Vert.x platform-http's server runs on").isNotNull();
            half.setSoTimeout(20_000);
            idle.setSoTimeout(20_000);
            long start = System.nanoTime();
            half.getOutputStream()
                    .write(
                            "GET /idle/a HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
                                    .getBytes(StandardCharsets.US_ASCII));
            idle.getOutputStream()
                    .write(
                            "GET /idle/b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
            // answered, then kept alive: closed once idle
            String answered = new String(read(idle.getInputStream()), StandardCharsets.ISO_8859_1);
            assertThat(answered).startsWith("HTTP/1.1 200 ");
            // the half-sent head: nothing answered, the connection closed
            assertThat(read(half.getInputStream())).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(10));
        }
        // the bridge's Vert.x is closed with it: no event-loop threads left behind
        assertThat(vertx.getEventLoopGroup().awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * One Vert.x per bridge: Camel Main asked the configuration's bean method twice, and each call
     * made a Vert.x (its threads) and a stop listener that every exchange event then passed.
     */
    @Test
    void theBridgeMakesOneVertx() throws Exception {
        try (TestBridge bridge = TestBridge.start("--bridge.demo=false")) {
            CamelContext context = bridge.main.getCamelContext();
            long listeners =
                    context.getManagementStrategy().getEventNotifiers().stream()
                            .filter(
                                    n ->
                                            n.getClass()
                                                    .getName()
                                                    .startsWith(
                                                            BridgeConfiguration.class.getName()
                                                                    + "$"))
                            .count();
            assertThat(listeners).as("the bridge's Vert.x stop listeners").isEqualTo(1);
        }
    }

    /** Everything until the server closes the connection (EOF or reset). */
    static byte[] read(InputStream in) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // closed with a reset: the same for this test
        }
        return out.toByteArray();
    }
}
