/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.impl.VertxWrapper;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The Vert.x instance platform-http's server runs on (bound in the registry, where the server looks
 * for one before it creates its own), whose HTTP servers close connections idle for {@code
 * idleTimeoutMillis}: platform-http creates its server with default options (no idle timeout) and
 * has no setting for it, so a client that sends half a request head and nothing more (slowloris)
 * held its connection, and a file descriptor, forever. Its request heads may also be as long as the
 * REST plugin's: a GET's request target up to 65,534 bytes (hyper answers 414 from 65,535) and
 * headers up to hyper's 408 KiB buffer; Netty's defaults (a 4 KiB request line, 8 KiB of headers)
 * refused a GET of a 4,100-byte key with 414, while zenoh keys go up to 65,535 bytes. And they
 * speak HTTP/1.1 only, as the plugin (hyper without HTTP/2): Vert.x's h2c answered curl's {@code
 * --http2} upload (an upgrade with {@code Expect: 100-continue}) with 101 and a 100 the client
 * could no longer send the body for, so nothing was put.
 */
final class BridgeVertx extends VertxWrapper {

    private final int idleTimeoutMillis;

    /** The HTTP servers made on this Vert.x: the API's and Camel's management server. */
    private final List<HttpServer> servers = new CopyOnWriteArrayList<>();

    BridgeVertx(int idleTimeoutMillis) {
        super((VertxInternal) Vertx.vertx());
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /** hyper's limit on a request head (request line and headers), which the REST plugin keeps. */
    static final int MAX_HEAD_BYTES = 8192 + 4096 * 100;

    /**
     * The longest request line: "GET " + a target of at most 65,534 bytes (hyper's limit) + "
     * HTTP/1.1"; a longer method leaves its target a few bytes less.
     */
    static final int MAX_REQUEST_LINE = "GET ".length() + 65_534 + " HTTP/1.1".length();

    @Override
    public HttpServer createHttpServer(HttpServerOptions options) {
        options =
                new HttpServerOptions(options)
                        .setMaxInitialLineLength(
                                Math.max(options.getMaxInitialLineLength(), MAX_REQUEST_LINE))
                        .setMaxHeaderSize(Math.max(options.getMaxHeaderSize(), MAX_HEAD_BYTES))
                        .setHttp2ClearTextEnabled(false);
        if (idleTimeoutMillis > 0 && options.getIdleTimeout() == 0) {
            options.setIdleTimeout(idleTimeoutMillis).setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
        }
        HttpServer server = super.createHttpServer(options);
        servers.add(server);
        return server;
    }

    /** The HTTP servers made so far (the startup log finds the management server's port here). */
    List<HttpServer> servers() {
        return servers;
    }
}
