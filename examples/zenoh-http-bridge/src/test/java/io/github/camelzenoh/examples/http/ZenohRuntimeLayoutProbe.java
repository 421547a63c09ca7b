/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Run by {@link ZenohRuntimeLayoutTest} in a JVM of its own, started with the environment the
 * bridge's launcher gives it: two zenoh sessions linked over loopback, one answering the other's
 * get, then prints {@code ZENOH_RUNTIME=<value>}, {@code REPLY=<payload>} and {@code
 * THREADS=<names>} (the process's thread names, digits dropped) and exits.
 */
public final class ZenohRuntimeLayoutProbe {

    private ZenohRuntimeLayoutProbe() {}

    public static void main(String[] args) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        SessionConfig peer = SessionConfig.DEFAULT.withMode("peer").withMulticastScouting(false);
        String locator = "tcp/127.0.0.1:" + port;
        try (Session answering = Session.open(peer.withListen(List.of(locator)));
                Queryable q =
                        answering.declareQueryable(
                                "probe/layout",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(
                                            "probe/layout",
                                            "answered".getBytes(StandardCharsets.UTF_8),
                                            Encoding.TEXT_PLAIN,
                                            null);
                                    query.finish();
                                });
                Session asking = Session.open(peer.withConnect(List.of(locator)))) {
            // a get over the link (tx, rx) with its timeout task (net); retried until the
            // queryable's declaration has reached the asking session
            List<Reply> replies = List.of();
            for (int i = 0; i < 100 && replies.isEmpty(); i++) {
                replies =
                        asking.get("probe/layout", GetOptions.DEFAULT.withTimeout(5000))
                                .get(10, TimeUnit.SECONDS);
                if (replies.isEmpty()) {
                    Thread.sleep(50);
                }
            }
            System.out.println("ZENOH_RUNTIME=" + System.getenv("ZENOH_RUNTIME"));
            System.out.println(
                    "REPLY="
                            + (replies.isEmpty()
                                    ? "none"
                                    : new String(
                                            replies.get(0).sample().payload(),
                                            StandardCharsets.UTF_8)));
            TreeSet<String> names = new TreeSet<>();
            try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
                for (Path t : (Iterable<Path>) tasks::iterator) {
                    names.add(Files.readString(t.resolve("comm")).strip().replaceAll("\\d+$", ""));
                }
            }
            System.out.println("THREADS=" + String.join(",", names));
        }
    }
}
