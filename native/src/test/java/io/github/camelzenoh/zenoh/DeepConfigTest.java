/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A configuration nested 1,500 levels deep is refused with a {@link ConfigException} naming the
 * limit and where it was passed, in every form a configuration takes; before, the JSON5 parsers'
 * recursion overflowed the Java thread's stack and the JVM died (exit 139, no exception). Forked,
 * so such a death fails this test instead of the build.
 */
class DeepConfigTest {

    @Test
    void aConfigNestedTooDeepIsRefusedNamingTheLimit() throws Exception {
        String log =
                ForkedJvm.runToSuccess("deep_config", DeepConfigMain.class, 120, "1500", "6000");
        String limit = "nested deeper than 128 levels (at line 1, column ";
        assertThat(log)
                .contains(
                        "inline objects: refused: zenoh config (inline JSON5): objects and arrays "
                                + limit,
                        "inline arrays: refused: zenoh config (inline JSON5): objects and arrays "
                                + limit,
                        "json5 file: refused: zenoh config file '",
                        "file and inline: refused: zenoh config (inline JSON5): objects and"
                                + " arrays "
                                + limit,
                        "override: refused: zenoh config key 'plugins/a': objects and arrays "
                                + limit,
                        "cr comment: refused: zenoh config (inline JSON5): objects and arrays "
                                + limit,
                        "ls comment: refused: zenoh config (inline JSON5): objects and arrays "
                                + limit,
                        "include: ",
                        "deeper include: ",
                        "deeper include, bad listen: refused",
                        "120 levels: opened",
                        "deep config: done")
                .containsPattern("json5 file: refused: .*deep\\.json5': objects and arrays nested")
                .containsPattern("yaml file: refused: .*deep\\.yaml'");
    }
}
