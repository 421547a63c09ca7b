/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Requests Vert.x-Web refuses with 400 before any route takes them (a path with a malformed escape
 * such as {@code %zz}, found while matching a route's path; an HTTP/1.1 request without Host) are
 * answered as Vert.x-Web answers them (400 and its reason phrase), logged at DEBUG: with no error
 * handler for 400 on the router, Vert.x-Web logs each one at ERROR with its stack trace, and any
 * client could flood the log with them. The handler goes on the router the HTTP server is given
 * (platform-http's main router, which it does not expose; a failure in matching a path reaches
 * neither failure handlers nor the sub-router the routes are on).
 */
final class ClientErrorRefusals {

    private static final Logger LOG = LoggerFactory.getLogger(ClientErrorRefusals.class);

    private ClientErrorRefusals() {}

    /** {@code server}, whose request handler, when it is a Router, gets the refusals first. */
    static HttpServer on(HttpServer server) {
        InvocationHandler calls = new Calls(server);
        return (HttpServer)
                Proxy.newProxyInstance(
                        HttpServer.class.getClassLoader(),
                        new Class<?>[] {HttpServer.class},
                        calls);
    }

    private static final class Calls implements InvocationHandler {
        private final HttpServer server;

        Calls(HttpServer server) {
            this.server = server;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getName().equals("requestHandler")
                    && args != null
                    && args.length == 1
                    && args[0] instanceof Router router) {
                router.errorHandler(400, ClientErrorRefusals::refuse);
            }
            Object result;
            try {
                result = method.invoke(server, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return result == server ? proxy : result; // fluent calls go on through the proxy
        }
    }

    /** Logged only: Vert.x-Web then answers 400 with its reason phrase, as without it. */
    static void refuse(RoutingContext ctx) {
        LOG.debug("HTTP 400 before any route: {}", String.valueOf(ctx.failure()));
    }
}
