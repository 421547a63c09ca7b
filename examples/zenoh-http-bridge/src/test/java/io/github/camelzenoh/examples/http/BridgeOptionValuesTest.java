/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import org.apache.camel.main.Main;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bridge option with a value it cannot use stops the start, naming the option and the value (a
 * review: --http.port=abc listened on a random port, --http.maxBodySize=1KB was silently the
 * default, -5 refused every body with "larger than -5 bytes").
 */
class BridgeOptionValuesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http.port|abc",
                "http.port|70000",
                "http.port|-1",
                // Camel's server took these for no port at all (cold review F)
                "http.port|+8000",
                "http.port|' 8000'",
                "http.idleTimeout|3000000000",
                "http.managementPort|x",
                "http.maxBodySize|1KB",
                "http.maxBodySize|-5",
                "http.maxBodySize|0",
                "http.maxBufferedBodyBytes|16M",
                "http.bodyTimeout|30s",
                "http.bodyTimeout|-1",
                "http.idleTimeout|1m",
                "zenoh.timeout|0",
                "zenoh.timeout|10s",
                "bridge.demo|yes",
                "zenoh.multicastScouting|1",
            })
    void aValueTheBridgeCannotUseFailsTheStartNamingTheOption(String option, String value) {
        Main main =
                ZenohHttpBridge.create(
                        "--http.port=" + Loopback.freePort(),
                        "--http.managementPort=" + Loopback.freePort(),
                        "--zenoh.listen=" + Loopback.endpoint(Loopback.freePort()),
                        "--" + option + "=" + value);
        try {
            assertThatThrownBy(main::start)
                    .hasStackTraceContaining("--" + option)
                    .hasStackTraceContaining("'" + value + "'");
        } finally {
            main.stop();
        }
    }
}
