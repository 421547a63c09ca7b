/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The benchmark suite in its smoke form (seconds, a few runs of every piece): every peer starts,
 * talks to the others and reports, and every figure and ratio comes out. No timing threshold — this
 * keeps bench/run.sh from rotting; the numbers themselves come from bench/run.sh.
 */
class BenchSmokeTest {

    @Test
    @Timeout(600)
    void everyPieceOfTheSuiteRunsAndReports() throws Exception {
        Suite.Tools tools =
                new Suite.Tools(
                        Path.of(System.getProperty("bench.rustBin")),
                        Path.of(System.getProperty("camelzenoh.test.python")),
                        Path.of(System.getProperty("bench.pythonScript")),
                        Path.of(System.getProperty("java.home"), "bin", "java"),
                        Suite.classpath(
                                Path.of(System.getProperty("bench.classpath")),
                                Path.of(System.getProperty("bench.classpathFile"))),
                        javaOptions(),
                        Path.of(System.getProperty("bench.logDir")),
                        null);
        Suite.Report r =
                new Suite(
                                Suite.Settings.smoke(),
                                tools,
                                line -> System.out.println(line),
                                line -> System.out.println(line))
                        .run();

        assertThat(r.failures()).isEmpty();
        assertThat(Proc.running()).as("every peer process stopped").isZero();
        for (String kind : List.of("rust", "binding", "camel", "python")) {
            assertThat(r.median("sub " + kind + " 8B"))
                    .as("subscriber throughput of " + kind)
                    .isPositive();
            assertThat(r.median("rtt " + kind)).as("ping-pong of " + kind).isPositive();
        }
        for (String kind : List.of("rust", "binding", "camel", "camel-spin")) {
            assertThat(r.median("rtt@1000 " + kind))
                    .as("ping-pong at 1000/s of " + kind)
                    .isPositive();
        }
        for (String kind : List.of("binding", "camel")) {
            assertThat(r.median("pub " + kind + " 8B"))
                    .as("publisher throughput of " + kind)
                    .isPositive();
            assertThat(r.stat(kind + " 8B alone cpu_ns_per_put"))
                    .as("cost per put of " + kind + " alone")
                    .isNotEmpty()
                    .allMatch(c -> c > 0);
            assertThat(r.stat(kind + " 8B alloc_bytes_per_msg"))
                    .as("allocation of " + kind)
                    .allMatch(b -> b > 0);
            assertThat(r.stat(kind + " 8B upcalls_per_sample"))
                    .as("upcalls of " + kind)
                    .allMatch(u -> u > 0 && u <= 1);
            assertThat(r.stat(kind + " 8B jni_calls_per_sample")).allMatch(c -> c > 0);
            assertThat(r.stat(kind + " 8B live_native_objects_after_close"))
                    .as("native objects left by " + kind)
                    .containsOnly(0.0);
        }
        for (String kind : List.of("camel-floor", "camel-floor-pub", "camel-batch")) {
            assertThat(r.median("sub " + kind + " 8B")).as("throughput of " + kind).isPositive();
        }
        assertThat(r.median("pub camel-batch-pub 8B")).as("batch publisher").isPositive();
        assertThat(r.ratios())
                .containsKeys(
                        "camel_overhead_vs_floor_8B",
                        "camel_pub_overhead_vs_floor_8B",
                        "camel_batch_vs_rust_8B",
                        "camel_batch_pub_vs_rust_8B");
        assertThat(r.ratios())
                .containsKeys(
                        "binding_vs_rust_8B",
                        "camel_vs_rust_8B",
                        "camel_vs_python_8B",
                        "camel_rtt_vs_rust",
                        "camel_rtt_vs_rust_1000hz",
                        "camel_rtt_p99_vs_rust_1000hz",
                        "binding_pub_vs_rust_8B",
                        "camel_pub_vs_rust_8B");
        assertThat(r.lines()).anyMatch(l -> l.startsWith("RATIO camel_vs_rust_8B "));
        assertThat(r.lines().get(r.lines().size() - 1)).startsWith("RATIO ");
    }

    /**
     * Options of the Java peers: small heap, quiet logging, and the build's crash canary
     * (-XX:ErrorFile under target/hs_err, from the system property camelzenoh.test.argLine).
     */
    private static List<String> javaOptions() {
        List<String> opts =
                new java.util.ArrayList<>(
                        List.of("-Xmx256m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
        String canary = System.getProperty("camelzenoh.test.argLine", "").trim();
        if (!canary.isEmpty()) {
            opts.addAll(List.of(canary.split("\\s+")));
        }
        return opts;
    }
}
