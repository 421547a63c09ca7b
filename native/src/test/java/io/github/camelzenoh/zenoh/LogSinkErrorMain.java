/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Forked by {@link LogFilterTest}: zenoh's warnings go to a sink whose first call throws an Error;
 * the records after it must still arrive. Prints ALIVE when a record came after the Error.
 */
public final class LogSinkErrorMain {

    private LogSinkErrorMain() {}

    public static void main(String[] args) {
        AtomicBoolean thrown = new AtomicBoolean();
        LinkedBlockingQueue<String> after = new LinkedBlockingQueue<>();
        ZenohLog.configure(
                "warn",
                (level, target, message) -> {
                    if (thrown.compareAndSet(false, true)) {
                        throw new AssertionError("a sink failing with an Error");
                    }
                    after.add(level + " " + message);
                });
        // a client whose router port is closed: zenoh warns on every attempt
        Loopback.await(
                Duration.ofSeconds(60),
                () -> {
                    try (Session s =
                            Session.open(
                                    SessionConfig.loopbackPeer()
                                            .withMode("client")
                                            .withConnect(Loopback.endpoint(Loopback.freePort()))
                                            .withOverride("listen/endpoints", "[]"))) {
                        return !after.isEmpty();
                    } catch (ZenohException e) {
                        return thrown.get() && !after.isEmpty();
                    }
                },
                "a zenoh warning after the sink's Error");
        System.out.println("after the Error: " + after.peek());
        System.out.println("ALIVE");
    }
}
