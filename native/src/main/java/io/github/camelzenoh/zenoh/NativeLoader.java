/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the native library once, in this order:
 *
 * <ol>
 *   <li>the file named by system property {@value #PATH_PROPERTY} (an explicit override);
 *   <li>{@code camel_zenoh_jni} on {@code java.library.path};
 *   <li>{@code native/<platform>/<library>} from this jar, extracted to a private temp file;
 * </ol>
 *
 * and otherwise fails with an error naming the platform. Idempotent and thread-safe.
 */
public final class NativeLoader {

    public static final String PATH_PROPERTY = "camelzenoh.native.path";
    static final String LIBRARY = "camel_zenoh_jni";

    private static volatile boolean loaded;

    private NativeLoader() {}

    public static synchronized void load() {
        if (loaded) {
            return;
        }
        String override = System.getProperty(PATH_PROPERTY);
        if (override != null && !override.isBlank()) {
            System.load(Path.of(override).toAbsolutePath().toString());
        } else if (!tryLibraryPath()) {
            loadFromJar();
        }
        loaded = true;
    }

    private static boolean tryLibraryPath() {
        try {
            System.loadLibrary(LIBRARY);
            return true;
        } catch (UnsatisfiedLinkError notThere) {
            return false;
        }
    }

    private static void loadFromJar() {
        String platform = platform();
        String file = System.mapLibraryName(LIBRARY);
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
                                + " is not in the jar. Built platforms: linux-x86_64. Build the native"
                                + " module on this platform or set -D"
                                + PATH_PROPERTY
                                + "=/path/to/"
                                + file);
            }
            Path dir = Files.createTempDirectory("camel-zenoh-native");
            Path lib = dir.resolve(file);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            lib.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            System.load(lib.toString());
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("camel-zenoh could not extract " + resource + ": " + e);
        }
    }

    /**
     * The os/arch directory name shared with the build (native/pom.xml property native.platform).
     */
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
