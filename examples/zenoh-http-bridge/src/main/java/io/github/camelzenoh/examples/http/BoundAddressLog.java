/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.http.HttpServer;
import io.vertx.core.net.impl.TCPServerBase;
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

    /**
     * Logs where the bridge listens; fails the start when the API's server is not listening (its
     * port in use): Vert.x binds after Camel has started the route and only logs the failure.
     */
    @Override
    public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) {
        VertxPlatformHttpServer server = context.hasService(VertxPlatformHttpServer.class);
        if (server != null && server.getServer() != null && !listening(server.getServer())) {
            throw new IllegalStateException(
                    "The HTTP bridge cannot listen on "
                            + base(address(server.getHost()), server.getPort())
                            + "/: is the port in use? Choose another with --http.port (and"
                            + " --http.host)");
        }
        describe(context).forEach(LOG::info);
    }

    /** A server whose bind failed still reports its requested port as its actual one. */
    private static boolean listening(HttpServer s) {
        return s.actualPort() > 0 && (!(s instanceof TCPServerBase t) || t.isListening());
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
        int managementPort = managementPort(context, server);
        if (managementPort <= 0) {
            lines.add(
                    "  management server (health, metrics) not listening: is port "
                            + context.resolvePropertyPlaceholders("{{http.managementPort}}")
                            + " (--http.managementPort) in use? See the error above");
            return lines;
        }
        String management = base(address(host), managementPort);
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
        String address = address(host);
        return "HTTP bridge listening on "
                + base(address, port)
                + "/ ("
                + (address.equals(host) ? "" : "http.host=" + host + "; ")
                + reach(host)
                + ")";
    }

    /**
     * The port Camel's management server (health, metrics, dev console) listens on: the other
     * server made on the bridge's Vert.x; 0 when it is not listening (its port was in use).
     */
    private static int managementPort(CamelContext context, VertxPlatformHttpServer api) {
        BridgeVertx vertx =
                context.getRegistry().lookupByNameAndType("bridgeVertx", BridgeVertx.class);
        if (vertx == null) {
            return 0;
        }
        for (HttpServer s : vertx.servers()) {
            if (s != api.getServer() && listening(s)) {
                return s.actualPort();
            }
        }
        return 0;
    }

    /** The address a host name resolves to, as the server binds it; the name if it does not. */
    private static String address(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            return host;
        }
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
