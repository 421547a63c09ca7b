/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;

/**
 * Reads the HTTP request body as the client sent it, byte for byte, into a {@code byte[]} body.
 *
 * <p>The bridge's platform-http endpoint runs without Vert.x's body handler ({@code
 * useBodyHandler=false}): that handler parses form-urlencoded and multipart bodies, so the bytes
 * reaching zenoh would not be the bytes the client sent. The request arrives paused as the message
 * body; this processor resumes it and collects it without blocking a thread. A body longer than
 * {@code limit} bytes (announced by Content-Length or found while reading) fails the exchange with
 * {@link BodyTooLargeException} without being buffered: the rest is read and discarded, so memory
 * stays bounded and the client, once it has sent everything, reads the 413; a client that goes on
 * past {@code limit + max(limit, 16 MiB)} discarded bytes is disconnected.
 */
final class RawRequestBody extends AsyncProcessorSupport {

    private final long limit;

    RawRequestBody(long limit) {
        this.limit = limit;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        if (!(exchange.getMessage().getBody() instanceof HttpServerRequest request)) {
            callback.done(true); // already a value (e.g. a test calling the route directly)
            return true;
        }
        String announced = request.getHeader("Content-Length");
        if (announced != null && parse(announced) > limit) {
            // read and discard it: a client that is still sending would not read the 413 otherwise
            request.handler(discarding(request, 0));
            request.exceptionHandler(failure -> {}); // the client went away: nothing to answer
            request.resume();
            exchange.setException(new BodyTooLargeException(limit));
            callback.done(true);
            return true;
        }
        if (request.isEnded()) { // nothing more will arrive (no body, or it was read already)
            exchange.getMessage().setBody(new byte[0]);
            callback.done(true);
            return true;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("Expect"))
                && request.version() != HttpVersion.HTTP_1_0) {
            // the client waits for this before it sends the body (Vert.x-Web's body handler, which
            // the bridge does without, would send it); one over the limit got its 413 above
            request.response().writeContinue();
        }
        Buffer body = Buffer.buffer();
        boolean[] finished = {false};
        request.handler(
                chunk -> {
                    if (finished[0]) {
                        return;
                    }
                    if ((long) body.length() + chunk.length() > limit) {
                        finished[0] = true;
                        // past the limit: the rest is read and discarded, up to a bound
                        request.handler(discarding(request, chunk.length()));
                        exchange.setException(new BodyTooLargeException(limit));
                        callback.done(false);
                        return;
                    }
                    body.appendBuffer(chunk);
                });
        request.exceptionHandler(
                failure -> {
                    if (!finished[0]) {
                        finished[0] = true;
                        exchange.setException(failure);
                        callback.done(false);
                    }
                });
        request.endHandler(
                end -> {
                    if (!finished[0]) {
                        finished[0] = true;
                        exchange.getMessage().setBody(body.getBytes());
                        callback.done(false);
                    }
                });
        request.resume();
        return false;
    }

    /**
     * Reads and drops what a client sends past the limit, so that a client still sending reads the
     * 413; past {@code limit + max(limit, 16 MiB)} discarded bytes the connection is closed, so a
     * client sending without end cannot hold it.
     */
    private io.vertx.core.Handler<Buffer> discarding(HttpServerRequest request, long already) {
        long bound = limit + Math.max(limit, MIN_DISCARD);
        long[] discarded = {already};
        return chunk -> {
            discarded[0] += chunk.length();
            if (discarded[0] > bound) {
                request.handler(null);
                request.connection().close();
            }
        };
    }

    private static final long MIN_DISCARD = 16L << 20;

    private static long parse(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim());
        } catch (NumberFormatException e) {
            return -1; // Vert.x rejects a malformed Content-Length itself
        }
    }

    /** The request body is longer than the bridge accepts ({@code http.maxBodySize}). */
    static final class BodyTooLargeException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BodyTooLargeException(long limit) {
            super(
                    "Request body larger than "
                            + limit
                            + " bytes, the bridge's limit: raise it with --http.maxBodySize=<bytes>");
        }
    }
}
