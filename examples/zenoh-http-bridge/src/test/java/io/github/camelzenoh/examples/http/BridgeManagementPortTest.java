/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * Camel's management server on its own port, told truthfully at startup: the port it actually
 * listens on (also for port 0), not a port another process holds, and never the API's port (a
 * review: the log named 0, or a port in use answered by another bridge; an equal port hid zenoh
 * keys again).
 */
class BridgeManagementPortTest {

    @Test
    void aManagementPortEqualToTheApisIsRefused() {
        int port = Loopback.freePort();
        assertPortsRefused(port, port);
    }

    /** Port 0 for both: Camel would serve management on the API's server (it reuses it). */
    @Test
    void portZeroForBothIsRefused() {
        assertPortsRefused(0, 0);
    }

    /** The bridge with these API and management ports does not start, naming the option. */
    private static void assertPortsRefused(int apiPort, int managementPort) {
        Main main =
                ZenohHttpBridge.create(
                        "--http.port=" + apiPort,
                        "--http.managementPort=" + managementPort,
                        "--zenoh.listen=" + Loopback.endpoint(Loopback.freePort()),
                        "--bridge.demo=false");
        try {
            assertThatThrownBy(main::start).hasStackTraceContaining("--http.managementPort");
        } finally {
            main.stop();
        }
    }

    @Test
    void portZeroIsLoggedAsThePortBound() {
        try (TestBridge bridge =
                TestBridge.start("--bridge.demo=false", "--http.managementPort=0")) {
            String health =
                    BoundAddressLog.describe(bridge.main.getCamelContext()).stream()
                            .filter(l -> l.contains("health:"))
                            .findFirst()
                            .orElseThrow();
            assertThat(health).doesNotContain(":0/").matches(".*http://127\\.0\\.0\\.1:\\d+/.*");
        }
    }

    @Test
    void aManagementPortInUseIsSaid() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                TestBridge bridge =
                        TestBridge.start(
                                "--bridge.demo=false",
                                "--http.managementPort=" + taken.getLocalPort())) {
            assertThat(BoundAddressLog.describe(bridge.main.getCamelContext()))
                    .anyMatch(l -> l.contains("not listening"))
                    .noneMatch(l -> l.contains("health: http"));
        }
    }

    /**
     * The API's port in use: the bridge does not start (a review: it logged "listening" on a port
     * another process answered, with health UP).
     */
    @Test
    void anApiPortInUseFailsTheStart() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Main main =
                    ZenohHttpBridge.create(
                            "--http.port=" + taken.getLocalPort(),
                            "--http.managementPort=" + Loopback.freePort(),
                            "--zenoh.listen=" + Loopback.endpoint(Loopback.freePort()),
                            "--bridge.demo=false");
            try {
                assertThatThrownBy(main::start)
                        .hasStackTraceContaining("--http.port")
                        .hasStackTraceContaining(String.valueOf(taken.getLocalPort()));
            } finally {
                main.stop();
            }
        }
    }

    /**
     * With {@code --http.devConsole=true} the management port serves Camel's dev consoles, the
     * zenoh console among them, as the startup log and the README say (a review: every request
     * answered "Developer Console is not included. Add camel-console to classpath."); off, it
     * serves none.
     */
    @Test
    void theDevConsoleIsServedWhenAskedFor() throws Exception {
        try (TestBridge bridge = TestBridge.start("--http.devConsole=true")) {
            HttpResponse<String> zenoh = zenohConsole(bridge);
            assertThat(zenoh.statusCode()).isEqualTo(200);
            assertThat(zenoh.body()).doesNotContain("not included").contains("demo/example/camel");
        }
        try (TestBridge bridge = TestBridge.start()) {
            assertThat(zenohConsole(bridge).body()).doesNotContain("demo/example/camel");
        }
    }

    private static HttpResponse<String> zenohConsole(TestBridge bridge) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + bridge.managementPort
                                                        + "/q/dev/zenoh"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The zenoh listen port in use: the bridge does not start, naming --zenoh.listen (a review:
     * zenoh's "Address already in use" alone, in a long stack trace).
     */
    @Test
    void aZenohListenPortInUseFailsTheStartNamingTheOption() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Main main =
                    ZenohHttpBridge.create(
                            "--http.port=" + Loopback.freePort(),
                            "--http.managementPort=" + Loopback.freePort(),
                            "--zenoh.listen=" + Loopback.endpoint(taken.getLocalPort()),
                            "--bridge.demo=false");
            try {
                assertThatThrownBy(main::start)
                        .hasStackTraceContaining("--zenoh.listen")
                        .hasStackTraceContaining(String.valueOf(taken.getLocalPort()));
            } finally {
                main.stop();
            }
        }
    }
}
