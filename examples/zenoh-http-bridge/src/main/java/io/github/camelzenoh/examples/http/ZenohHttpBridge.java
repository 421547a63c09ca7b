/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import org.apache.camel.main.Main;

/**
 * The zenoh ↔ HTTP bridge: a Camel Main application. With no arguments it opens an embedded zenoh
 * peer (listening on tcp/127.0.0.1:7447, multicast scouting off) and serves HTTP on 127.0.0.1:8000
 * with the zenohd REST plugin's semantics (see README.md beside this module).
 *
 * <p>Every setting of application.properties can be given as {@code --name=value} arguments, as
 * system properties, or as environment variables ({@code ZENOH_CONNECT}, {@code HTTP_PORT}, ...).
 */
public final class ZenohHttpBridge {

    private ZenohHttpBridge() {}

    public static void main(String[] args) throws Exception {
        Main main = create(args);
        main.run();
    }

    /** The configured application, not yet started (tests start and stop it themselves). */
    public static Main create(String... args) {
        Main main = new Main();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException(
                        "Unknown argument '"
                                + arg
                                + "': use --name=value, e.g. --http.port=8080"
                                + " or --zenoh.connect=tcp/127.0.0.1:7447");
            }
            int eq = arg.indexOf('=');
            main.addOverrideProperty(arg.substring(2, eq), arg.substring(eq + 1));
        }
        main.configure().addConfiguration(BridgeConfiguration.class);
        main.configure().addRoutesBuilder(HttpBridgeRoutes.class);
        return main;
    }
}
