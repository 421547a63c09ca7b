/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

/**
 * Request bodies share one budget of buffered bytes ({@code http.maxBufferedBodyBytes}) and must
 * arrive within {@code http.bodyTimeout}: clients that send most of a large body and stall cannot
 * exhaust the heap. While they hold the budget, a new body is refused with 503 naming the option
 * and GETs are still answered; once they are closed, or time out (408, disconnected), the budget is
 * back and a large PUT succeeds.
 */
class BridgeBodyBudgetTest {

    static final int LIMIT = 4 << 20;
    static final int BUDGET = 10 << 20;
    static final HttpClient HTTP = HttpClient.newHttpClient();

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

    /** PUTs of {@code size} until one is answered {@code status} (at most 20 s); the last. */
    static HttpResponse<String> putUntil(int port, int size, int status) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        HttpResponse<String> r;
        do {
            r = put(port, "budget/new", size);
            if (r.statusCode() == status) {
                return r;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(
                "no " + status + " within 20 s; last: " + r.statusCode() + " " + r.body());
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
                // 8 MiB held by the stalled two: 3 MiB more do not fit in 10 MiB
                HttpResponse<String> refused = putUntil(port, 3 << 20, 503);
                assertThat(refused.body())
                        .contains("http.maxBufferedBodyBytes")
                        .contains(Integer.toString(BUDGET));
                // the bridge still answers: a GET, and a body that fits
                assertThat(get(port, "budget/nothing").statusCode()).isEqualTo(200);
                assertThat(put(port, "budget/small", 1 << 20).statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
            // closed: their bytes are back, a large body fits again (twice in a row)
            assertThat(putUntil(port, LIMIT, 200).statusCode()).isEqualTo(200);
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
                        "--http.bodyTimeout=3000",
                        "--bridge.demo=false")) {
            int port = bridge.httpPort;
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    stalled.add(stalledPut(port, "budget/slow" + i));
                }
                long start = System.nanoTime();
                HttpResponse<String> refused = putUntil(port, 3 << 20, 503);
                assertThat(refused.body()).contains("http.maxBufferedBodyBytes");
                assertThat(get(port, "budget/nothing").statusCode()).isEqualTo(200);
                // the stalled clients read a 408 naming the option, then the connection ends
                for (Socket s : stalled) {
                    InputStream in = s.getInputStream();
                    String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertThat(answer).startsWith("HTTP/1.1 408 ").contains("http.bodyTimeout");
                }
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .isLessThan(Duration.ofSeconds(20));
                // their bytes are back
                assertThat(put(port, "budget/after", LIMIT).statusCode()).isEqualTo(200);
                assertThat(put(port, "budget/after", 3 << 20).statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
        }
    }
}
