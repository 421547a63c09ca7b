/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a JVM of its own with this test's class path, so that a native abort or
 * SIGSEGV fails one test instead of killing the build. The forked JVM's hs_err files land in
 * target/, where the crash canary looks; it checks JNI calls ({@code -Xcheck:jni}) as the test JVMs
 * do.
 */
final class ForkedJvm {

    private ForkedJvm() {}

    /**
     * Runs {@code main} with {@code args}, waits at most {@code timeoutSeconds} (then kills it),
     * asserts that it ended by itself with exit status 0 and returns its output (stdout and
     * stderr). {@code name} names the hs_err file.
     */
    static String runToSuccess(String name, Class<?> main, long timeoutSeconds, String... args)
            throws Exception {
        return runToSuccess(name, main, timeoutSeconds, List.of(), args);
    }

    /** {@link #runToSuccess}, with the environment variables {@code unset} removed. */
    static String runToSuccess(
            String name, Class<?> main, long timeoutSeconds, List<String> unset, String... args)
            throws Exception {
        return run(
                Path.of(System.getProperty("java.home")),
                List.of(),
                unset,
                name,
                main,
                timeoutSeconds,
                args);
    }

    /** {@link #runToSuccess} on the JDK at {@code javaHome}, with {@code jvmOptions}. */
    static String runToSuccessOn(
            Path javaHome,
            List<String> jvmOptions,
            String name,
            Class<?> main,
            long timeoutSeconds,
            String... args)
            throws Exception {
        return run(javaHome, jvmOptions, List.of(), name, main, timeoutSeconds, args);
    }

    private static String run(
            Path javaHome,
            List<String> jvmOptions,
            List<String> unset,
            String name,
            Class<?> main,
            long timeoutSeconds,
            String... args)
            throws Exception {
        Path out = Files.createTempFile("forked-" + name, ".log");
        try {
            File dir = new File("target");
            List<String> cmd = new ArrayList<>();
            cmd.add(javaHome.resolve("bin").resolve("java").toString());
            cmd.addAll(jvmOptions);
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(
                    "-XX:ErrorFile="
                            + new File(
                                            dir.exists() ? dir : new File("."),
                                            "hs_err_" + name + "_%p.log")
                                    .getAbsolutePath());
            // as the test JVMs (native/pom.xml): the JVM checks the types of every JNI call
            cmd.add("-Xcheck:jni");
            cmd.add(main.getName());
            cmd.addAll(List.of(args));
            ProcessBuilder forked =
                    new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
            unset.forEach(forked.environment()::remove);
            Process p = forked.start();
            boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(ended).as("the forked JVM ends; its output:\n" + log).isTrue();
            assertThat(p.exitValue())
                    .as(
                            "exit status of the forked JVM (134 = abort, 139 = SIGSEGV); its"
                                    + " output:\n"
                                    + log)
                    .isZero();
            return log;
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
