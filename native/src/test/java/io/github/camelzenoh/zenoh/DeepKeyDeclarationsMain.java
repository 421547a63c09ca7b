/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Forked by {@link DeepTokenKeyTest}: each kind of declaration with a key of {@code args[0]}
 * chunks, each on a new thread of the JVM's default stack size, then the session closes. Prints one
 * line per kind ({@code <kind>: declared} or {@code <kind>: <exception class>: <message>}), then
 * ALIVE.
 */
public final class DeepKeyDeclarationsMain {

    private DeepKeyDeclarationsMain() {}

    public static void main(String[] args) throws Exception {
        String key = DeepTokenKeyTest.key(Integer.parseInt(args[0]));
        Map<String, Consumer<Session>> kinds = new LinkedHashMap<>();
        kinds.put(
                "subscriber",
                s -> s.declareSubscriber(key, SubscriberOptions.DEFAULT, x -> {}).close());
        kinds.put(
                "queryable",
                s -> s.declareQueryable(key, QueryableOptions.DEFAULT, Query::finish).close());
        kinds.put("publisher", s -> s.declarePublisher(key, PublisherOptions.DEFAULT).close());
        kinds.put(
                "querier",
                s -> s.declareQuerier(key, GetOptions.DEFAULT, AcceptReplies.MATCHING).close());
        kinds.put("declared key expression", s -> s.declareKeyExpr(key).close());
        kinds.put("liveliness token", s -> s.declareLivelinessToken(key).close());
        kinds.put(
                "liveliness subscriber",
                s -> s.declareLivelinessSubscriber(key, false, x -> {}).close());
        kinds.put("liveliness get", s -> s.livelinessGet(key, 100).join());
        try (Session s = Session.open(Loopback.listener(Loopback.freePort()))) {
            for (Map.Entry<String, Consumer<Session>> k : kinds.entrySet()) {
                Thread t =
                        new Thread(
                                () -> {
                                    try {
                                        k.getValue().accept(s);
                                        System.out.println(k.getKey() + ": declared");
                                    } catch (RuntimeException e) {
                                        System.out.println(
                                                k.getKey()
                                                        + ": "
                                                        + e.getClass().getSimpleName()
                                                        + ": "
                                                        + e.getMessage());
                                    }
                                },
                                "declare-" + k.getKey());
                t.start();
                t.join();
            }
        }
        System.out.println("ALIVE");
    }
}
