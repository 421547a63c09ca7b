/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A received sample its listener's JVM cannot copy into the heap (an OutOfMemoryError, as on a
 * loaded JVM) is counted: the listener is told it as dropped, and the samples after it still
 * arrive. A JVM with a 48 MiB heap subscribes; this one puts 8 B, 96 MiB and 8 B. (Before, the
 * failure ended the native upcall: logged, the sample and the rest of its chunk counted nowhere.)
 * The child runs in a JVM of its own, so an abort would fail this test only.
 */
class SampleCopyFailureTest {

    @Test
    void aSampleTooLargeForTheHeapIsCountedAsDroppedAndTheNextOnesArrive() throws Exception {
        int port = Loopback.freePort();
        try (Session session = Session.open(Loopback.listener(port))) {
            Process child = start(port);
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            StringBuilder log = new StringBuilder();
            Thread reader =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        child.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    String line;
                                    while ((line = r.readLine()) != null) {
                                        synchronized (log) {
                                            log.append(line).append('\n');
                                        }
                                        lines.add(line);
                                    }
                                } catch (java.io.IOException e) {
                                    // the child ended
                                }
                            },
                            "copy-failure-child");
            reader.setDaemon(true);
            reader.start();
            try {
                await(lines, "READY", log);
                Loopback.awaitRemoteSubscriber(session, "copyfail/x");
                PublisherOptions block =
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK));
                try (Publisher p = session.declarePublisher("copyfail/x", block);
                        Publisher end = session.declarePublisher("copyfail/end", block)) {
                    p.put(new byte[8]);
                    p.put(new byte[96 << 20]);
                    p.put(new byte[8]);
                    end.put(new byte[0]);
                }
                String result = await(lines, "RESULT", log);
                assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(child.exitValue()).as("child's exit status\n%s", log).isZero();
                assertThat(result)
                        .as("the two small samples arrive, the large one is counted\n%s", log)
                        .isEqualTo("RESULT delivered=[8, 8] dropped=1");
            } finally {
                child.destroyForcibly().waitFor();
            }
        }
    }

    private static Process start(int port) throws java.io.IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx48m");
        cmd.add("-XX:ErrorFile=target/hs_err_copy_failure_%p.log");
        String nativePath = System.getProperty(NativeLoader.PATH_PROPERTY);
        if (nativePath != null) {
            cmd.add("-D" + NativeLoader.PATH_PROPERTY + "=" + nativePath);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SampleCopyFailureMain.class.getName());
        cmd.add(Integer.toString(port));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    private static String await(BlockingQueue<String> lines, String prefix, StringBuilder log)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
        }
        synchronized (log) {
            throw new AssertionError("no '" + prefix + "' from the child within 60 s\n" + log);
        }
    }
}
