/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import java.io.IOException;

/**
 * Main class of the embedded broker's JVM: runs {@code kafka.Kafka} and exits as soon as its
 * standard input closes. The bridge holds that pipe open, so the broker ends with the bridge even
 * when the bridge's JVM dies without stopping it (kill -9, a test JVM torn down): System.exit runs
 * Kafka's own shutdown hook, a clean broker shutdown.
 *
 * <p>Runs on the broker's classpath (Kafka's jars plus this class), so it uses the JDK only.
 */
public final class BrokerLauncher {

    private BrokerLauncher() {}

    public static void main(String[] args) throws Throwable {
        Thread watchdog =
                new Thread(
                        () -> {
                            try {
                                while (System.in.read() >= 0) {
                                    // nothing is ever sent; only the end of the stream matters
                                }
                            } catch (IOException ignored) {
                                // the parent is gone either way
                            }
                            System.exit(0);
                        },
                        "parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            Class.forName("kafka.Kafka")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
