/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.component.platform.http.PlatformHttpEndpoint;
import org.apache.camel.component.platform.http.spi.PlatformHttpConsumer;
import org.apache.camel.component.platform.http.vertx.PlatformHttpResponses;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpConsumer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpEngine;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpRouter;
import org.apache.camel.spi.HeaderFilterStrategy;

/**
 * platform-http on Vert.x whose consumer routes the requests that never block (every method but
 * PUT, PATCH and DELETE: zenoh gets, server-sent events, the page, CORS preflights, refusals)
 * asynchronously from the event loop, instead of handing each one to a Vert.x worker thread that
 * then waits for the asynchronous route to finish. The exchange, the route and the response
 * (written by platform-http's own code, {@link PlatformHttpResponses}) are the same; what goes is
 * two thread hand-offs and a blocked worker per request. A zenoh get is sent from the request's
 * event loop in a task of its own ({@link ZenohConstants#GET_EXECUTOR}), after the requests the
 * loop read in the same turn, so their queries leave together; its exchange continues on that event
 * loop, so its response is rendered and written there, with no hand-off through the producer's
 * pool. Puts and deletes, which may wait for zenoh (congestion control BLOCK), keep platform-http's
 * worker thread.
 */
final class BridgeHttpEngine extends VertxPlatformHttpEngine {

    private static final Set<HttpMethod> MAY_BLOCK =
            Set.of(HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

    @Override
    public PlatformHttpConsumer createConsumer(PlatformHttpEndpoint endpoint, Processor processor) {
        return new Consumer(
                endpoint,
                processor,
                this,
                VertxPlatformHttpRouter.getRouterNameFromPort(getServerPort()));
    }

    static final class Consumer extends VertxPlatformHttpConsumer {

        Consumer(
                PlatformHttpEndpoint endpoint,
                Processor processor,
                VertxPlatformHttpEngine engine,
                String routerName) {
            super(endpoint, processor, engine.getHandlers(), routerName);
        }

        @Override
        protected void handleRequest(RoutingContext ctx) {
            PlatformHttpEndpoint endpoint = getEndpoint();
            if (isSuspended()
                    || endpoint.isHttpProxy()
                    || endpoint.isUseBodyHandler()
                    || MAY_BLOCK.contains(ctx.request().method())) {
                super.handleRequest(ctx);
                return;
            }
            Exchange exchange = createExchange(false);
            exchange.setPattern(ExchangePattern.InOut);
            Context eventLoop = ctx.vertx().getOrCreateContext();
            Executor continuation = task -> eventLoop.runOnContext(v -> task.run());
            exchange.setProperty(ZenohConstants.GET_EXECUTOR, continuation);
            processHttpRequest(exchange, ctx)
                    .onComplete(
                            populated -> {
                                if (populated.failed()) {
                                    fail(exchange, ctx, populated.cause());
                                    return;
                                }
                                try {
                                    createUoW(exchange);
                                } catch (Exception e) {
                                    fail(exchange, ctx, e);
                                    return;
                                }
                                getAsyncProcessor()
                                        .process(exchange, doneSync -> respond(exchange, ctx));
                            });
        }

        /**
         * The request as the bridge's route reads it: the method, path, URI and raw query, the
         * request headers the endpoint's header filter lets in (the first of a repeated one), and
         * the request itself, paused, as the body ({@link RawRequestBody} reads it).
         * platform-http's own mapping also parses the query string into headers, resolves both
         * socket addresses through Vert.x-Web's forwarded parser and builds the absolute URI, on
         * every request; the route reads none of it, and a query parameter must not pass for a
         * request header.
         */
        @Override
        protected Future<Void> populateCamelMessage(
                RoutingContext ctx, Exchange exchange, Message message) {
            PlatformHttpEndpoint endpoint = getEndpoint();
            if (endpoint.isUseBodyHandler()
                    || endpoint.isUseStreaming()
                    || endpoint.isHttpProxy()) {
                return super.populateCamelMessage(ctx, exchange, message);
            }
            HttpServerRequest request = ctx.request();
            Map<String, Object> headers = message.getHeaders();
            headers.put(Exchange.HTTP_METHOD, request.method().name());
            headers.put(Exchange.HTTP_PATH, ctx.normalizedPath());
            headers.put(Exchange.HTTP_URI, request.uri());
            String query = request.query();
            if (query != null) {
                headers.put(Exchange.HTTP_QUERY, query);
                headers.put(Exchange.HTTP_RAW_QUERY, query);
            }
            // of a repeated header the first line counts, as in the REST plugin (a list of values
            // would reach the route as its printed form); no filter maps nothing, as platform-http
            HeaderFilterStrategy filter = endpoint.getHeaderFilterStrategy();
            if (filter != null) {
                for (Map.Entry<String, String> h : request.headers()) {
                    if (!headers.containsKey(h.getKey())
                            && !filter.applyFilterToExternalHeaders(
                                    h.getKey(), h.getValue(), exchange)) {
                        headers.put(h.getKey(), h.getValue());
                    }
                }
            }
            request.pause();
            message.setBody(request);
            return Future.succeededFuture();
        }

        private void respond(Exchange exchange, RoutingContext ctx) {
            PlatformHttpEndpoint endpoint = getEndpoint();
            try {
                if (writeBytes(ctx, exchange, endpoint.getHeaderFilterStrategy())) {
                    complete(exchange);
                    return;
                }
                PlatformHttpResponses.write(
                                ctx,
                                exchange,
                                endpoint.getHeaderFilterStrategy(),
                                endpoint.isMuteException())
                        .onComplete(
                                written -> {
                                    if (written.succeeded()) {
                                        complete(exchange);
                                    } else {
                                        fail(exchange, ctx, written.cause());
                                    }
                                });
            } catch (RuntimeException e) {
                fail(exchange, ctx, e);
            }
        }

        /**
         * Writes the response of the bridge's every bytes body (a get's list or raw value, the
         * page) as platform-http writes it, without its generic steps: the status the route set,
         * the String headers the filter lets out in the message's order, Content-Length,
         * Content-Type, the bytes. platform-http would convert every header to a String to filter
         * it (the status code included), look the body up in the type converter and copy it into a
         * new buffer; what it writes is the same, but for a body starting past its buffer's
         * position 0, which platform-http follows with stray bytes and this writes as it is. False,
         * having written nothing, for anything else (no status set, an exception, another body or
         * header type, a response already ended, path parameters): platform-http writes it.
         */
        static boolean writeBytes(
                RoutingContext ctx, Exchange exchange, HeaderFilterStrategy filter) {
            Message m = exchange.getMessage();
            if (!(m.getBody() instanceof ByteBuffer body)
                    || filter == null
                    || exchange.isFailed()
                    // platform-http leaves an ended response alone and keeps path parameters'
                    // names out of the headers (the bridge has neither)
                    || ctx.response().ended()
                    || !ctx.pathParams().isEmpty()
                    || !(m.getHeader(Exchange.HTTP_RESPONSE_CODE) instanceof Integer status)) {
                return false;
            }
            Map<String, Object> headers = m.getHeaders();
            for (Map.Entry<String, Object> h : headers.entrySet()) {
                Object value = h.getValue();
                // an Integer only as a header the filter keeps in (the status code)
                if (!(value instanceof String)
                        && !(value instanceof Integer
                                && filter.applyFilterToCamelHeaders(
                                        h.getKey(), value.toString(), exchange))) {
                    return false;
                }
            }
            Object contentType = headers.get(Exchange.CONTENT_TYPE);
            if (contentType != null && !(contentType instanceof String)) {
                return false;
            }
            HttpServerResponse response = ctx.response();
            response.setStatusCode(status);
            for (Map.Entry<String, Object> h : headers.entrySet()) {
                if (h.getValue() instanceof String value
                        && !filter.applyFilterToCamelHeaders(h.getKey(), value, exchange)) {
                    response.putHeader(h.getKey(), value);
                }
            }
            response.putHeader("Content-Length", String.valueOf(body.remaining()));
            if (contentType != null) {
                response.putHeader("Content-Type", (String) contentType);
            }
            Buffer bytes;
            if (body.hasArray()
                    && body.arrayOffset() == 0
                    && body.position() == 0
                    && body.remaining() == body.array().length) {
                bytes = Buffer.buffer(body.array());
            } else {
                // the bytes remaining, no more: platform-http's copy (Buffer.setBytes) sizes the
                // buffer to the limit, and sends a body that starts past 0 with as many stray
                // bytes after it as it starts late
                byte[] copy = new byte[body.remaining()];
                body.duplicate().get(copy);
                bytes = Buffer.buffer(copy);
            }
            ctx.end(bytes);
            return true;
        }

        /** As platform-http ends a failed exchange: reported, the request failed, then done. */
        private void fail(Exchange exchange, RoutingContext ctx, Throwable cause) {
            getExceptionHandler()
                    .handleException(
                            "Failed handling platform-http endpoint " + getEndpoint().getPath(),
                            cause);
            ctx.fail(cause);
            if (getEndpoint().isHandleWriteResponseError() && cause != null) {
                Exception before = exchange.getException();
                if (before != null) {
                    cause.addSuppressed(before);
                }
                exchange.setProperty(Exchange.EXCEPTION_CAUGHT, cause);
                exchange.setException(cause);
            }
            complete(exchange);
        }

        private void complete(Exchange exchange) {
            doneUoW(exchange);
            releaseExchange(exchange, false);
        }
    }
}
