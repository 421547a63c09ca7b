/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * zenoh log filters (a component option, or RUST_LOG) come from configuration: none may hang or
 * exhaust the JVM. Field values in directives are plain text, so a value that is an invalid or an
 * exponential regular expression is accepted at once. Runs in a JVM of its own: the filter is
 * process-wide, and a regression would spin and allocate on the calling thread.
 */
class LogFilterTest {

    @Test
    void fieldValuesAreTextSoNoFilterCompilesAnExponentialAutomaton() throws Exception {
        String log = ForkedJvm.runToSuccess("log_filter", LogFilterMain.class, 60);
        assertThat(log).contains("ACCEPTED zenoh[{peer=(}]=debug");
        assertThat(log).contains("ACCEPTED zenoh[{peer=(a|b)*a(a|b)");
        assertThat(log).contains("ALIVE");
    }

    @Test
    void aSinkThatThrowsAnErrorLosesThatRecordNotTheForwarding() throws Exception {
        String log = ForkedJvm.runToSuccess("log_sink_error", LogSinkErrorMain.class, 120);
        assertThat(log).contains("after the Error: WARN ", "ALIVE");
    }

    @Test
    void hostileTextInALoggedKeyIsForwardedAndTheLinkKeepsWorking() throws Exception {
        String log = ForkedJvm.runToSuccess("hostile_log_text", HostileLogTextMain.class, 60);
        assertThat(log).contains("malformed liveliness token", "ALIVE");
    }
}
