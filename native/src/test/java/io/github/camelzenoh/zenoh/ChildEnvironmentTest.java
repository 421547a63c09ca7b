/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Loading the library sets zenoh's thread stack size through RUST_MIN_STACK (see the native
 * library's JNI_OnLoad) only for the moment Rust's standard library reads it: the process's
 * environment is left as it was, so programs the application starts keep their own default.
 */
class ChildEnvironmentTest {

    @Test
    void aChildProcessDoesNotInheritTheStackSizeSetForZenoh() throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "child_environment",
                        ChildEnvironmentMain.class,
                        60,
                        List.of("RUST_MIN_STACK"));
        assertThat(log).contains("child: RUST_MIN_STACK=[]", "child exit 0");
    }
}
