/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Main class of {@link NativeLoaderTest}'s forked JVMs: loads the library and opens no session.
 * Exit 0 and "loaded" on success; exit 3 and the error's message on stderr on failure.
 */
public final class LoaderProbe {

    private LoaderProbe() {}

    public static void main(String[] args) {
        try {
            NativeLoader.load();
            System.out.println("loaded; live objects " + NativeDiagnostics.liveObjects());
            System.exit(0);
        } catch (Throwable t) {
            System.err.println(t);
            System.exit(3);
        }
    }
}
