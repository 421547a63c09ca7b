/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

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
 * Logs, once Camel has started, the address the HTTP server actually listens on and who can reach
 * it. (Camel's own startup summary prints http://0.0.0.0:port whatever the host; the bridge
 * silences it in simplelogger.properties.)
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
        List<String> lines = new ArrayList<>();
        lines.add(listening(host, port));
        String management = management(context, host);
        lines.add("  health: " + management + "/observe/health");
        lines.add("  metrics: " + management + "/observe/metrics");
        lines.add(
                context.isDevConsole()
                        ? "  dev console: " + management + "/q/dev"
                        : "  dev console off (--http.devConsole=true turns it on)");
        return lines;
    }

    /**
     * The line naming the address bound: a host name ({@code --http.host=localhost}) is resolved as
     * the server resolves it, and the address printed, with the name beside it.
     */
    static String listening(String host, int port) {
        String address = host;
        try {
            address = InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            // the server could not have bound it either; named as given
        }
        return "HTTP bridge listening on "
                + base(address, port)
                + "/ ("
                + (address.equals(host) ? "" : "http.host=" + host + "; ")
                + reach(host)
                + ")";
    }

    /** Camel's management server (health, metrics, dev console), on a port of its own. */
    private static String management(CamelContext context, String host) {
        return base(
                host,
                Integer.parseInt(context.resolvePropertyPlaceholders("{{http.managementPort}}")));
    }

    private static String base(String host, int port) {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
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
