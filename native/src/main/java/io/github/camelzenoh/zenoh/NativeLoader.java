/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Loads the native library once, in this order:
 *
 * <ol>
 *   <li>the file named by system property {@value #PATH_PROPERTY} (an explicit override);
 *   <li>{@code camel_zenoh_jni-<version>} on {@code java.library.path} (e.g. {@code
 *       libcamel_zenoh_jni-0.1.0.so}): a library of another version there is never picked up;
 *   <li>{@code native/<platform>/<library>} from this jar, extracted to a private directory under
 *       {@value #TMPDIR_PROPERTY} (default {@code java.io.tmpdir}), deleted once loaded;
 *       directories left by JVMs that died meanwhile are swept;
 * </ol>
 *
 * then checks that the library was built from the same sources as this jar (the build id compiled
 * into it against the jar's {@code native/build-id}): JNI binds functions by name only, and a
 * library with other signatures would corrupt memory. Every failure is an {@link
 * UnsatisfiedLinkError} saying which library, why, and what to set. Idempotent and thread-safe.
 */
public final class NativeLoader {

    public static final String PATH_PROPERTY = "camelzenoh.native.path";
    public static final String TMPDIR_PROPERTY = "camelzenoh.native.tmpdir";
    static final String BASE = "camel_zenoh_jni";
    static final String TEMP_PREFIX = "camel-zenoh-native-";

    private static volatile boolean loaded;

    private NativeLoader() {}

    /** The build id compiled into the native library. */
    private static native String nativeBuildId();

    public static synchronized void load() {
        if (loaded) {
            return;
        }
        String version = jarResource("native/version");
        String expected = jarResource("native/build-id");
        String file = System.mapLibraryName(BASE + "-" + version);
        String override = System.getProperty(PATH_PROPERTY);
        String source;
        if (override != null && !override.isBlank()) {
            Path p = Path.of(override).toAbsolutePath();
            source = "-D" + PATH_PROPERTY + "=" + p;
            loadFile(p, source);
        } else {
            Path onPath = onLibraryPath(file);
            if (onPath != null) {
                source = onPath + " (java.library.path)";
                loadFile(onPath, source);
            } else {
                source = loadFromJar(file);
            }
        }
        checkBuildId(expected, source, file);
        loaded = true;
    }

    /** A resource this jar's build wrote (trimmed text); a clear error when it is missing. */
    private static String jarResource(String name) {
        try (InputStream in = NativeLoader.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(
                        "camel-zenoh-native has no "
                                + name
                                + " resource: the jar (or classes directory) was not built by its"
                                + " Maven build, which packs the native library with it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("camel-zenoh-native cannot read " + name + ": " + e);
        }
    }

    private static void loadFile(Path p, String source) {
        try {
            System.load(p.toString());
        } catch (UnsatisfiedLinkError e) {
            throw new UnsatisfiedLinkError(
                    "camel-zenoh cannot load its native library " + source + ": " + e.getMessage());
        }
    }

    /** The library file of this version on java.library.path, or null when there is none. */
    private static Path onLibraryPath(String file) {
        String path = System.getProperty("java.library.path", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isBlank()) {
                Path p = Path.of(dir).resolve(file);
                if (Files.isRegularFile(p)) {
                    return p.toAbsolutePath();
                }
            }
        }
        return null;
    }

    private static void checkBuildId(String expected, String source, String file) {
        String actual;
        try {
            actual = nativeBuildId();
        } catch (UnsatisfiedLinkError noId) {
            actual = "none (a library older than build ids)";
        }
        if (!expected.equals(actual)) {
            throw new UnsatisfiedLinkError(
                    "camel-zenoh's native library "
                            + source
                            + " was built from other sources than this camel-zenoh-native jar"
                            + " (library build id "
                            + actual
                            + ", jar build id "
                            + expected
                            + "); JNI would bind mismatched functions. Use the library of this"
                            + " build ("
                            + file
                            + ", in the jar under native/"
                            + platform()
                            + "/), or unset -D"
                            + PATH_PROPERTY
                            + " and remove the other library from java.library.path");
        }
    }

    private static String loadFromJar(String file) {
        String platform = platform();
        String resource = "/native/" + platform + "/" + file;
        try (InputStream in = NativeLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError(
                        "camel-zenoh has no native library for platform '"
                                + platform
                                + "' (os.name="
                                + System.getProperty("os.name")
                                + ", os.arch="
                                + System.getProperty("os.arch")
                                + "): "
                                + resource
                                + " is not in the jar, which carries "
                                + builtPlatforms(file)
                                + ". Build the native module on this platform or set -D"
                                + PATH_PROPERTY
                                + "=/path/to/"
                                + file);
            }
            Path base =
                    Path.of(
                            System.getProperty(
                                    TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir")));
            sweep(base);
            Path dir =
                    Files.createTempDirectory(
                            base, TEMP_PREFIX + ProcessHandle.current().pid() + "-");
            Path lib = dir.resolve(file);
            try {
                Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
                System.load(lib.toString());
            } catch (UnsatisfiedLinkError e) {
                throw new UnsatisfiedLinkError(
                        "camel-zenoh cannot load its native library extracted to "
                                + lib
                                + ": "
                                + e.getMessage()
                                + ". If "
                                + base
                                + " does not allow executing code (e.g. mounted noexec), set -D"
                                + PATH_PROPERTY
                                + "=/path/to/"
                                + file
                                + " (the jar's "
                                + resource
                                + ", extracted) or -D"
                                + TMPDIR_PROPERTY
                                + "=<a directory that does>");
            } finally {
                // once loaded the mapping stays: the file is not needed (where it cannot be
                // deleted while loaded, at exit; a crash leaves it to the next JVM's sweep)
                deleteOrAtExit(dir, lib);
            }
            return lib + " (extracted from the jar)";
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("camel-zenoh could not extract " + resource + ": " + e);
        }
    }

    private static void deleteOrAtExit(Path dir, Path lib) {
        try {
            Files.deleteIfExists(lib);
            Files.deleteIfExists(dir);
        } catch (IOException | RuntimeException e) {
            // deleteOnExit deletes in reverse order of registration: the file, then its directory
            dir.toFile().deleteOnExit();
            lib.toFile().deleteOnExit();
        }
    }

    /**
     * Deletes the extraction directories ({@code camel-zenoh-native-<pid>-*}) of JVMs that are no
     * longer running. Best effort: a directory that cannot be read or deleted is left.
     */
    static void sweep(Path base) {
        try (Stream<Path> entries = Files.list(base)) {
            entries.filter(NativeLoader::deadJvmDirectory).forEach(NativeLoader::deleteTree);
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // nothing to sweep, or not allowed to
        }
    }

    private static boolean deadJvmDirectory(Path p) {
        String name = p.getFileName().toString();
        if (!name.startsWith(TEMP_PREFIX) || !Files.isDirectory(p)) {
            return false;
        }
        String rest = name.substring(TEMP_PREFIX.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return false;
        }
        try {
            long pid = Long.parseLong(rest.substring(0, dash));
            return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.deleteIfExists(p);
                                } catch (IOException e) {
                                    // left for a later sweep
                                }
                            });
        } catch (IOException | UncheckedIOException e) {
            // left for a later sweep
        }
    }

    /**
     * The os/arch directory name shared with the build (native/pom.xml property native.platform).
     */
    /** The platforms whose library this jar carries, e.g. "linux-x86_64, linux-aarch64". */
    static String builtPlatforms(String file) {
        List<String> built = new ArrayList<>();
        for (String p : KNOWN_PLATFORMS) {
            String name = p.startsWith("windows") ? file.replace("lib", "") : file;
            if (NativeLoader.class.getResource("/native/" + p + "/" + name) != null
                    || NativeLoader.class.getResource("/native/" + p + "/" + swapSuffix(name, p))
                            != null) {
                built.add(p);
            }
        }
        return built.isEmpty() ? "no native library" : String.join(", ", built);
    }

    private static final List<String> KNOWN_PLATFORMS =
            List.of(
                    "linux-x86_64",
                    "linux-aarch64",
                    "macos-x86_64",
                    "macos-aarch64",
                    "windows-x86_64");

    private static String swapSuffix(String file, String platform) {
        int dot = file.lastIndexOf('.');
        String base = dot < 0 ? file : file.substring(0, dot);
        String suffix =
                platform.startsWith("macos")
                        ? ".dylib"
                        : platform.startsWith("windows") ? ".dll" : ".so";
        return base + suffix;
    }

    public static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o =
                os.contains("linux")
                        ? "linux"
                        : os.contains("mac") ? "macos" : os.contains("win") ? "windows" : os;
        String a =
                switch (arch) {
                    case "amd64", "x86_64" -> "x86_64";
                    case "aarch64", "arm64" -> "aarch64";
                    default -> arch;
                };
        return o + "-" + a;
    }
}
