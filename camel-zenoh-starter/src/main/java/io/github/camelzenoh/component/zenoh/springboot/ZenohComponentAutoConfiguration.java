/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.spi.ComponentCustomizer;
import org.apache.camel.spi.PropertyConfigurer;
import org.apache.camel.spi.PropertyConfigurerGetter;
import org.apache.camel.spring.boot.CamelAutoConfiguration;
import org.apache.camel.spring.boot.ComponentConfigurationProperties;
import org.apache.camel.spring.boot.util.CamelPropertiesHelper;
import org.apache.camel.spring.boot.util.ConditionalOnCamelContextAndAutoConfigurationBeans;
import org.apache.camel.spring.boot.util.ConditionalOnHierarchicalProperties;
import org.apache.camel.spring.boot.util.HierarchicalPropertiesEvaluator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Lazy;

/**
 * Configures every {@code zenoh} component of the Camel context from {@code
 * camel.component.zenoh.*} (the way Camel's own starters do): a {@link ComponentCustomizer} copies
 * the options the application set onto the component when Camel creates it. {@code
 * camel.component.zenoh.enabled=false} turns it off, {@code
 * camel.component.zenoh.customizer.enabled=false} keeps the component as created.
 */
@AutoConfiguration(after = {CamelAutoConfiguration.class, ZenohComponentConverter.class})
@Conditional(ConditionalOnCamelContextAndAutoConfigurationBeans.class)
@EnableConfigurationProperties({
    ComponentConfigurationProperties.class,
    ZenohComponentConfiguration.class
})
@ConditionalOnHierarchicalProperties({"camel.component", "camel.component.zenoh"})
public class ZenohComponentAutoConfiguration {

    private final ApplicationContext applicationContext;
    private final CamelContext camelContext;
    private final ZenohComponentConfiguration configuration;

    public ZenohComponentAutoConfiguration(
            ApplicationContext applicationContext,
            CamelContext camelContext,
            ZenohComponentConfiguration configuration) {
        this.applicationContext = applicationContext;
        this.camelContext = camelContext;
        this.configuration = configuration;
    }

    @Lazy
    @Bean
    public ComponentCustomizer configureZenohComponent() {
        return new ComponentCustomizer() {
            @Override
            public void configure(String name, Component target) {
                // camel.component.zenoh.configuration replaces the whole configuration: it goes
                // first, so every other option is laid over it (copyProperties sets them in no
                // defined order; one set before it would be replaced)
                if (configuration.getConfiguration() != null
                        && target instanceof ZenohComponent zenoh) {
                    zenoh.setConfiguration(configuration.getConfiguration());
                }
                checkDurations(target);
                CamelPropertiesHelper.copyProperties(camelContext, configuration, target);
            }

            /**
             * Duration options are text (5s, 1m30s, 250ms, PT5S or milliseconds): each is given to
             * the component's configurer directly, which refuses a bad one naming the option and
             * the value. Through copyProperties alone the refusal would be lost: it retries a
             * refused text as a bean name and reports that bean missing.
             */
            private void checkDurations(Component target) {
                PropertyConfigurer configurer = target.getComponentPropertyConfigurer();
                if (!(configurer instanceof PropertyConfigurerGetter getter)) {
                    return;
                }
                CamelPropertiesHelper.getNonNullProperties(camelContext, configuration)
                        .forEach(
                                (name, value) -> {
                                    Class<?> type = getter.getOptionType(name, true);
                                    if (value instanceof String text
                                            && !text.startsWith("#")
                                            && (type == long.class || type == int.class)) {
                                        configurer.configure(
                                                camelContext, target, name, value, true);
                                    }
                                });
            }

            @Override
            public boolean isEnabled(String name, Component target) {
                return HierarchicalPropertiesEvaluator.evaluate(
                                applicationContext,
                                "camel.component.customizer",
                                "camel.component.zenoh.customizer")
                        && target instanceof ZenohComponent;
            }
        };
    }
}
