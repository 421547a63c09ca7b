/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Puts, deletes, gets, replies and the key expression relations with keys of thousands of chunks:
 * zenoh matches a key against the session's subscribers and queryables (and one expression against
 * another) recursively on the calling thread, and a Java thread's 1 MiB stack overflowed (SIGSEGV,
 * exit 139, no hs_err) at 20,000 chunks. Each case runs in a JVM of its own.
 */
class DeepKeyOperationsTest {

    static final String[] OPS = {
        "put",
        "put batch",
        "delete",
        "get",
        "get with parameters",
        "intersects",
        "intersects (second)",
        "includes",
        "includes (second)"
    };

    @Test
    void everyOperationOnAKeyOfTheLimitsChunksWorks() throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "deep_operations_1024", DeepKeyOperationsMain.class, 120, "1024");
        assertThat(log)
                .contains(
                        "put: received",
                        "put batch: received",
                        "delete: received",
                        "get: 1 replies",
                        "get with parameters: 1 replies",
                        "reply put: replied",
                        "reply delete: replied",
                        "intersects: true",
                        "intersects (second): true",
                        "includes: true",
                        "includes (second): false",
                        "validate: valid",
                        "canonize: true",
                        "ALIVE");
    }

    @Test
    void everyOperationOnAKeyOfTwentyThousandChunksIsRefusedAndTheJvmLives() throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "deep_operations_20000", DeepKeyOperationsMain.class, 120, "20000");
        String start = DeepKeyOperationsMain.key(20000).substring(0, 40);
        for (String op : OPS) {
            assertThat(line(log, op))
                    .as(op)
                    .startsWith(op + ": KeyExprException: key expression '")
                    .contains("...' has 20000 chunks: ")
                    .contains(" has at most 1024 ");
        }
        assertThat(line(log, "put"))
                .isEqualTo(
                        "put: KeyExprException: key expression '"
                                + start
                                + "...' has 20000 chunks: a put has at most 1024 (zenoh matches"
                                + " it recursively on the calling thread's stack)");
        assertThat(line(log, "reply put"))
                .startsWith("reply put: KeyExprException: key expression 'rep/")
                .contains("has 20000 chunks: a reply has at most 1024");
        assertThat(line(log, "reply delete"))
                .startsWith("reply delete: KeyExprException: key expression 'del/")
                .contains("has 20000 chunks: a reply has at most 1024");
        assertThat(log)
                .contains(
                        "reply put: 0 replies",
                        "reply delete: 0 replies",
                        "validate: valid",
                        "canonize: true",
                        "ALIVE");
    }

    /** The first line of {@code log} that starts with {@code op + ": "}. */
    private static String line(String log, String op) {
        return log.lines()
                .filter(l -> l.startsWith(op + ": "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + op + " in:\n" + log));
    }
}
