/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * Duration options as Spring Boot properties take what the component's docs promise, milliseconds
 * or a duration such as 5s (they were Long properties, and 5s failed the application's start), and
 * a bad one fails the start naming the option and the value, as in an endpoint URI.
 */
class ZenohStarterDurationTest {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        /** A zenoh route: Camel creates (and the starter configures) the component at start. */
        @Bean
        RouteBuilder routes() {
            return new RouteBuilder() {
                @Override
                public void configure() {
                    from("zenoh:starter/duration").routeId("duration").to("log:x?level=OFF");
                }
            };
        }
    }

    private static ConfigurableApplicationContext run(String... properties) {
        return new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                .properties(properties)
                .properties(
                        "camel.component.zenoh.multicast-scouting=false",
                        "camel.component.zenoh.listen=tcp/127.0.0.1:0",
                        "spring.main.banner-mode=off",
                        "camel.main.name=zenoh-starter-duration-test")
                .run();
    }

    @Test
    void durationOptionsTakeMillisecondsOrADuration() {
        try (ConfigurableApplicationContext app =
                run(
                        "camel.component.zenoh.timeout=5s",
                        "camel.component.zenoh.heartbeat=1m30s",
                        "camel.component.zenoh.batch-timeout=250ms",
                        "camel.component.zenoh.recovery-period=PT2S")) {
            ZenohConfiguration c =
                    app.getBean(CamelContext.class)
                            .getComponent("zenoh", ZenohComponent.class)
                            .getConfiguration();
            assertThat(c.getTimeout()).isEqualTo(5_000);
            assertThat(c.getHeartbeat()).isEqualTo(90_000);
            assertThat(c.getBatchTimeout()).isEqualTo(250);
            assertThat(c.getRecoveryPeriod()).isEqualTo(2_000);
        }
        try (ConfigurableApplicationContext app = run("camel.component.zenoh.timeout=4321")) {
            assertThat(
                            app.getBean(CamelContext.class)
                                    .getComponent("zenoh", ZenohComponent.class)
                                    .getConfiguration()
                                    .getTimeout())
                    .isEqualTo(4321);
        }
    }

    @Test
    void aBadDurationFailsTheStartNamingTheOptionAndTheValue() {
        assertThatThrownBy(() -> run("camel.component.zenoh.heartbeat=abc").close())
                .satisfies(
                        t -> {
                            Throwable root = t;
                            while (root.getCause() != null) {
                                root = root.getCause();
                            }
                            assertThat(root)
                                    .isInstanceOf(IllegalArgumentException.class)
                                    .hasMessageContaining("'abc'")
                                    .hasMessageContaining("zenoh option heartbeat");
                        });
    }
}
