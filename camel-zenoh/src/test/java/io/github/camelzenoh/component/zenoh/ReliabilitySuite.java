/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Shared by the reliability suites ({@link ZenohRouterFaultReliabilityIT}, {@link
 * ZenohNoLossReliabilityIT}, {@link ZenohLifecycleReliabilityIT} with the route cycles of {@link
 * ZenohLifecycleTest}, {@link ZenohBadInputReliabilityIT}, {@link ZenohConcurrencyReliabilityIT},
 * {@link ZenohSecurityReliabilityIT}; failsafe runs the *IT classes in integration-test): the
 * CI/full switch, process resource counts and the figures they report.
 *
 * <p>CI form: the normal {@code mvn install}. Full form: {@code -Dcamelzenoh.full=true}, what
 * {@code tools/reliability.sh} runs; it scales the counts up and writes the figures that
 * docs/reliability.md quotes. Every figure is printed and appended to {@code
 * camel-zenoh/target/reliability/figures.txt} as {@code suite key=value}.
 */
final class ReliabilitySuite {

    /** {@code -Dcamelzenoh.full=true}: the full forms. */
    static final boolean FULL = Boolean.getBoolean("camelzenoh.full");

    private ReliabilitySuite() {}

    /**
     * {@code ci} in the normal build, {@code full} under -Dcamelzenoh.full=true;
     * -Dcamelzenoh.&lt;name&gt; overrides both.
     */
    static int scale(String name, int ci, int full) {
        return Integer.getInteger("camelzenoh." + name, FULL ? full : ci);
    }

    static String form() {
        return FULL ? "full" : "ci";
    }

    /** Open file descriptors of this process (Linux /proc/self/fd); -1 where there is no /proc. */
    static long openFds() {
        Path fd = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fd)) {
            return -1;
        }
        // sockets, pipes, eventfds and epolls: what a leaking session or process would hold.
        // Regular files are left out: the JVM opens jars lazily as classes load (JVM noise, not a
        // leak)
        try (Stream<Path> s = Files.list(fd)) {
            return s.filter(
                            f -> {
                                try {
                                    return !Files.readSymbolicLink(f).toString().startsWith("/");
                                } catch (IOException gone) {
                                    return false; // closed while listing
                                }
                            })
                    .count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Threads of the process, native ones included (zenoh's runtime): Linux /proc/self/task; -1
     * elsewhere.
     */
    static long osThreads() {
        Path task = Path.of("/proc/self/task");
        if (!Files.isDirectory(task)) {
            return -1;
        }
        try (Stream<Path> s = Files.list(task)) {
            return s.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Open file descriptors by kind (socket, anon_inode:[eventpoll], pipe, a jar path...), for
     * failure messages.
     */
    static Map<String, Integer> fdKinds() {
        Map<String, Integer> kinds = new TreeMap<>();
        Path fd = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fd)) {
            return kinds;
        }
        try (Stream<Path> s = Files.list(fd)) {
            s.forEach(
                    p -> {
                        String target;
                        try {
                            target =
                                    Files.readSymbolicLink(p)
                                            .toString()
                                            .replaceAll("\\[\\d+\\]", "[#]");
                        } catch (IOException e) {
                            target = "(gone)";
                        }
                        kinds.merge(target, 1, Integer::sum);
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return kinds;
    }

    /**
     * Live Java threads visible to the application (Thread.getAllStackTraces). The JIT's compiler
     * threads, which HotSpot starts and stops on its own, are hidden there (ThreadMXBean counts
     * them, which made a count jump by 4 during one cycle of a full run).
     */
    static int threads() {
        return Thread.getAllStackTraces().size();
    }

    /**
     * Live threads by name with digits folded (pool-3-thread-7 → pool-#-thread-#), for failure
     * messages.
     */
    static Map<String, Integer> threadNames() {
        Map<String, Integer> names = new TreeMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            names.merge(t.getName().replaceAll("\\d+", "#"), 1, Integer::sum);
        }
        return names;
    }

    /** Prints one figure and appends it to target/reliability/figures.txt. */
    static void figure(String suite, String key, Object value) {
        String line = String.format("%s %s %s=%s", Instant.now(), suite, key, value);
        System.out.println("FIGURE " + line);
        Path dir = Path.of("target", "reliability");
        try {
            Files.createDirectories(dir);
            Files.writeString(
                    dir.resolve("figures.txt"),
                    "[" + form() + "] " + line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
