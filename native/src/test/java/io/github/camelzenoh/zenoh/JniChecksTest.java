/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The native tests run with {@code -Xcheck:jni} (native/pom.xml, and ForkedJvm for the JVMs they
 * start): the JVM then checks the types of every JNI call's arguments, the guard behind the native
 * code reading Strings without a class check of its own. Without the option that mismatch would go
 * unseen in the tests. Each test fails if its JVM runs without it.
 */
class JniChecksTest {

    @Test
    void theTestJvmChecksEveryJniCall() {
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments())
                .contains("-Xcheck:jni");
    }

    @Test
    void theJvmsTheTestsStartCheckThemToo() throws Exception {
        assertThat(ForkedJvm.runToSuccess("jni-checks", JniChecksMain.class, 60))
                .contains("-Xcheck:jni");
    }
}
