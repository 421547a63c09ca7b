/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/**
 * Micrometer is an optional dependency: with it absent from the classpath, the metrics hook loads
 * no Micrometer class and registers nothing. The component's classes are loaded here by a class
 * loader that hides io.micrometer.
 */
class ZenohMetricsWithoutMicrometerTest {

    /** Loads the component's own classes itself (child first) and refuses Micrometer's. */
    static final class WithoutMicrometer extends ClassLoader {
        WithoutMicrometer(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.startsWith("io.micrometer.")) {
                    throw new ClassNotFoundException(name + " (hidden by the test)");
                }
                Class<?> c = findLoadedClass(name);
                if (c == null && name.startsWith("io.github.camelzenoh.component.zenoh.")) {
                    c = own(name);
                }
                if (c == null) {
                    c = super.loadClass(name, false);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }

        private Class<?> own(String name) throws ClassNotFoundException {
            String path = name.replace('.', '/') + ".class";
            try (InputStream in = getParent().getResourceAsStream(path)) {
                if (in == null) {
                    return null;
                }
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    @Test
    void withoutMicrometerNothingIsRegisteredAndNoMicrometerClassLoads() throws Exception {
        WithoutMicrometer loader = new WithoutMicrometer(getClass().getClassLoader());
        assertThatThrownBy(() -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"))
                .isInstanceOf(ClassNotFoundException.class);

        Class<?> metrics = loader.loadClass(ZenohMetrics.class.getName());
        assertThat(metrics.getClassLoader()).isSameAs(loader);
        Class<?> endpoint = loader.loadClass(ZenohEndpoint.class.getName());
        Method register =
                metrics.getDeclaredMethod("register", endpoint, String.class, String.class);
        register.setAccessible(true);
        java.lang.reflect.Field noneField = metrics.getDeclaredField("NONE");
        noneField.setAccessible(true);
        Object none = noneField.get(null);

        Object registration = register.invoke(null, null, "subscriber", "route");

        assertThat(registration).isSameAs(none);
        assertThat(loader.loaded(ZenohMicrometer.class.getName()))
                .as("the Micrometer side is never loaded")
                .isFalse();
    }
}
