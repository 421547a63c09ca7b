/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static io.github.camelzenoh.examples.http.BridgeBodyBudgetTest.awaitBuffered;
import static io.github.camelzenoh.examples.http.BridgeBodyBudgetTest.metric;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Chunked PUTs whose clients leave mid-body free their worker at once, however early they leave. A
 * cold review sent 200 such uploads ({@code 3\r\nab}, then close): the worker attached its body
 * handlers after the connection had closed, missed the close, and waited for the body timeout (30 s
 * by default: PUT, DELETE and the management port's health and metrics stopped answering while
 * Vert.x's 20 workers waited; with {@code http.bodyTimeout=0}, for good).
 */
class BridgeCancelledUploadTest {

    @Test
    void cancelledChunkedUploadsHoldNoWorkerEvenWithoutABodyTimeout() throws Exception {
        int uploads = 200;
        try (TestBridge bridge = TestBridge.start("--http.bodyTimeout=0", "--bridge.demo=false")) {
            byte[] head =
                    ("PUT /cancelled/k HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    + "Transfer-Encoding: chunked\r\n\r\n3\r\nab")
                            .getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < uploads; i++) {
                try (Socket s = new Socket("127.0.0.1", bridge.httpPort)) {
                    s.getOutputStream().write(head);
                    s.getOutputStream().flush();
                }
            }
            HttpResponse<String> put =
                    HttpClient.newHttpClient()
                            .send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            "http://127.0.0.1:"
                                                                    + bridge.httpPort
                                                                    + "/cancelled/after"))
                                            .timeout(Duration.ofSeconds(10))
                                            .PUT(HttpRequest.BodyPublishers.ofString("v"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).as("a PUT after them is served").isEqualTo(200);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (bridge.main.getCamelContext().getInflightRepository().size("zenoh-rest") > 0
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(bridge.main.getCamelContext().getInflightRepository().size("zenoh-rest"))
                    .as("no upload left waiting")
                    .isZero();
            awaitBuffered(bridge, 0);
            // each cut-short body counted as abandoned, none as timed out (there is no timeout)
            assertThat(metric(bridge, "zenoh_bridge_http_body_abandoned_total", ""))
                    .isEqualTo(uploads);
        }
    }
}
