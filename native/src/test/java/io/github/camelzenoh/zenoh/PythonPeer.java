/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Python eclipse-zenoh process running tools/zpeer.py: the independent peer of interop tests. The
 * interpreter comes from system property {@code camelzenoh.test.python} (set by the build to the
 * project virtualenv made by tools/python-env.sh). Closing destroys the process.
 */
public final class PythonPeer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> skipped = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final StringBuilder stderr = new StringBuilder();

    private PythonPeer(Process process) {
        this.process = process;
        Thread out =
                new Thread(
                        () ->
                                pump(
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8)),
                                        true),
                        "zpeer-stdout");
        Thread err =
                new Thread(
                        () ->
                                pump(
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getErrorStream(),
                                                        StandardCharsets.UTF_8)),
                                        false),
                        "zpeer-stderr");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
    }

    public static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("tools/zpeer.py"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException(
                    "tools/zpeer.py not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    public static String python() {
        String py = System.getProperty("camelzenoh.test.python");
        if (py == null || py.isBlank() || py.startsWith("${")) {
            py = root().resolve(".venv/bin/python").toString();
        }
        if (!Files.isExecutable(Path.of(py))) {
            throw new IllegalStateException(
                    "Python with eclipse-zenoh not found at "
                            + py
                            + ": run tools/python-env.sh (the build does it in generate-test-resources)");
        }
        return py;
    }

    /** Starts {@code zpeer.py <command> <args...>} and waits for its READY line. */
    public static PythonPeer start(String command, String... args) {
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                python(),
                                "-u",
                                root().resolve("tools/zpeer.py").toString(),
                                command));
        cmd.addAll(List.of(args));
        try {
            PythonPeer peer = new PythonPeer(new ProcessBuilder(cmd).start());
            peer.awaitLine("READY", 30);
            return peer;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + cmd, e);
        }
    }

    private void pump(BufferedReader r, boolean out) {
        try {
            for (String line; (line = r.readLine()) != null; ) {
                if (out) {
                    lines.add(line);
                } else {
                    synchronized (stderr) {
                        stderr.append(line).append('\n');
                    }
                }
            }
        } catch (IOException ignored) {
            // process ended
        }
    }

    /**
     * Skips lines until {@code expected} (kept, see {@link #skipped()}); fails with the peer's
     * stderr after the timeout.
     */
    public void awaitLine(String expected, int seconds) {
        for (; ; ) {
            String l = next(seconds);
            if (l.equals(expected)) {
                return;
            }
            skipped.add(l);
        }
    }

    /**
     * Lines skipped by {@link #awaitLine}, e.g. what the peer printed before READY (a router's
     * zid).
     */
    public List<String> skipped() {
        return List.copyOf(skipped);
    }

    /** The first skipped JSON line that has {@code field}, e.g. {@code skippedJson("zid")}. */
    public JsonNode skippedJson(String field) {
        for (String l : skipped) {
            if (l.startsWith("{")) {
                try {
                    JsonNode n = JSON.readTree(l);
                    if (n.has(field)) {
                        return n;
                    }
                } catch (IOException e) {
                    throw new AssertionError("not JSON from python peer: " + l, e);
                }
            }
        }
        throw new AssertionError("python peer printed no '" + field + "' before: " + skipped);
    }

    public String next(int seconds) {
        try {
            String l = lines.poll(seconds, TimeUnit.SECONDS);
            if (l == null) {
                throw new AssertionError(
                        "python peer said nothing for " + seconds + " s; stderr:\n" + stderr());
            }
            return l;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next JSON line, or null when the peer printed END. */
    public JsonNode nextJson(int seconds) {
        String l = next(seconds);
        if (l.equals("END")) {
            return null;
        }
        try {
            return JSON.readTree(l);
        } catch (IOException e) {
            throw new AssertionError("not JSON from python peer: " + l, e);
        }
    }

    /** Every JSON line until END. */
    public List<JsonNode> allJson(int seconds) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode n; (n = nextJson(seconds)) != null; ) {
            all.add(n);
        }
        return all;
    }

    public static byte[] bytes(JsonNode n) {
        return n == null || n.isNull() ? null : Base64.getDecoder().decode(n.asText());
    }

    public static String text(JsonNode n) {
        byte[] b = bytes(n);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    public boolean waitFor(int seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    /** SIGKILL: the process dies at once, without closing its session (a crashed router). */
    public void kill() {
        try {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * SIGSTOP: the process stops reading its links, its session stays open (a peer that hangs);
     * {@link #resumeProcess} continues it.
     */
    public void pauseProcess() {
        signal("-STOP");
    }

    /** SIGCONT after {@link #pauseProcess}. */
    public void resumeProcess() {
        signal("-CONT");
    }

    private void signal(String which) {
        try {
            int rc =
                    new ProcessBuilder("kill", which, Long.toString(process.pid()))
                            .inheritIO()
                            .start()
                            .waitFor();
            if (rc != 0) {
                throw new IllegalStateException("kill " + which + " exited with " + rc);
            }
        } catch (IOException e) {
            throw new IllegalStateException("kill " + which, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

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
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
