package it.aarch64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The linux-aarch64 library from the installed jar, run by Debian's arm64 JDK under
 * qemu-aarch64-static, against the x86_64 Python zenoh peer over 127.0.0.1 (interop across
 * architectures). Only when the build made the aarch64 library (-Dcamelzenoh.aarch64=true).
 */
class EmulatedAarch64Test {

    static final String QEMU = "/usr/bin/qemu-aarch64-static";
    static final String ARM_JAVA = "/usr/lib/jvm/java-17-openjdk-arm64/bin/java";

    @Test
    void aarch64JvmRunsTheSmokeSuiteWithThePythonPeer() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("camelzenoh.aarch64"),
                "linux-aarch64 not built in this run (./test.sh builds it when the cross toolchain is installed)");
        String library = "native/linux-aarch64/libcamel_zenoh_jni-" + System.getProperty("smoke.version") + ".so";
        assertNotNull(getClass().getClassLoader().getResource(library), "the jar carries " + library);
        assertTrue(Files.isExecutable(Path.of(QEMU)), QEMU);
        assertTrue(Files.isExecutable(Path.of(ARM_JAVA)), ARM_JAVA);

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String router = "tcp/127.0.0.1:" + port;
        try (Proc routerPeer = python("router", "--mode", "router", "--listen", router)) {
            routerPeer.await("READY", 60); // listening before any client connects to it
            try (Proc sub = python("sub", "--mode", "client", "--connect", router, "--key", "smoke/out",
                    "--count", "3", "--timeout", "600")) {
            sub.await("READY", 60);
            String cp = System.getProperty("smoke.classpath");
            String[] parts = cp.split(":", 2);
            String classpath = parts[0] + ":" + Files.readString(Path.of(parts[1])).trim();
            try (Proc arm = new Proc("aarch64", List.of(QEMU, ARM_JAVA, "-Xshare:off", "-XX:TieredStopAtLevel=1",
                    "-cp", classpath, "it.aarch64.SmokeMain", router))) {
                arm.await("READY", 540);
                try (Proc pub = python("pub", "--mode", "client", "--connect", router, "--key", "smoke/in",
                        "--count", "3", "--payload", "x86-{i}", "--delay", "1");
                        Proc get = python("get", "--mode", "client", "--connect", router, "--key", "smoke/q",
                                "--timeout", "60", "--delay", "1")) {
                    get.await("END", 120);
                    assertTrue(get.seen().stream().anyMatch(l -> l.contains("\"ok\": true")
                            && l.contains(b64("answer-from-aarch64"))), "the Python get's reply: " + get.seen());
                    sub.await("END", 300);
                    List<String> got = sub.seen().stream().filter(l -> l.startsWith("{")).collect(Collectors.toList());
                    assertEquals(3, got.size(), "samples at the Python subscriber: " + got);
                    for (int i = 0; i < 3; i++) {
                        assertTrue(got.get(i).contains(b64("aarch64:x86-" + i)), got.get(i));
                    }
                }
                arm.closeInput();
                arm.await("PASSED", 300);
                assertEquals(0, arm.process.waitFor(), "emulated JVM's exit; output: " + arm.seen());
                assertTrue(arm.seen().stream().noneMatch(l -> l.startsWith("FAIL")), arm.seen().toString());
            }
            }
        }
    }

    static String b64(String s) {
        return java.util.Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static Proc python(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(System.getProperty("camelzenoh.python"), "-u",
                Path.of(System.getProperty("camelzenoh.root"), "tools/zpeer.py").toString()));
        cmd.addAll(List.of(args));
        return new Proc("python " + args[0], cmd);
    }

    /** A child process whose stdout lines are kept; killed on close. */
    static final class Proc implements AutoCloseable {
        final String name;
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final List<String> seen = new ArrayList<>();

        Proc(String name, List<String> cmd) throws IOException {
            this.name = name;
            this.process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream()))) {
                    for (String l; (l = r.readLine()) != null; ) {
                        System.out.println("[" + name + "] " + l);
                        lines.add(l);
                    }
                } catch (IOException ended) {
                    // process gone
                }
            }, "out-" + name);
            t.setDaemon(true);
            t.start();
        }

        /** Waits for {@code line}; fails at the deadline, or at once when the process has ended. */
        void await(String line, int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (;;) {
                long left = deadline - System.nanoTime();
                String l = lines.poll(Math.max(1, Math.min(left, TimeUnit.SECONDS.toNanos(1))),
                        TimeUnit.NANOSECONDS);
                if (l == null && !process.isAlive()) {
                    // its last lines may still be on their way from the reader thread
                    l = lines.poll(2, TimeUnit.SECONDS);
                    if (l == null) {
                        fail(name + ": exited (code " + process.exitValue() + ") before '" + line
                                + "'; seen " + seen);
                    }
                }
                if (l == null) {
                    if (left <= 0) {
                        fail(name + ": no '" + line + "' within " + seconds + " s; seen " + seen);
                    }
                    continue;
                }
                synchronized (seen) {
                    seen.add(l);
                }
                if (l.equals(line)) {
                    return;
                }
            }
        }

        List<String> seen() {
            List<String> rest = new ArrayList<>();
            lines.drainTo(rest);
            synchronized (seen) {
                seen.addAll(rest);
                return new ArrayList<>(seen);
            }
        }

        void closeInput() throws IOException {
            process.getOutputStream().close();
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
