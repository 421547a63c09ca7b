/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The bench line protocol on stdout, and what every peer process shares. */
final class Out {

    private Out() {}

    static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    static void stat(String name, Object value) {
        say("STAT " + name + " " + value);
    }

    static RuntimeException fail(String text) {
        say("ERROR " + text);
        Runtime.getRuntime().halt(1);
        return new IllegalStateException(text);
    }

    /** The orchestrator holds our stdin open while it wants us alive; then we go at once. */
    static void exitWhenStdinCloses() {
        Thread t =
                new Thread(
                        () -> {
                            byte[] buf = new byte[256];
                            try (InputStream in = System.in) {
                                while (in.read(buf) >= 0) {
                                    // nothing is ever sent: only the end matters
                                }
                            } catch (IOException ignored) {
                                // closed: same as EOF
                            }
                            Runtime.getRuntime().halt(0);
                        },
                        "stdin-watch");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Bytes allocated so far by every live thread of this JVM (zenoh's attached threads included).
     */
    static long allocatedBytes() {
        com.sun.management.ThreadMXBean t =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long b : t.getThreadAllocatedBytes(t.getAllThreadIds())) {
            if (b > 0) {
                sum += b;
            }
        }
        return sum;
    }

    /** CPU time of this process (all threads, user + system) in ns. */
    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Resident set size of this process in kB (Linux), or -1. */
    static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return -1;
    }

    static byte[] payload(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i % 10);
        }
        return b;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
