/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's Prometheus endpoint: the zenoh endpoint counters of its routes, scraped over HTTP at
 * /observe/metrics while a real zenoh peer publishes to one of them.
 */
class BridgeMetricsTest {

    static final String KEY = "metrics/test/**";
    static Main main;
    static Session peer;
    static TestBridge bridge;
    static int httpPort;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        bridge =
                TestBridge.start(
                        "--camel.main.routesIncludePattern=classpath:metrics-test-routes.yaml");
        main = bridge.main;
        peer = bridge.peer;
        httpPort = bridge.managementPort;
    }

    @AfterAll
    static void stop() {
        if (bridge != null) {
            bridge.close();
        }
    }

    static HttpResponse<String> scrape() throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + httpPort + "/observe/metrics"))
                        .timeout(Duration.ofSeconds(20))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The value of a sample of {@code metric} whose labels include keyExpr=KEY, or -1. */
    static double value(String body, String metric) {
        Matcher m =
                Pattern.compile("(?m)^" + Pattern.quote(metric) + "\\{([^}]*)\\} ([0-9.eE+-]+)$")
                        .matcher(body);
        while (m.find()) {
            if (m.group(1).contains("keyExpr=\"" + KEY + "\"")) {
                return Double.parseDouble(m.group(2));
            }
        }
        return -1;
    }

    static double received() throws Exception {
        return value(scrape().body(), "camel_zenoh_received_total");
    }

    static void publish(int n) {
        Qos block = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);
        for (int i = 0; i < n; i++) {
            peer.put(
                    "metrics/test/s",
                    ("sample " + i).getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    block);
        }
    }

    static void awaitReceived(double expected) {
        Loopback.await(
                Duration.ofSeconds(30),
                () -> {
                    try {
                        return received() >= expected;
                    } catch (Exception e) {
                        return false;
                    }
                },
                "received counter to reach " + expected);
    }

    @Test
    void receivedCounterMovesByExactlyWhatWasPublished() throws Exception {
        HttpResponse<String> first = scrape();
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        String body = first.body();
        for (String metric :
                new String[] {
                    "camel_zenoh_received_total",
                    "camel_zenoh_sent_total",
                    "camel_zenoh_dropped_total",
                    "camel_zenoh_missed_total",
                    "camel_zenoh_unmatched_total",
                    "camel_zenoh_failed_total",
                    "camel_zenoh_handoff_depth"
                }) {
            assertThat(value(body, metric)).as(metric).isGreaterThanOrEqualTo(0);
        }
        assertThat(body)
                .contains("consumerType=\"subscriber\"")
                .contains("routeId=\"metrics-test-subscriber\"");

        // until the peer knows the bridge's subscriber, puts go nowhere: wait until it does (a
        // warm-up put instead could still be on its way when the count is taken, and count twice)
        Loopback.awaitRemoteSubscriber(peer, "metrics/test/s");
        double before = received();

        publish(1000);
        awaitReceived(before + 1000);
        Loopback.settle();
        assertThat(received()).isEqualTo(before + 1000);
    }
}
