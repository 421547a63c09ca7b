/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static io.github.camelzenoh.examples.http.BridgeBodyBudgetTest.awaitBuffered;
import static io.github.camelzenoh.examples.http.BridgeBodyBudgetTest.metric;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
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
        // 1,000: a 200 ms grace per cut request (a first fix) held the 20 workers for 10 s
        int uploads = 1000;
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
                                            .timeout(Duration.ofSeconds(5))
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

    /**
     * A client that sends a whole PUT or DELETE and closes at once (as {@code nc -q0} does) is
     * served: what the connection received is read before the close counts. A first version of the
     * fix above ended such requests as cut short, 0 to 71 of 200 PUTs delivered (a review).
     */
    @Test
    void wholeRequestsFromClientsThatCloseAtOnceAreAllServed() throws Exception {
        int n = 100;
        try (TestBridge bridge = TestBridge.start("--bridge.demo=false")) {
            BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    bridge.peer.declareSubscriber(
                            "closing/**", SubscriberOptions.DEFAULT, got::add)) {
                bridge.awaitSubscriber("closing/put/0");
                for (int i = 0; i < n; i++) {
                    sendAndClose(
                            bridge.httpPort,
                            "PUT /closing/put/"
                                    + i
                                    + " HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello");
                    sendAndClose(
                            bridge.httpPort,
                            "DELETE /closing/del/" + i + " HTTP/1.1\r\nHost: a\r\n\r\n");
                }
                Set<String> puts = new HashSet<>();
                Set<String> deletes = new HashSet<>();
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while ((puts.size() < n || deletes.size() < n) && System.nanoTime() < deadline) {
                    Sample smp = got.poll(100, TimeUnit.MILLISECONDS);
                    if (smp == null) {
                        continue;
                    }
                    if (smp.kind() == SampleKind.DELETE) {
                        deletes.add(smp.keyExpr());
                    } else {
                        assertThat(new String(smp.payload(), StandardCharsets.UTF_8))
                                .isEqualTo("hello");
                        puts.add(smp.keyExpr());
                    }
                }
                assertThat(puts).as("PUTs delivered").hasSize(n);
                assertThat(deletes).as("DELETEs delivered").hasSize(n);
                assertThat(metric(bridge, "zenoh_bridge_http_body_abandoned_total", ""))
                        .as("no whole body counted as abandoned")
                        .isZero();
            }
        }
    }

    private static void sendAndClose(int port, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
        }
    }
}
