/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;

/**
 * Base of the test classes whose tests share two connected peer sessions over loopback: {@code a}
 * listens on a free port, {@code b} connects to it and listens nowhere (multicast scouting off).
 * Opened once per class, closed after its last test.
 */
abstract class TwoPeerSessions {

    /** On a test class: {@code a} stamps its publications (zenoh-ext caches need timestamps). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Timestamping {}

    static Session a;
    static Session b;

    /** The loopback port {@code a} listens on: further sessions of a test may connect to it. */
    static int port;

    @BeforeAll
    static void openPeers(TestInfo test) {
        boolean stamped =
                test.getTestClass()
                        .map(c -> c.isAnnotationPresent(Timestamping.class))
                        .orElse(false);
        port = Loopback.freePort();
        SessionConfig listener = Loopback.listener(port);
        a =
                Session.open(
                        stamped ? listener.withOverride("timestamping/enabled", "true") : listener);
        b = Session.open(Loopback.connector(port));
        String aZid = a.info().zid();
        Loopback.await(
                Duration.ofSeconds(10), () -> b.info().peers().contains(aZid), "peers to connect");
    }

    @AfterAll
    static void closePeers() {
        b.close();
        a.close();
    }
}
