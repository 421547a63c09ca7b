/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** zenohLogFilter values a careless user types: malformed, enormous. */
class ZenohLogFilterInputTest {

    @AfterEach
    void restore() {
        ZenohLogBridge.configure(null);
    }

    @Test
    void malformedFiltersFailNamingTheOptionAndLeaveTheFilterAsItWas() {
        ZenohLogBridge.configure("error");
        for (String bad :
                List.of(
                        "zenoh=loud",
                        "[",
                        "zenoh[{",
                        "a[{b=(((}]=warn",
                        "zenoh=warn,x=nope",
                        "=warn=",
                        "zenoh[{x=1}=warn")) {
            Throwable t = catchThrowable(() -> ZenohLogBridge.configure(bad));
            if (t == null) {
                // accepted as RUST_LOG syntax; it is the filter now
                assertThat(ZenohLog.filter()).isEqualTo(bad);
                ZenohLogBridge.configure("error");
                continue;
            }
            assertThat(t)
                    .as("filter '%s'", bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("zenohLogFilter");
            assertThat(ZenohLog.filter()).as("unchanged after '%s'", bad).isEqualTo("error");
        }
    }

    @Test
    void anEnormousFilterIsRefusedWithABoundedMessage() {
        String huge = "zenoh=loud," + "x".repeat(1 << 20);
        Throwable t = catchThrowable(() -> ZenohLogBridge.configure(huge));
        assertThat(t).isInstanceOf(IllegalArgumentException.class);
        assertThat(t.getMessage().length())
                .as("the message names the option, not the whole 1 MiB value")
                .isLessThan(4096);
    }

    @Test
    void anEnormousValidFilterIsAppliedAndZenohStillLogs() {
        StringBuilder b = new StringBuilder("warn");
        for (int i = 0; i < 20_000; i++) {
            b.append(",m").append(i).append("=debug");
        }
        ZenohLogBridge.configure(b.toString());
        assertThat(ZenohLog.filter()).startsWith("warn,m0=debug");
    }
}
