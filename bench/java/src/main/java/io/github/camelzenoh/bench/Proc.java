/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One bench peer process. Its stdout lines (the line protocol) are read here; its stderr goes to a
 * log file. It lives while we hold its stdin open: {@link #close()} closes stdin, then terminates,
 * then kills it. A JVM shutdown hook does the same for every peer still running.
 */
final class Proc implements AutoCloseable {

    private static final Set<Proc> RUNNING = ConcurrentHashMap.newKeySet();
    private static final String EOF = "\u0000EOF";

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> RUNNING.forEach(Proc::close), "bench-peers-stop"));
    }

    final String name;
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path log;

    Proc(String name, List<String> command, Path logDir) throws IOException {
        this.name = name;
        Files.createDirectories(logDir);
        this.log = logDir.resolve(name.replaceAll("[^A-Za-z0-9_.-]", "_") + ".log");
        Files.writeString(log, "$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder pb =
                new ProcessBuilder(command)
                        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("PYTHONUNBUFFERED", "1");
        process = pb.start();
        RUNNING.add(this);
        Thread reader = new Thread(this::read, "bench-read-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader r =
                        new BufferedReader(
                                new InputStreamReader(
                                        process.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter copy =
                        new PrintWriter(
                                Files.newBufferedWriter(
                                        log.resolveSibling(log.getFileName() + ".out"),
                                        StandardCharsets.UTF_8,
                                        StandardOpenOption.CREATE,
                                        StandardOpenOption.TRUNCATE_EXISTING))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
                copy.println(line.length() > 300 ? line.substring(0, 300) + "..." : line);
            }
        } catch (IOException ignored) {
            // the process went away
        }
        lines.add(EOF);
    }

    /**
     * Waits for a line starting with {@code prefix}; fails on ERROR, on exit, or after {@code
     * seconds}.
     */
    String await(String prefix, long seconds) throws BenchException {
        List<String> got = until(prefix, seconds);
        return got.get(got.size() - 1);
    }

    /**
     * Every line up to and including the first one starting with {@code last}; fails on an ERROR
     * line, on the process ending first, or after {@code seconds}.
     */
    List<String> until(String last, long seconds) throws BenchException {
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (; ; ) {
            String line;
            try {
                line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BenchException(name + ": interrupted");
            }
            if (line == null) {
                throw new BenchException(
                        name + ": no '" + last + "' within " + seconds + " s (log: " + log + ")");
            }
            if (line.equals(EOF)) {
                lines.add(EOF);
                throw new BenchException(name + ": ended before '" + last + "' (log: " + log + ")");
            }
            if (line.startsWith("ERROR")) {
                throw new BenchException(name + ": " + line + " (log: " + log + ")");
            }
            got.add(line);
            if (line.startsWith(last)) {
                return got;
            }
        }
    }

    /** The lines received so far and not yet taken (an ERROR line or the end included). */
    List<String> drain() {
        List<String> got = new ArrayList<>();
        lines.drainTo(got);
        if (got.remove(EOF)) {
            lines.add(EOF);
        }
        return got;
    }

    /**
     * CPU time (user + system) of the process so far, from /proc (Linux; -1 elsewhere), in
     * nanoseconds at the kernel's clock-tick resolution.
     */
    long cpuNanos() {
        try {
            String stat =
                    java.nio.file.Files.readString(Path.of("/proc/" + process.pid() + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after "pid (comm) ": state is field 0, utime field 11, stime field 12
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
            return ticks * (1_000_000_000L / CLOCK_TICKS);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** USER_HZ: 100 on every Linux the benchmark runs on (getconf CLK_TCK). */
    private static final long CLOCK_TICKS = 100;

    /** Closes stdin (the peer exits by itself), then terminates, then kills. Idempotent. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        RUNNING.remove(this);
    }

    static int running() {
        return RUNNING.size();
    }

    static final class BenchException extends Exception {
        private static final long serialVersionUID = 1L;

        BenchException(String message) {
            super(message);
        }
    }
}
