/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import org.apache.camel.main.Main;

/**
 * The zenoh ↔ Kafka bridge: a Camel Main application. zenoh samples on {@code toKafka.keyExprs}
 * become Kafka records (topic from the key, key = the zenoh key, encoding and attachment in record
 * headers); records of {@code toZenoh.topics} become zenoh puts with their original encoding. With
 * {@code kafka.brokers} unset it starts a real single-node Kafka (KRaft) on 127.0.0.1:9092 as a
 * child process, so the demo needs nothing installed (see README.md beside this module).
 *
 * <p>Every setting of application.properties can be given as {@code --name=value} arguments, as
 * system properties, or as environment variables ({@code KAFKA_BROKERS}, {@code ZENOH_CONNECT},
 * ...).
 */
public final class ZenohKafkaBridge {

    private ZenohKafkaBridge() {}

    public static void main(String[] args) throws Exception {
        Main main = create(args);
        main.run();
    }

    /** The configured application, not yet started (tests start and stop it themselves). */
    public static Main create(String... args) {
        Main main = new Main();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException(
                        "Unknown argument '"
                                + arg
                                + "': use --name=value, e.g."
                                + " --kafka.brokers=127.0.0.1:9092 or --toKafka.keyExprs=sensors/**");
            }
            int eq = arg.indexOf('=');
            main.addOverrideProperty(arg.substring(2, eq), arg.substring(eq + 1));
        }
        main.configure().addConfiguration(BridgeConfiguration.class);
        main.configure().addRoutesBuilder(KafkaBridgeRoutes.class);
        return main;
    }
}
