/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/** Camel Main configured only through {@code camel.component.zenoh.*} properties. */
class ZenohMainTest {

    @Test
    void componentPropertiesConfigureEveryEndpoint() throws Exception {
        int port = Loopback.freePort();
        try (Session peer = Session.open(Loopback.listener(port))) {
            BlockingQueue<Sample> samples = new LinkedBlockingQueue<>();
            try (Subscriber sub =
                    peer.declareSubscriber("main/**", SubscriberOptions.DEFAULT, samples::add)) {
                Main main = new Main();
                main.configure()
                        .addRoutesBuilder(
                                new RouteBuilder() {
                                    @Override
                                    public void configure() {
                                        from("direct:main").routeId("main").to("zenoh:main/out");
                                    }
                                });
                main.addInitialProperty("camel.component.zenoh.connect", Loopback.endpoint(port));
                main.addInitialProperty("camel.component.zenoh.multicastScouting", "false");
                main.addInitialProperty("camel.component.zenoh.listen", "tcp/127.0.0.1:0");
                main.addInitialProperty("camel.component.zenoh.priority", "dataHigh");
                main.start();
                try {
                    CamelContext context = main.getCamelContext();
                    ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
                    assertThat(zenoh.getConfiguration().getConnect())
                            .isEqualTo(Loopback.endpoint(port));
                    assertThat(zenoh.getConfiguration().getMulticastScouting()).isFalse();
                    assertThat(zenoh.getConfiguration().getPriority())
                            .isEqualTo(Priority.DATA_HIGH);

                    List<ZenohSessions.Info> sessions = zenoh.sessions().snapshot();
                    assertThat(sessions).hasSize(1);
                    assertThat(sessions.get(0).config().multicastScouting()).isFalse();
                    assertThat(sessions.get(0).config().listen())
                            .containsExactly("tcp/127.0.0.1:0");

                    Waits.until(
                            "the Main's session to reach the peer",
                            () -> !peer.info().peers().isEmpty());
                    Waits.awaitSubscriberSeenByRoutes(context, "main/out");
                    context.createProducerTemplate().sendBody("direct:main", "from main");
                    Sample s = samples.poll(10, TimeUnit.SECONDS);
                    assertThat(s).as("a sample within 10 s").isNotNull();
                    assertThat(s.keyExpr()).isEqualTo("main/out");
                    assertThat(new String(s.payload(), StandardCharsets.UTF_8))
                            .isEqualTo("from main");
                    assertThat(s.priority())
                            .as("camel.component.zenoh.priority")
                            .isEqualTo(Priority.DATA_HIGH);
                } finally {
                    main.stop();
                }
                assertThat(main.getCamelContext() == null || main.getCamelContext().isStopped())
                        .isTrue();
            }
        }
    }
}
