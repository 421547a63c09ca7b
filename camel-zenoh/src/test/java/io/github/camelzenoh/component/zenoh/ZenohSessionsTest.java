/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.Producer;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.support.service.ServiceHelper;
import org.junit.jupiter.api.Test;

/**
 * The component's session registry: opening or closing one session never holds up another
 * endpoint's session, nor the dev console; endpoints with the same settings share one session.
 */
class ZenohSessionsTest extends ZenohTestSupport {

    /**
     * A client session whose router accepts the TCP connection and then says nothing: zenoh waits
     * for the handshake (here up to 60 s). Meanwhile a producer on another session starts and
     * sends, and the dev console answers.
     */
    @Test
    void aSessionHangingInItsOpenStallsNeitherOtherSessionsNorTheConsole() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(20_000);
            String stuckUri =
                    "zenoh:sessions/stuck?mode=client&connect=tcp/127.0.0.1:"
                            + silent.getLocalPort()
                            + "&config=RAW({ transport: { unicast: { open_timeout: 60000 } } })";
            ZenohEndpoint stuck = context.getEndpoint(stuckUri, ZenohEndpoint.class);
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            // consumers: Camel starts a route's producers even when the route
                            // does not start
                            from(stuck)
                                    .routeId("stuck")
                                    .autoStartup(false)
                                    .to("log:stuck?level=OFF");
                        }
                    });
            CompletableFuture<Void> stuckStart =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    context.getRouteController().startRoute("stuck");
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            });
            Socket link = null;
            try {
                // zenoh has connected and waits for the handshake's answer
                link = silent.accept();
                // another endpoint on another session: its producer starts (Camel itself starts
                // routes one at a time, under its context's lock; a producer of a
                // ProducerTemplate or a route's warm-up is not)
                ZenohEndpoint other =
                        context.getEndpoint("zenoh:sessions/other", ZenohEndpoint.class);
                Producer producer = other.createProducer();
                try (Collector c = new Collector("sessions/other")) {
                    CompletableFuture.runAsync(() -> ServiceHelper.startService(producer))
                            .get(20, TimeUnit.SECONDS);
                    awaitConnected();
                    Exchange e = other.createExchange();
                    e.getIn().setBody("through");
                    producer.process(e);
                    assertThat(new String(c.next().payload(), StandardCharsets.UTF_8))
                            .isEqualTo("through");
                } finally {
                    ServiceHelper.stopService(producer);
                }

                ZenohDevConsole console = new ZenohDevConsole();
                console.setCamelContext(context);
                @SuppressWarnings("unchecked")
                Map<String, Object> json =
                        CompletableFuture.supplyAsync(
                                        () ->
                                                (Map<String, Object>)
                                                        console.call(
                                                                DevConsole.MediaType.JSON,
                                                                Map.of()))
                                .get(20, TimeUnit.SECONDS);
                assertThat(json).containsKey("sessions");
                // all of the above happened while the other open still hung
                assertThat(stuckStart).isNotDone();
            } finally {
                if (link != null) {
                    link.close();
                }
                silent.close();
                // the refused handshake ends the open; the route fails to start
                Loopback.await(Duration.ofSeconds(70), stuckStart::isDone, "the hung open to end");
            }
        }
    }

    /** Endpoints with the same settings, started at the same moment, still share one session. */
    @Test
    void endpointsWithTheSameSettingsStartedTogetherShareOneSession() throws Exception {
        int before =
                context.getComponent("zenoh", ZenohComponent.class).sessions().snapshot().size();
        ZenohEndpoint a = context.getEndpoint("zenoh:sessions/share/a", ZenohEndpoint.class);
        ZenohEndpoint b = context.getEndpoint("zenoh:sessions/share/b", ZenohEndpoint.class);
        Producer pa = a.createProducer();
        Producer pb = b.createProducer();
        try {
            CompletableFuture.allOf(
                            CompletableFuture.runAsync(() -> ServiceHelper.startService(pa)),
                            CompletableFuture.runAsync(() -> ServiceHelper.startService(pb)))
                    .get(20, TimeUnit.SECONDS);
            assertThat(a.session()).isSameAs(b.session());
            assertThat(context.getComponent("zenoh", ZenohComponent.class).sessions().snapshot())
                    .hasSize(before + 1)
                    .anyMatch(i -> i.session() == a.session() && i.endpoints() == 2);
        } finally {
            ServiceHelper.stopService(pa, pb);
        }
        assertThat(context.getComponent("zenoh", ZenohComponent.class).sessions().snapshot())
                .hasSize(before);
    }
}
