/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import org.apache.camel.CamelContext;
import org.apache.camel.spring.boot.CamelAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Object options take a bean reference; anything else fails naming the property. */
class ZenohComponentConverterTest {

    final ApplicationContextRunner runner =
            new ApplicationContextRunner()
                    .withConfiguration(
                            AutoConfigurations.of(
                                    CamelAutoConfiguration.class,
                                    ZenohComponentConverter.class,
                                    ZenohComponentAutoConfiguration.class));

    @Test
    void theSessionOptionTakesABeanReference() {
        try (Session session = Session.open(Loopback.listener(Loopback.freePort()))) {
            runner.withBean("appSession", Session.class, () -> session)
                    .withPropertyValues("camel.component.zenoh.session=#bean:appSession")
                    .run(
                            ctx -> {
                                assertThat(ctx).hasNotFailed();
                                ZenohComponent zenoh =
                                        ctx.getBean(CamelContext.class)
                                                .getComponent("zenoh", ZenohComponent.class);
                                assertThat(zenoh.getConfiguration().getSession()).isSameAs(session);
                            });
        }
    }

    @Test
    void aValueThatIsNoBeanReferenceFailsNamingTheProperty() {
        runner.withPropertyValues("camel.component.zenoh.session=appSession")
                .run(
                        ctx ->
                                assertThat(ctx)
                                        .getFailure()
                                        .rootCause()
                                        .hasMessageContaining("#bean:name"));
        runner.withPropertyValues("camel.component.zenoh.session=appSession")
                .run(
                        ctx ->
                                assertThat(ctx)
                                        .getFailure()
                                        .hasStackTraceContaining("camel.component.zenoh.session"));
    }
}
