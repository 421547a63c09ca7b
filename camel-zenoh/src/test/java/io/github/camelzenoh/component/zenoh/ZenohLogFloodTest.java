/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * zenoh's log at trace level with traffic and a sink that cannot keep up: zenoh's threads never
 * wait for it, what does not fit is dropped, counted and reported.
 */
class ZenohLogFloodTest {

    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void restore() {
        release.countDown();
        ZenohLogBridge.configure(null);
    }

    @Test
    void aFloodIntoAStuckSinkIsDroppedCountedAndReportedWhileTrafficGoesOn() throws Exception {
        Queue<String> reports = new ConcurrentLinkedQueue<>();
        long before = ZenohLog.dropped();
        ZenohLog.configure(
                "trace",
                (level, target, message) -> {
                    if (target.equals("camel_zenoh::log")) {
                        reports.add(message);
                        return;
                    }
                    try {
                        // the application's logging is stuck
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        int port = Loopback.freePort();
        try (Session a = Session.open(Loopback.listener(port));
                Session b = Session.open(Loopback.connector(port))) {
            Waits.until("connected", () -> !a.info().peers().isEmpty());
            for (int i = 0; i < 5_000; i++) {
                b.put("flood/k", new byte[] {1}, null, null, Qos.DEFAULT);
            }
            Waits.until("drops counted", () -> ZenohLog.dropped() - before > ZenohLog.CAPACITY);
        }
        release.countDown();
        Waits.until("the drops reported", () -> !reports.isEmpty());
        assertThat(reports.peek()).contains("zenoh log events dropped");
    }
}
