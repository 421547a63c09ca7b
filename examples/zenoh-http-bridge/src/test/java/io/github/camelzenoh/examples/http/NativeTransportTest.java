/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.junit.jupiter.api.Test;

/**
 * The bridge serves HTTP with Netty's native epoll transport where the shipped native library loads
 * (Linux x86-64 and AArch64), says which transport it uses, and serves alike with Java NIO when
 * {@code http.nativeTransport=false}. Fails if the epoll jar stops loading with the Netty that
 * Vert.x brings (e.g. after a Camel upgrade without the pom's {@code netty.version}).
 */
class NativeTransportTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void servesWithNativeEpollByDefaultOnLinux() throws Exception {
        String arch = System.getProperty("os.arch");
        assumeTrue(
                System.getProperty("os.name").equals("Linux")
                        && (arch.equals("amd64") || arch.equals("aarch64")),
                "the bridge ships epoll for Linux x86-64 and AArch64 only");
        try (TestBridge bridge = TestBridge.start()) {
            Vertx vertx = server(bridge.main.getCamelContext()).getVertx();
            assertThat(vertx.isNativeTransportEnabled())
                    .as("native transport, else: %s", vertx.unavailableNativeTransportCause())
                    .isTrue();
            assertThat(BoundAddressLog.describe(bridge.main.getCamelContext()))
                    .contains("  transport: native epoll");
            assertDemoAnswers(bridge);
        }
    }

    @Test
    void servesWithJavaNioWhenTurnedOff() throws Exception {
        try (TestBridge bridge = TestBridge.start("--http.nativeTransport=false")) {
            Vertx vertx = server(bridge.main.getCamelContext()).getVertx();
            assertThat(vertx.isNativeTransportEnabled()).isFalse();
            assertThat(BoundAddressLog.describe(bridge.main.getCamelContext()))
                    .contains("  transport: Java NIO (--http.nativeTransport=false)");
            assertDemoAnswers(bridge);
        }
    }

    private static VertxPlatformHttpServer server(CamelContext context) {
        VertxPlatformHttpServer server = context.hasService(VertxPlatformHttpServer.class);
        assertThat(server).as("platform-http's Vert.x server").isNotNull();
        return server;
    }

    private static void assertDemoAnswers(TestBridge bridge) throws Exception {
        bridge.awaitAnswer("demo/example/camel");
        HttpResponse<String> r =
                HTTP.send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + bridge.httpPort
                                                        + "/demo/example/camel"))
                                .timeout(Duration.ofSeconds(20))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("Hello from Camel over zenoh");
    }
}
