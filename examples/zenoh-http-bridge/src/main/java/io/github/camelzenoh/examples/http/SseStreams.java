/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleListener;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import io.netty.buffer.Unpooled;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.vertx.HttpMessage;
import org.apache.camel.spi.ShutdownPrepared;
import org.apache.camel.support.AsyncProcessorSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /<key>} with {@code Accept: text/event-stream}: a server-sent-event stream of the
 * samples on the key ({@code event: PUT|DELETE}, {@code data: {key, value, encoding, timestamp}}),
 * like the zenohd REST plugin. The streams on one key expression share one zenoh subscriber, held
 * while at least one of them is open: each sample is rendered once ({@link SseFrames}) and the
 * frames of one delivered batch go to every stream as one write (one event-loop task and one flush
 * per stream and batch, at the batch's end, so nothing waits for a later sample). A stream's
 * exchange completes when the client goes or Camel stops. When a client cannot keep up, its batches
 * are dropped, counted and reported in its stream as a {@code : dropped N} comment — never
 * silently.
 */
final class SseStreams extends AsyncProcessorSupport implements ShutdownPrepared {

    private static final Logger LOG = LoggerFactory.getLogger(SseStreams.class);
    private static final long KEEP_ALIVE_MS = 15_000;
    private static final Stream[] NONE = new Stream[0];

    /**
     * Bytes of frames a stream may have handed to Vert.x and not yet written to its connection
     * before its next batch is dropped (counted, told in the stream): a stream holds at most this
     * and one batch. Vert.x's write queue, when it reports full first, drops batches the same way.
     */
    static final long MAX_IN_FLIGHT = 1 << 20;

    private final Set<Stream> open = ConcurrentHashMap.newKeySet();

    /** The subscribed key expressions; guarded by itself. */
    private final Map<String, Topic> topics = new HashMap<>();

    private final LongAdder declared = new LongAdder();

    private final LongAdder routed = new LongAdder();

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        if (!(exchange.getIn() instanceof HttpMessage http)) {
            exchange.setException(
                    new IllegalStateException(
                            "server-sent events need Camel platform-http on Vert.x"));
            callback.done(true);
            return true;
        }
        routed.increment();
        Session session =
                exchange.getContext()
                        .getRegistry()
                        .lookupByNameAndType("zenohSession", Session.class);
        String key = exchange.getProperty("zenohRestKey", String.class);
        Vertx vertx = Vertx.currentContext() != null ? Vertx.currentContext().owner() : null;
        Stream s =
                new Stream(
                        http.getResponse(),
                        http.getRequest().connection(),
                        vertx,
                        key,
                        () -> callback.done(false));
        open.add(s);
        try {
            s.start(session);
        } catch (RuntimeException e) {
            if (!s.abandon()) {
                return false; // closed meanwhile (Camel stopping): close() completed the exchange
            }
            // the exchange ends here, with the error: the stream never completes it
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

    /**
     * Camel stopping or suspending the route: the open streams end now (a suspended route answers
     * 503, which a browser's EventSource takes as final: its page opens a new stream once the route
     * is resumed). A stream's exchange completes only when its client goes, so a graceful shutdown
     * or suspend would wait for them its whole timeout (45 s) and then force the route, which
     * answered 404 after a resume.
     */
    @Override
    public void prepareShutdown(boolean suspendOnly, boolean forced) {
        open.forEach(Stream::close);
    }

    int openStreams() {
        return open.size();
    }

    /** The open streams on a key expression (0: no subscriber on it). */
    int streamsOn(String keyExpr) {
        synchronized (topics) {
            Topic t = topics.get(keyExpr);
            return t == null ? 0 : t.streams.length;
        }
    }

    /** The largest number of bytes any stream on the key has handed to Vert.x and not written. */
    long inFlightOn(String keyExpr) {
        synchronized (topics) {
            Topic t = topics.get(keyExpr);
            return t == null
                    ? 0
                    : Arrays.stream(t.streams).mapToLong(s -> s.inFlight.get()).max().orElse(0);
        }
    }

    /** Samples dropped so far for the streams on the key (their clients too slow, or zenoh's). */
    long droppedOn(String keyExpr) {
        synchronized (topics) {
            Topic t = topics.get(keyExpr);
            return t == null ? 0 : Arrays.stream(t.streams).mapToLong(s -> s.dropped.sum()).sum();
        }
    }

    /** Samples dropped so far for each stream on the key, in the order the streams joined. */
    long[] droppedByStreamOn(String keyExpr) {
        synchronized (topics) {
            Topic t = topics.get(keyExpr);
            return t == null
                    ? new long[0]
                    : Arrays.stream(t.streams).mapToLong(s -> s.dropped.sum()).toArray();
        }
    }

    /** Stream requests that reached this processor so far. */
    long streamsRouted() {
        return routed.sum();
    }

    /** zenoh subscribers declared so far (one per key expression while it has streams). */
    long subscribersDeclared() {
        return declared.sum();
    }

    private void join(Session session, Stream s) {
        synchronized (topics) {
            if (s.closed.get()) {
                return; // closed before it joined (Camel stopping): leave() has run already
            }
            Topic t = topics.get(s.keyExpr);
            if (t == null) {
                t = new Topic(s.keyExpr);
                t.subscriber = session.declareSubscriber(s.keyExpr, SubscriberOptions.DEFAULT, t);
                topics.put(s.keyExpr, t);
                declared.increment();
            }
            Stream[] now = Arrays.copyOf(t.streams, t.streams.length + 1);
            now[now.length - 1] = s;
            t.streams = now;
        }
    }

    private void leave(Stream s) {
        Subscriber last = null;
        synchronized (topics) {
            Topic t = topics.get(s.keyExpr);
            if (t == null) {
                return;
            }
            t.streams = Arrays.stream(t.streams).filter(o -> o != s).toArray(Stream[]::new);
            if (t.streams.length == 0) {
                topics.remove(s.keyExpr);
                last = t.subscriber;
            }
        }
        if (last != null) {
            last.close();
        }
    }

    /** One key expression's subscriber: renders each sample once, hands each batch to all. */
    private static final class Topic implements SampleListener {
        private final SseFrames frames = new SseFrames();
        private final String keyExpr;
        private volatile Stream[] streams = NONE;
        private Subscriber subscriber;

        Topic(String keyExpr) {
            this.keyExpr = keyExpr;
        }

        @Override
        public synchronized void onSample(Sample s) {
            frames.append(s);
        }

        /** Samples the subscriber dropped before they reached it: lost to every stream. */
        @Override
        public void onDropped(long count) {
            for (Stream s : streams) {
                s.dropped.add(count);
            }
        }

        @Override
        public synchronized void onBatchEnd() {
            int n = frames.frames();
            if (n == 0) {
                return;
            }
            Buffer batch = wrap(frames.take());
            for (Stream s : streams) {
                s.send(batch, n);
            }
        }

        /**
         * The frames without a copy (Vert.x 4 has no other public way to wrap bytes); every write
         * of the Buffer takes its own slice, so all streams share it.
         */
        @SuppressWarnings("deprecation")
        private static Buffer wrap(byte[] frames) {
            return Buffer.buffer(Unpooled.wrappedBuffer(frames));
        }

        @Override
        public String toString() {
            return "SSE subscriber on " + keyExpr;
        }
    }

    private final class Stream {
        private final HttpServerResponse response;
        private final HttpConnection connection;
        private final Vertx vertx;
        private final String keyExpr;
        private final Runnable done;
        private final LongAdder dropped = new LongAdder();
        private final AtomicLong inFlight = new AtomicLong();
        private final AtomicBoolean closed = new AtomicBoolean();
        private long droppedReported;

        /** Written on the event loop, read by close() on any thread: see start(). */
        private volatile long timer = -1;

        Stream(
                HttpServerResponse response,
                HttpConnection connection,
                Vertx vertx,
                String keyExpr,
                Runnable done) {
            this.response = response;
            this.connection = connection;
            this.vertx = vertx;
            this.keyExpr = keyExpr;
            this.done = done;
        }

        void start(Session session) {
            response.setChunked(true);
            response.putHeader("Content-Type", "text/event-stream");
            response.putHeader("Cache-Control", "no-cache");
            response.putHeader("Access-Control-Allow-Origin", "*");
            response.putHeader(
                    "Vary",
                    "origin, access-control-request-method, access-control-request-headers");
            response.closeHandler(v -> close());
            response.exceptionHandler(t -> close());
            if (response.closed()
                    || connection instanceof ConnectionBase c && !c.channel().isActive()) {
                // gone before its stream began: a request pipelined behind another one reaches
                // the route once that one's response is done, even on a connection closed
                // meanwhile, whose close the new response is never told of
                close();
                return;
            }
            write(": zenoh samples on " + keyExpr + "\n\n");
            join(session, this); // after the comment: the first frame follows it
            if (vertx != null) {
                long id = vertx.setPeriodic(KEEP_ALIVE_MS, t -> write(": keep-alive\n\n"));
                timer = id;
                // closed meanwhile on another thread (Camel stopping), which saw no timer yet;
                // both sides may cancel it, which is harmless
                if (closed.get()) {
                    vertx.cancelTimer(id);
                }
            }
        }

        /** One batch of frames ({@code samples} of them), on the delivering thread. */
        void send(Buffer batch, int samples) {
            if (closed.get()) {
                return;
            }
            try {
                // a write from this thread waits as a task of the event loop, unseen by
                // writeQueueFull until it runs: what is handed over and not yet written is bounded
                if (inFlight.get() > MAX_IN_FLIGHT || response.writeQueueFull()) {
                    dropped.add(samples);
                    return;
                }
                long d = dropped.sum();
                if (d > droppedReported) {
                    write(": dropped " + (d - droppedReported) + " samples\n\n");
                    droppedReported = d;
                }
                int bytes = batch.length();
                inFlight.addAndGet(bytes);
                response.write(batch).onComplete(written -> inFlight.addAndGet(-bytes));
            } catch (RuntimeException gone) {
                // the connection closed under the write: its close handler ends the stream
            }
        }

        private void write(String text) {
            if (!closed.get()) {
                response.write(Buffer.buffer(text.getBytes(StandardCharsets.UTF_8)));
            }
        }

        /**
         * Forgets a stream whose start failed, without ending its exchange; false if it was closed
         * already (its exchange then completed by {@link #close}).
         */
        boolean abandon() {
            return release();
        }

        /** Marks the stream closed and lets go of its timer and subscriber; false if closed. */
        private boolean release() {
            if (!closed.compareAndSet(false, true)) {
                return false;
            }
            long t = timer;
            if (t >= 0) {
                vertx.cancelTimer(t);
            }
            leave(this);
            open.remove(this); // after leave: no stream open means none on any subscriber
            return true;
        }

        void close() {
            if (!release()) {
                return;
            }
            // ended before the exchange completes, so platform-http finds nothing left to write
            if (!response.ended()) {
                try {
                    response.end();
                } catch (RuntimeException ignored) {
                    // connection already gone
                }
            }
            LOG.info("SSE stream on '{}' closed ({} samples dropped)", keyExpr, dropped.sum());
            done.run();
        }
    }
}
