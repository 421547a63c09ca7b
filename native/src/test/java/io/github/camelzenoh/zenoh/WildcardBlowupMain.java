/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Forked by {@link WildcardBlowupTest}: a short key expression with many {@code **} chunks against
 * a long concrete key. {@code local}: KeyExpr.intersects; {@code remote <python>}: a Python peer
 * declares a subscriber on the wildcard expression and this session puts on the long key. Prints
 * RETURNED once the call returned; exits with status 3 when it did not within 30 s.
 */
public final class WildcardBlowupMain {

    private WildcardBlowupMain() {}

    /** {@code **} then 6 times {@code /a/**}, then {@code /b}: 41 bytes. */
    static final String WILD = "**" + "/a/**".repeat(6) + "/b";

    /** 201 chunks {@code a}, then {@code c}: no key of it matches {@link #WILD}. */
    static final String LONG = "a" + "/a".repeat(200) + "/c";

    public static void main(String[] args) throws Exception {
        Runnable call;
        Session s = null;
        Process py = null;
        if (args[0].equals("local")) {
            call = () -> System.out.println("intersects: " + KeyExpr.intersects(WILD, LONG));
        } else {
            int port = Loopback.freePort();
            String script =
                    String.join(
                            "\n",
                            "import sys, zenoh",
                            "conf = zenoh.Config.from_json5('{mode: \"peer\", connect: {endpoints:"
                                    + " [\"tcp/127.0.0.1:"
                                    + port
                                    + "\"]}, scouting: {multicast:"
                                    + " {enabled: false}}}')",
                            "s = zenoh.open(conf)",
                            "sub = s.declare_subscriber(sys.argv[1], lambda x: None)",
                            "print('PY declared', flush=True)",
                            "sys.stdin.read()",
                            "s.close()");
            Session session = Session.open(Loopback.listener(port));
            s = session;
            py =
                    new ProcessBuilder(args[1], "-c", script, WILD)
                            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                            .redirectError(ProcessBuilder.Redirect.INHERIT)
                            .start();
            Loopback.await(
                    java.time.Duration.ofSeconds(60),
                    () -> !session.info().peers().isEmpty(),
                    "the Python peer");
            Loopback.settle();
            call = () -> session.put(LONG, new byte[] {1}, null, null, Qos.DEFAULT);
        }
        Thread t = new Thread(call, "wildcard-call");
        t.setDaemon(true);
        t.start();
        t.join(30_000);
        if (py != null) {
            py.destroyForcibly();
        }
        if (t.isAlive()) {
            System.out.println("STILL RUNNING after 30 s");
            Runtime.getRuntime().halt(3);
        }
        System.out.println("RETURNED");
        if (s != null) {
            s.close();
        }
    }
}
