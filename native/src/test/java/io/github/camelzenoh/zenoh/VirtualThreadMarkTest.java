/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link Subscriber#markConsumerThread} on virtual threads (JDK 21+; Camel runs routes on them with
 * camel.threads.virtual.enabled): the mark follows the Java thread, not the carrier thread it runs
 * on. Runs on the JDK under test when it has virtual threads, else on the newest JDK 21+ found
 * under /usr/lib/jvm (or JDK21_HOME); skipped when there is none.
 */
class VirtualThreadMarkTest {

    @Test
    void anUnmarkedVirtualThreadOnAMarkedOnesCarrierStillWaitsForRoom() throws Exception {
        Optional<Path> jdk = jdkWithVirtualThreads();
        assumeTrue(jdk.isPresent(), "no JDK 21+ on this machine");
        String log =
                ForkedJvm.runToSuccessOn(
                        jdk.get(),
                        List.of(
                                "-Djdk.virtualThreadScheduler.parallelism=1",
                                "-Djdk.virtualThreadScheduler.maxPoolSize=1"),
                        "virtual_thread_mark",
                        VirtualThreadMarkMain.class,
                        90);
        assertThat(log)
                .contains("unmarked waited for room: true", "unmarked dropped in all: 0", "END");
    }

    static Optional<Path> jdkWithVirtualThreads() throws IOException {
        if (Runtime.version().feature() >= 21) {
            return Optional.of(Path.of(System.getProperty("java.home")));
        }
        String env = System.getenv("JDK21_HOME");
        if (env != null && feature(Path.of(env)) >= 21) {
            return Optional.of(Path.of(env));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin").resolve("java")))
                    .filter(h -> feature(h) >= 21)
                    .max((x, y) -> Integer.compare(feature(x), feature(y)));
        }
    }

    /** The feature release in a JDK's release file (JAVA_VERSION="25.0.1" → 25), 0 if unknown. */
    private static int feature(Path home) {
        try {
            Matcher m =
                    Pattern.compile("JAVA_VERSION=\"(\\d+)")
                            .matcher(Files.readString(home.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
