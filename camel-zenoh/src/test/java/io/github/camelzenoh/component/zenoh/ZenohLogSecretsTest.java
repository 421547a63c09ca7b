/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** zenoh's log forwarded at its most verbose never carries a session's credentials. */
class ZenohLogSecretsTest {

    private static final String PASSWORD = "Pw4CamelOnly9x";
    private static final String ROUTER_PASSWORD = "Pw4RouterOnly7y";

    @TempDir Path dir;

    @AfterEach
    void restore() {
        ZenohLogBridge.configure(null);
    }

    @Test
    void traceLevelLogsOfAnAuthenticatedSessionHoldNoPassword() throws Exception {
        Path dictionary = Files.writeString(dir.resolve("users.txt"), "camel:" + PASSWORD + "\n");
        int port = Loopback.freePort();
        Queue<String> lines = new ConcurrentLinkedQueue<>();
        ZenohLog.configure(
                "trace",
                (level, target, message) -> lines.add(level + " " + target + ": " + message));
        long droppedBefore = ZenohLog.dropped();
        String listen = Loopback.endpoint(port);
        try (Session router =
                        Session.open(
                                SessionConfig.loopbackPeer()
                                        .withJson5(
                                                "{ transport: { auth: { usrpwd: { user: \"router\","
                                                        + " password: \""
                                                        + ROUTER_PASSWORD
                                                        + "\", dictionary_file: \""
                                                        + dictionary
                                                        + "\" } } } }")
                                        .withListen(listen));
                Session client =
                        Session.open(
                                SessionConfig.loopbackPeer()
                                        .withJson5(
                                                "{ transport: { auth: { usrpwd: { user: \"camel\","
                                                        + " password: \""
                                                        + PASSWORD
                                                        + "\" } } } }")
                                        .withConnect(listen))) {
            Waits.until("the sessions connected", () -> !router.info().peers().isEmpty());
        }
        // a marker event proves the drain has passed what came before it
        int closed = Loopback.freePort();
        try {
            Session.open(
                            SessionConfig.DEFAULT
                                    .withMode("client")
                                    .withMulticastScouting(false)
                                    .withConnect(Loopback.endpoint(closed)))
                    .close();
        } catch (RuntimeException expected) {
            // nobody listens there: zenoh warns, which is the marker
        }
        Waits.until(
                "the marker warning",
                () -> lines.stream().anyMatch(l -> l.contains("127.0.0.1:" + closed)));
        System.out.println(
                "zenoh log lines captured: "
                        + lines.size()
                        + ", dropped: "
                        + (ZenohLog.dropped() - droppedBefore));
        assertThat(ZenohLog.dropped())
                .as("nothing dropped: every event was seen")
                .isEqualTo(droppedBefore);
        assertThat(lines).noneMatch(l -> l.contains(PASSWORD) || l.contains(ROUTER_PASSWORD));
    }
}
