/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * camel-main binds {@code camel.component.zenoh.configuration=#bean:...} after the plain {@code
 * camel.component.zenoh.*} values (references last, whatever the names), so the bean replaces them:
 * not silently, a warning names each option dropped.
 */
class ZenohMainConfigurationOrderTest {

    @Test
    void aConfigurationBeanBoundAfterOtherOptionsNamesTheOptionsItReplaces() throws Exception {
        CapturedLogs.clear();
        Main main = new Main();
        ZenohConfiguration bean = new ZenohConfiguration();
        bean.setHistorySize(5);
        main.bind("zconf", bean);
        main.addInitialProperty("camel.component.zenoh.configuration", "#bean:zconf");
        main.addInitialProperty("camel.component.zenoh.concurrentConsumers", "3");
        main.addInitialProperty("camel.component.zenoh.queueSize", "77");
        main.start();
        try {
            ZenohConfiguration c =
                    main.getCamelContext()
                            .getComponent("zenoh", ZenohComponent.class)
                            .getConfiguration();
            assertThat(c).as("the bean, as a whole").isSameAs(bean);
            assertThat(c.getHistorySize()).isEqualTo(5);
            assertThat(CapturedLogs.lines())
                    .anySatisfy(
                            l ->
                                    assertThat(l)
                                            .contains("WARN")
                                            .contains("replaced as a whole")
                                            .contains("concurrentConsumers")
                                            .contains("queueSize"));
        } finally {
            main.stop();
        }
    }
}
