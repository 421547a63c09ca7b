/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package org.apache.camel.component.platform.http.vertx;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import org.apache.camel.Exchange;
import org.apache.camel.spi.HeaderFilterStrategy;

/**
 * platform-http's own response writing ({@code VertxPlatformHttpSupport.writeResponse}, package
 * private in Camel 4.18), for the bridge's consumer that routes from the event loop: its responses
 * are written exactly as platform-http writes them. In this package because Camel offers no public
 * entry; the bridge runs on the class path, where the package is not sealed.
 */
public final class PlatformHttpResponses {

    private PlatformHttpResponses() {}

    public static Future<Void> write(
            RoutingContext ctx,
            Exchange exchange,
            HeaderFilterStrategy headerFilterStrategy,
            boolean muteExceptions) {
        return VertxPlatformHttpSupport.writeResponse(
                ctx, exchange, headerFilterStrategy, muteExceptions);
    }
}
