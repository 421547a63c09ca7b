/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * camel-main: {@code camel.component.zenoh.configuration} (a whole configuration bean) with other
 * {@code camel.component.zenoh.*} options, in either order: every option is laid over the bean.
 */
class ZenohMainConfigurationOrderTest {

    @Test
    void theConfigurationBeanAndOtherOptionsCombineInEitherOrder() throws Exception {
        for (boolean beanFirst : List.of(true, false)) {
            Main main = new Main();
            ZenohConfiguration bean = new ZenohConfiguration();
            bean.setHistorySize(5);
            main.bind("zconf", bean);
            if (beanFirst) {
                main.addInitialProperty("camel.component.zenoh.configuration", "#bean:zconf");
            }
            main.addInitialProperty("camel.component.zenoh.concurrentConsumers", "3");
            main.addInitialProperty("camel.component.zenoh.queueSize", "77");
            main.addInitialProperty("camel.component.zenoh.multicastScouting", "false");
            if (!beanFirst) {
                main.addInitialProperty("camel.component.zenoh.configuration", "#bean:zconf");
            }
            main.start();
            try {
                ZenohConfiguration c =
                        main.getCamelContext()
                                .getComponent("zenoh", ZenohComponent.class)
                                .getConfiguration();
                assertThat(c.getHistorySize()).as("bean first: %s", beanFirst).isEqualTo(5);
                assertThat(c.getConcurrentConsumers()).as("bean first: %s", beanFirst).isEqualTo(3);
                assertThat(c.getQueueSize()).as("bean first: %s", beanFirst).isEqualTo(77);
                assertThat(c.getMulticastScouting()).as("bean first: %s", beanFirst).isFalse();
            } finally {
                main.stop();
            }
        }
    }
}
