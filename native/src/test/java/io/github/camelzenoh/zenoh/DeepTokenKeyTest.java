/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Keys of thousands of chunks: zenoh walks a declared key's chunks recursively, on the declaring
 * thread, on its own threads and, at close, over its whole resource tree. A declaration made here
 * is limited in chunks; a remote peer's deep declarations must neither overflow zenoh's threads nor
 * the thread closing the session (SIGSEGV: the JVM dies with no hs_err), so those cases run in a
 * JVM of their own.
 */
class DeepTokenKeyTest {

    static String key(int chunks) {
        StringBuilder s = new StringBuilder("deep");
        for (int i = 1; i < chunks; i++) {
            s.append("/a");
        }
        return s.toString();
    }

    @Test
    void aTokenKeyOfMoreChunksThanTheLimitIsRefusedWithAClearMessage() throws Exception {
        int port = Loopback.freePort();
        try (Session s = Session.open(Loopback.listener(port))) {
            try (LivelinessToken t = s.declareLivelinessToken(key(1024))) {
                assertThat(t).isNotNull();
            }
            assertThatThrownBy(() -> s.declareLivelinessToken(key(1025)))
                    .isInstanceOf(KeyExprException.class)
                    .hasMessageContaining("1025 chunks")
                    .hasMessageContaining("at most 1024");
        }
    }

    @Test
    void everyDeclarationRefusesAKeyOfMoreChunksThanTheLimitOnAJavaThread() throws Exception {
        String[] kinds = {
            "subscriber",
            "queryable",
            "publisher",
            "querier",
            "declared key expression",
            "liveliness token",
            "liveliness subscriber",
            "liveliness get"
        };
        String atLimit =
                ForkedJvm.runToSuccess(
                        "deep_declarations_1024", DeepKeyDeclarationsMain.class, 60, "1024");
        String over =
                ForkedJvm.runToSuccess(
                        "deep_declarations_5000", DeepKeyDeclarationsMain.class, 60, "5000");
        for (String kind : kinds) {
            assertThat(atLimit).contains(kind + ": declared");
            assertThat(over)
                    .contains(
                            kind
                                    + ": KeyExprException: key expression '"
                                    + key(5000).substring(0, 40)
                                    + "...' has 5000 chunks: a "
                                    + kind
                                    + " has at most 1024");
        }
        assertThat(atLimit).contains("ALIVE");
        assertThat(over).contains("ALIVE");
    }

    @Test
    void aSessionClosesWhileARemotePeerHoldsDeclarationsOfTenThousandChunks() throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "deep_remote_close",
                        DeepKeyRemoteCloseMain.class,
                        120,
                        PythonPeer.python(),
                        "10000");
        assertThat(log).contains("session closed with the peer's declarations in place", "ALIVE");
    }

    @Test
    void aRemoteTokenOfTenThousandChunksLeavesTheJvmAlive() throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "deep_token", DeepTokenRemoteMain.class, 120, PythonPeer.python(), "10000");
        assertThat(log).contains("ALIVE after the token appeared and went");
    }
}
