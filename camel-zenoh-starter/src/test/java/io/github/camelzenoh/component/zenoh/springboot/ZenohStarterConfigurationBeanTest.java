/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;

/**
 * {@code camel.component.zenoh.configuration} (a whole {@link ZenohConfiguration} bean) with other
 * {@code camel.component.zenoh.*} options: the starter applies the bean first and lays every other
 * option over it. The options were copied in no defined order, so those copied before the bean
 * landed on the configuration it then replaced, silently (queue-size kept its default).
 */
@SpringBootTest(
        classes = ZenohStarterConfigurationBeanTest.App.class,
        properties = {
            "camel.component.zenoh.configuration=#bean:zconf",
            "camel.component.zenoh.multicast-scouting=false",
            "camel.component.zenoh.connect=tcp/127.0.0.1:1",
            "camel.component.zenoh.queue-size=77",
            "camel.component.zenoh.timeout=4321",
            "camel.component.zenoh.priority=dataHigh",
            "camel.component.zenoh.autocanonize=true",
            "camel.component.zenoh.concurrent-consumers=3",
            "camel.component.zenoh.max-pending-bytes=123456",
            "camel.component.zenoh.fail-if-no-subscribers=true",
            "camel.component.zenoh.express=true",
            "camel.main.name=zenoh-starter-configuration-bean-test"
        })
class ZenohStarterConfigurationBeanTest {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        ZenohConfiguration zconf() {
            ZenohConfiguration c = new ZenohConfiguration();
            c.setListen("tcp/127.0.0.1:0");
            c.setHistorySize(5);
            return c;
        }
    }

    @Autowired CamelContext camel;

    @Test
    void everyOtherOptionIsLaidOverTheBean() {
        ZenohConfiguration c = camel.getComponent("zenoh", ZenohComponent.class).getConfiguration();
        // the bean's own settings
        assertThat(c.getListen()).isEqualTo("tcp/127.0.0.1:0");
        assertThat(c.getHistorySize()).isEqualTo(5);
        // and every option set beside it
        assertThat(c.getMulticastScouting()).isFalse();
        assertThat(c.getConnect()).isEqualTo("tcp/127.0.0.1:1");
        assertThat(c.getQueueSize()).isEqualTo(77);
        assertThat(c.getTimeout()).isEqualTo(4321L);
        assertThat(c.getPriority()).hasToString("dataHigh");
        assertThat(c.isAutocanonize()).isTrue();
        assertThat(c.getConcurrentConsumers()).isEqualTo(3);
        assertThat(c.getMaxPendingBytes()).isEqualTo(123456);
        assertThat(c.isFailIfNoSubscribers()).isTrue();
        assertThat(c.isExpress()).isTrue();
    }
}
