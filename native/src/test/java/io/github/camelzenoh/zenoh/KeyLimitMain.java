/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Run in a JVM of its own by {@link KeyLimitTest}: {@code KeyLimitMain <kind> <limit>} declares one
 * kind on session {@code a} with a key of {@code limit + 1} bytes (which must be refused with a
 * KeyExprException naming the kind, the limit and the length), then with a key of {@code limit}
 * bytes, which must work: session {@code b} sees it, or traffic flows through it. Prints one line
 * per case ({@code REFUSED …} / {@code WORKS …}) and exits 0 when both hold; a native abort or a
 * failed check ends the JVM with another status.
 */
public final class KeyLimitMain {

    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.UTF_8);

    private KeyLimitMain() {}

    public static void main(String[] args) throws Exception {
        String kind = args[0];
        int limit = Integer.parseInt(args[1]);
        int port = Loopback.freePort();
        try (Session a =
                        Session.open(
                                Loopback.listener(port)
                                        .withOverride("timestamping/enabled", "true"));
                Session b =
                        Session.open(
                                Loopback.connector(port)
                                        .withOverride("timestamping/enabled", "true"))) {
            String aZid = a.info().zid();
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> b.info().peers().contains(aZid),
                    "peers to connect");
            String tooLong = key(limit + 1);
            try {
                attempt(kind, a, tooLong);
                fail(kind + ": a key of " + (limit + 1) + " bytes was accepted");
            } catch (KeyExprException e) {
                String m = e.getMessage();
                if (!m.contains(label(kind))
                        || !m.contains("at most " + limit)
                        || !m.contains((limit + 1) + " bytes long")) {
                    fail(kind + ": the refusal does not name kind, limit and length: " + m);
                }
                System.out.println("REFUSED " + kind + " " + (limit + 1) + ": " + m);
            }
            declare(kind, a, b, key(limit));
            System.out.println("WORKS " + kind + " " + limit);
        }
        System.exit(0);
    }

    /** A valid key of exactly {@code bytes} bytes: chunks of 100 bytes. */
    static String key(int bytes) {
        StringBuilder s = new StringBuilder("lim");
        while (s.length() < bytes) {
            s.append(s.length() % 100 == 0 ? '/' : 'k');
        }
        s.setLength(bytes);
        if (s.charAt(bytes - 1) == '/') {
            s.setCharAt(bytes - 1, 'k');
        }
        return s.toString();
    }

    /** How the refusal names each kind. */
    static String label(String kind) {
        return switch (kind) {
            case "publisher", "put" -> kind;
            case "publisher-cache", "publisher-heartbeat" -> "publisher with cache or heartbeat";
            case "subscriber" -> "subscriber";
            case "subscriber-history", "subscriber-recovery" ->
                    "subscriber with history or recovery";
            case "queryable" -> "queryable";
            case "token" -> "liveliness token";
            case "liveliness-subscriber" -> "liveliness subscriber";
            case "get" -> "get";
            case "liveliness-get" -> "liveliness get";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static void fail(String why) {
        System.out.println("FAILED " + why);
        System.exit(2);
    }

    private static Sample next(BlockingQueue<Sample> q, String what) throws InterruptedException {
        Sample s = q.poll(10, TimeUnit.SECONDS);
        if (s == null) {
            fail(what + ": nothing arrived within 10 s");
        }
        return s;
    }

    /** Only the declaration of {@code kind} on {@code a}; throws what it throws. */
    private static void attempt(String kind, Session a, String key) throws Exception {
        SampleListener none = s -> {};
        switch (kind) {
            case "publisher" -> a.declarePublisher(key, PublisherOptions.DEFAULT).close();
            case "publisher-heartbeat" ->
                    a.declarePublisher(key, PublisherOptions.DEFAULT.withHeartbeat(100)).close();
            case "publisher-cache" ->
                    a.declarePublisher(key, PublisherOptions.DEFAULT.withCache(5)).close();
            case "put" -> a.put(key, HELLO, null, null, Qos.DEFAULT);
            case "subscriber" -> a.declareSubscriber(key, SubscriberOptions.DEFAULT, none).close();
            case "subscriber-history" ->
                    a.declareSubscriber(key, SubscriberOptions.DEFAULT.withHistory(5), none)
                            .close();
            case "subscriber-recovery" ->
                    a.declareSubscriber(key, SubscriberOptions.DEFAULT.withRecovery(true, 0), none)
                            .close();
            case "queryable" ->
                    a.declareQueryable(key, QueryableOptions.DEFAULT, Query::finish).close();
            case "token" -> a.declareLivelinessToken(key).close();
            case "liveliness-subscriber" -> a.declareLivelinessSubscriber(key, false, none).close();
            case "get" -> a.get(key, GetOptions.DEFAULT).get(15, TimeUnit.SECONDS);
            case "liveliness-get" -> a.livelinessGet(key, 1000).get(15, TimeUnit.SECONDS);
            default -> throw new IllegalArgumentException(kind);
        }
    }

    /**
     * Declares {@code kind} on {@code a} with {@code key} and proves it works with {@code b};
     * throws what the declaration throws.
     */
    private static void declare(String kind, Session a, Session b, String key) throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        switch (kind) {
            case "publisher", "publisher-heartbeat" -> {
                PublisherOptions o =
                        kind.equals("publisher")
                                ? PublisherOptions.DEFAULT
                                : PublisherOptions.DEFAULT.withHeartbeat(100);
                try (Publisher p = a.declarePublisher(key, o);
                        Subscriber s =
                                b.declareSubscriber(key, SubscriberOptions.DEFAULT, got::add)) {
                    Loopback.await(
                            Duration.ofSeconds(10),
                            p::hasMatchingSubscribers,
                            "the publisher to see the subscriber");
                    p.put(HELLO, null, null);
                    next(got, kind);
                }
            }
            case "put" -> {
                try (Subscriber s = b.declareSubscriber(key, SubscriberOptions.DEFAULT, got::add)) {
                    Loopback.awaitRemoteSubscriber(a, key);
                    a.put(key, HELLO, null, null, Qos.DEFAULT);
                    next(got, kind);
                }
            }
            case "publisher-cache" -> {
                try (Publisher p = a.declarePublisher(key, PublisherOptions.DEFAULT.withCache(5))) {
                    p.put(HELLO, null, null);
                    // a late subscriber on the other peer gets the cached sample
                    try (Subscriber s =
                            b.declareSubscriber(
                                    key, SubscriberOptions.DEFAULT.withHistory(5), got::add)) {
                        next(got, kind);
                    }
                }
            }
            case "subscriber", "subscriber-history", "subscriber-recovery" -> {
                SubscriberOptions o =
                        switch (kind) {
                            case "subscriber" -> SubscriberOptions.DEFAULT;
                            case "subscriber-history" -> SubscriberOptions.DEFAULT.withHistory(5);
                            default -> SubscriberOptions.DEFAULT.withRecovery(true, 0);
                        };
                boolean advanced = !kind.equals("subscriber");
                PublisherOptions po =
                        advanced
                                ? PublisherOptions.DEFAULT.withCache(5).withHeartbeat(100)
                                : PublisherOptions.DEFAULT;
                // the publisher is the other peer's, with the same key (within its own limit)
                try (Publisher p = b.declarePublisher(key, po)) {
                    if (kind.equals("subscriber-history")) {
                        p.put(HELLO, null, null);
                    }
                    try (Subscriber s = a.declareSubscriber(key, o, got::add)) {
                        if (!kind.equals("subscriber-history")) {
                            Loopback.await(
                                    Duration.ofSeconds(10),
                                    p::hasMatchingSubscribers,
                                    "the publisher to see the subscriber");
                            p.put(HELLO, null, null);
                        }
                        next(got, kind);
                    }
                }
            }
            case "queryable" -> {
                try (Queryable q =
                        a.declareQueryable(
                                key,
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(query.keyExpr(), HELLO, null, null);
                                    query.finish();
                                })) {
                    List<Reply> r =
                            Loopback.firstAnswered(
                                    () -> b.get(key, GetOptions.DEFAULT.withTimeout(10_000)));
                    if (r.size() != 1 || !r.get(0).ok()) {
                        fail(kind + ": expected one reply, got " + r);
                    }
                }
            }
            case "get" -> {
                try (Queryable q =
                        b.declareQueryable(
                                key,
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(query.keyExpr(), HELLO, null, null);
                                    query.finish();
                                })) {
                    List<Reply> r =
                            Loopback.firstAnswered(
                                    () -> a.get(key, GetOptions.DEFAULT.withTimeout(10_000)));
                    if (r.size() != 1 || !r.get(0).ok()) {
                        fail(kind + ": expected one reply, got " + r);
                    }
                }
            }
            case "token" -> {
                try (LivelinessToken t = a.declareLivelinessToken(key);
                        Subscriber s = b.declareLivelinessSubscriber(key, true, got::add)) {
                    next(got, kind);
                }
            }
            case "liveliness-subscriber" -> {
                try (Subscriber s = a.declareLivelinessSubscriber(key, false, got::add)) {
                    Loopback.settle();
                    try (LivelinessToken t = b.declareLivelinessToken(key)) {
                        next(got, kind);
                    }
                }
            }
            case "liveliness-get" -> {
                try (LivelinessToken t = b.declareLivelinessToken(key)) {
                    // answered from what a knows: the token reaches it some time after it is
                    // declared
                    List<Reply> r = Loopback.firstAnswered(() -> a.livelinessGet(key, 10_000));
                    if (r.size() != 1 || !r.get(0).ok()) {
                        fail(kind + ": expected the token, got " + r);
                    }
                }
            }
            default -> throw new IllegalArgumentException(kind);
        }
    }
}
