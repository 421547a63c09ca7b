/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import org.apache.camel.CamelContext;
import org.apache.camel.spi.PropertiesComponent;

/**
 * Checks the values of the bridge's own numeric and boolean options before anything starts: Camel's
 * property injection falls back to an option's default on a value it cannot convert ({@code
 * --http.maxBodySize=1KB} was the default, silently) and its server took {@code --http.port=abc}
 * for a random port. A value the bridge cannot use fails the start, naming the option, the value
 * and what it takes.
 */
final class BridgeOptionValues {

    private BridgeOptionValues() {}

    static void check(CamelContext context) {
        PropertiesComponent properties = context.getPropertiesComponent();
        port(properties, "http.port");
        port(properties, "http.managementPort");
        number(properties, "http.maxBodySize", 1, "a number of bytes, at least 1");
        number(properties, "http.maxBufferedBodyBytes", 1, "a number of bytes, at least 1");
        number(properties, "http.bodyTimeout", 0, "milliseconds, 0 or more");
        number(
                properties,
                "http.idleTimeout",
                0,
                Integer.MAX_VALUE,
                "milliseconds, 0 (never) to " + Integer.MAX_VALUE);
        number(properties, "zenoh.timeout", 1, "milliseconds, at least 1");
        bool(properties, "bridge.demo");
        bool(properties, "http.devConsole");
        bool(properties, "zenoh.multicastScouting");
    }

    private static void port(PropertiesComponent properties, String name) {
        String value = value(properties, name);
        if (value != null) {
            long port = parse(name, value, "a port number from 0 to 65535");
            if (port < 0 || port > 65_535) {
                throw refused(name, value, "a port number from 0 to 65535");
            }
        }
    }

    private static void number(
            PropertiesComponent properties, String name, long min, String takes) {
        number(properties, name, min, Long.MAX_VALUE, takes);
    }

    private static void number(
            PropertiesComponent properties, String name, long min, long max, String takes) {
        String value = value(properties, name);
        if (value != null) {
            long n = parse(name, value, takes);
            if (n < min || n > max) {
                throw refused(name, value, takes);
            }
        }
    }

    private static void bool(PropertiesComponent properties, String name) {
        String value = value(properties, name);
        if (value != null && !value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw refused(name, value, "true or false");
        }
    }

    /**
     * The value as given: a properties file trims its values, an argument or an environment
     * variable may not, and Camel's server reads " 8000" or "+8000" as no port at all.
     */
    private static String value(PropertiesComponent properties, String name) {
        return properties.resolveProperty(name).orElse(null);
    }

    /** Digits only (no sign, no spaces), at most 18 of them. */
    private static long parse(String name, String value, String takes) {
        if (!value.matches("[0-9]{1,18}")) {
            throw refused(name, value, takes);
        }
        return Long.parseLong(value);
    }

    private static IllegalArgumentException refused(String name, String value, String takes) {
        return new IllegalArgumentException(
                "--"
                        + name
                        + "='"
                        + value
                        + "' is not a value the bridge can use: it takes "
                        + takes);
    }
}
