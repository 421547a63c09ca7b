/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader, in forked JVMs (a JVM loads a library once): a library built from other sources is
 * refused with a clear error, a library that cannot be loaded says why and what to set, the
 * extraction directory is removed and those of dead JVMs are swept.
 */
class NativeLoaderTest {

    record Outcome(int exit, String out, String err) {}

    /** Runs {@link LoaderProbe} with {@code extraClasspath} first (it shadows the jar's files). */
    private static Outcome probe(Path extraClasspath, String... properties) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx64m");
        cmd.addAll(List.of(properties));
        cmd.add("-cp");
        String cp = System.getProperty("java.class.path");
        cmd.add(extraClasspath == null ? cp : extraClasspath + File.pathSeparator + cp);
        cmd.add(LoaderProbe.class.getName());
        Process p = new ProcessBuilder(cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("probe JVM did not end");
        }
        return new Outcome(
                p.exitValue(),
                new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    private static String resource(String name) throws IOException {
        try (var in = NativeLoader.class.getResourceAsStream("/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }

    private static String libraryFile() throws IOException {
        return System.mapLibraryName(NativeLoader.BASE + "-" + resource("native/version"));
    }

    /** The build's library, as a file (the test classpath's native/ is a directory). */
    private static Path builtLibrary() throws Exception {
        return Path.of(
                NativeLoader.class
                        .getResource("/native/" + NativeLoader.platform() + "/" + libraryFile())
                        .toURI());
    }

    private static List<String> extracted(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(NativeLoader.TEMP_PREFIX))
                    .toList();
        }
    }

    @Test
    void theJarsLibraryLoadsAndItsExtractionDirectoryIsRemoved(@TempDir Path tmp) throws Exception {
        Outcome o = probe(null, "-D" + NativeLoader.TMPDIR_PROPERTY + "=" + tmp);
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("loaded");
        assertThat(extracted(tmp)).isEmpty();
    }

    @Test
    void aLibraryBuiltFromOtherSourcesIsRefusedNamingBothBuildIds(@TempDir Path shadow)
            throws Exception {
        // this jar's build id as another build would have it
        Files.createDirectories(shadow.resolve("native"));
        Files.writeString(shadow.resolve("native/build-id"), "0.0.0-0123456789abcdef");
        Outcome o = probe(shadow, "-D" + NativeLoader.PATH_PROPERTY + "=" + builtLibrary());
        assertThat(o.exit()).as(o.out()).isEqualTo(3);
        assertThat(o.err())
                .contains("built from other sources")
                .contains("jar build id 0.0.0-0123456789abcdef")
                .contains("library build id " + resource("native/build-id"))
                .contains(NativeLoader.PATH_PROPERTY);
    }

    @Test
    void extractionDirectoriesOfDeadJvmsAreSweptLiveOnesKept(@TempDir Path tmp) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long deadPid = gone.pid();
        Path dead = tmp.resolve(NativeLoader.TEMP_PREFIX + deadPid + "-123");
        Files.createDirectories(dead);
        Files.writeString(dead.resolve(libraryFile()), "left by a crashed JVM");
        Path alive = tmp.resolve(NativeLoader.TEMP_PREFIX + ProcessHandle.current().pid() + "-456");
        Files.createDirectories(alive);
        Outcome o = probe(null, "-D" + NativeLoader.TMPDIR_PROPERTY + "=" + tmp);
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(extracted(tmp)).containsExactly(alive.getFileName().toString());
    }

    /**
     * The extracted library cannot be loaded (here: a broken file in its place; a noexec temp
     * directory fails the same way, "failed to map segment"): the error gives the reason and names
     * the properties that avoid the temp directory.
     */
    @Test
    void anExtractedLibraryThatCannotLoadNamesThePathProperty(
            @TempDir Path shadow, @TempDir Path tmp) throws Exception {
        Path fake = shadow.resolve("native/" + NativeLoader.platform() + "/" + libraryFile());
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "not a shared library");
        Outcome o = probe(shadow, "-D" + NativeLoader.TMPDIR_PROPERTY + "=" + tmp);
        assertThat(o.exit()).as(o.out()).isEqualTo(3);
        assertThat(o.err())
                .contains("cannot load its native library extracted to " + tmp)
                .contains("-D" + NativeLoader.PATH_PROPERTY + "=")
                .contains("noexec");
        assertThat(extracted(tmp)).isEmpty();
    }

    /** A library of this name on java.library.path that fails to load is reported, not skipped. */
    @Test
    void aBrokenLibraryOnTheLibraryPathIsReportedNotSkipped(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(libraryFile()), "not a shared library");
        Outcome o = probe(null, "-Djava.library.path=" + dir);
        assertThat(o.exit()).as(o.out()).isEqualTo(3);
        assertThat(o.err())
                .contains("cannot load its native library " + dir.resolve(libraryFile()))
                .contains("java.library.path");
    }
}
