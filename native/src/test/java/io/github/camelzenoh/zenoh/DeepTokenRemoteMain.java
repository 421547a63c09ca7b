/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Forked by {@link DeepTokenKeyTest}: a session with a liveliness subscriber; a Python zenoh peer
 * connects, declares a token of {@code args[1]} chunks, undeclares it and closes. Prints ALIVE once
 * both changes arrived and the session closed.
 */
public final class DeepTokenRemoteMain {

    private DeepTokenRemoteMain() {}

    public static void main(String[] args) throws Exception {
        String python = args[0];
        int chunks = Integer.parseInt(args[1]);
        int port = Loopback.freePort();
        LinkedBlockingQueue<SampleKind> changes = new LinkedBlockingQueue<>();
        String script =
                String.join(
                        "\n",
                        "import sys, time, zenoh",
                        "conf = zenoh.Config.from_json5('{mode: \"peer\", connect: {endpoints:"
                                + " [\"tcp/127.0.0.1:"
                                + port
                                + "\"]}, scouting: {multicast:"
                                + " {enabled: false}}}')",
                        "key = 'deep' + '/a' * (int(sys.argv[1]) - 1)",
                        "s = zenoh.open(conf)",
                        "time.sleep(0.5)",
                        "t = s.liveliness().declare_token(key)",
                        "time.sleep(1)",
                        "t.undeclare()",
                        "time.sleep(1)",
                        "s.close()");
        try (Session s = Session.open(Loopback.listener(port));
                Subscriber sub =
                        s.declareLivelinessSubscriber(
                                "deep/**", false, smp -> changes.add(smp.kind()))) {
            Process py =
                    new ProcessBuilder(python, "-c", script, String.valueOf(chunks))
                            .inheritIO()
                            .start();
            SampleKind first = changes.poll(60, TimeUnit.SECONDS);
            SampleKind second = changes.poll(60, TimeUnit.SECONDS);
            if (!py.waitFor(60, TimeUnit.SECONDS)) {
                py.destroyForcibly();
            }
            if (first != SampleKind.PUT || second != SampleKind.DELETE) {
                System.out.println("token changes seen: " + first + ", " + second);
                System.exit(2);
            }
        }
        System.out.println("ALIVE after the token appeared and went");
    }
}
