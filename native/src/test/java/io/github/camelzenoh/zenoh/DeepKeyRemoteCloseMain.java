/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Forked by {@link DeepTokenKeyTest}: a Python zenoh peer connects and declares a subscriber, a
 * queryable and a liveliness token on a key of {@code args[1]} chunks and keeps them; this session
 * tries a put on that key (refused above 1,024 chunks) and closes while the peer is still
 * connected, on a thread of the JVM's default stack size. Prints ALIVE once closed.
 */
public final class DeepKeyRemoteCloseMain {

    private DeepKeyRemoteCloseMain() {}

    public static void main(String[] args) throws Exception {
        String python = args[0];
        int chunks = Integer.parseInt(args[1]);
        int port = Loopback.freePort();
        String key = DeepTokenKeyTest.key(chunks);
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
                        "sub = s.declare_subscriber(key, lambda x: print('PY got', flush=True))",
                        "q = s.declare_queryable(key, lambda x: None)",
                        "t = s.liveliness().declare_token(key)",
                        "print('PY declared', flush=True)",
                        "sys.stdin.read()",
                        "s.close()");
        Session s = Session.open(Loopback.listener(port));
        Process py =
                new ProcessBuilder(python, "-c", script, String.valueOf(chunks))
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        try {
            Loopback.await(
                    Duration.ofSeconds(60),
                    () -> !s.livelinessGet("deep/**", 1000).join().isEmpty(),
                    "the peer's deep token");
            try {
                s.put(key, new byte[] {1}, null, null, Qos.DEFAULT);
                System.out.println("put on the deep key");
            } catch (KeyExprException e) {
                // a put is held to 1,024 chunks (DeepKeyOperationsTest); the close is the point
                System.out.println("put refused: " + e.getMessage());
            }
            Thread closer = new Thread(s::close, "closer");
            closer.start();
            closer.join();
            System.out.println("session closed with the peer's declarations in place");
        } finally {
            py.getOutputStream().close();
            if (!py.waitFor(30, TimeUnit.SECONDS)) {
                py.destroyForcibly().waitFor();
            }
        }
        System.out.println("ALIVE");
    }
}
