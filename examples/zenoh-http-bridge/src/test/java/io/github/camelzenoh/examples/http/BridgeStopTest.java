/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Stopping the bridge (Ctrl-C on run-bridge.sh) ends its open event streams at once: a stream is an
 * exchange that never completes by itself, and Camel's graceful shutdown waited for it the whole 30
 * s of its timeout while a browser tab had the live page open.
 */
class BridgeStopTest {

    @Test
    void anOpenEventStreamDoesNotHoldTheStop() throws Exception {
        TestBridge bridge = TestBridge.start("--bridge.demo=false");
        try (Socket s = new Socket("127.0.0.1", bridge.httpPort)) {
            openStream(s);
            long started = System.nanoTime();
            bridge.close();
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("the bridge stopped with a stream open")
                    .isLessThan(Duration.ofSeconds(10));
        }
    }

    /**
     * Suspending the route with a stream open ends the stream at once, and the route answers again
     * once resumed (a review: the suspend waited 45 s, was forced, and every request was 404 after
     * the resume).
     */
    @Test
    void anOpenEventStreamDoesNotHoldASuspendAndTheRouteAnswersAfterTheResume() throws Exception {
        try (TestBridge bridge = TestBridge.start("--bridge.demo=false");
                Socket s = new Socket("127.0.0.1", bridge.httpPort)) {
            openStream(s);
            var routes = bridge.main.getCamelContext().getRouteController();
            long started = System.nanoTime();
            routes.suspendRoute("zenoh-rest");
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("the route suspended with a stream open")
                    .isLessThan(Duration.ofSeconds(10));
            routes.resumeRoute("zenoh-rest");
            java.net.http.HttpResponse<String> get =
                    java.net.http.HttpClient.newHttpClient()
                            .send(
                                    java.net.http.HttpRequest.newBuilder(
                                                    java.net.URI.create(
                                                            "http://127.0.0.1:"
                                                                    + bridge.httpPort
                                                                    + "/stop/a"))
                                            .build(),
                                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(get.statusCode()).as("a get after the resume").isEqualTo(200);
        }
    }

    /** Opens an event stream on the socket's connection and reads its status line. */
    private static void openStream(Socket s) throws java.io.IOException {
        s.setSoTimeout(20_000);
        s.getOutputStream()
                .write(
                        "GET /stop/** HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
        BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        assertThat(in.readLine()).startsWith("HTTP/1.1 200");
    }
}
