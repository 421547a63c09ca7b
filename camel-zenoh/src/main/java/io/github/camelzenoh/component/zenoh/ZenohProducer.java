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
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.ReplyListener;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.camel.AsyncCallback;
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
 * own pool once zenoh reports the query over (all replies in, or its timeout).
 */
public class ZenohProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohProducer.class);

    private final ZenohEndpoint endpoint;
    private final ZenohOptions options;
    private final boolean failIfNoSubscribers;
    final String healthCheckId;
    private volatile Publisher publisher;
    private ExecutorService continuation;
    private ZenohEndpoint.Use use;

    public ZenohProducer(ZenohEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
        this.options = endpoint.options();
        this.failIfNoSubscribers = endpoint.getConfiguration().isFailIfNoSubscribers();
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
        } catch (RuntimeException e) {
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
     * Continues a get's exchange on the producer's pool, or, once that is shut down (the producer
     * stopped with the get in flight), on a thread of its own: never on the calling zenoh thread
     * nor under a lock its caller holds.
     */
    private void continueElsewhere(ExecutorService pool, Runnable finish) {
        if (pool != null) {
            try {
                pool.execute(finish);
                return;
            } catch (RejectedExecutionException stopped) {
                // below
            }
        }
        endpoint.getCamelContext()
                .getExecutorServiceManager()
                .newThread(continuationName(), finish)
                .start();
    }

    @Override
    protected void doStop() throws Exception {
        Publisher p = publisher;
        publisher = null;
        matchingCache = null;
        if (p != null) {
            // sends still in flight must reach zenoh before the endpoint may close the session
            if (!p.closeAndAwait(Duration.ofSeconds(10))) {
                LOG.warn(
                        "zenoh producer {}: sends still in flight after 10 s; stopping anyway",
                        endpoint.getEndpointUri());
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

    boolean isReady() {
        return publisher != null && !publisher.isClosed();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            Message m = exchange.getMessage();
            ZenohOperation op = operation(m);
            String override = overrideKey(m);
            switch (op) {
                case PUT -> put(exchange, m, override);
                case DELETE -> delete(exchange, override);
                case GET -> {
                    return get(exchange, m, override, callback);
                }
            }
            endpoint.sent.increment();
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

    private void put(Exchange exchange, Message m, String override) throws Exception {
        Object body = m.getBody();
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
    private void checkMatching(Exchange exchange, Publisher p, String op)
            throws ZenohNoSubscribersException {
        if (matching(p)) {
            return;
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
                    "zenoh producer " + endpoint.getEndpointUri() + " is not started");
        }
        return p;
    }

    private boolean get(Exchange exchange, Message m, String override, AsyncCallback callback)
            throws Exception {
        ZenohConfiguration c = endpoint.getConfiguration();
        Object body = m.getBody();
        String parameters =
                m.getHeader(ZenohConstants.SELECTOR_PARAMETERS, c.getParameters(), String.class);
        GetOptions o =
                new GetOptions(
                        parameters,
                        null,
                        null,
                        ZenohMessages.attachment(exchange),
                        options.target(),
                        options.consolidation(),
                        c.getTimeout(),
                        options.getQos());
        if (body != null) {
            o =
                    o.withPayload(
                            ZenohMessages.payload(exchange, body, "get"),
                            ZenohMessages.encoding(m, body, options.encoding()));
        }
        String key = override != null ? override : endpoint.getKeyExpr();
        ExecutorService next = continuation();
        long timeout = c.getTimeout();
        long started = System.nanoTime();
        endpoint.session()
                .get(
                        key,
                        o,
                        new ReplyListener() {
                            private final List<ZenohReply> replies =
                                    Collections.synchronizedList(new ArrayList<>());

                            @Override
                            public void onReply(Reply reply) {
                                replies.add(ZenohMessages.toReply(reply));
                            }

                            @Override
                            public void onComplete() {
                                // zenoh thread: the rest of the route must not run here
                                List<ZenohReply> all =
                                        withoutTimeoutMarkers(
                                                List.copyOf(replies), started, timeout);
                                continueElsewhere(next, () -> complete(exchange, all, callback));
                            }
                        });
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
                        < TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis - 50))) {
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
            // the request's Content-Type never describes the result: the first ok reply's, or none
            m.removeHeader(Exchange.CONTENT_TYPE);
            ZenohReply first = replies.stream().filter(ZenohReply::ok).findFirst().orElse(null);
            if (first != null) {
                m.setBody(first.payload());
                m.setHeader(ZenohConstants.KEY_EXPR, first.keyExpr());
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
}
