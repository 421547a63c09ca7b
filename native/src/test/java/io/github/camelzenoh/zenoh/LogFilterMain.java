/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Forked by {@link LogFilterTest}: sets zenoh log filters whose field values look like regular
 * expressions (one invalid, one whose automaton is exponential) and prints what each did.
 */
public final class LogFilterMain {

    private LogFilterMain() {}

    public static void main(String[] args) {
        String invalid = "zenoh[{peer=(}]=debug";
        String exponential = "zenoh[{peer=(a|b)*a" + "(a|b)".repeat(30) + "}]=debug";
        for (String f : new String[] {invalid, exponential}) {
            try {
                ZenohLog.configure(f, (level, target, message) -> {});
                System.out.println("ACCEPTED " + f);
            } catch (ConfigException e) {
                System.out.println("REFUSED " + f + ": " + e.getMessage());
            }
        }
        ZenohLog.configure("off", (level, target, message) -> {});
        System.out.println("ALIVE");
    }
}
