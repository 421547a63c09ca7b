/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;
import org.apache.camel.support.SynchronizationAdapter;

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
 *
 * <p>Bodies being read share one budget of {@code budget} buffered bytes (at least {@code limit}):
 * a chunk that would take the bytes buffered by all requests together past it fails its request
 * with {@link BodyBudgetExceededException} (503), its bytes released and the rest discarded as
 * above. A request's bytes go back to the budget when its exchange is done (answered, failed, or
 * its connection closed or reset), or at once when it fails while reading. The whole body must
 * arrive within {@code timeoutMillis} of the request head: past it the request fails with {@link
 * BodyTimeoutException} (408), its bytes are released, and the connection is closed once the 408 is
 * written (so is a connection still discarding at that time).
 */
final class RawRequestBody extends AsyncProcessorSupport {

    private final long limit;
    private final long budget;
    private final long timeoutMillis;

    /** Bytes of request bodies buffered now, by every request this processor reads. */
    private final AtomicLong buffered = new AtomicLong();

    RawRequestBody(long limit, long budget, long timeoutMillis) {
        this.limit = limit;
        this.budget = Math.max(budget, limit);
        this.timeoutMillis = timeoutMillis;
    }

    /** Bodies refused, by reason: longer than the limit (413), over the budget (503), too slow. */
    private final LongAdder tooLarge = new LongAdder();

    private final LongAdder overBudget = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder abandoned = new LongAdder();

    /** Requests whose connection had closed before their body was read (see read). */
    private final LongAdder closedBeforeRead = new LongAdder();

    /** Bytes of request bodies buffered now. */
    long buffered() {
        return buffered.get();
    }

    /** Bodies refused so far as longer than {@code http.maxBodySize} (413). */
    long refusedTooLarge() {
        return tooLarge.sum();
    }

    /** Bodies refused so far as going past {@code http.maxBufferedBodyBytes} (503). */
    long refusedOverBudget() {
        return overBudget.sum();
    }

    /** Bodies whose client went away before their end (the connection closed or reset). */
    long abandoned() {
        return abandoned.sum();
    }

    /**
     * Requests whose connection had closed before their body was read: a cancelled upload, or a
     * request pipelined behind another whose client left (the abandoned bodies among them are also
     * counted as such).
     */
    long closedBeforeRead() {
        return closedBeforeRead.sum();
    }

    /** Bodies refused so far as not received within {@code http.bodyTimeout} (408). */
    long refusedTimedOut() {
        return timedOut.sum();
    }

    /** The exchange property holding the request's share of the budget ({@link #bodyDropped}). */
    private static final String HELD = "bridgeRequestBodyHeld";

    /**
     * The route has dropped the request's body (an operation that takes none, e.g. a stream): its
     * bytes go back to the budget now, not when the exchange ends (a stream's ends when its client
     * leaves).
     */
    static void bodyDropped(Exchange exchange) {
        if (exchange.getProperty(HELD) instanceof Held held) {
            held.release();
        }
    }

    /** One request's share of the budget; released once, whoever comes first. */
    private final class Held extends SynchronizationAdapter {
        private long bytes;
        private boolean released;

        synchronized boolean reserve(int n) {
            if (released) {
                return false;
            }
            for (; ; ) {
                long now = buffered.get();
                if (now + n > budget) {
                    return false;
                }
                if (buffered.compareAndSet(now, now + n)) {
                    bytes += n;
                    return true;
                }
            }
        }

        synchronized void release() {
            released = true;
            buffered.addAndGet(-bytes);
            bytes = 0;
        }

        @Override
        public void onDone(Exchange exchange) {
            release();
        }
    }

    /**
     * On an event loop (GET, POST, HEAD...: the route goes on without blocking), the body is read
     * asynchronously and the route goes on on the event loop. On platform-http's worker (PUT, PATCH
     * and DELETE, whose zenoh call may block: congestion control BLOCK towards a peer that stopped
     * reading waits up to zenoh's 5 s) the worker waits for the body, which the event loop reads,
     * and the route goes on there: a put that blocks holds its own worker, never the event loop
     * that serves every other request. The worker waited for the whole exchange before, as long:
     * until the body's end, its timeout ({@code http.bodyTimeout}; with 0, a client trickling its
     * body holds the worker until the connection ends or a stop's timeout) or the connection's end.
     */
    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        if (Context.isOnEventLoopThread()) {
            return read(exchange, callback);
        }
        // the worker sets the read up on the connection's event loop, where the connection's
        // events are handled: set up from the worker, the handlers could miss a close that came
        // before them (a cancelled upload then held its worker until the body timeout; a review
        // held all 20 with cancelled chunked PUTs)
        CompletableFuture<Void> read = new CompletableFuture<>();
        ContextInternal loop =
                exchange.getMessage().getBody() instanceof HttpServerRequestInternal request
                        ? (ContextInternal) request.context()
                        : null;
        if (loop != null) {
            loop.runOnContext(v -> read(exchange, doneSync -> read.complete(null)));
            read.join();
        } else if (!read(exchange, doneSync -> read.complete(null))) {
            read.join();
        }
        callback.done(true);
        return true;
    }

    private boolean read(Exchange exchange, AsyncCallback callback) {
        if (!(exchange.getMessage().getBody() instanceof HttpServerRequest request)) {
            callback.done(true); // already a value (e.g. a test calling the route directly)
            return true;
        }
        // all its header lines together, read only when there is one (most requests: no list)
        String codings = request.getHeader("Transfer-Encoding");
        if (codings != null) {
            codings = String.join(", ", request.headers().getAll("Transfer-Encoding"));
        }
        boolean http10 = request.version() == HttpVersion.HTTP_1_0;
        if (codings != null && (!lastCodingIsChunked(codings) || http10)) {
            // the body's length is unknown (RFC 9112 6.3), or HTTP/1.0 framing that names a
            // Transfer-Encoding, which RFC 9112 6.1 says to treat as faulty: refused, and the
            // connection closed, as what follows on it may be that body or another request
            request.response().endHandler(v -> abort(request)); // after the 400
            exchange.setException(new UnknownBodyLengthException(codings, http10));
            callback.done(true);
            return true;
        }
        String announced = request.getHeader("Content-Length");
        if (announced != null && parse(announced) > limit) {
            if ("100-continue".equalsIgnoreCase(request.getHeader("Expect"))
                    && request.version() == HttpVersion.HTTP_1_1) {
                // told before it sent the body, the client may send it or not (RFC 9110 10.1.1):
                // what follows on the connection is unknown, so the 413 ends it, and says so
                request.response().putHeader("Connection", "close");
                request.response().endHandler(v -> abort(request));
            }
            // read and discard it: a client that is still sending would not read the 413 otherwise
            request.handler(discarding(request, 0));
            request.exceptionHandler(failure -> {}); // the client went away: nothing to answer
            request.resume();
            tooLarge.increment();
            exchange.setException(new BodyTooLargeException(limit));
            callback.done(true);
            return true;
        }
        if (request.isEnded()) { // nothing more will arrive (no body, or it was read already)
            exchange.getMessage().setBody(new byte[0]);
            callback.done(true);
            return true;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("Expect")) && !http10) {
            // the client waits for this before it sends the body (Vert.x-Web's body handler, which
            // the bridge does without, would send it); one over the limit got its 413 above
            request.response().writeContinue();
        }
        Held held = new Held();
        // the bytes go back when the exchange is done, however it ends, or when the route drops
        // the body before (bodyDropped)
        exchange.getExchangeExtension().addOnCompletion(held);
        exchange.setProperty(HELD, held);
        Buffer body = Buffer.buffer();
        boolean[] finished = {false};
        // handlers, timer and callback all run on the connection's event loop
        ContextInternal context =
                request instanceof HttpServerRequestInternal internal
                        ? (ContextInternal) internal.context()
                        : null;
        long timer =
                timeoutMillis > 0 && context != null
                        ? context.setTimer(
                                timeoutMillis,
                                t -> {
                                    if (!finished[0]) {
                                        finished[0] = true;
                                        held.release();
                                        request.handler(discarding(request, body.length()));
                                        // a client that stopped sending gets the 408, then the
                                        // connection ends (and the 408 says so)
                                        request.response().putHeader("Connection", "close");
                                        request.response().endHandler(v -> abort(request));
                                        timedOut.increment();
                                        exchange.setException(
                                                new BodyTimeoutException(timeoutMillis));
                                        callback.done(false);
                                    } else if (!request.isEnded()) {
                                        abort(request); // still discarding
                                    }
                                })
                        : -1;
        Runnable cancelTimer =
                () -> {
                    if (timer >= 0) {
                        context.owner().cancelTimer(timer);
                    }
                };
        request.handler(
                chunk -> {
                    if (finished[0]) {
                        return;
                    }
                    if ((long) body.length() + chunk.length() > limit) {
                        finished[0] = true;
                        held.release();
                        // past the limit: the rest is read and discarded, up to a bound
                        request.handler(discarding(request, body.length() + chunk.length()));
                        tooLarge.increment();
                        exchange.setException(new BodyTooLargeException(limit));
                        callback.done(false);
                        return;
                    }
                    if (!held.reserve(chunk.length())) {
                        finished[0] = true;
                        held.release();
                        // too many bytes buffered by all requests: this one is refused, its
                        // rest read and discarded as past the limit
                        request.handler(discarding(request, body.length() + chunk.length()));
                        overBudget.increment();
                        exchange.setException(new BodyBudgetExceededException(budget));
                        callback.done(false);
                        return;
                    }
                    body.appendBuffer(chunk);
                });
        io.vertx.core.Handler<Throwable> goneNow =
                failure -> {
                    cancelTimer.run();
                    held.release(); // the connection is gone (closed, reset)
                    if (!finished[0]) {
                        finished[0] = true;
                        // a body cut short; not a request without one (a get pipelined behind
                        // another, read once that one was answered, its client gone meanwhile)
                        if (mayHaveBody(request, announced)) {
                            abandoned.increment();
                        }
                        exchange.setException(new ClientGoneException(failure));
                        callback.done(false);
                    }
                };
        // Vert.x reports a close at once, but what the connection had received before it is
        // still delivered after, by the task resume() queued on the event loop (no more can
        // arrive): the request ends in the task after that one, so a client that sent it whole
        // and closed is served (a review: ended at once, up to all of 200 such PUTs and DELETEs
        // were lost; a 200 ms grace held a worker per cut request, 20 s for 2,000 of them)
        io.vertx.core.Handler<Throwable> gone =
                failure -> {
                    if (finished[0] || context == null) {
                        goneNow.handle(failure);
                    } else {
                        context.runOnContext(v -> goneNow.handle(failure));
                    }
                };
        request.exceptionHandler(gone);
        request.endHandler(
                end -> {
                    cancelTimer.run();
                    if (!finished[0]) {
                        finished[0] = true;
                        exchange.getMessage().setBody(body.getBytes());
                        callback.done(false);
                    }
                });
        request.resume();
        // a connection closed before these handlers were set (the request paused, its client
        // gone): Vert.x told no one, and only the body timer, if any, would end the request
        if (request.connection() instanceof ConnectionBase c && !c.channel().isActive()) {
            closedBeforeRead.increment();
            gone.handle(new ClosedConnectionException());
        }
        return false;
    }

    /** The request's connection had closed before its body was read. */
    static final class ClosedConnectionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClosedConnectionException() {
            super("the connection closed before the request's body was read", null, false, false);
        }
    }

    /**
     * Whether the request has a body, or may have: HTTP/1.x announces one with Content-Length above
     * 0 or Transfer-Encoding (RFC 9112 6.3). (The bridge's server speaks HTTP/1.x only,
     * BridgeVertx.)
     */
    private static boolean mayHaveBody(HttpServerRequest request, String announced) {
        return request.getHeader("Transfer-Encoding") != null
                || announced != null && parse(announced) != 0;
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
                abort(request);
            }
        };
    }

    /** Stops a client sending this request: closes its connection (HTTP/1.x only, BridgeVertx). */
    private static void abort(HttpServerRequest request) {
        request.connection().close();
    }

    private static final long MIN_DISCARD = 16L << 20;

    private static long parse(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim());
        } catch (NumberFormatException e) {
            return -1; // Vert.x rejects a malformed Content-Length itself
        }
    }

    /** Request bodies being read hold {@code http.maxBufferedBodyBytes} already (503). */
    static final class BodyBudgetExceededException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BodyBudgetExceededException(long budget) {
            super(
                    "The bridge is buffering "
                            + budget
                            + " bytes of request bodies, its limit across requests: retry later,"
                            + " or raise it with --http.maxBufferedBodyBytes=<bytes>");
        }
    }

    /** The request body did not arrive within {@code http.bodyTimeout} (408). */
    /**
     * Whether a Transfer-Encoding's codings end with chunked (the one framing a request may use).
     */
    static boolean lastCodingIsChunked(String codings) {
        int comma = codings.lastIndexOf(',');
        return codings.substring(comma + 1).trim().equalsIgnoreCase("chunked");
    }

    /** A Transfer-Encoding that does not end with chunked: the body's length is unknown. */
    static final class UnknownBodyLengthException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UnknownBodyLengthException(String codings, boolean http10) {
            super(
                    http10
                            ? "Transfer-Encoding '"
                                    + codings
                                    + "' in an HTTP/1.0 request: its body's framing is faulty"
                                    + " (RFC 9112 6.1)"
                            : "Transfer-Encoding '"
                                    + codings
                                    + "' does not end with chunked: the request body's length is"
                                    + " unknown");
        }
    }

    /**
     * The client went away before the end of its body (connection closed or reset): nobody to
     * answer; the route ends the exchange quietly (it is counted, see {@link #abandoned}).
     */
    static final class ClientGoneException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        ClientGoneException(Throwable cause) {
            super("The client went away before the end of its request body: " + cause, cause);
        }
    }

    static final class BodyTimeoutException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BodyTimeoutException(long timeoutMillis) {
            super(
                    "Request body not received within "
                            + timeoutMillis
                            + " ms of the request head: raise it with --http.bodyTimeout=<ms>");
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
