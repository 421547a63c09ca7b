/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Forked by {@link LogFilterTest}: a remote peer declares a liveliness token whose key zenoh-ext's
 * advanced subscriber logs at WARN (the component's default filter) as malformed. The key holds a
 * secret's field name and a quote marker right after a multi-byte character: text the log
 * forwarding's redaction must take as it comes. The subscriber must keep receiving, and the warning
 * must reach the sink. Prints ALIVE when both hold.
 */
public final class HostileLogTextMain {

    private HostileLogTextMain() {}

    public static void main(String[] args) throws Exception {
        List<String> logged = new CopyOnWriteArrayList<>();
        ZenohLog.configure("warn", (level, target, message) -> logged.add(level + " " + message));
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
            AtomicLong received = new AtomicLong();
            try (Subscriber history =
                            a.declareSubscriber(
                                    "hostile/data",
                                    SubscriberOptions.DEFAULT.withHistory(10),
                                    s -> received.incrementAndGet());
                    Publisher p = b.declarePublisher("hostile/data", PublisherOptions.DEFAULT)) {
                Loopback.await(Duration.ofSeconds(10), p::hasMatchingSubscribers, "the subscriber");
                p.put(new byte[1]);
                Loopback.await(
                        Duration.ofSeconds(10), () -> received.get() == 1, "the first sample");
                // a token under the advanced subscriber's liveliness prefix that is no publisher's
                String hostile = "hostile/data/@adv/pub/\u20ac\": \"password";
                try (LivelinessToken token = b.declareLivelinessToken(hostile)) {
                    Loopback.await(
                            Duration.ofSeconds(10),
                            () -> logged.stream().anyMatch(m -> m.contains("malformed")),
                            "zenoh's warning about the malformed token");
                    for (int i = 0; i < 5; i++) {
                        p.put(new byte[1]);
                    }
                    Loopback.await(
                            Duration.ofSeconds(10),
                            () -> received.get() == 6,
                            "the samples after the token (received " + received + ")");
                }
            }
        }
        System.out.println(
                "warning: " + logged.stream().filter(m -> m.contains("malformed")).findFirst());
        System.out.println("ALIVE");
    }
}
