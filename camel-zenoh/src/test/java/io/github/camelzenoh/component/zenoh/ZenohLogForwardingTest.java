/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.Map;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * zenoh's own log events reach SLF4J (the tests' backend, {@link CapturedLogs}) as loggers {@code
 * zenoh.<Rust module>}, filtered by the component option {@code zenohLogFilter}.
 */
class ZenohLogForwardingTest {

    private static final String ORCHESTRATOR = "zenoh.zenoh.net.runtime.orchestrator";

    private DefaultCamelContext context;

    /**
     * The captured log is the whole JVM's: an earlier test's "Unable to connect" to a port that
     * {@link Loopback#freePort()} hands out again here (the kernel reuses them; 73 times in 1000
     * repetitions of the filter test without this) would read as this test's event.
     */
    @BeforeEach
    void forgetEarlierTestsLogs() {
        CapturedLogs.clear();
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        ZenohLogBridge.configure(null); // back to the default for the other tests
    }

    private DefaultCamelContext start(String filter) {
        context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.setZenohLogFilter(filter);
        context.addComponent("zenoh", zenoh);
        context.start();
        return context;
    }

    /** A client endpoint whose router is a loopback port nobody listens on: zenoh warns. */
    private void openClientOnAClosedPort(int port) {
        String uri =
                "zenoh:log/test?mode=client&multicastScouting=false&connect="
                        + Loopback.endpoint(port);
        assertThatThrownBy(() -> context.getEndpoint(uri).createProducer().start())
                .hasMessageContaining("Unable to connect");
    }

    private static boolean logged(int port) {
        return CapturedLogs.lines().stream()
                .anyMatch(
                        l ->
                                l.startsWith("WARN " + ORCHESTRATOR + ": ")
                                        && l.contains("Unable to connect")
                                        && l.contains("127.0.0.1:" + port));
    }

    @Test
    void aClientThatCannotReachItsRouterLogsZenohsWarningThroughSlf4j() {
        start(null); // the default: warn
        int closed = Loopback.freePort();
        openClientOnAClosedPort(closed);
        Waits.until("zenoh's connection warning in the SLF4J log", () -> logged(closed));
        assertThat(ZenohLog.filter()).isEqualTo("warn");

        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(context);
        @SuppressWarnings("unchecked")
        Map<String, Object> json =
                (Map<String, Object>) console.call(DevConsole.MediaType.JSON, Map.of());
        assertThat(json).containsEntry("zenohLogFilter", "warn").containsKey("zenohLogDropped");
        assertThat((String) console.call(DevConsole.MediaType.TEXT, Map.of()))
                .contains("zenoh log: filter warn, dropped ");
    }

    @Test
    void aFilterThatExcludesTheEventKeepsItOutOfTheLog() {
        start("error,zenoh::net::runtime=off");
        int closed = Loopback.freePort();
        openClientOnAClosedPort(closed);
        // what passed the filter is in the log within one drain cycle; a sentinel from the
        // same thread proves the drain ran after the client's events
        ZenohLogBridge.configure("warn");
        int marker = Loopback.freePort();
        openClientOnAClosedPort(marker);
        Waits.until("the marker client's warning", () -> logged(marker));
        assertThat(logged(closed)).as("the event the filter excluded").isFalse();
    }

    @Test
    void anInvalidFilterFailsTheComponentNamingTheOption() {
        assertThatThrownBy(() -> start("zenoh=loud"))
                .hasStackTraceContaining("zenohLogFilter")
                .hasStackTraceContaining("zenoh=loud");
    }
}
