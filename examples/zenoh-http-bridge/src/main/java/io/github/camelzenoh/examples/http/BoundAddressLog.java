/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs, once Camel has started, the address the HTTP server actually listens on, who can reach it
 * and the socket transport it serves with. (Camel's own startup summary prints http://0.0.0.0:port
 * whatever the host; the bridge silences it in simplelogger.properties.)
 */
final class BoundAddressLog implements StartupListener {

    private static final Logger LOG = LoggerFactory.getLogger("zenoh-http-bridge");

    @Override
    public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
        // wait for onCamelContextFullyStarted: the HTTP server is bound by then
    }

    @Override
    public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) {
        describe(context).forEach(LOG::info);
    }

    /** The lines logged at startup: the bound address, who can reach it, what is served. */
    static List<String> describe(CamelContext context) {
        VertxPlatformHttpServer server = context.hasService(VertxPlatformHttpServer.class);
        if (server == null || server.getServer() == null) {
            return List.of("HTTP server not started");
        }
        String host = server.getHost();
        int port = server.getServer().actualPort();
        String base = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        List<String> lines = new ArrayList<>();
        lines.add("HTTP bridge listening on " + base + "/ (" + reach(host) + ")");
        lines.add("  health: " + base + "/observe/health");
        boolean preferred =
                context.getPropertiesComponent()
                        .resolveProperty("http.nativeTransport")
                        .map(Boolean::parseBoolean)
                        .orElse(true);
        lines.add("  transport: " + transport(server.getVertx(), preferred));
        lines.add(
                context.isDevConsole()
                        ? "  dev console: " + base + "/q/dev"
                        : "  dev console off (--http.devConsole=true turns it on)");
        return lines;
    }

    /** Which socket transport Vert.x serves with, and why not the native one when it is not. */
    static String transport(Vertx vertx, boolean preferred) {
        if (vertx.isNativeTransportEnabled()) {
            return "native epoll";
        }
        if (!preferred) {
            return "Java NIO (--http.nativeTransport=false)";
        }
        Throwable why = vertx.unavailableNativeTransportCause();
        return "Java NIO (native epoll does not load here"
                + (why == null ? "" : ": " + why)
                + "; Netty ships it for Linux x86-64 and AArch64)";
    }

    static String reach(String host) {
        try {
            InetAddress a = InetAddress.getByName(host);
            if (a.isLoopbackAddress()) {
                return "this machine only; --http.host=0.0.0.0 opens it to the network";
            }
            if (a.isAnyLocalAddress()) {
                return "every network interface of this host: anyone who can reach it can put, get"
                        + " and subscribe";
            }
            return "reachable on that interface's network";
        } catch (UnknownHostException e) {
            return "host name not resolvable here";
        }
    }
}
