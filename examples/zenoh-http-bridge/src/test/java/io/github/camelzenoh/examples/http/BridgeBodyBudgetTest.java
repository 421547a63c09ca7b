/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * Request bodies share one budget of buffered bytes ({@code http.maxBufferedBodyBytes}) and must
 * arrive within {@code http.bodyTimeout}: clients that send most of a large body and stall cannot
 * exhaust the heap. While they hold the budget, a new body is refused with 503 naming the option
 * and GETs are still answered; once they are closed, or time out (408, disconnected), the budget is
 * back and a large PUT succeeds. The management server's metrics show the bytes held and the bodies
 * refused, by reason.
 */
class BridgeBodyBudgetTest {

    static final int LIMIT = 4 << 20;
    static final int BUDGET = 10 << 20;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    /** What zenoh logs (WARN) when a peer's connect takes longer than its scouting delay. */
    static final String SCOUTING_DELAY_ELAPSED =
            "Scouting delay elapsed before start conditions are met";

    /** A PUT of {@code LIMIT} announced bytes of which {@code LIMIT - 1} are sent: then stalls. */
    static Socket stalledPut(int port, String key) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(30_000);
        OutputStream out = s.getOutputStream();
        out.write(
                ("PUT /"
                                + key
                                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                                + LIMIT
                                + "\r\nContent-Type: application/octet-stream\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        out.write(new byte[LIMIT - 1]);
        out.flush();
        return s;
    }

    static HttpResponse<String> put(int port, String key, int size) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/" + key))
                        .timeout(Duration.ofSeconds(30))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[size]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> get(int port, String key) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/" + key))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The bridge's request-body reader, whose budget every request shares. */
    static RawRequestBody bodies(TestBridge bridge) {
        return bridge.main
                .getCamelContext()
                .getRegistry()
                .lookupByNameAndType(HttpBridgeRoutes.BODIES, RawRequestBody.class);
    }

    /**
     * Waits until the bridge holds {@code bytes} of request bodies: the stalled clients' bytes sit
     * in socket buffers until the bridge has read them, and a PUT probing the budget before would
     * race them for it (one of the stalled bodies could be the one refused).
     */
    static void awaitBuffered(TestBridge bridge, long bytes) throws InterruptedException {
        RawRequestBody bodies = bodies(bridge);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (bodies.buffered() != bytes && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(bodies.buffered()).as("bytes of bodies the bridge holds").isEqualTo(bytes);
    }

    /** The management server's metrics (Prometheus text). */
    static String scrape(int managementPort) throws Exception {
        return HTTP.send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + managementPort
                                                        + "/observe/metrics"))
                                .timeout(Duration.ofSeconds(20))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** A sample of {@code metric} (with {@code labels} among its labels) on the metrics, or -1. */
    static double metric(TestBridge bridge, String metric, String labels) throws Exception {
        String body = scrape(bridge.managementPort);
        Matcher m =
                Pattern.compile("(?m)^" + Pattern.quote(metric) + "(\\{[^}]*\\})? ([0-9.eE+-]+)$")
                        .matcher(body);
        while (m.find()) {
            if (m.group(1) == null ? labels.isEmpty() : m.group(1).contains(labels)) {
                return Double.parseDouble(m.group(2));
            }
        }
        return -1;
    }

    @Test
    void stalledBodiesHoldAtMostTheBudgetAndGiveItBackWhenClosed() throws Exception {
        try (TestBridge bridge =
                TestBridge.start(
                        "--http.maxBodySize=" + LIMIT,
                        "--http.maxBufferedBodyBytes=" + BUDGET,
                        "--http.bodyTimeout=60000",
                        "--bridge.demo=false")) {
            int port = bridge.httpPort;
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    stalled.add(stalledPut(port, "budget/stalled" + i));
                }
                awaitBuffered(bridge, 2L * (LIMIT - 1));
                assertThat(metric(bridge, "zenoh_bridge_http_body_buffered_bytes", ""))
                        .isEqualTo(2.0 * (LIMIT - 1));
                // 8 MiB held by the stalled two: 3 MiB more do not fit in 10 MiB
                HttpResponse<String> refused = put(port, "budget/new", 3 << 20);
                assertThat(refused.statusCode()).isEqualTo(503);
                assertThat(refused.body())
                        .contains("http.maxBufferedBodyBytes")
                        .contains(Integer.toString(BUDGET));
                assertThat(
                                metric(
                                        bridge,
                                        "zenoh_bridge_http_body_refused_total",
                                        "reason=\"over_budget\""))
                        .isEqualTo(1.0);
                // the refused body's bytes went back: the stalled two hold what they held
                awaitBuffered(bridge, 2L * (LIMIT - 1));
                // the bridge still answers: a GET, and a body that fits
                assertThat(get(port, "budget/nothing").statusCode()).isEqualTo(200);
                assertThat(put(port, "budget/small", 1 << 20).statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
            // closed: their bytes are back, a large body fits again (twice in a row)
            awaitBuffered(bridge, 0);
            assertThat(put(port, "budget/again", LIMIT).statusCode()).isEqualTo(200);
            assertThat(put(port, "budget/again", LIMIT).statusCode()).isEqualTo(200);
            assertThat(put(port, "budget/again", 3 << 20).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aBodyNotSentWithinTheTimeoutIs408AndItsBytesGoBack() throws Exception {
        try (TestBridge bridge =
                TestBridge.start(
                        "--http.maxBodySize=" + LIMIT,
                        "--http.maxBufferedBodyBytes=" + BUDGET,
                        "--http.bodyTimeout=6000",
                        "--bridge.demo=false")) {
            int port = bridge.httpPort;
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    stalled.add(stalledPut(port, "budget/slow" + i));
                }
                long start = System.nanoTime();
                awaitBuffered(bridge, 2L * (LIMIT - 1));
                HttpResponse<String> refused = put(port, "budget/new", 3 << 20);
                assertThat(refused.statusCode()).isEqualTo(503);
                assertThat(refused.body()).contains("http.maxBufferedBodyBytes");
                assertThat(get(port, "budget/nothing").statusCode()).isEqualTo(200);
                // the stalled clients read a 408 naming the option, then the connection ends
                for (Socket s : stalled) {
                    InputStream in = s.getInputStream();
                    String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertThat(answer)
                            .startsWith("HTTP/1.1 408 ")
                            .contains("http.bodyTimeout")
                            // said, as the bridge then closes the connection
                            .containsIgnoringCase("\r\nconnection: close\r\n");
                }
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .isLessThan(Duration.ofSeconds(20));
                assertThat(
                                metric(
                                        bridge,
                                        "zenoh_bridge_http_body_refused_total",
                                        "reason=\"timed_out\""))
                        .isEqualTo(2.0);
                // their bytes are back
                awaitBuffered(bridge, 0);
                assertThat(put(port, "budget/after", LIMIT).statusCode()).isEqualTo(200);
                assertThat(put(port, "budget/after", 3 << 20).statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
        }
    }

    @Test
    void theMetersAreOnCamelsRegistryWhenAnotherIsBoundToo() throws Exception {
        int httpPort = Loopback.freePort();
        int managementPort = Loopback.freePort();
        Main main =
                ZenohHttpBridge.create(
                        "--http.port=" + httpPort,
                        "--http.managementPort=" + managementPort,
                        "--zenoh.listen=" + Loopback.endpoint(Loopback.freePort()),
                        "--bridge.demo=false");
        // camel-micrometer's (which the management server scrapes), and e.g. a push exporter's
        main.bind(
                "metricsRegistry",
                new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                        io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT));
        main.bind("pushRegistry", new SimpleMeterRegistry());
        main.start();
        try {
            String scraped = scrape(managementPort);
            assertThat(scraped)
                    .contains("zenoh_bridge_http_body_buffered_bytes 0.0")
                    .contains("zenoh_bridge_http_body_refused_total{reason=\"over_budget\"} 0.0");
        } finally {
            main.stop();
        }
    }

    /**
     * A stream (Accept: text/event-stream) takes no body: one sent with it is read and its bytes go
     * back to the budget at once, not when the stream ends (a review: two streams with 1 MiB bodies
     * that never read held a 2 MiB budget, and every PUT was 503, for as long as they stayed).
     */
    @Test
    void aStreamsBodyDoesNotHoldTheBudgetForTheStreamsLife() throws Exception {
        int body = 1 << 20;
        try (TestBridge bridge =
                TestBridge.start(
                        "--http.maxBodySize=" + body,
                        "--http.maxBufferedBodyBytes=" + 2 * body,
                        "--bridge.demo=false")) {
            List<Socket> streams = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    Socket s = new Socket("127.0.0.1", bridge.httpPort);
                    streams.add(s);
                    OutputStream out = s.getOutputStream();
                    out.write(
                            ("POST /budget/sse/"
                                            + i
                                            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept:"
                                            + " text/event-stream\r\nContent-Length: "
                                            + body
                                            + "\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                    out.write(new byte[body]);
                    out.flush();
                }
                // both streams are open (their subscribers declared) and hold no body bytes
                io.github.camelzenoh.zenoh.Loopback.awaitRemoteSubscriber(
                        bridge.peer, "budget/sse/1");
                awaitBuffered(bridge, 0);
                HttpResponse<String> r = put(bridge.httpPort, "budget/put", body);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            } finally {
                for (Socket s : streams) {
                    s.close();
                }
            }
        }
    }

    /**
     * A client that leaves in the middle of its body (a cancelled upload): its bytes go back, it is
     * counted, and nothing is answered or logged as a route failure (a review: each such client
     * logged an 18-line ERROR with a stack trace).
     */
    @Test
    void aClientLeavingMidBodyIsCountedNotAFailure() throws Exception {
        try (TestBridge bridge = TestBridge.start("--bridge.demo=false")) {
            // the bridge logs through slf4j-simple on System.err, read when a line is logged
            java.io.PrintStream err = System.err;
            java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
            System.setErr(new java.io.PrintStream(logged, true, StandardCharsets.UTF_8));
            try {
                for (int i = 0; i < 2; i++) {
                    try (Socket s = stalledPut(bridge.httpPort, "budget/abandoned")) {
                        awaitBuffered(bridge, LIMIT - 1);
                        s.setSoLinger(true, 0); // a reset, as a browser cancelling it
                    }
                    awaitBuffered(bridge, 0);
                }
                Thread.sleep(500); // what the resets would log comes right after them
            } finally {
                System.setErr(err);
            }
            err.print(logged.toString(StandardCharsets.UTF_8));
            // the test's own peer may log that its scouting delay elapsed as it opened (zenoh's
            // logs reach slf4j from a thread of their own, so possibly only now): not the bridge's
            assertThat(
                            logged.toString(StandardCharsets.UTF_8)
                                    .lines()
                                    .filter(line -> !line.contains(SCOUTING_DELAY_ELAPSED)))
                    .noneMatch(line -> line.contains("WARN") || line.contains("ERROR"));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (metric(bridge, "zenoh_bridge_http_body_abandoned_total", "") != 2
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(metric(bridge, "zenoh_bridge_http_body_abandoned_total", "")).isEqualTo(2);
            assertThat(bridge.main.getCamelContext().getInflightRepository().size("zenoh-rest"))
                    .isZero();
        }
    }

    /**
     * A client announcing a body over the limit with Expect: 100-continue is told 413 before it
     * sends the body, and may then send it or not (RFC 9110 10.1.1): the 413 says the connection
     * closes, and it does. Kept open, a client that did not send the body and went on with its next
     * request on the connection had that request read as the refused body, unanswered for a minute
     * (cold review C, 2026-12-03).
     */
    @Test
    void aBodyOverTheLimitAnnouncedWithExpectContinueIs413AndTheConnectionEnds() throws Exception {
        int limit = 1 << 20;
        try (TestBridge bridge =
                TestBridge.start("--http.maxBodySize=" + limit, "--bridge.demo=false")) {
            try (Socket s = new Socket("127.0.0.1", bridge.httpPort)) {
                s.setSoTimeout(10_000);
                s.getOutputStream()
                        .write(
                                ("PUT /budget/expect HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                + "Content-Length: "
                                                + (limit + 10)
                                                + "\r\nExpect: 100-continue\r\n\r\n")
                                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                long start = System.nanoTime();
                String answer =
                        new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(answer)
                        .startsWith("HTTP/1.1 413 ")
                        .contains("http.maxBodySize")
                        .containsIgnoringCase("\r\nconnection: close\r\n");
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("the connection ends after the 413")
                        .isLessThan(Duration.ofSeconds(5));
            }
            // the budget's own connection-level work left nothing behind
            assertThat(put(bridge.httpPort, "budget/expect", 16).statusCode()).isEqualTo(200);
        }
    }

    /**
     * Requests without a body (a get) pipelined behind another one whose client then left are not
     * counted as abandoned bodies: only a body cut short is (cold review C, 2026-12-03: 50
     * pipelined get pairs counted 42 abandoned uploads).
     */
    @Test
    void bodilessRequestsWhoseClientLeftAreNotAbandonedBodies() throws Exception {
        try (TestBridge bridge = TestBridge.start("--bridge.demo=false");
                Queryable q =
                        bridge.peer.declareQueryable(
                                "budget/answered",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(
                                            "budget/answered",
                                            new byte[] {'1'},
                                            Encoding.TEXT_PLAIN,
                                            null);
                                    query.finish();
                                })) {
            bridge.awaitAnswer("budget/answered");
            for (int i = 0; i < 200; i++) {
                try (Socket s = new Socket("127.0.0.1", bridge.httpPort)) {
                    s.getOutputStream()
                            .write(
                                    ("GET /budget/answered HTTP/1.1\r\nHost: x\r\n\r\n"
                                                    + "GET /budget/next/"
                                                    + i
                                                    + " HTTP/1.1\r\nHost: x\r\n"
                                                    + (i % 4 < 2
                                                            ? "Accept: text/event-stream\r\n"
                                                            : "")
                                                    + "\r\n")
                                            .getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    if (i % 2 == 1) {
                        s.setSoLinger(true, 0); // a reset
                    }
                }
            }
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> bridge.main.getCamelContext().getInflightRepository().size() == 0,
                    "every exchange to complete");
            assertThat(bodies(bridge).abandoned()).as("abandoned bodies").isZero();
        }
    }
}
