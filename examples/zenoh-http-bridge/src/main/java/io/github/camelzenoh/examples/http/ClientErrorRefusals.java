/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Requests Vert.x-Web refuses with 400 before any route takes them (a path with a malformed escape
 * such as {@code %zz}, found while matching a route's path; an HTTP/1.1 request without Host) are
 * answered as Vert.x-Web answers them (400 and its reason phrase), logged at DEBUG: with no error
 * handler for 400 on the router, Vert.x-Web logs each one at ERROR with its stack trace, and any
 * client could flood the log with them. The handler goes on the router each HTTP server of the
 * bridge's Vert.x was given (platform-http's main router, which it does not expose; a failure in
 * matching a path reaches neither failure handlers nor the sub-router the routes are on), once
 * Camel has started the servers.
 */
final class ClientErrorRefusals implements StartupListener {

    private static final Logger LOG = LoggerFactory.getLogger(ClientErrorRefusals.class);

    @Override
    public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
        // the servers have their routers once the context is fully started
    }

    @Override
    public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) {
        BridgeVertx vertx =
                context.getRegistry().lookupByNameAndType("bridgeVertx", BridgeVertx.class);
        if (vertx == null) {
            return;
        }
        for (HttpServer server : vertx.servers()) {
            if (server.requestHandler() instanceof Router router) {
                router.errorHandler(400, ClientErrorRefusals::refuse);
            }
        }
    }

    /** Logged only: Vert.x-Web then answers 400 with its reason phrase, as without it. */
    static void refuse(RoutingContext ctx) {
        LOG.debug("HTTP 400 before any route: {}", String.valueOf(ctx.failure()));
    }
}
