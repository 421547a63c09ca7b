/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.ClosedException;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleListener;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import io.github.camelzenoh.zenoh.ZenohException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.Route;
import org.apache.camel.spi.InflightRepository;
import org.apache.camel.spi.UnitOfWork;
import org.apache.camel.support.DefaultConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code from("zenoh:...")}: declares a subscriber, queryable or liveliness subscriber on the
 * endpoint's declared key expression. zenoh's callback only enqueues the received values ({@link
 * ZenohHandoff}); the route runs on the consumer's own threads.
 */
public class ZenohConsumer extends DefaultConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohConsumer.class);

    private final ZenohEndpoint endpoint;
    private final ZenohOptions options;
    private ZenohHandoff<Object> handoff;
    private boolean handoffStopped;
    private ExecutorService executor;
    private AutoCloseable declaration;
    private LivelinessToken token;
    private ZenohEndpoint.Use use;
    private volatile ZenohGroup group;
    private AutoCloseable members;
    private LivelinessToken groupToken;

    /** Samples per Exchange; 0: one Exchange per sample. */
    private final int batchSize;

    public ZenohConsumer(ZenohEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
        this.options = endpoint.options();
        this.batchSize = endpoint.getConfiguration().getBatchSize();
    }

    @Override
    public ZenohEndpoint getEndpoint() {
        return endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        // closed in doStop, or below on failure
        use = endpoint.acquire(ZenohOptions.name(options.consumerType()), getRouteId());
        ZenohConfiguration c = endpoint.getConfiguration();
        String name =
                endpoint.getKeyExpr() + " (" + ZenohOptions.name(options.consumerType()) + ")";
        handoffStopped = false;
        try {
            startHandoff(c, name);
        } catch (RuntimeException | Error e) {
            // nothing declared yet: the hold on the endpoint (session, key, meters) goes back
            if (executor != null) {
                endpoint.getCamelContext().getExecutorServiceManager().shutdownNow(executor);
                executor = null;
            }
            use.close();
            throw e;
        }
        endpoint.addConsumer(this);
        group = null;
        if (c.getGroup() != null) {
            group =
                    new ZenohGroup(
                            c.getGroup(),
                            use.keyExpr().toString(), // as declared (canonical)
                            c.getGroupReplayMillis(),
                            c.getGroupReplayMaxBytes(),
                            handoff::offer,
                            endpoint.groupReplayed,
                            endpoint.groupOverflow);
        }
        try {
            declaration = declare(use.session(), use.keyExpr(), c);
            if (group != null) {
                join(use.session(), c);
            }
            if (options.livelinessKey() != null) {
                // declared last: peers see the route alive once it can receive
                token = use.session().declareLivelinessToken(options.livelinessKey());
            }
        } catch (RuntimeException e) {
            stopAccepting();
            leave();
            AutoCloseable d = declaration;
            declaration = null;
            if (d != null) {
                try {
                    d.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            stopHandoff();
            use.close();
            throw e;
        }
        use.register(ZenohHealthCheck.forConsumer(this));
    }

    /** The hand-off and its route threads; a failure (e.g. no memory for the queue) is thrown. */
    private void startHandoff(ZenohConfiguration c, String name) {
        executor = null; // a previous run's, already shut down
        handoff =
                new ZenohHandoff<>(
                        name,
                        c.getQueueSize(),
                        c.getMaxPendingBytes(),
                        options.overflow(),
                        endpoint.dropped,
                        TimeUnit.MICROSECONDS.toNanos(c.getIdleSpinMicros()));
        handoff.onDrop(ZenohConsumer::answerDropped);
        executor =
                endpoint.getCamelContext()
                        .getExecutorServiceManager()
                        .newFixedThreadPool(
                                this,
                                "ZenohConsumer[" + endpoint.shortKey() + "]",
                                c.getConcurrentConsumers());
        if (batchSize > 0) {
            handoff.<ZenohSample>startBatches(
                    executor,
                    c.getConcurrentConsumers(),
                    batchSize,
                    TimeUnit.MILLISECONDS.toNanos(c.getBatchTimeout()),
                    this::routeBatch);
        } else {
            handoff.start(executor, c.getConcurrentConsumers(), this::route);
        }
    }

    private AutoCloseable declare(Session session, KeyExpr ke, ZenohConfiguration c) {
        return switch (options.consumerType()) {
            case SUBSCRIBER ->
                    session.declareSubscriber(
                            ke,
                            new SubscriberOptions(
                                    options.origin(),
                                    c.isHistory() ? c.getHistorySize() : 0,
                                    c.isRecovery(),
                                    c.getRecoveryPeriod(),
                                    (source, count) -> endpoint.missed.add(count),
                                    c.getMaxPendingBytes()),
                            batchSize > 0 ? batches() : samples());
            case QUERYABLE ->
                    session.declareQueryable(
                            ke,
                            new QueryableOptions(c.isComplete(), options.origin()),
                            this::onQuery);
            case LIVELINESS ->
                    session.declareLivelinessSubscriber(
                            endpoint.getKeyExpr(), c.isHistory(), samples());
        };
    }

    /**
     * Joins the consumer group once the subscriber is declared (samples of keys it will own are
     * held meanwhile): the members alive now, then its own token, then it owns its share of the
     * keys and replays what it held of them. The previous owner keeps taking those keys for the
     * replay window after it sees the token (a hand-over), so a sample routed to it before the new
     * subscription was known is not lost either; both cost duplicates, counted as replayed.
     */
    private void join(Session session, ZenohConfiguration c) {
        ZenohGroup g = group;
        members = session.declareLivelinessSubscriber(g.membersKeyExpr(), true, g::onMember);
        CompletableFuture<List<Reply>> alive =
                session.livelinessGet(g.membersKeyExpr(), Math.min(c.getTimeout(), 5_000L));
        try {
            for (Reply r :
                    alive.get(Math.min(c.getTimeout(), 5_000L) + 1_000L, TimeUnit.MILLISECONDS)) {
                if (r.ok()) {
                    g.onMemberFound(r.sample());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining zenoh " + g, e);
        } catch (ExecutionException | TimeoutException e) {
            // the liveliness subscriber's history tells the members too; a member learnt late
            // only makes this one take more keys for a moment (duplicates, not loss)
        }
        groupToken = session.declareLivelinessToken(g.tokenKeyExpr());
        g.joined();
    }

    /**
     * Leaves the group at stop, right after the hand-off stops accepting: the other members take
     * over the keys at once.
     */
    private void leave() {
        ZenohGroup g = group;
        if (g == null) {
            return;
        }
        g.leaving();
        LivelinessToken t = groupToken;
        groupToken = null;
        if (t != null) {
            t.close();
        }
        AutoCloseable m = members;
        members = null;
        if (m != null) {
            try {
                m.close();
            } catch (Exception e) {
                // closing a liveliness subscriber of a closed session: nothing left to undeclare
            }
        }
    }

    /**
     * The listener of a subscriber or liveliness subscriber: samples to the hand-off, samples
     * dropped before it counted.
     */
    private SampleListener samples() {
        return new SampleListener() {
            @Override
            public void onSample(Sample sample) {
                ZenohConsumer.this.onSample(sample);
            }

            @Override
            public void onDropped(long count) {
                endpoint.received.add(count);
                endpoint.dropped.add(count);
            }
        };
    }

    /**
     * The batch consumer's listener: the samples of one native batch are gathered into lists of at
     * most batchSize, each queued as one hand-off item (no item, lock or Exchange per sample).
     * zenoh's delivery calls one listener from one thread at a time, and each native batch ends
     * with onBatchEnd, which queues what was gathered: nothing is held between batches.
     */
    private SampleListener batches() {
        return new SampleListener() {
            private List<ZenohSample> gathered;

            @Override
            public void onSample(Sample sample) {
                endpoint.received.increment();
                List<ZenohSample> g = gathered;
                if (g == null) {
                    g = new ArrayList<>(Math.min(batchSize, 64));
                    gathered = g;
                }
                g.add(ZenohSample.of(sample));
                if (g.size() >= batchSize) {
                    gathered = null;
                    handoff.offer(g);
                }
            }

            @Override
            public void onBatchEnd() {
                List<ZenohSample> g = gathered;
                if (g != null) {
                    gathered = null;
                    handoff.offer(g);
                }
            }

            @Override
            public void onDropped(long count) {
                endpoint.received.add(count);
                endpoint.dropped.add(count);
            }
        };
    }

    /** zenoh thread: count and enqueue (a group member: if it owns the key), nothing else. */
    private void onSample(Sample sample) {
        endpoint.received.increment();
        ZenohGroup g = group;
        if (g != null && options.consumerType() == ZenohConsumerType.SUBSCRIBER) {
            g.onSample(sample);
        } else {
            handoff.offer(sample);
        }
    }

    private void onQuery(Query query) {
        endpoint.received.increment();
        handoff.offer(query);
    }

    /**
     * A query the hand-off drops is still answered: an error reply saying why, then finished, so
     * the asker neither waits for its timeout nor holds the native query until GC.
     */
    private static void answerDropped(Object item, String why) {
        if (item instanceof Query q) {
            try {
                q.replyError(
                        ("query dropped by the camel-zenoh consumer: " + why)
                                .getBytes(StandardCharsets.UTF_8),
                        Encoding.ZENOH_STRING);
            } catch (RuntimeException e) {
                // the session closed or the query was finished: nothing more to tell the asker
            } finally {
                q.finish();
            }
        }
    }

    /** Route thread. */
    private void route(Object item) {
        if (item instanceof Query q) {
            answer(q);
            return;
        }
        Exchange exchange = createExchange(false);
        try {
            // body = payload; the headers are computed if and when the route reads one
            exchange.setIn(new ZenohSampleMessage(exchange, (Sample) item));
            if (options.consumerType() == ZenohConsumerType.LIVELINESS) {
                exchange.getIn().setBody(null);
            }
            applyHeaderFilter(exchange);
            getProcessor().process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        } catch (Error e) {
            endAfterError(exchange, e);
        }
        if (exchange.getException() != null) {
            endpoint.failed.increment();
            report("Error processing zenoh sample", exchange);
        }
        releaseExchange(exchange, false);
    }

    /**
     * The consumer's exception handler, which must not throw: the item is already counted as
     * failed, and a handler's exception reaching the hand-off would count it again as dropped (or,
     * an Error, end the route thread for good).
     */
    private void report(String what, Exchange exchange) {
        try {
            getExceptionHandler().handleException(what, exchange, exchange.getException());
        } catch (Throwable t) {
            LOG.warn(
                    "zenoh consumer {}: the exception handler failed on '{}': {}",
                    endpoint.shortKey(),
                    what,
                    t.toString(),
                    t);
        }
    }

    /** Route thread: one Exchange for a batch, body List<ZenohSample>. */
    private void routeBatch(List<ZenohSample> batch) {
        Exchange exchange = createExchange(false);
        try {
            Message in = exchange.getIn();
            in.setBody(batch);
            in.setHeader(ZenohConstants.BATCH_SIZE, batch.size());
            getProcessor().process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        } catch (Error e) {
            endAfterError(exchange, e);
        }
        if (exchange.getException() != null) {
            endpoint.failed.add(batch.size());
            report("Error processing a batch of " + batch.size() + " zenoh samples", exchange);
        }
        releaseExchange(exchange, false);
    }

    /**
     * Queryable: the route's result is the reply; a failure becomes an error reply, never a
     * timeout.
     */
    private void answer(Query q) {
        Exchange exchange = createExchange(false);
        exchange.setPattern(ExchangePattern.InOut);
        try {
            Message in = exchange.getIn();
            in.setBody(q.payload());
            in.setHeader(ZenohConstants.KEY_EXPR, q.keyExpr());
            in.setHeader(ZenohConstants.SELECTOR_PARAMETERS, q.parameters());
            if (q.encoding() != null) {
                ZenohMessages.setEncoding(in, q.encoding());
            }
            if (q.attachment() != null) {
                in.setHeader(ZenohConstants.ATTACHMENT, q.attachment());
            }
            applyHeaderFilter(exchange);
            getProcessor().process(exchange);
            if (exchange.getException() == null) {
                reply(q, exchange);
            }
        } catch (Exception e) {
            exchange.setException(e);
        } catch (Error e) {
            endAfterError(exchange, e);
        }
        Exception failure = exchange.getException();
        if (failure != null) {
            endpoint.failed.increment();
            try {
                q.replyError(
                        errorText(failure).getBytes(StandardCharsets.UTF_8), Encoding.ZENOH_STRING);
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
            report("Error answering zenoh " + quoted(q), exchange);
        }
        q.finish();
        releaseExchange(exchange, false);
    }

    /**
     * An Error the route threw (an AssertionError, an OutOfMemoryError from a huge reply list) as
     * the exchange's exception: the route thread goes on with the next item, and a query gets an
     * error reply naming it, where the Error ended the thread for good (every later query timed
     * out).
     */
    private static Exception routeError(Error e) {
        return new RuntimeException(e.toString(), e);
    }

    /**
     * The exchange after an Error the route threw: failed with it ({@link #routeError}), and ended
     * as Camel would have ended it. The Error unwound through Camel's processors past the steps
     * that take the exchange off each route's in-flight list, take the route off the unit of work's
     * stack, and end the unit of work (its completions, then the context's in-flight list): each
     * such exchange stayed in flight, with its payload, and every graceful stop of its routes
     * waited its whole timeout. The routes still on the stack are the ones it was inside (the
     * consumer's, and those it called, such as a {@code direct:} sub-route): each is taken off with
     * its count, then the unit of work is done. An Error thrown while Camel was ending the unit of
     * work (an onCompletion's) came after the routes' counts were taken, so only what the unit of
     * work had not reached is done here: the context's list. Exchanges of their own that the route
     * made (a split's parts) are not reached.
     */
    private void endAfterError(Exchange exchange, Error e) {
        exchange.setException(routeError(e));
        UnitOfWork uow = exchange.getUnitOfWork();
        if (uow == null) {
            return;
        }
        InflightRepository inflight = getEndpoint().getCamelContext().getInflightRepository();
        try {
            if (thrownEndingTheUnitOfWork(e)) {
                // its completions ran until the one that threw and are not run again; the routes'
                // counts were taken before them, the context's list comes after them
                inflight.remove(exchange);
            } else {
                while (uow.routeStackLevel() > 0) {
                    Route route = uow.popRoute();
                    // an Error before the route took its count (a route policy's begin) must not
                    // take another exchange's: never below 0
                    if (route != null && inflight.size(route.getRouteId()) > 0) {
                        inflight.remove(exchange, route.getRouteId());
                    }
                }
                try {
                    uow.done(exchange);
                } catch (RuntimeException | Error inCompletion) {
                    // a completion failed in turn: done stopped before the context's list
                    exchange.getException().addSuppressed(inCompletion);
                    inflight.remove(exchange);
                }
            }
            exchange.getExchangeExtension().setUnitOfWork(null);
        } catch (RuntimeException | Error cleanup) {
            exchange.getException().addSuppressed(cleanup);
        }
    }

    /**
     * Whether the Error came out of a unit of work's completions (Camel runs them in {@code
     * UnitOfWorkHelper.doneSynchronizations}, called by the unit of work's {@code done}).
     */
    private static boolean thrownEndingTheUnitOfWork(Error e) {
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getMethodName().equals("doneSynchronizations")
                    && frame.getClassName().equals("org.apache.camel.support.UnitOfWorkHelper")) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the asker is told of a failed exchange: the exception's message, else (an exception
     * without one, such as a bare {@code new IllegalStateException()}) its class name; never a
     * stack trace.
     */
    private static String errorText(Exception failure) {
        String m = failure.getMessage();
        return m == null || m.isBlank() ? failure.getClass().getName() : m;
    }

    /** "query 'a/**?x=1'", shortened as keys are in messages (the asker chose its length). */
    private static String quoted(Query q) {
        return "query "
                + ZenohEndpoint.quote(
                        q.parameters().isEmpty()
                                ? q.keyExpr()
                                : q.keyExpr() + "?" + q.parameters());
    }

    /** What a queryable sends for one reply: prepared in full before any is sent. */
    private record Outgoing(
            ReplyKind kind, String key, byte[] payload, Encoding encoding, byte[] attachment) {}

    private enum ReplyKind {
        PUT,
        DELETE,
        ERROR
    }

    /**
     * The route's result as replies: a Collection (or any Iterable of {@link ZenohReply}) gives one
     * reply per element, a Map one per entry, anything else one reply. Every reply is converted
     * before the first is sent, so a bad element sends nothing; a reply zenoh refuses (a key that
     * does not intersect the query) fails the exchange, the replies before it having been sent.
     */
    private void reply(Query q, Exchange exchange) throws Exception {
        Message out = exchange.getMessage();
        Object body = out.getBody();
        byte[] attachment = ZenohMessages.attachment(exchange);
        if (replyErrorHeader(out)) {
            send(
                    q,
                    ReplyKind.ERROR,
                    null,
                    ZenohMessages.payload(exchange, body, "reply"),
                    encoding(q, out, body),
                    null,
                    0,
                    1);
            return;
        }
        ReplyKind kind = replyKindHeader(out);
        List<?> elements = body instanceof Map ? null : replyList(exchange, body);
        List<Outgoing> replies;
        if (elements != null) {
            if (kind != ReplyKind.PUT) {
                throw new IllegalArgumentException(
                        "Header "
                                + ZenohConstants.REPLY_KIND
                                + "="
                                + kind
                                + " applies to a single reply or a Map body; the elements of a"
                                + " List of ZenohReply carry their own kind (ZenohReply.delete)");
            }
            replies = fromList(q, out, elements);
        } else if (body instanceof Map<?, ?> map) {
            replies = fromMap(q, exchange, out, map, kind);
        } else {
            // the common case: one reply, sent without a list
            send(
                    q,
                    kind,
                    replyKey(q, out),
                    kind == ReplyKind.DELETE
                            ? null
                            : ZenohMessages.payload(exchange, body, "reply"),
                    kind == ReplyKind.DELETE ? null : encoding(q, out, body),
                    attachment,
                    0,
                    1);
            return;
        }
        for (int i = 0; i < replies.size(); i++) {
            Outgoing r = replies.get(i);
            // an element's own attachment (ZenohReply.withAttachment), else the header's
            byte[] a = r.attachment() != null ? r.attachment() : attachment;
            send(q, r.kind(), r.key(), r.payload(), r.encoding(), a, i, replies.size());
        }
    }

    private Encoding encoding(Query q, Message out, Object value) {
        return ZenohMessages.replyEncoding(out, value, options.encoding(), q.encoding());
    }

    /**
     * Header CamelZenohReplyError: true or false (a Boolean, or a String of either in any case),
     * false when absent. Anything else is refused as a bad CamelZenohReplyKind is: the asker gets
     * an error reply naming the header, not an OK reply the route did not mean.
     */
    private static boolean replyErrorHeader(Message out) {
        Object h = out.getHeader(ZenohConstants.REPLY_ERROR);
        if (h == null || h instanceof Boolean) {
            return Boolean.TRUE.equals(h);
        }
        String v = h.toString().trim();
        if ("true".equalsIgnoreCase(v) || "false".equalsIgnoreCase(v)) {
            return "true".equalsIgnoreCase(v);
        }
        throw new IllegalArgumentException(
                "Header "
                        + ZenohConstants.REPLY_ERROR
                        + " must be true or false, got "
                        + ZenohEndpoint.quote(h.toString()));
    }

    /** Header CamelZenohReplyKind: PUT (also when absent) or DELETE. */
    private static ReplyKind replyKindHeader(Message out) {
        Object h = out.getHeader(ZenohConstants.REPLY_KIND);
        if (h == null || "PUT".equalsIgnoreCase(h.toString().trim())) {
            return ReplyKind.PUT;
        }
        if ("DELETE".equalsIgnoreCase(h.toString().trim())) {
            return ReplyKind.DELETE;
        }
        throw new IllegalArgumentException(
                "Header "
                        + ZenohConstants.REPLY_KIND
                        + " must be PUT or DELETE, got "
                        + ZenohEndpoint.quote(h.toString()));
    }

    /**
     * Replies a lazy Iterable body (one that is not a Collection: a stream, a cursor) gives at
     * most, and bytes of payload and attachment: it is read whole before the first reply is sent,
     * as a List is, so an endless one must end somewhere. A Collection is already in memory.
     */
    static final int MAX_LAZY_REPLIES = 100_000;

    static final long MAX_LAZY_REPLY_BYTES = 64L << 20;

    /**
     * The elements of a Collection body, or of an Iterable body of {@link ZenohReply}; null for any
     * other body (one reply). An Iterable that is no Collection and whose first element is no
     * ZenohReply is one reply when it converts to bytes (a JSON array node, say), else refused
     * naming that element; an empty one is no reply unless it converts to bytes.
     */
    private static List<?> replyList(Exchange exchange, Object body) {
        if (body instanceof Collection<?> c) {
            return new ArrayList<>(c);
        }
        if (!(body instanceof Iterable<?> it)) {
            return null;
        }
        Iterator<?> i = it.iterator();
        if (!i.hasNext()) {
            // no element says nothing of its type (a JSON value is an Iterable too): one reply,
            // converted as any other body; a route with no replies to send answers an empty List
            return null;
        }
        Object first = i.next();
        if (!(first instanceof ZenohReply)) {
            if (convertsToBytes(exchange, body)) {
                return null;
            }
            throw new IllegalArgumentException(
                    "Element 0 of the queryable route's Iterable body (a "
                            + body.getClass().getName()
                            + ") is "
                            + (first == null ? "null" : "a " + first.getClass().getName())
                            + ", not a ZenohReply: an Iterable body is one reply per element, made"
                            + " with ZenohReply.ok, ZenohReply.delete or ZenohReply.error (and"
                            + " this one has no conversion to byte[] to be one reply)");
        }
        List<Object> all = new ArrayList<>();
        long bytes = 0;
        Object e = first;
        while (true) {
            all.add(e);
            if (e instanceof ZenohReply r) {
                bytes +=
                        (r.payload() == null ? 0 : r.payload().length)
                                + (r.attachment() == null ? 0 : r.attachment().length);
            }
            if (bytes > MAX_LAZY_REPLY_BYTES || (i.hasNext() && all.size() >= MAX_LAZY_REPLIES)) {
                throw new IllegalArgumentException(
                        "The queryable route's Iterable body (a "
                                + body.getClass().getName()
                                + ", no Collection) gave more than "
                                + (bytes > MAX_LAZY_REPLY_BYTES
                                        ? MAX_LAZY_REPLY_BYTES + " bytes of replies"
                                        : MAX_LAZY_REPLIES + " replies")
                                + ": nothing was sent. Its replies are all read before the first"
                                + " is sent, so a lazy Iterable is bounded; answer with a List to"
                                + " send more");
            }
            if (!i.hasNext()) {
                return all;
            }
            e = i.next();
        }
    }

    private static boolean convertsToBytes(Exchange exchange, Object body) {
        return exchange.getContext().getTypeConverter().tryConvertTo(byte[].class, exchange, body)
                != null;
    }

    private List<Outgoing> fromList(Query q, Message out, List<?> elements) {
        List<Outgoing> replies = new ArrayList<>(elements.size());
        for (int i = 0; i < elements.size(); i++) {
            Object e = elements.get(i);
            if (!(e instanceof ZenohReply r)) {
                throw new IllegalArgumentException(
                        "Element "
                                + i
                                + " of the queryable route's reply list is "
                                + (e == null ? "null" : "a " + e.getClass().getName())
                                + ", not a ZenohReply: a List body is one reply per element, made"
                                + " with ZenohReply.ok, ZenohReply.delete or ZenohReply.error");
            }
            ReplyKind kind;
            if (!r.ok()) {
                kind = ReplyKind.ERROR;
            } else if (r.kind() == null || "PUT".equalsIgnoreCase(r.kind().trim())) {
                kind = ReplyKind.PUT;
            } else if ("DELETE".equalsIgnoreCase(r.kind().trim())) {
                kind = ReplyKind.DELETE;
            } else {
                throw new IllegalArgumentException(
                        "Element "
                                + i
                                + " of the reply list has kind '"
                                + r.kind()
                                + "': PUT or DELETE");
            }
            if (kind != ReplyKind.ERROR && (r.keyExpr() == null || r.keyExpr().isEmpty())) {
                throw new IllegalArgumentException(
                        "Element " + i + " of the reply list has no key: " + r);
            }
            if (kind != ReplyKind.ERROR) {
                concreteKey(r.keyExpr(), "Element " + i + " of the reply list");
            }
            Encoding enc =
                    kind == ReplyKind.DELETE
                            ? null
                            : r.encoding() != null
                                    ? new Encoding(r.encodingId(), r.encodingSchema())
                                    : encoding(
                                            q,
                                            out,
                                            r.encodingId() == Encoding.ZENOH_STRING.id() ? "" : r);
            replies.add(new Outgoing(kind, r.keyExpr(), r.payload(), enc, r.attachment()));
        }
        return replies;
    }

    private List<Outgoing> fromMap(
            Query q, Exchange exchange, Message out, Map<?, ?> map, ReplyKind kind)
            throws Exception {
        List<Outgoing> replies = new ArrayList<>(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key) || key.isEmpty()) {
                throw new IllegalArgumentException(
                        "A queryable route's Map body maps reply keys to payloads: its keys must be"
                                + " non-empty Strings, got "
                                + (e.getKey() == null
                                        ? "null"
                                        : "'"
                                                + e.getKey()
                                                + "' ("
                                                + e.getKey().getClass().getName()
                                                + ")"));
            }
            concreteKey(key, "The Map body's key");
            Object value = e.getValue();
            replies.add(
                    kind == ReplyKind.DELETE
                            ? new Outgoing(ReplyKind.DELETE, key, null, null, null)
                            : new Outgoing(
                                    ReplyKind.PUT,
                                    key,
                                    ZenohMessages.payload(exchange, value, "reply"),
                                    encoding(q, out, value),
                                    null));
        }
        return replies;
    }

    /** Sends reply {@code i} of {@code n}; a refusal names it and what was sent before it. */
    private void send(
            Query q,
            ReplyKind kind,
            String key,
            byte[] payload,
            Encoding encoding,
            byte[] attachment,
            int i,
            int n) {
        try {
            switch (kind) {
                case PUT -> q.reply(key, payload, encoding, attachment);
                case DELETE -> q.replyDelete(key, attachment);
                case ERROR -> q.replyError(payload, encoding);
            }
        } catch (ClosedException e) {
            throw e; // the session closed under the query: said as it is, not as a refusal
        } catch (ZenohException e) {
            throw new ZenohException(
                    "zenoh refused "
                            + (n == 1 ? "the reply" : "reply " + (i + 1) + " of " + n)
                            + (key == null ? "" : " on key " + ZenohEndpoint.quote(key))
                            + " to "
                            + quoted(q)
                            + (i == 0 ? "" : " (the " + i + " before it were sent)")
                            + ": "
                            + (key == null || e.getMessage() == null
                                    ? errorText(e)
                                    : ZenohOptions.reasonWithoutKey(e.getMessage(), key)),
                    e);
        }
        endpoint.sent.increment();
    }

    /**
     * Header CamelZenohReplyKeyExpr, else the query's key without wildcard, else the endpoint's
     * without.
     */
    private String replyKey(Query q, Message out) {
        String key = out.getHeader(ZenohConstants.REPLY_KEY_EXPR, String.class);
        if (key != null) {
            return concreteKey(key, "Header " + ZenohConstants.REPLY_KEY_EXPR);
        }
        if (!KeyExpr.hasWildcard(q.keyExpr())) {
            return q.keyExpr();
        }
        if (!KeyExpr.hasWildcard(endpoint.getKeyExpr())) {
            return endpoint.getKeyExpr();
        }
        throw new IllegalStateException(
                "Cannot choose the key of the reply to query "
                        + ZenohEndpoint.quote(q.keyExpr())
                        + ": both it and the endpoint's key expression "
                        + ZenohEndpoint.quote(endpoint.getKeyExpr())
                        + " have wildcards; set header "
                        + ZenohConstants.REPLY_KEY_EXPR);
    }

    /**
     * A reply is a sample on one key: zenoh would send one on a key expression with wildcards
     * ({@code store/**}), which no asker can store or act on.
     */
    private static String concreteKey(String key, String what) {
        if (KeyExpr.hasWildcard(key)) {
            throw new IllegalArgumentException(
                    what
                            + " "
                            + ZenohEndpoint.quote(key)
                            + " has wildcards: a reply is a sample on one key (the query's key"
                            + " expression is in header "
                            + ZenohConstants.KEY_EXPR
                            + ", not a reply key)");
        }
        return key;
    }

    private void applyHeaderFilter(Exchange exchange) {
        if (endpoint.getHeaderFilterStrategy() instanceof ZenohHeaderFilterStrategy z
                && z.filtersNothingInbound()) {
            return;
        }
        exchange.getIn()
                .getHeaders()
                .entrySet()
                .removeIf(
                        h ->
                                endpoint.getHeaderFilterStrategy()
                                        .applyFilterToExternalHeaders(
                                                h.getKey(), h.getValue(), exchange));
    }

    @Override
    protected void doStop() throws Exception {
        // the hand-off stops accepting first: a zenoh thread waiting for room in a full queue
        // returns (its sample counted as dropped). zenoh-ext calls the callback while it holds its
        // subscriber's lock, and undeclaring takes that lock: undeclared first, a stuck route would
        // hang the stop. It also stops before leaving the group: a replay holds the group's lock
        // while it waits for room, and leaving takes that lock
        stopAccepting();
        leave();
        LivelinessToken t = token;
        token = null;
        if (t != null) {
            // first: peers see the route gone as soon as it stops receiving
            t.close();
        }
        AutoCloseable d = declaration;
        declaration = null;
        if (d != null) {
            d.close();
        }
        stopHandoff();
        if (use != null) {
            use.close();
        }
        super.doStop();
    }

    /** Stops the hand-off (once): nothing more is queued, what is queued is dropped and counted. */
    private void stopAccepting() {
        if (handoff != null && !handoffStopped) {
            handoffStopped = true;
            handoff.stop();
        }
    }

    private void stopHandoff() {
        endpoint.removeConsumer(this);
        stopAccepting();
        if (executor != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownGraceful(executor);
            executor = null;
        }
    }

    /** True while declared on an open session (what the health check reports). */
    boolean isDeclared() {
        return declaration != null && isRunAllowed();
    }

    /** The consumer group membership, or null. */
    ZenohGroup group() {
        return group;
    }

    /** Samples waiting in the hand-off for the route (a batch counts as many as it holds). */
    int pending() {
        return handoff == null ? 0 : handoff.size();
    }

    /** Bytes of payload and attachment waiting in the hand-off for the route. */
    long pendingBytes() {
        return handoff == null ? 0 : handoff.pendingBytes();
    }

    /**
     * Camel's own toString (which Camel logs as it starts and stops a consumer) shows the endpoint
     * URI with only Camel's known secrets masked: the secret config option and endpoints' link
     * configuration would show.
     */
    @Override
    public String toString() {
        return "Consumer[" + getEndpoint().safeUri() + "]";
    }
}
