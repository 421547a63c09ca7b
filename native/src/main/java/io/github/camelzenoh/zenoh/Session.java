/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A zenoh session. Thread-safe. {@link #close()} closes it in zenoh (its declarations end with it)
 * and is idempotent; every call after it throws {@link ClosedException}.
 */
public final class Session extends NativeHandle {

    private final SessionConfig config;
    private final Mode mode;
    private final List<String> connect;

    private Session(long ptr, SessionConfig config, Mode mode, List<String> connect) {
        super(ptr, ZenohNative::sessionClose, "zenoh session");
        this.config = config;
        this.mode = mode;
        this.connect = connect;
    }

    /**
     * Opens a session; bad configuration fails here with {@link ConfigException} naming the key.
     */
    public static Session open(SessionConfig config) {
        Objects.requireNonNull(config, "config");
        long ptr =
                ZenohNative.sessionOpen(
                        config.json5(), config.configFile(), config.overridePairs());
        String[] modeAndConnect;
        try {
            // read once here: the health check asks for them periodically
            modeAndConnect = ZenohNative.sessionModeAndConnect(ptr);
        } catch (RuntimeException | Error e) {
            ZenohNative.sessionClose(ptr);
            throw e;
        }
        Mode mode = EnumNames.parse(Mode.class, modeAndConnect[0]);
        List<String> connect = List.of(modeAndConnect).subList(1, modeAndConnect.length);
        return new Session(ptr, config, mode == null ? Mode.PEER : mode, connect);
    }

    /** How long {@link #close()} waits for calls in flight before it leaves the close to them. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    /**
     * Closes the session and returns once zenoh has closed it (its listen ports are free, its
     * declarations ended). A call still in flight on another thread is let finish first (it cannot
     * use a freed session); if calls are still in flight after {@link #CLOSE_WAIT} (e.g. close()
     * called from within a listener of a call on this session, on the calling thread), the close is
     * deferred to the last of them and a warning says so. Idempotent.
     *
     * <p>Called from a listener on one of zenoh's threads (a sample, reply or query from another
     * session), the close waits for zenoh's own close timeout: zenoh waits for its tasks, the
     * listener's among them, so close() returns after about 10 s and a warning "closing zenoh
     * session failed: ... close operation timed out!" is logged; the session is closed then (ports
     * free, declarations gone). Close from another thread instead (hand the close off to an
     * executor). A listener that closes the session while another thread is closing it (a pending
     * get's completion runs inside that close) returns at once, without a warning: the other
     * thread's close finishes it.
     */
    @Override
    public void close() {
        if (!closeAndAwait(CLOSE_WAIT) && !closingInsideAnotherClose()) {
            System.getLogger("io.github.camelzenoh.zenoh")
                    .log(
                            System.Logger.Level.WARNING,
                            "zenoh session close deferred: calls still in flight after "
                                    + CLOSE_WAIT.toSeconds()
                                    + " s; the last of them closes it");
        }
    }

    /**
     * What the session was opened with: the component's own options (mode, connect, ...) and the
     * configuration text or file they lay over. For what zenoh runs the session with see {@link
     * #mode()} and {@link #connectEndpoints()}.
     */
    public SessionConfig config() {
        return config;
    }

    /**
     * The mode the session runs in, from its effective configuration: {@link SessionConfig#mode()}
     * when set, else the configuration text's or file's, else zenoh's default (peer).
     */
    public Mode mode() {
        return mode;
    }

    /**
     * The endpoints the session connects to (for its {@link #mode()} when the configuration gives
     * them by mode), from its effective configuration, wherever they were set; empty when none. As
     * written, link configuration included (after {@code #}: TLS keys, possibly): show them through
     * {@link SessionConfig#withoutLinkConfig}.
     */
    public List<String> connectEndpoints() {
        return connect;
    }

    public SessionInfo info() {
        long p = acquire();
        try {
            String zid = ZenohNative.sessionZid(p);
            String[][] peers = ZenohNative.sessionPeers(p);
            return new SessionInfo(zid, List.of(peers[0]), List.of(peers[1]));
        } finally {
            release();
        }
    }

    /** Declares {@code keyExpr} on the wire; hold the result while it is used, then close it. */
    public KeyExpr declareKeyExpr(String keyExpr) {
        long p = acquire();
        try {
            return new KeyExpr(ZenohNative.keyExprDeclare(p, keyExpr), keyExpr);
        } finally {
            release();
        }
    }

    public Publisher declarePublisher(String keyExpr, PublisherOptions options) {
        return declarePublisher(null, keyExpr, options);
    }

    public Publisher declarePublisher(KeyExpr keyExpr, PublisherOptions options) {
        return declarePublisher(keyExpr, keyExpr.toString(), options);
    }

    private Publisher declarePublisher(KeyExpr declared, String text, PublisherOptions o) {
        Encoding e = o.encoding();
        return withKeyExpr(
                declared,
                (s, k) ->
                        new Publisher(
                                ZenohNative.publisherDeclare(
                                        s,
                                        k,
                                        text,
                                        e == null ? -1 : e.id(),
                                        e == null ? null : e.schema(),
                                        o.qos().bits(),
                                        o.cacheMaxSamples(),
                                        o.heartbeatMillis()),
                                text));
    }

    public Subscriber declareSubscriber(
            String keyExpr, SubscriberOptions options, SampleListener listener) {
        return declareSubscriber(null, keyExpr, options, listener);
    }

    public Subscriber declareSubscriber(
            KeyExpr keyExpr, SubscriberOptions options, SampleListener listener) {
        return declareSubscriber(keyExpr, keyExpr.toString(), options, listener);
    }

    private Subscriber declareSubscriber(
            KeyExpr declared, String text, SubscriberOptions o, SampleListener l) {
        Objects.requireNonNull(l, "listener");
        return withKeyExpr(
                declared,
                (s, k) ->
                        new Subscriber(
                                ZenohNative.subscriberDeclare(
                                        s,
                                        k,
                                        text,
                                        o.origin().ordinal(),
                                        Dispatch.samples(l),
                                        o.historyMaxSamples(),
                                        o.recovery(),
                                        o.recoveryPeriodMillis(),
                                        Dispatch.misses(o.missListener()),
                                        o.maxPendingBytes()),
                                (o.advanced() ? "advanced subscriber on '" : "subscriber on '")
                                        + text
                                        + "'"));
    }

    public Queryable declareQueryable(
            String keyExpr, QueryableOptions options, QueryListener listener) {
        return declareQueryable(null, keyExpr, options, listener);
    }

    public Queryable declareQueryable(
            KeyExpr keyExpr, QueryableOptions options, QueryListener listener) {
        return declareQueryable(keyExpr, keyExpr.toString(), options, listener);
    }

    private Queryable declareQueryable(
            KeyExpr declared, String text, QueryableOptions o, QueryListener l) {
        Objects.requireNonNull(l, "listener");
        return withKeyExpr(
                declared,
                (s, k) ->
                        new Queryable(
                                ZenohNative.queryableDeclare(
                                        s,
                                        k,
                                        text,
                                        o.complete(),
                                        o.origin().ordinal(),
                                        Dispatch.queries(this, l)),
                                text));
    }

    /** One-shot put (a publisher is cheaper for repeated puts on one key). */
    public void put(String keyExpr, byte[] payload, Encoding encoding, byte[] attachment, Qos qos) {
        int id = encoding == null ? -1 : encoding.id();
        String schema = encoding == null ? null : encoding.schema();
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.sessionPut(p, 0, keyExpr, payload, id, schema, attachment, qos.bits());
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }

    /**
     * One-shot puts of the batch's elements on {@code keyExpr}, in order, in one native call (see
     * {@link Publisher#put(PutBatch)}; a failure names the element, those before it were sent).
     */
    public void put(String keyExpr, PutBatch batch, Qos qos) {
        if (batch.size() == 0) {
            return;
        }
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.sessionPutBatch(
                    p,
                    keyExpr,
                    qos.bits(),
                    batch.first(),
                    batch.size(),
                    batch.meta(),
                    batch.data(),
                    batch.bytes(),
                    batch.schemas());
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }

    public void delete(String keyExpr, byte[] attachment, Qos qos) {
        long p = acquire();
        ConsumerThreads.Mark marked = ConsumerThreads.beforeCall();
        try {
            ZenohNative.sessionDelete(p, 0, keyExpr, attachment, qos.bits());
        } finally {
            ConsumerThreads.afterCall(marked);
            release();
        }
    }

    /**
     * Sends a query; replies arrive on zenoh threads, then {@link ReplyListener#onComplete()} once.
     * Never blocks for replies. Throws at once for a bad selector (the listener still completes).
     * {@code keyExpr} may be a whole selector ({@code key?p=1}); the parameters are given either
     * there or in {@link GetOptions#parameters()}, not both ({@link IllegalArgumentException}).
     */
    public void get(String keyExpr, GetOptions o, ReplyListener listener) {
        get(keyExpr, o, AcceptReplies.MATCHING, listener);
    }

    /**
     * As {@link #get(String, GetOptions, ReplyListener)}; {@code accept} says whether replies on
     * keys the selector does not match are accepted.
     */
    public void get(String keyExpr, GetOptions o, AcceptReplies accept, ReplyListener listener) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(accept, "accept");
        String selector;
        try {
            selector = selector(keyExpr, o.parameters());
        } catch (IllegalArgumentException bad) {
            Dispatch.replies(listener).onComplete(); // as for a selector the library refuses
            throw bad;
        }
        Encoding e = o.encoding();
        long p = acquire();
        try {
            ZenohNative.sessionGet(
                    p,
                    selector,
                    o.payload(),
                    e == null ? -1 : e.id(),
                    e == null ? null : e.schema(),
                    o.attachment(),
                    o.target().ordinal(),
                    o.consolidation().ordinal(),
                    o.timeoutMillis(),
                    o.qos().bits(),
                    accept == AcceptReplies.ANY,
                    Dispatch.replies(listener));
        } finally {
            release();
        }
    }

    /**
     * The selector of a get on {@code keyExpr} (a key, or a selector with parameters) with {@code
     * parameters} (null or empty: none). A null key stays null, which the library refuses as it
     * refuses a get on null without parameters.
     */
    static String selector(String keyExpr, String parameters) {
        if (parameters == null || parameters.isEmpty() || keyExpr == null) {
            return keyExpr;
        }
        if (keyExpr.indexOf('?') >= 0) {
            throw new IllegalArgumentException(
                    "selector '"
                            + shortened(keyExpr)
                            + "' has parameters and GetOptions gives parameters '"
                            + shortened(parameters)
                            + "' too: give them in one place");
        }
        return keyExpr + "?" + parameters;
    }

    /** {@code s} as messages quote it: the first 40 characters, then "...". */
    private static String shortened(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    /** get, collected: completes with every reply once the query is over (replies or timeout). */
    public CompletableFuture<List<Reply>> get(String keyExpr, GetOptions options) {
        Collector c = new Collector();
        get(keyExpr, options, c);
        return c.future;
    }

    /**
     * Declares a querier on {@code keyExpr} for repeated gets: its target, consolidation, timeout
     * and QoS are taken from {@code options} now (its parameters, payload, encoding and attachment
     * are not: each {@link Querier#get} brings its own). Close it after use.
     */
    public Querier declareQuerier(KeyExpr keyExpr, GetOptions options, AcceptReplies accept) {
        return declareQuerier(keyExpr, keyExpr.toString(), options, accept);
    }

    public Querier declareQuerier(String keyExpr, GetOptions options, AcceptReplies accept) {
        return declareQuerier(null, keyExpr, options, accept);
    }

    private Querier declareQuerier(
            KeyExpr declared, String text, GetOptions o, AcceptReplies accept) {
        Objects.requireNonNull(o, "options");
        Objects.requireNonNull(accept, "accept");
        return withKeyExpr(
                declared,
                (s, k) ->
                        new Querier(
                                ZenohNative.querierDeclare(
                                        s,
                                        k,
                                        text,
                                        o.target().ordinal(),
                                        o.consolidation().ordinal(),
                                        o.timeoutMillis(),
                                        o.qos().bits(),
                                        accept == AcceptReplies.ANY),
                                text));
    }

    public LivelinessToken declareLivelinessToken(String keyExpr) {
        long p = acquire();
        try {
            return new LivelinessToken(ZenohNative.livelinessDeclareToken(p, keyExpr), keyExpr);
        } finally {
            release();
        }
    }

    /**
     * Token appearances arrive as PUT samples, disappearances as DELETE; history adds tokens alive
     * now.
     */
    public Subscriber declareLivelinessSubscriber(
            String keyExpr, boolean history, SampleListener listener) {
        Objects.requireNonNull(listener, "listener");
        long p = acquire();
        try {
            return new Subscriber(
                    ZenohNative.livelinessDeclareSubscriber(
                            p, keyExpr, history, Dispatch.samples(listener)),
                    "liveliness subscriber on '" + keyExpr + "'");
        } finally {
            release();
        }
    }

    public CompletableFuture<List<Reply>> livelinessGet(String keyExpr, long timeoutMillis) {
        Collector c = new Collector();
        long p = acquire();
        try {
            ZenohNative.livelinessGet(p, keyExpr, timeoutMillis, c);
        } catch (RuntimeException e) {
            c.future.completeExceptionally(e);
            throw e;
        } finally {
            release();
        }
        return c.future;
    }

    /** Runs a declaration with this session (and the declared key expression, if any) held live. */
    private <T> T withKeyExpr(KeyExpr declared, Declaration<T> d) {
        long s = acquire();
        try {
            if (declared == null) {
                return d.declare(s, 0);
            }
            long k = declared.acquire();
            try {
                return d.declare(s, k);
            } finally {
                declared.release();
            }
        } finally {
            release();
        }
    }

    @FunctionalInterface
    private interface Declaration<T> {
        T declare(long sessionPtr, long keyExprPtr);
    }

    /** Collects replies into a future. It is also a ReplySink for liveliness get. */
    private static final class Collector implements ReplyListener, ReplySink {
        final CompletableFuture<List<Reply>> future = new CompletableFuture<>();
        private final List<Reply> replies = Collections.synchronizedList(new ArrayList<>());
        private final ReplySink sink = Dispatch.replies(this);

        @Override
        public void onReply(Reply reply) {
            replies.add(reply);
        }

        @Override
        public void onComplete() {
            future.complete(List.copyOf(replies));
        }

        @Override
        public void onReply(
                boolean ok,
                String key,
                byte[] payload,
                int encId,
                String schema,
                int flags,
                String ts,
                byte[] attachment) {
            sink.onReply(ok, key, payload, encId, schema, flags, ts, attachment);
        }
    }
}
