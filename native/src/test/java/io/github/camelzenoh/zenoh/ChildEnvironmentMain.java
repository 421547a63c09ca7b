/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.nio.charset.StandardCharsets;

/**
 * Forked by {@link ChildEnvironmentTest}: opens a session (the library loads and zenoh starts its
 * threads), then starts a child process, which inherits the process's environment as it is now, and
 * prints the RUST_MIN_STACK the child sees.
 */
public final class ChildEnvironmentMain {

    private ChildEnvironmentMain() {}

    public static void main(String[] args) throws Exception {
        try (Session s = Session.open(Loopback.listener(Loopback.freePort()))) {
            Process child =
                    new ProcessBuilder(
                                    "sh", "-c", "echo \"child: RUST_MIN_STACK=[$RUST_MIN_STACK]\"")
                            .redirectErrorStream(true)
                            .start();
            System.out.print(
                    new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            System.out.println("child exit " + child.waitFor());
        }
    }
}
