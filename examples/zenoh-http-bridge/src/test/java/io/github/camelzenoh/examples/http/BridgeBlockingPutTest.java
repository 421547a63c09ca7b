/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A PUT that blocks in zenoh (congestion control BLOCK towards a peer that stopped reading) holds
 * only its own request: it blocks on a worker thread, never on the event loop that serves every
 * other request. It ran on the event loop once its body had been read, so one hanging subscriber
 * froze every GET and stream of the bridge for up to zenoh's 5 s per PUT.
 */
class BridgeBlockingPutTest {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aPutBlockedByAHangingSubscriberHoldsNeitherTheEventLoopNorOtherRequests()
            throws Exception {
        try (TestBridge bridge = TestBridge.start();
                PythonPeer sub =
                        PythonPeer.start(
                                "sub",
                                "--connect",
                                Loopback.endpoint(bridge.zenohPort),
                                "--key",
                                "stall/**",
                                "--count",
                                "1000000",
                                "--timeout",
                                "120")) {
            TestBridge.awaitSubscriber(bridge.main, "stall/x");
            sub.pauseProcess(); // declared, then reads nothing more
            try {
                byte[] body = new byte[24 << 20];
                new Random(7).nextBytes(body);
                CompletableFuture<HttpResponse<String>> put =
                        HTTP.sendAsync(
                                request(bridge, "/stall/x")
                                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                Thread putting = awaitThreadIn("ZenohProducer", "put", put);
                assertThat(putting.getName())
                        .as("the thread the PUT's zenoh put runs on")
                        .doesNotStartWith("vert.x-eventloop");
                // while the put is held, another request is answered at once
                long t0 = System.nanoTime();
                HttpResponse<String> get =
                        HTTP.send(
                                request(bridge, "/nobody/here").GET().build(),
                                HttpResponse.BodyHandlers.ofString());
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertThat(get.statusCode()).isEqualTo(200);
                assertThat(put.isDone()).as("the PUT still held while the GET ran").isFalse();
                assertThat(ms).as("ms a GET took while a PUT was held").isLessThan(1500);
                assertThat(put.get(60, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            } finally {
                sub.resumeProcess();
            }
        }
    }

    private static HttpRequest.Builder request(TestBridge bridge, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bridge.httpPort + path))
                .timeout(Duration.ofSeconds(60));
    }

    /**
     * The thread whose stack is inside {@code cls.method} (the PUT held in zenoh); fails if the PUT
     * completes first or none shows within 20 s.
     */
    private static Thread awaitThreadIn(
            String cls, String method, CompletableFuture<?> stillRunning) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
                // a few polls apart, the thread is still there: held, not passing through
                if (Arrays.stream(t.getValue())
                        .anyMatch(
                                f ->
                                        f.getClassName().endsWith("." + cls)
                                                && f.getMethodName().equals(method))) {
                    Thread.sleep(300);
                    if (Arrays.stream(t.getKey().getStackTrace())
                            .anyMatch(f -> f.getClassName().endsWith("." + cls))) {
                        return t.getKey();
                    }
                }
            }
            assertThat(stillRunning.isDone())
                    .as("the PUT completed before it was seen held in zenoh")
                    .isFalse();
            Thread.sleep(20);
        }
        throw new AssertionError("no thread held in " + cls + "." + method + " within 20 s");
    }
}
