/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import io.github.camelzenoh.zenoh.Session;
import java.util.Set;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

/**
 * Lets the object options take a bean reference, e.g. {@code
 * camel.component.zenoh.session=#bean:mySession} (or {@code #mySession}); any other text fails the
 * binding, naming the property.
 */
@AutoConfiguration
public class ZenohComponentConverter {

    @Bean
    @ConfigurationPropertiesBinding
    static GenericConverter zenohBeanReferenceConverter(ApplicationContext applicationContext) {
        return new BeanReferenceConverter(applicationContext);
    }

    static final class BeanReferenceConverter implements GenericConverter {
        private final ApplicationContext applicationContext;

        BeanReferenceConverter(ApplicationContext applicationContext) {
            this.applicationContext = applicationContext;
        }

        @Override
        public Set<ConvertiblePair> getConvertibleTypes() {
            return Set.of(
                    new ConvertiblePair(String.class, ZenohConfiguration.class),
                    new ConvertiblePair(String.class, Session.class));
        }

        @Override
        public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
            if (source == null) {
                return null;
            }
            String ref = source.toString();
            if (!ref.startsWith("#")) {
                throw new IllegalArgumentException(
                        "expected a bean reference (#bean:name) of type "
                                + targetType.getType().getName());
            }
            ref = ref.startsWith("#bean:") ? ref.substring("#bean:".length()) : ref.substring(1);
            return applicationContext.getBean(ref, targetType.getType());
        }
    }
}
