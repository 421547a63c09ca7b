/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.vertx.HttpMessage;
import org.apache.camel.support.AsyncProcessorSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /<key>} with {@code Accept: text/event-stream}: a server-sent-event stream of the
 * samples on the key ({@code event: PUT|DELETE}, {@code data: {key, value, encoding, timestamp}}),
 * like the zenohd REST plugin. Each stream holds a zenoh subscriber for as long as the client stays
 * connected; the exchange completes when the client goes or Camel stops. Events are written
 * straight to the HTTP response as they arrive; when the client cannot keep up, samples are
 * dropped, counted and reported in the stream as a {@code : dropped N} comment — never silently.
 */
final class SseStreams extends AsyncProcessorSupport {

    private static final Logger LOG = LoggerFactory.getLogger(SseStreams.class);
    private static final long KEEP_ALIVE_MS = 15_000;

    private final Set<Stream> open = ConcurrentHashMap.newKeySet();

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        if (!(exchange.getIn() instanceof HttpMessage http)) {
            exchange.setException(
                    new IllegalStateException(
                            "server-sent events need Camel platform-http on Vert.x"));
            callback.done(true);
            return true;
        }
        Session session =
                exchange.getContext()
                        .getRegistry()
                        .lookupByNameAndType("zenohSession", Session.class);
        String key = exchange.getProperty("zenohRestKey", String.class);
        Vertx vertx = Vertx.currentContext() != null ? Vertx.currentContext().owner() : null;
        try {
            Stream s = new Stream(http.getResponse(), vertx, key, () -> callback.done(false));
            open.add(s);
            s.start(session);
        } catch (RuntimeException e) {
            exchange.setException(e);
            callback.done(true);
            return true;
        }
        return false;
    }

    @Override
    protected void doStop() {
        open.forEach(Stream::close);
    }

    int openStreams() {
        return open.size();
    }

    private final class Stream {
        private final HttpServerResponse response;
        private final Vertx vertx;
        private final String keyExpr;
        private final Runnable done;
        private final LongAdder dropped = new LongAdder();
        private final AtomicBoolean closed = new AtomicBoolean();
        private long droppedReported;
        private Subscriber subscriber;
        private long timer = -1;

        Stream(HttpServerResponse response, Vertx vertx, String keyExpr, Runnable done) {
            this.response = response;
            this.vertx = vertx;
            this.keyExpr = keyExpr;
            this.done = done;
        }

        void start(Session session) {
            response.setChunked(true);
            response.putHeader("Content-Type", "text/event-stream");
            response.putHeader("Cache-Control", "no-cache");
            response.putHeader("Access-Control-Allow-Origin", "*");
            response.closeHandler(v -> close());
            response.exceptionHandler(t -> close());
            write(": zenoh samples on " + keyExpr + "\n\n");
            subscriber =
                    session.declareSubscriber(keyExpr, SubscriberOptions.DEFAULT, this::onSample);
            if (vertx != null) {
                timer = vertx.setPeriodic(KEEP_ALIVE_MS, id -> write(": keep-alive\n\n"));
            }
        }

        private void onSample(Sample s) {
            if (response.writeQueueFull()) {
                dropped.increment();
                return;
            }
            long d = dropped.sum();
            if (d > droppedReported) {
                write(": dropped " + (d - droppedReported) + " samples (client too slow)\n\n");
                droppedReported = d;
            }
            String data =
                    RestJson.sample(
                                    s.keyExpr(),
                                    s.payload(),
                                    s.encoding().toString(),
                                    s.timestamp())
                            .toString();
            write("event: " + s.kind().name() + "\ndata: " + data + "\n\n");
        }

        private void write(String text) {
            if (!closed.get()) {
                response.write(Buffer.buffer(text.getBytes(StandardCharsets.UTF_8)));
            }
        }

        void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            open.remove(this);
            if (timer >= 0) {
                vertx.cancelTimer(timer);
            }
            if (subscriber != null) {
                subscriber.close();
            }
            // ended before the exchange completes, so platform-http finds nothing left to write
            if (!response.ended()) {
                try {
                    response.end();
                } catch (RuntimeException ignored) {
                    // connection already gone
                }
            }
            LOG.info(
                    "SSE stream on '{}' closed ({} samples dropped for a slow client)",
                    keyExpr,
                    dropped.sum());
            done.run();
        }
    }
}
