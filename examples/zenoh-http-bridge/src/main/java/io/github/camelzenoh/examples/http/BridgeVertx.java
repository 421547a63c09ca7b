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
import java.util.concurrent.TimeUnit;

/**
 * The Vert.x instance platform-http's server runs on (bound in the registry, where the server looks
 * for one before it creates its own), whose HTTP servers close connections idle for {@code
 * idleTimeoutMillis}: platform-http creates its server with default options (no idle timeout) and
 * has no setting for it, so a client that sends half a request head and nothing more (slowloris)
 * held its connection, and a file descriptor, forever.
 */
final class BridgeVertx extends VertxWrapper {

    private final int idleTimeoutMillis;

    BridgeVertx(int idleTimeoutMillis) {
        super((VertxInternal) Vertx.vertx());
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    @Override
    public HttpServer createHttpServer(HttpServerOptions options) {
        if (idleTimeoutMillis > 0 && options.getIdleTimeout() == 0) {
            options =
                    new HttpServerOptions(options)
                            .setIdleTimeout(idleTimeoutMillis)
                            .setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
        }
        return super.createHttpServer(options);
    }
}
