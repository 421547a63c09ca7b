/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Forked by {@link DeepKeyOperationsTest}: every operation that takes a key or selector from Java
 * and makes zenoh match it on the calling thread, with a key of {@code args[0]} chunks ({@code
 * a/a/.../b}; a reply's key and a wildcard expression have as many), against a subscriber and
 * queryables on {@code **&#47;b} of the same session; each operation on a new thread of the JVM's
 * default stack size. Prints one line per operation ({@code <op>: <result>} or {@code <op>:
 * <exception class>: <message>}), then ALIVE.
 */
public final class DeepKeyOperationsMain {

    private DeepKeyOperationsMain() {}

    static String key(int chunks) {
        return "a/".repeat(chunks - 1) + "b";
    }

    interface Op {
        Object run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int chunks = Integer.parseInt(args[0]);
        String key = key(chunks);
        BlockingQueue<Sample> received = new LinkedBlockingQueue<>();
        // the reply key comes from the asker's parameters: "<chunks>" → that deep a key
        QueryListener replier =
                q -> {
                    try {
                        if (q.parameters().startsWith("reply=")) {
                            String deep = key(Integer.parseInt(q.parameters().substring(6)) - 1);
                            String how = q.keyExpr().startsWith("del/") ? "delete" : "put";
                            try {
                                if (how.equals("delete")) {
                                    q.replyDelete("del/" + deep, null);
                                } else {
                                    q.reply("rep/" + deep, new byte[] {2}, null, null);
                                }
                                System.out.println("reply " + how + ": replied");
                            } catch (RuntimeException e) {
                                System.out.println(
                                        "reply "
                                                + how
                                                + ": "
                                                + e.getClass().getSimpleName()
                                                + ": "
                                                + e.getMessage());
                            }
                        } else {
                            q.reply(q.keyExpr(), new byte[] {1}, null, null);
                        }
                    } finally {
                        q.finish();
                    }
                };
        Map<String, Op> ops = new LinkedHashMap<>();
        try (Session s = Session.open(Loopback.listener(Loopback.freePort()));
                Subscriber sub =
                        s.declareSubscriber("**/b", SubscriberOptions.DEFAULT, received::add);
                Queryable qb = s.declareQueryable("**/b", QueryableOptions.DEFAULT, replier);
                Queryable qr = s.declareQueryable("rep/**", QueryableOptions.DEFAULT, replier);
                Queryable qd = s.declareQueryable("del/**", QueryableOptions.DEFAULT, replier)) {
            ops.put(
                    "put",
                    () -> {
                        s.put(key, new byte[] {1}, null, null, Qos.DEFAULT);
                        return received.poll(10, TimeUnit.SECONDS) != null ? "received" : "lost";
                    });
            ops.put(
                    "put batch",
                    () -> {
                        PutBatch b = new PutBatch();
                        b.add(new byte[] {1}, null, null);
                        s.put(key, b, Qos.DEFAULT);
                        return received.poll(10, TimeUnit.SECONDS) != null ? "received" : "lost";
                    });
            ops.put(
                    "delete",
                    () -> {
                        s.delete(key, null, Qos.DEFAULT);
                        return received.poll(10, TimeUnit.SECONDS) != null ? "received" : "lost";
                    });
            ops.put("get", () -> replies(s.get(key, GetOptions.DEFAULT.withTimeout(5000))));
            ops.put(
                    "get with parameters",
                    () -> replies(s.get(key + "?x=1", GetOptions.DEFAULT.withTimeout(5000))));
            ops.put(
                    "reply put",
                    () ->
                            replies(
                                    s.get(
                                            "rep/**",
                                            GetOptions.DEFAULT
                                                    .withParameters("reply=" + chunks)
                                                    .withTimeout(5000))));
            ops.put(
                    "reply delete",
                    () ->
                            replies(
                                    s.get(
                                            "del/**",
                                            GetOptions.DEFAULT
                                                    .withParameters("reply=" + chunks)
                                                    .withTimeout(5000))));
            // "**/" + a key of one chunk less: as many chunks as the key
            String wild = "**/" + key(chunks - 1);
            ops.put("intersects", () -> KeyExpr.intersects(wild, key));
            ops.put("intersects (second)", () -> KeyExpr.intersects(key, wild));
            ops.put("includes", () -> KeyExpr.includes(wild, key));
            ops.put("includes (second)", () -> KeyExpr.includes(key, wild));
            // not matching, not limited: validated and canonized iteratively
            ops.put(
                    "validate",
                    () -> {
                        KeyExpr.validate(key);
                        return "valid";
                    });
            ops.put("canonize", () -> KeyExpr.canonize(wild).equals(wild));
            // not matching, not limited: validated and canonized iteratively
            ops.put(
                    "validate",
                    () -> {
                        KeyExpr.validate(key);
                        return "valid";
                    });
            ops.put("canonize", () -> KeyExpr.canonize(wild).equals(wild));
            for (Map.Entry<String, Op> op : ops.entrySet()) {
                Thread t =
                        new Thread(
                                () -> {
                                    try {
                                        Object r = op.getValue().run();
                                        System.out.println(op.getKey() + ": " + r);
                                    } catch (Exception e) {
                                        System.out.println(
                                                op.getKey()
                                                        + ": "
                                                        + e.getClass().getSimpleName()
                                                        + ": "
                                                        + e.getMessage());
                                    }
                                },
                                "op-" + op.getKey());
                t.start();
                t.join();
            }
        }
        System.out.println("ALIVE");
    }

    private static String replies(java.util.concurrent.Future<List<Reply>> f) throws Exception {
        List<Reply> r = f.get(15, TimeUnit.SECONDS);
        return r.size() + " replies";
    }
}
