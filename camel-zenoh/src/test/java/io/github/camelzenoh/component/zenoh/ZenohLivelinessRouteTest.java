/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Session;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Liveliness in routes, watched by Python eclipse-zenoh: a consumer's {@code livelinessKey} token
 * appears when the route starts, vanishes when it stops and when the JVM holding it is killed; a
 * {@code livelinessGet} producer returns the alive keys. The Python liveliness subscriber runs as a
 * router on a loopback port; the Camel sessions connect to it.
 */
class ZenohLivelinessRouteTest {

    private static final int ROUTER_PORT = Loopback.freePort();
    private static final String ROUTER = Loopback.endpoint(ROUTER_PORT);
    private static PythonPeer watcher;

    private DefaultCamelContext context;

    @BeforeAll
    static void startWatcher() {
        watcher =
                PythonPeer.start(
                        "livsub", "--mode", "router", "--listen", ROUTER, "--key", "lv/alive/**");
    }

    @AfterAll
    static void stopWatcher() {
        if (watcher != null) {
            watcher.close();
        }
    }

    @BeforeEach
    void startCamel() throws Exception {
        context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setConnect(ROUTER);
        zenoh.getConfiguration().setListen("tcp/127.0.0.1:0");
        zenoh.getConfiguration().setMulticastScouting(false);
        context.addComponent("zenoh", zenoh);
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:lv/in?livelinessKey=lv/alive/route1")
                                .routeId("alive")
                                .autoStartup(false)
                                .to("log:alive");
                        from("direct:alive")
                                .to("zenoh:lv/alive/**?operation=livelinessGet&timeout=2000");
                    }
                });
        context.start();
    }

    @AfterEach
    void stopCamel() {
        if (context != null) {
            context.stop();
        }
    }

    /** Skips the watcher's events until {@code kind} on {@code key}; fails after 20 s. */
    private static void awaitEvent(String key, String kind) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            JsonNode n = watcher.nextJson(20);
            assertThat(n).as("watcher ended; stderr: %s", watcher.stderr()).isNotNull();
            if (key.equals(n.get("key").asText()) && kind.equals(n.get("kind").asText())) {
                return;
            }
        }
        throw new AssertionError("no " + kind + " of " + key + " within 20 s");
    }

    @Test
    void theTokenAppearsWhenTheRouteStartsAndVanishesWhenItStops() throws Exception {
        context.getRouteController().startRoute("alive");
        awaitEvent("lv/alive/route1", "PUT");
        context.getRouteController().stopRoute("alive");
        awaitEvent("lv/alive/route1", "DELETE");
    }

    @Test
    @SuppressWarnings("unchecked")
    void livelinessGetReturnsTheAliveKeys() throws Exception {
        context.getRouteController().startRoute("alive");
        awaitEvent("lv/alive/route1", "PUT");
        try (Session other = Session.open(Loopback.connector(ROUTER_PORT));
                LivelinessToken token = other.declareLivelinessToken("lv/alive/other")) {
            awaitEvent("lv/alive/other", "PUT");
            List<String>[] alive = new List[1];
            Waits.until(
                    "both tokens in a livelinessGet",
                    () -> {
                        alive[0] =
                                context.createProducerTemplate()
                                        .requestBody("direct:alive", null, List.class);
                        return alive[0].size() == 2;
                    });
            assertThat(alive[0]).containsExactlyInAnyOrder("lv/alive/route1", "lv/alive/other");
        }
        awaitEvent("lv/alive/other", "DELETE");
        context.getRouteController().stopRoute("alive");
        awaitEvent("lv/alive/route1", "DELETE");
        Waits.until(
                "no token left",
                () ->
                        context.createProducerTemplate()
                                .requestBody("direct:alive", null, List.class)
                                .isEmpty());
    }

    @Test
    void theTokenVanishesWhenTheJvmHoldingItIsKilled() throws Exception {
        Process jvm =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                LivelinessHolderMain.class.getName(),
                                ROUTER,
                                "lv/alive/forked")
                        .redirectErrorStream(true)
                        .start();
        try {
            BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            Thread reader =
                    new Thread(
                            () -> {
                                try {
                                    while (out.readLine() != null) {
                                        // drained so the child never blocks on a full pipe
                                    }
                                } catch (java.io.IOException ended) {
                                    // the child is gone
                                }
                            },
                            "forked-jvm-output");
            reader.setDaemon(true);
            reader.start();
            awaitEvent("lv/alive/forked", "PUT");
            jvm.destroyForcibly(); // SIGKILL: the JVM closes nothing
            assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
            awaitEvent("lv/alive/forked", "DELETE");
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
