/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.management.ManagementFactory;

/** Run by {@link JniChecksTest} through {@link ForkedJvm}: prints its JVM's options. */
public final class JniChecksMain {

    private JniChecksMain() {}

    public static void main(String[] args) {
        System.out.println(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }
}
