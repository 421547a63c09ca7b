/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.main.Main;
import org.apache.camel.support.PropertyBindingSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Component options set as text ({@code camel.component.zenoh.*} in Camel Main, Spring Boot, any
 * property binding) are checked as strictly as the same option in an endpoint URI: Camel alone
 * would bind {@code cacheSize=1O} as 0 and truncate an overflowing number.
 */
class ZenohComponentOptionValuesTest {

    /** The innermost IllegalArgumentException's message of {@code t}'s cause chain. */
    private static String reason(Throwable t) {
        String reason = null;
        List<String> all = new ArrayList<>();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.add(c.getClass().getSimpleName() + ": " + c.getMessage());
            if (c instanceof IllegalArgumentException) {
                reason = c.getMessage();
            }
        }
        assertThat(reason).as("an IllegalArgumentException in\n" + all).isNotNull();
        return reason;
    }

    @ParameterizedTest
    @CsvSource({
        "cacheSize, 1O, whole number",
        "batchSize, abc, whole number",
        "idleSpinMicros, lots, whole number",
        "queueSize, 99999999999, whole number",
        "maxPendingBytes, 16M, whole number",
        "groupReplayMillis, 2s, whole number",
        "heartbeat, abc, milliseconds",
        "recoveryPeriod, 1O, milliseconds",
        "batchTimeout, x, milliseconds",
        "timeout, 5x, milliseconds",
    })
    void badValuesThroughCamelMainFailNamingOptionAndValue(
            String option, String value, String expected) {
        Main main = new Main();
        main.addInitialProperty("camel.component.zenoh." + option, value);
        main.addInitialProperty("camel.component.zenoh.multicastScouting", "false");
        try {
            assertThatThrownBy(main::start)
                    .satisfies(
                            t ->
                                    assertThat(reason(t))
                                            .contains(
                                                    "'" + value + "'",
                                                    "zenoh option " + option,
                                                    expected));
        } finally {
            main.stop();
        }
    }

    /** The way Spring Boot's starter and Camel Main bind a component option: the same check. */
    @Test
    void propertyBindingOfTheComponentIsChecked() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
            assertThatThrownBy(
                            () ->
                                    PropertyBindingSupport.build()
                                            .withConfigurer(zenoh.getComponentPropertyConfigurer())
                                            .bind(context, zenoh, "queueSize", "abc"))
                    .satisfies(
                            t ->
                                    assertThat(reason(t))
                                            .isEqualTo(
                                                    "Invalid value 'abc' for zenoh option"
                                                            + " queueSize: expected a whole number"
                                                            + " up to 2147483647"));
            assertThat(zenoh.getConfiguration().getQueueSize()).isEqualTo(10000);
        }
    }

    /** What the URI takes, the component takes the same way: numbers and durations. */
    @Test
    void goodValuesThroughCamelMainBindAsInTheUri() throws Exception {
        Main main = new Main();
        main.addInitialProperty("camel.component.zenoh.multicastScouting", "false");
        main.addInitialProperty("camel.component.zenoh.cacheSize", " 10 ");
        main.addInitialProperty("camel.component.zenoh.groupReplayMillis", "2500");
        main.addInitialProperty("camel.component.zenoh.timeout", "1m30s");
        main.addInitialProperty("camel.component.zenoh.heartbeat", "5s");
        main.addInitialProperty("camel.component.zenoh.recoveryPeriod", "250");
        main.addInitialProperty("camel.component.zenoh.priority", "dataHigh");
        try {
            main.start();
            ZenohConfiguration c =
                    main.getCamelContext()
                            .getComponent("zenoh", ZenohComponent.class)
                            .getConfiguration();
            assertThat(c.getCacheSize()).isEqualTo(10);
            assertThat(c.getGroupReplayMillis()).isEqualTo(2500);
            assertThat(c.getTimeout()).isEqualTo(90_000);
            assertThat(c.getHeartbeat()).isEqualTo(5_000);
            assertThat(c.getRecoveryPeriod()).isEqualTo(250);
            ZenohConfiguration e =
                    main.getCamelContext()
                            .getEndpoint("zenoh:values/a", ZenohEndpoint.class)
                            .getConfiguration();
            assertThat(e.getCacheSize()).isEqualTo(10);
            assertThat(e.getTimeout()).isEqualTo(90_000);
        } finally {
            main.stop();
        }
    }

    /** Camel's converter reads 250ms and PT5S for a duration option: the check takes them too. */
    @Test
    void durationsInMillisecondsAndIsoFormInTheUriAndTheComponent() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
            PropertyBindingSupport.build()
                    .withConfigurer(zenoh.getComponentPropertyConfigurer())
                    .bind(context, zenoh, "batchTimeout", "250ms");
            assertThat(zenoh.getConfiguration().getBatchTimeout()).isEqualTo(250);
            ZenohConfiguration c =
                    context.getEndpoint(
                                    "zenoh:values/d?timeout=PT5S&heartbeat=1m30s250ms",
                                    ZenohEndpoint.class)
                            .getConfiguration();
            assertThat(c.getTimeout()).isEqualTo(5_000);
            assertThat(c.getHeartbeat()).isEqualTo(90_250);
            assertThat(c.getBatchTimeout()).isEqualTo(250);
        }
    }

    /**
     * Camel's duration converter also reads units written out (5sec, 2min, 1hour, 1day, 250msec):
     * the check takes them, each at its own value (Camel's converter reads 250milli as 250
     * minutes), and refuses what follows a duration ({@code 5secx}, which Camel reads as 5 s).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "5sec, 5000",
        "5secs, 5000",
        "5second, 5000",
        "5seconds, 5000",
        "2min, 120000",
        "2mins, 120000",
        "1minute, 60000",
        "2minutes, 120000",
        "1hour, 3600000",
        "2hours, 7200000",
        "1day, 86400000",
        "2days, 172800000",
        "250msec, 250",
        "250milli, 250",
        "250millis, 250",
        "250millisecond, 250",
        "250milliseconds, 250",
        "1hour2min5sec250ms, 3725250",
        "1m5sec, 65000",
        "5m, 300000",
        "5ms, 5"
    })
    void durationsWithUnitsWrittenOut(String text, long millis) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
            PropertyBindingSupport.build()
                    .withConfigurer(zenoh.getComponentPropertyConfigurer())
                    .bind(context, zenoh, "heartbeat", text);
            assertThat(zenoh.getConfiguration().getHeartbeat()).isEqualTo(millis);
            assertThat(
                            context.getEndpoint(
                                            "zenoh:values/u?timeout=" + text, ZenohEndpoint.class)
                                    .getConfiguration()
                                    .getTimeout())
                    .isEqualTo(millis);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"5secx", "5%20sec", "5S", "1M", "sec", "5sec5", "1s1h", "5mins5"})
    void durationTextsThatAreNotDurationsAreRefused(String text) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            assertThatThrownBy(() -> context.getEndpoint("zenoh:values/r?timeout=" + text))
                    .hasStackTraceContaining("timeout")
                    .hasStackTraceContaining("'" + text.replace("%20", " ") + "'");
        }
    }
}
