/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.PutBatch;
import io.github.camelzenoh.zenoh.Querier;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.ReplyListener;
import io.github.camelzenoh.zenoh.Session;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.camel.AsyncCallback;
import org.apache.camel.CamelExchangeException;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.spi.ExecutorServiceManager;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.util.concurrent.ThreadPoolRejectedPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code to("zenoh:...")}: put and delete go through a publisher declared at start on the
 * endpoint's declared key expression (synchronously: a put is a hand-over to zenoh's queues); get
 * is asynchronous — no Camel thread waits for replies, and the exchange continues on the producer's
 * own pool once zenoh reports the query over (all replies in, or its timeout), or on the executor
 * the exchange names ({@link ZenohConstants#GET_EXECUTOR}), which then also sends the get.
 */
public class ZenohProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohProducer.class);

    private final ZenohEndpoint endpoint;
    private final ZenohOptions options;
    private final boolean failIfNoSubscribers;
    private final boolean batch;
    final String healthCheckId;
    private volatile Publisher publisher;
    private volatile Querier querier;
    private ExecutorService continuation;
    private ZenohEndpoint.Use use;

    /**
     * Ends each get sent through the session (an override key) still in flight: its stop ends them,
     * as the querier's close ends the querier's, since the session may stay open (other endpoints
     * use it) and zenoh would end them only at their timeout.
     */
    private final Set<Runnable> sessionGets = ConcurrentHashMap.newKeySet();

    public ZenohProducer(ZenohEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
        this.options = endpoint.options();
        this.failIfNoSubscribers = endpoint.getConfiguration().isFailIfNoSubscribers();
        this.batch = endpoint.getConfiguration().isBatch();
        this.healthCheckId = ZenohHealthCheck.producerId(endpoint);
    }

    @Override
    public ZenohEndpoint getEndpoint() {
        return endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        // closed in doStop, or below on failure
        use = endpoint.acquire(ZenohMetrics.PRODUCER, null);
        ZenohConfiguration c = endpoint.getConfiguration();
        try {
            publisher =
                    use.session()
                            .declarePublisher(
                                    use.keyExpr(),
                                    new PublisherOptions(
                                            options.encoding(),
                                            options.qos(),
                                            c.getCacheSize(),
                                            c.getHeartbeat()));
            if (options.operation() == ZenohOperation.GET) {
                querier =
                        use.session()
                                .declareQuerier(
                                        use.keyExpr(), getOptions(null), options.acceptReplies());
            }
        } catch (RuntimeException e) {
            Publisher p = publisher;
            publisher = null;
            if (p != null) {
                p.close();
            }
            use.close();
            throw e;
        }
        use.register(ZenohHealthCheck.forProducer(this));
    }

    /**
     * The pool on which get exchanges continue, made on the first get (most producers only put: no
     * pool, no threads for them).
     */
    private synchronized ExecutorService continuation() {
        if (continuation == null && !isStoppingOrStopped()) {
            // the context's default pool settings, but never "caller runs": the caller is a zenoh
            // thread (a put from the route would deadlock its session, a slow route would stall
            // it). Unbounded queue: it holds only the gets this producer has in flight
            ExecutorServiceManager m = endpoint.getCamelContext().getExecutorServiceManager();
            ThreadPoolProfile p = m.getDefaultThreadPoolProfile().clone();
            p.setId("ZenohGet");
            p.setMaxQueueSize(-1);
            p.setRejectedPolicy(ThreadPoolRejectedPolicy.Abort);
            continuation = m.newThreadPool(this, continuationName(), p);
        }
        return continuation;
    }

    private String continuationName() {
        return "ZenohGet[" + endpoint.shortKey() + "]";
    }

    /**
     * Where a get's exchange continues: the executor the exchange names ({@link
     * ZenohConstants#GET_EXECUTOR}), else the producer's pool.
     */
    private Executor continuation(Exchange exchange) {
        return exchange.getProperty(ZenohConstants.GET_EXECUTOR) instanceof Executor named
                ? named
                : continuation();
    }

    /**
     * Continues a get's exchange on the given executor; if that rejects it, on the producer's pool;
     * once that is shut down too (the producer stopped with the get in flight), on a thread of its
     * own: never on the calling zenoh thread nor under a lock its caller holds.
     */
    private void continueElsewhere(Executor next, Runnable finish) {
        if (next != null && execute(next, finish)) {
            return;
        }
        if (next != continuation) {
            ExecutorService pool = continuation();
            if (pool != null && execute(pool, finish)) {
                return;
            }
        }
        endpoint.getCamelContext()
                .getExecutorServiceManager()
                .newThread(continuationName(), finish)
                .start();
    }

    /**
     * Hands {@code task} to {@code executor}; false if it refused: a {@link
     * RejectedExecutionException} or any other exception (an executor not ready yet), or a pool
     * already shut down, which may drop a task without a word (the JDK's and Camel's caller-runs
     * policy discards it then).
     */
    private static boolean execute(Executor executor, Runnable task) {
        if (executor instanceof ExecutorService pool && pool.isShutdown()) {
            return false;
        }
        // an executor that throws may have taken the task all the same: it runs once, whoever
        // runs it first (the executor, or the caller's fallback)
        AtomicBoolean ran = new AtomicBoolean();
        try {
            executor.execute(
                    () -> {
                        if (ran.compareAndSet(false, true)) {
                            task.run();
                        }
                    });
            return true;
        } catch (RuntimeException refused) {
            return !ran.compareAndSet(false, true);
        }
    }

    @Override
    protected void doStop() throws Exception {
        Publisher p = publisher;
        publisher = null;
        matchingCache = null;
        Querier q = querier;
        querier = null;
        if (q != null) {
            // zenoh ends the querier's gets in flight as it undeclares it: each fails, saying so
            // (cutShort)
            q.close();
        }
        for (Runnable endGet : List.copyOf(sessionGets)) {
            // forgotten here: zenoh's query runs on until its timeout or the queryable's end,
            // whose completion is then dropped
            sessionGets.remove(endGet);
            endGet.run(); // continues on the pool, shut down below once it has run
        }
        if (p != null) {
            // sends still in flight must reach zenoh before the endpoint may close the session
            if (!p.closeAndAwait(Duration.ofSeconds(10))) {
                LOG.warn(
                        "zenoh producer {}: sends still in flight after 10 s; stopping anyway",
                        endpoint.safeUri());
            }
        }
        ExecutorService pool;
        synchronized (this) {
            pool = continuation;
            continuation = null;
        }
        if (pool != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownGraceful(pool);
        }
        if (use != null) {
            use.close();
        }
        super.doStop();
    }

    /** Tests: gets sent through the session that this producer's stop would still end. */
    int sessionGetsInFlight() {
        return sessionGets.size();
    }

    boolean isReady() {
        return publisher != null && !publisher.isClosed();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            Message m = exchange.getMessage();
            ZenohOperation op = operation(m);
            String override = overrideKey(m);
            int sent = 1;
            switch (op) {
                case PUT -> sent = put(exchange, m, override); // a batch counts as it goes: 0
                case DELETE -> delete(exchange, override);
                case GET -> {
                    return get(exchange, m, override, callback);
                }
                case LIVELINESS_GET -> {
                    return livelinessGet(exchange, override, callback);
                }
            }
            endpoint.sent.add(sent);
        } catch (Exception e) {
            endpoint.failed.increment();
            exchange.setException(e);
        }
        callback.done(true);
        return true;
    }

    private ZenohOperation operation(Message m) {
        Object header = m.getHeader(ZenohConstants.OPERATION);
        return header == null
                ? options.operation()
                : ZenohOptions.parse(
                        ZenohOperation.class,
                        "header " + ZenohConstants.OPERATION,
                        header.toString());
    }

    /**
     * The one-off destination, checked; the header is removed so it never leaks further down the
     * route.
     */
    private static String overrideKey(Message m) {
        Object o = m.removeHeader(ZenohConstants.OVERRIDE_KEY_EXPR);
        if (o == null) {
            return null;
        }
        String key = o.toString();
        try {
            KeyExpr.validate(key);
        } catch (KeyExprException e) {
            throw new IllegalArgumentException(
                    "Header " + ZenohConstants.OVERRIDE_KEY_EXPR + ": " + e.getMessage(), e);
        }
        return key;
    }

    /**
     * Puts the body; returns how many puts are left to count as sent (1, or 0 for a batch body,
     * which counts its puts as they reach zenoh).
     */
    private int put(Exchange exchange, Message m, String override) throws Exception {
        Object body = m.getBody();
        if (batch && (body instanceof Iterable<?> || body instanceof Object[])) {
            return putBatch(exchange, m, body, override);
        }
        byte[] payload = ZenohMessages.payload(exchange, body, "put");
        Encoding enc = ZenohMessages.encoding(m, body, options.encoding());
        byte[] attachment = ZenohMessages.attachment(exchange);
        if (override == null) {
            Publisher p = livePublisher();
            checkMatching(exchange, p, "put");
            p.put(payload, enc, attachment);
        } else {
            endpoint.session().put(override, payload, enc, attachment, options.qos());
        }
        return 1;
    }

    /** Elements per native call of a batch put, and bytes after which a chunk is sent early. */
    static final int BATCH_CHUNK = 1024;

    static final int BATCH_CHUNK_BYTES = 1 << 20;

    /**
     * batch=true: each element of a List/Iterable/array body is one put, in order, in one native
     * call per chunk: through the publisher, or with an override key through the session. A
     * collection or array is checked whole (element types, sample encodings) before anything is
     * sent; a lazy Iterable's bad element fails when reached (the chunks before it were sent). Puts
     * are counted as sent chunk by chunk, so a batch failing midway still counts what it sent.
     */
    private int putBatch(Exchange exchange, Message m, Object body, String override)
            throws Exception {
        Iterable<?> elements = body instanceof Object[] a ? Arrays.asList(a) : (Iterable<?>) body;
        if (elements instanceof java.util.Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                checkBatchElement(e, i);
                if (e instanceof ZenohSample s && !"DELETE".equals(s.kind())) {
                    sampleEncoding(s, i);
                }
                i++;
            }
        }
        // each kind of element resolves its encoding once per exchange, not per element
        Encoding bytesEncoding = ZenohMessages.encoding(m, EMPTY, options.encoding());
        Encoding stringEncoding = ZenohMessages.encoding(m, "", options.encoding());
        byte[] headerAttachment = ZenohMessages.attachment(exchange);
        Publisher p = override == null ? livePublisher() : null;
        boolean checked = false;
        boolean unmatched = false;
        PutBatch chunk = new PutBatch();
        int i = 0;
        for (Object e : elements) {
            checkBatchElement(e, i);
            if (p != null && !checked) {
                // before the first element of any kind is sent: with failIfNoSubscribers a batch
                // that matches nobody sends nothing, deletes included
                try {
                    unmatched = checkMatching(exchange, p, "batch put");
                } catch (ZenohNoSubscribersException refused) {
                    // each element went unmatched, as when the batch is sent anyway
                    if (elements instanceof java.util.Collection<?> c && c.size() > 1) {
                        endpoint.unmatched.add(c.size() - 1);
                    }
                    throw refused;
                }
                checked = true;
            }
            byte[] payload;
            Encoding enc;
            byte[] att;
            if (e instanceof ZenohSample s) {
                if ("DELETE".equals(s.kind())) {
                    // a received delete stays a delete, in its place in the order
                    i++;
                    send(p, override, chunk);
                    chunk.clear(i);
                    if (p == null) {
                        endpoint.session().delete(override, s.attachment(), options.qos());
                    } else {
                        p.delete(s.attachment());
                    }
                    endpoint.sent.increment();
                    continue;
                }
                payload = s.payload();
                enc = sampleEncoding(s, i);
                att = s.attachment();
            } else if (e instanceof byte[] b) {
                payload = b;
                enc = bytesEncoding;
                att = headerAttachment;
            } else {
                payload = ((String) e).getBytes(StandardCharsets.UTF_8);
                enc = stringEncoding;
                att = headerAttachment;
            }
            i++;
            chunk.add(payload, enc, att);
            if (chunk.size() >= BATCH_CHUNK || chunk.bytes() >= BATCH_CHUNK_BYTES) {
                send(p, override, chunk);
                chunk.clear(i);
            }
        }
        send(p, override, chunk);
        if (unmatched && i > 1) {
            // one matching check per batch: every element of it went unmatched
            endpoint.unmatched.add(i - 1);
        }
        return 0; // counted as sent chunk by chunk
    }

    /** A batch element's encoding: the endpoint's option, else the sample's own (checked). */
    private Encoding sampleEncoding(ZenohSample s, int index) {
        try {
            return options.encoding() != null ? options.encoding() : s.encoding();
        } catch (RuntimeException bad) {
            throw new IllegalArgumentException(
                    "batch put on '"
                            + endpoint.getKeyExpr()
                            + "': element "
                            + index
                            + ": "
                            + bad.getMessage(),
                    bad);
        }
    }

    /**
     * One native call: through the publisher, or to the override key through the session; its puts
     * counted as sent once zenoh took them all.
     */
    private void send(Publisher p, String override, PutBatch chunk) {
        if (chunk.size() == 0) {
            return;
        }
        if (p != null) {
            p.put(chunk);
        } else {
            endpoint.session().put(override, chunk, options.qos());
        }
        endpoint.sent.add(chunk.size());
    }

    private static final byte[] EMPTY = new byte[0];

    private void checkBatchElement(Object e, int index) {
        if (!(e instanceof ZenohSample || e instanceof byte[] || e instanceof String)) {
            throw new IllegalArgumentException(
                    "batch put on '"
                            + endpoint.getKeyExpr()
                            + "': element "
                            + index
                            + " is "
                            + (e == null ? "null" : "a " + e.getClass().getName())
                            + "; a batch body holds ZenohSample, byte[] or String elements");
        }
    }

    private void delete(Exchange exchange, String override) throws ZenohNoSubscribersException {
        byte[] attachment = ZenohMessages.attachment(exchange);
        if (override == null) {
            Publisher p = livePublisher();
            checkMatching(exchange, p, "delete");
            p.delete(attachment);
        } else {
            endpoint.session().delete(override, attachment, options.qos());
        }
    }

    /**
     * A put with no matching subscriber goes nowhere in zenoh, silently (e.g. while a client's
     * router is away). Make it visible: count it as unmatched, and with failIfNoSubscribers refuse
     * it. zenoh's matching status costs a JNI call, so it is cached and refreshed on a send at most
     * every {@link #MATCHING_REFRESH_NANOS} — never a call per message.
     */
    private boolean checkMatching(Exchange exchange, Publisher p, String op)
            throws ZenohNoSubscribersException {
        if (matching(p)) {
            return false;
        }
        endpoint.unmatched.increment();
        if (failIfNoSubscribers) {
            throw new ZenohNoSubscribersException(
                    "No zenoh subscriber matches '"
                            + endpoint.getKeyExpr()
                            + "' (failIfNoSubscribers=true): the "
                            + op
                            + " was not sent",
                    exchange);
        }
        return true;
    }

    static final long MATCHING_REFRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * zenoh's answer for one publisher, valid until {@code validUntil} (System.nanoTime()). Bound
     * to the publisher it was asked of: a send still in flight on the previous publisher while the
     * producer restarts must not pass its answer on to the new one (a restarted producer on a new
     * session would use a stale "matching" and lose puts silently).
     */
    private record Matching(Publisher publisher, boolean matching, long validUntil) {}

    private volatile Matching matchingCache;

    private boolean matching(Publisher p) {
        long now = System.nanoTime();
        Matching m = matchingCache;
        if (m == null || m.publisher() != p || now - m.validUntil() >= 0) {
            m = new Matching(p, p.hasMatchingSubscribers(), now + MATCHING_REFRESH_NANOS);
            matchingCache = m;
        }
        return m.matching();
    }

    private Publisher livePublisher() {
        Publisher p = publisher;
        if (p == null) {
            throw new IllegalStateException(
                    "zenoh producer " + endpoint.safeUri() + " is not started");
        }
        return p;
    }

    private boolean get(Exchange exchange, Message m, String override, AsyncCallback callback)
            throws Exception {
        ZenohConfiguration c = endpoint.getConfiguration();
        Object body = m.getBody();
        // the header overrides the option, but an empty one (a query without parameters at a
        // queryable route in front: a proxy) leaves the option in force
        String parameters = m.getHeader(ZenohConstants.SELECTOR_PARAMETERS, String.class);
        if (parameters == null || parameters.isEmpty()) {
            parameters = c.getParameters();
        }
        GetOptions o = getOptions(parameters).withAttachment(ZenohMessages.attachment(exchange));
        if (body != null) {
            o =
                    o.withPayload(
                            ZenohMessages.payload(exchange, body, "get"),
                            ZenohMessages.encoding(m, body, options.encoding()));
        }
        Executor named =
                exchange.getProperty(ZenohConstants.GET_EXECUTOR) instanceof Executor e ? e : null;
        Executor next = named != null ? named : continuation();
        long timeout = c.getTimeout();
        // when the query is sent (the start below may wait on the exchange's executor): the
        // Timeout marker window is measured from it, as zenoh measures the timeout
        AtomicLong started = new AtomicLong();
        // The binding may complete the listener inside the get call: a queryable of this session
        // can answer there, and a get zenoh refuses (a parameter holding an unpaired surrogate, a
        // key too deep) is completed there just before the call throws. A completion made inside
        // the call is held until it returns; if it threw, its exception completes the exchange
        // (process) and the held completion is dropped: the exchange completes once either way.
        AtomicReference<Runnable> held = new AtomicReference<>(GET_CALLING);
        // the querier or session the get is sent on (when it is sent)
        AtomicReference<BooleanSupplier> sentOnClosed = new AtomicReference<>();
        // held within maxReplies and maxReplyBytes (a queryable may answer without end)
        ZenohGetReplies replies = new ZenohGetReplies(c.getMaxReplies(), c.getMaxReplyBytes());
        // the get ends once: completed by zenoh, or ended by this producer's stop (sessionGets)
        AtomicBoolean ended = new AtomicBoolean();
        Runnable endOnStop =
                () -> {
                    if (!ended.compareAndSet(false, true)) {
                        return;
                    }
                    long ranMillis =
                            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started.get());
                    List<ZenohReply> received =
                            withoutTimeoutMarkers(replies.snapshot(), started.get(), timeout);
                    // past its timeout, zenoh was about to end it so: timed out, not cut short
                    Runnable finish =
                            ranMillis >= timeout
                                    ? () -> {
                                        exchange.setProperty(ZenohConstants.GET_TIMED_OUT, true);
                                        complete(exchange, received, callback);
                                    }
                                    : () ->
                                            cutShort(
                                                    exchange,
                                                    received,
                                                    "its producer stopping",
                                                    ranMillis,
                                                    timeout,
                                                    callback);
                    if (!held.compareAndSet(GET_CALLING, finish) && held.get() != GET_REFUSED) {
                        continueElsewhere(next, finish);
                    }
                };
        ReplyListener listener =
                new ReplyListener() {
                    @Override
                    public void onReply(Reply reply) {
                        if (ended.get() && replies.passed() == null) {
                            return; // an ended get's late replies are nobody's
                        }
                        ZenohReply r = ZenohMessages.toReply(reply);
                        boolean marker = isTimeoutMarker(r);
                        ZenohGetReplies.Outcome o = replies.add(r, marker);
                        if (o == ZenohGetReplies.Outcome.HELD) {
                            return;
                        }
                        if (!marker) { // zenoh's own Timeout markers are nobody's replies
                            endpoint.dropped.increment();
                        }
                        // the first reply past a limit ends the get, unless it already ended
                        if (o != ZenohGetReplies.Outcome.PASSED_LIMIT
                                || !ended.compareAndSet(false, true)) {
                            return;
                        }
                        sessionGets.remove(endOnStop);
                        List<ZenohReply> kept = replies.snapshot();
                        long ranMillis =
                                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started.get());
                        String key = override != null ? override : endpoint.getKeyExpr();
                        String limit = replies.passed();
                        // ended now, so that a queryable answering without end costs no more
                        ZenohReplyLimitException failure =
                                new ZenohReplyLimitException(
                                        key, limit, kept.size(), ranMillis, exchange);
                        Runnable finish = () -> failGet(exchange, kept, failure, callback);
                        if (!held.compareAndSet(GET_CALLING, finish) && held.get() != GET_REFUSED) {
                            continueElsewhere(next, finish);
                        }
                    }

                    @Override
                    public void onComplete() {
                        sessionGets.remove(endOnStop);
                        if (!ended.compareAndSet(false, true)) {
                            return; // ended by the producer's stop
                        }
                        // zenoh thread: the rest of the route must not run here
                        List<ZenohReply> received = replies.snapshot();
                        List<ZenohReply> all =
                                withoutTimeoutMarkers(received, started.get(), timeout);
                        boolean timedOut = all.size() != received.size();
                        // zenoh ends the pending gets of a querier or session as it closes it
                        // (the producer, or the context, stopped with this one in flight): that
                        // is no answer
                        long ranMillis =
                                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started.get());
                        BooleanSupplier closed = sentOnClosed.get();
                        boolean cutShort =
                                closed != null && closed.getAsBoolean() && ranMillis < timeout;
                        Runnable finish =
                                () -> {
                                    if (cutShort) {
                                        cutShort(
                                                exchange,
                                                all,
                                                "its querier or session closing (its producer"
                                                        + " or the context stopped)",
                                                ranMillis,
                                                timeout,
                                                callback);
                                        return;
                                    }
                                    if (timedOut) {
                                        exchange.setProperty(ZenohConstants.GET_TIMED_OUT, true);
                                    } else { // an exchange reused for another get
                                        exchange.removeProperty(ZenohConstants.GET_TIMED_OUT);
                                    }
                                    complete(exchange, all, callback);
                                };
                        if (!held.compareAndSet(GET_CALLING, finish) && held.get() != GET_REFUSED) {
                            continueElsewhere(next, finish);
                        }
                    }
                };
        GetOptions getOptions = o;
        Runnable start =
                () -> {
                    started.set(System.nanoTime());
                    // the querier when the query is sent: a producer restarted meanwhile has a new
                    // one; a stopped one has none and the session refuses if it is closed
                    Querier q = querier;
                    try {
                        requireRunning(
                                "zenoh get", override != null ? override : endpoint.getKeyExpr());
                        if (override == null && q != null) {
                            sentOnClosed.set(q::isClosed);
                            q.get(getOptions, listener);
                        } else {
                            String key = override != null ? override : endpoint.getKeyExpr();
                            Session session = endpoint.session();
                            sentOnClosed.set(session::isClosed);
                            sessionGets.add(endOnStop);
                            session.get(key, getOptions, options.acceptReplies(), listener);
                        }
                    } catch (RuntimeException | Error refused) {
                        sessionGets.remove(endOnStop);
                        held.set(GET_REFUSED);
                        throw refused;
                    }
                    Runnable completedInCall = held.getAndSet(GET_RETURNED);
                    if (completedInCall != GET_CALLING) {
                        continueElsewhere(next, completedInCall);
                    }
                    // a stop that began while this get was being sent may have ended the
                    // producer's gets before this one joined them: it ends this one too
                    if (isStoppingOrStopped() && sessionGets.remove(endOnStop)) {
                        endOnStop.run();
                    }
                };
        // An executor the exchange names sends the get too: on an event loop that is after the
        // requests it has read in this turn, so their gets leave together (fewer wake-ups and
        // writes here and at the queryable). If it refuses the task, the get starts here.
        if (named != null && execute(named, () -> startThere(start, exchange, callback))) {
            return false;
        }
        start.run(); // a refusal reaches process(), which fails the exchange
        return false;
    }

    /**
     * Fails a get ended before its timeout by its querier's or session's close, or by its
     * producer's stop: completed as "no reply" it could not be told apart from a get nobody
     * answered. The replies that had arrived stay in {@code CamelZenohReplies}.
     */
    private void cutShort(
            Exchange exchange,
            List<ZenohReply> replies,
            String endedBy,
            long ranMillis,
            long timeout,
            AsyncCallback callback) {
        failGet(
                exchange,
                replies,
                new CamelExchangeException(
                        "zenoh get on '"
                                + endpoint.getKeyExpr()
                                + "' was ended by "
                                + endedBy
                                + " "
                                + ranMillis
                                + " ms after it was sent, before its timeout of "
                                + timeout
                                + " ms; "
                                + replies.size()
                                + " replies had arrived",
                        exchange),
                callback);
    }

    /** Fails a get with {@code failure}, the replies that had arrived in CamelZenohReplies. */
    private void failGet(
            Exchange exchange,
            List<ZenohReply> replies,
            Exception failure,
            AsyncCallback callback) {
        endpoint.failed.increment();
        exchange.getMessage().setHeader(ZenohConstants.REPLIES, replies);
        exchange.setException(failure);
        callback.done(false);
    }

    /**
     * A producer that is not running sends no query: no stop would end it, and on a session other
     * endpoints keep open it would wait for its timeout.
     */
    private void requireRunning(String what, String key) {
        if (isStoppingOrStopped()) {
            throw new IllegalStateException(
                    what
                            + " on '"
                            + key
                            + "' was not sent: its producer is "
                            + (isNew() || isBuild() || isInit() ? "not started" : "stopped"));
        }
    }

    /** Starts a get on the exchange's executor; a refusal fails the exchange there. */
    private void startThere(Runnable start, Exchange exchange, AsyncCallback callback) {
        try {
            start.run();
        } catch (RuntimeException | Error refused) {
            endpoint.failed.increment();
            exchange.setException(refused);
            callback.done(false);
        }
    }

    /** States of a get call (see get): in the call, returned, or refused by an exception. */
    private static final Runnable GET_CALLING = () -> {};

    private static final Runnable GET_RETURNED = () -> {};

    private static final Runnable GET_REFUSED = () -> {};

    /** The endpoint's get options; a querier takes all but parameters, payload and attachment. */
    private GetOptions getOptions(String parameters) {
        return new GetOptions(
                parameters,
                null,
                null,
                null,
                options.target(),
                options.consolidation(),
                endpoint.getConfiguration().getTimeout(),
                options.getQos());
    }

    /**
     * The keys of the liveliness tokens alive now that match the key expression, as the body
     * ({@code List<String>}); asynchronous like get.
     */
    private boolean livelinessGet(Exchange exchange, String override, AsyncCallback callback) {
        String key = override != null ? override : endpoint.getKeyExpr();
        requireRunning("zenoh livelinessGet", key);
        Executor next = continuation(exchange);
        endpoint.session()
                .livelinessGet(key, endpoint.getConfiguration().getTimeout())
                .whenComplete(
                        (replies, failure) ->
                                // zenoh thread: the rest of the route must not run here
                                continueElsewhere(
                                        next,
                                        () -> {
                                            if (failure != null) {
                                                endpoint.failed.increment();
                                                exchange.setException(failure);
                                            } else {
                                                exchange.getMessage()
                                                        .setBody(
                                                                replies.stream()
                                                                        .filter(Reply::ok)
                                                                        .map(
                                                                                r ->
                                                                                        r.sample()
                                                                                                .keyExpr())
                                                                        .toList());
                                                endpoint.sent.increment();
                                            }
                                            callback.done(false);
                                        }));
        return false;
    }

    private static final byte[] TIMEOUT = "Timeout".getBytes(StandardCharsets.UTF_8);

    /**
     * When a get's time is up, zenoh ends it with error replies of its own, "Timeout" (zenoh/string
     * from the session, zenoh/bytes from the routing layer; before or after the real replies,
     * depending on consolidation). They are no answer from anyone: leave them out, so that a get
     * nobody answered in time completes like one nobody answered (body null, no replies) instead of
     * failing. A queryable's own "Timeout" error that arrives before the timeout is kept.
     */
    static List<ZenohReply> withoutTimeoutMarkers(
            List<ZenohReply> replies, long startedNanos, long timeoutMillis) {
        if (replies.isEmpty()
                || System.nanoTime() - startedNanos
                        < TimeUnit.MILLISECONDS.toNanos(
                                timeoutMillis - Math.min(50, timeoutMillis / 2))) {
            return replies;
        }
        return replies.stream().filter(r -> !isTimeoutMarker(r)).toList();
    }

    private static boolean isTimeoutMarker(ZenohReply r) {
        return !r.ok()
                && r.encodingSchema() == null
                && (r.encodingId() == Encoding.ZENOH_STRING.id()
                        || r.encodingId() == Encoding.ZENOH_BYTES.id())
                && Arrays.equals(r.payload(), TIMEOUT);
    }

    /**
     * First successful reply → body and headers; all replies → CamelZenohReplies; only errors →
     * exception.
     */
    private void complete(Exchange exchange, List<ZenohReply> replies, AsyncCallback callback) {
        try {
            Message m = exchange.getMessage();
            m.setHeader(ZenohConstants.REPLIES, replies);
            // the request's Content-Type and attachment never describe the result: the first ok
            // reply's, or none
            m.removeHeader(Exchange.CONTENT_TYPE);
            m.removeHeader(ZenohConstants.ATTACHMENT);
            ZenohReply first = replies.stream().filter(ZenohReply::ok).findFirst().orElse(null);
            if (first != null) {
                m.setBody(first.payload());
                m.setHeader(ZenohConstants.KEY_EXPR, first.keyExpr());
                if (first.attachment() != null) {
                    m.setHeader(ZenohConstants.ATTACHMENT, first.attachment());
                }
                ZenohMessages.setEncoding(
                        m, new Encoding(first.encodingId(), first.encodingSchema()));
                endpoint.sent.increment();
            } else if (replies.isEmpty()) {
                m.setBody(null);
                m.removeHeader(ZenohConstants.KEY_EXPR);
                m.removeHeader(ZenohConstants.ENCODING_ID);
                m.removeHeader(ZenohConstants.ENCODING_SCHEMA);
                endpoint.sent.increment();
            } else {
                ZenohReply err = replies.get(0);
                endpoint.failed.increment();
                exchange.setException(
                        new ZenohReplyException(
                                "zenoh get on '"
                                        + endpoint.getKeyExpr()
                                        + "' received only error replies; first: "
                                        + new String(err.payload(), StandardCharsets.UTF_8),
                                exchange,
                                err));
            }
        } catch (RuntimeException e) {
            exchange.setException(e);
        }
        callback.done(false);
    }

    /**
     * Camel's own toString (which Camel logs as it starts and stops a producer) shows the endpoint
     * URI with only Camel's known secrets masked: the secret config option and endpoints' link
     * configuration would show.
     */
    @Override
    public String toString() {
        return "Producer[" + getEndpoint().safeUri() + "]";
    }
}
