/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The zenoh thread layout the bridge's launchers ({@code ./run-bridge.sh}, {@code bench/bridge.sh})
 * source from {@code zenoh-runtime.sh} is one zenoh accepts and applies: a JVM started with it
 * answers a get and has a {@code tx} thread but no {@code net} thread (its tasks run on {@code
 * tx}). A layout zenoh cannot parse would abort the bridge when its session opens: the probe runs
 * in a JVM of its own.
 */
@EnabledOnOs(OS.LINUX)
class ZenohRuntimeLayoutTest {

    /** The probe's output lines, run under {@code env} then {@code . zenoh-runtime.sh}. */
    static List<String> probe(String... env) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb =
                new ProcessBuilder(
                                "bash",
                                "-c",
                                ". ./zenoh-runtime.sh && exec \"$0\" -cp \"$1\" \"$2\"",
                                java,
                                System.getProperty("java.class.path"),
                                ZenohRuntimeLayoutProbe.class.getName())
                        .redirectErrorStream(true);
        pb.environment().remove("ZENOH_RUNTIME");
        for (int i = 0; i + 1 < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String log = new String(out, StandardCharsets.UTF_8);
        assertThat(ended).as("the probe JVM ends; its output:\n" + log).isTrue();
        assertThat(p.exitValue()).as("the probe JVM's exit status; its output:\n" + log).isZero();
        return Arrays.asList(log.split("\n"));
    }

    static String line(List<String> lines, String name) {
        return lines.stream()
                .filter(l -> l.startsWith(name + "="))
                .map(l -> l.substring(name.length() + 1))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " line in " + lines));
    }

    @Test
    void theLaunchersLayoutRunsNetsTasksOnTheTxThread() throws Exception {
        List<String> out = probe();
        assertThat(line(out, "ZENOH_RUNTIME")).isEqualTo("(net: (handover: tx))");
        assertThat(line(out, "REPLY")).isEqualTo("answered");
        List<String> threads = Arrays.asList(line(out, "THREADS").split(","));
        assertThat(threads).contains("tx-", "rx-").doesNotContain("net-");
    }

    @Test
    void aLayoutAlreadyInTheEnvironmentIsKept() throws Exception {
        List<String> out = probe("ZENOH_RUNTIME", "()"); // zenoh's own default
        assertThat(line(out, "ZENOH_RUNTIME")).isEqualTo("()");
        assertThat(line(out, "REPLY")).isEqualTo("answered");
        assertThat(Arrays.asList(line(out, "THREADS").split(","))).contains("tx-", "net-");
    }
}
