/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Java threads putting on a session whose own subscriber's listener is blocked (a route with a full
 * {@code block} queue, say) wait for room once the subscriber's pending samples reach their limit:
 * native memory stays bounded, and every sample arrives intact once the listener goes on. Runs in a
 * forked JVM (its RSS is measured alone, and an unbounded build-up ends that JVM, not the build's).
 * {@code -Dcamelzenoh.slowListenerSeconds=N} lengthens the blocked spell (default 10).
 */
class SlowListenerMemoryTest {

    private static final long SECONDS = Long.getLong("camelzenoh.slowListenerSeconds", 10);
    private static final int THREADS = 4;
    private static final long MAX_GROWTH_MIB = 256;

    @ParameterizedTest(name = "{0}-byte samples")
    @ValueSource(ints = {4096, 16384})
    void publishersWaitForRoomAndNothingIsCorrupted(int size) throws Exception {
        String out = runChild(size);
        String result =
                out.lines()
                        .filter(l -> l.startsWith("RESULT "))
                        .findFirst()
                        .orElseThrow(
                                () -> new AssertionError("the forked JVM gave no result:\n" + out));
        System.out.println("FIGURE slowListener size=" + size + " " + result);
        Map<String, Long> r = new HashMap<>();
        for (String kv : result.substring("RESULT ".length()).split(" ")) {
            String[] p = kv.split("=");
            r.put(p[0], Long.parseLong(p[1]));
        }
        assertThat(r.get("sent")).as("puts returned\n%s", out).isPositive();
        assertThat(r.get("corrupt")).as("corrupt samples\n%s", out).isZero();
        assertThat(r.get("delivered") + r.get("dropped"))
                .as("delivered + counted as dropped = sent\n%s", out)
                .isEqualTo(r.get("sent"));
        assertThat(r.get("rssGrowthMiB"))
                .as("RSS growth (MiB) while the listener was blocked\n%s", out)
                .isLessThan(MAX_GROWTH_MIB);
    }

    @Test
    void aPendingLimitOutsideItsRangeIsRefused() {
        assertThatThrownBy(() -> SubscriberOptions.DEFAULT.withMaxPendingBytes(65_535))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxPendingBytes 65535");
        assertThatThrownBy(() -> SubscriberOptions.DEFAULT.withMaxPendingBytes((1 << 30) + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxPendingBytes");
        assertThat(SubscriberOptions.DEFAULT.maxPendingBytes()).isEqualTo(16 << 20);
    }

    private static String runChild(int size) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the heap is committed and touched up front: RSS growth is native memory
        cmd.add("-Xms128m");
        cmd.add("-Xmx128m");
        cmd.add("-XX:+AlwaysPreTouch");
        cmd.add("-XX:ErrorFile=target/hs_err_pid%p.log");
        String nativePath = System.getProperty(NativeLoader.PATH_PROPERTY);
        if (nativePath != null) {
            cmd.add("-D" + NativeLoader.PATH_PROPERTY + "=" + nativePath);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(SlowListenerMemoryMain.class.getName());
        cmd.add(Integer.toString(size));
        cmd.add(Long.toString(SECONDS));
        cmd.add(Integer.toString(THREADS));
        cmd.add(Long.toString(4 * MAX_GROWTH_MIB)); // ends the child long before the machine
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> copy(p.getInputStream(), buf), "child-output");
        reader.start();
        try {
            boolean ended = p.waitFor(SECONDS + 180, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            reader.join(5_000);
            String out = buf.toString(StandardCharsets.UTF_8);
            assertThat(ended).as("forked JVM ended in time\n%s", out).isTrue();
            assertThat(p.exitValue()).as("forked JVM exit status\n%s", out).isZero();
            return out;
        } finally {
            p.destroyForcibly();
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
