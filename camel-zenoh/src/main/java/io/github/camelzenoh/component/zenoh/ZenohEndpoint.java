/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import io.github.camelzenoh.zenoh.Session;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.MultipleConsumersSupport;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.EndpointServiceLocation;
import org.apache.camel.spi.HeaderFilterStrategy;
import org.apache.camel.spi.HeaderFilterStrategyAware;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/** Publish, subscribe, query and reply on Eclipse Zenoh key expressions. */
// The first sentence above is the component's description in the generated metadata. How it
// works: while it has a started consumer or producer, the endpoint holds its session (shared, see
// ZenohSessions) and its key expression declared on that session; its consumers and producers
// declare their subscriber, queryable or publisher on that declaration.
@UriEndpoint(
        firstVersion = "0.1.0",
        scheme = "zenoh",
        title = "Zenoh",
        syntax = "zenoh:keyExpr",
        category = {Category.IOT, Category.MESSAGING},
        headersClass = ZenohConstants.class)
public class ZenohEndpoint extends DefaultEndpoint
        implements HeaderFilterStrategyAware, MultipleConsumersSupport, EndpointServiceLocation {

    @UriPath(
            description =
                    "The zenoh key expression, e.g. cmd/robot1, with wildcards as zenoh writes them. Validated when the"
                            + " endpoint is created; a non-canonical one is rejected unless autocanonize=true.")
    @Metadata(required = true)
    private String keyExpr;

    @UriParam private ZenohConfiguration configuration;

    @UriParam(
            label = "advanced",
            description = "Which zenoh headers the consumer sets (default: all of them).")
    private HeaderFilterStrategy headerFilterStrategy = new ZenohHeaderFilterStrategy();

    private ZenohOptions options;
    private volatile ZenohSessions.Lease lease;
    private volatile KeyExpr declared;

    /**
     * Started consumers and producers holding {@link #lease} and {@link #declared}; guarded by
     * this.
     */
    private int users;

    /** The endpoint's meters while it holds its session (see {@link ZenohMetrics}). */
    private ZenohMetrics.Registration metrics = ZenohMetrics.NONE;

    /**
     * The sets of meters that have counted this endpoint (ZenohMicrometer's groups, compared by
     * identity; weak: meters that are gone are not kept). Kept here, not in the meters: an endpoint
     * equals another with its URI, and the meters must tell this one from a twin; guarded by
     * ZenohMicrometer's lock.
     */
    final Set<Object> meteredBy = Collections.newSetFromMap(new WeakHashMap<>());

    /** Started consumers, whose hand-off queues the depth gauge adds up. */
    private final Set<ZenohConsumer> consumers = ConcurrentHashMap.newKeySet();

    /**
     * Counters shown by the dev console and read by the meters; producers and consumers add to
     * them.
     */
    final LongAdder received = new LongAdder();

    final LongAdder dropped = new LongAdder();
    final LongAdder missed = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder sent = new LongAdder();

    /**
     * put/delete that no subscriber matched (zenoh's matching status, see ZenohProducer#matching).
     */
    final LongAdder unmatched = new LongAdder();

    /** Consumer group: held samples replayed on taking over their key (bounds the duplicates). */
    final LongAdder groupReplayed = new LongAdder();

    /** Consumer group: held samples pushed out by groupReplayMaxBytes before their window ended. */
    final LongAdder groupOverflow = new LongAdder();

    public ZenohEndpoint(String uri, ZenohComponent component, ZenohConfiguration configuration) {
        super(uri, component);
        this.configuration = configuration;
    }

    /** Checks the key expression and every option value; called once the URI options are set. */
    void init(String remaining) {
        this.keyExpr = checkKeyExpr(remaining, configuration.isAutocanonize());
        this.options = ZenohOptions.of(configuration);
    }

    /**
     * The longest key expression zenoh carries, in UTF-8 bytes: zenoh writes its length in 16 bits
     * (the native binding refuses longer ones too, before zenoh sees them).
     */
    static final int MAX_KEY_EXPR_BYTES = 65_535;

    /** How much of a long key expression a message quotes. */
    static final int QUOTED_CHARS = 64;

    /**
     * Quotes the expression and zenoh's reason; for a non-canonical one, gives the canonical form.
     * A key longer than zenoh carries fails here whatever autocanonize says, naming the limit.
     */
    static String checkKeyExpr(String ke, boolean autocanonize) {
        if (ke == null || ke.isEmpty()) {
            throw new IllegalArgumentException(
                    "zenoh key expression must not be empty: use zenoh:a/b/c");
        }
        long bytes = utf8Length(ke);
        if (bytes > MAX_KEY_EXPR_BYTES) {
            throw new IllegalArgumentException(
                    "zenoh key expression "
                            + quote(ke)
                            + " is "
                            + bytes
                            + " bytes long: zenoh carries at most "
                            + MAX_KEY_EXPR_BYTES
                            + " bytes");
        }
        try {
            KeyExpr.validate(ke);
            return ke;
        } catch (KeyExprException invalid) {
            String canonical;
            try {
                canonical = KeyExpr.canonize(ke);
            } catch (KeyExprException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            if (autocanonize) {
                return canonical;
            }
            throw new IllegalArgumentException(
                    "zenoh key expression "
                            + quote(ke)
                            + " is not canonical: its canonical form is "
                            + quote(canonical)
                            + " (use that, or set autocanonize=true)",
                    invalid);
        }
    }

    /** 'a/b' whole when short; else its first {@value #QUOTED_CHARS} characters and its length. */
    static String quote(String ke) {
        if (ke.length() <= QUOTED_CHARS) {
            return "'" + ke + "'";
        }
        int end = QUOTED_CHARS;
        if (Character.isHighSurrogate(ke.charAt(end - 1))) {
            end--;
        }
        return "'" + ke.substring(0, end) + "...' (" + utf8Length(ke) + " bytes)";
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    @Override
    public ZenohComponent getComponent() {
        return (ZenohComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        return new ZenohProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        ZenohConsumer consumer = new ZenohConsumer(this, processor);
        configureConsumer(consumer);
        return consumer;
    }

    @Override
    public boolean isMultipleConsumersSupported() {
        return true;
    }

    /**
     * Called by a consumer or producer as it starts: the first one opens (or joins) the session and
     * declares the key expression; closing the returned {@link Use} undoes it when the last one
     * stops.
     *
     * <p>Both are taken here, not in the endpoint's own doStart: Camel starts an endpoint when a
     * route merely creates it and does not stop the endpoints of a route that then fails to start,
     * so an endpoint holding them from its doStart would leave an open session and a declaration
     * behind until the CamelContext stopped (CAMEL-24465's kind of leak). An endpoint holds nothing
     * unless a consumer or producer of it runs.
     *
     * <p>The first one also registers the endpoint's meters, tagged with its consumer type and
     * route; a producer first tags them with the route consuming from the endpoint when one does
     * (ZenohMetrics.register).
     */
    Use acquire(String consumerType, String routeId) {
        take(consumerType, routeId);
        return new Use();
    }

    private synchronized void take(String consumerType, String routeId) {
        if (lease == null) {
            ZenohSessions.Lease l;
            try {
                l = getComponent().sessions().acquire(configuration);
            } catch (RuntimeException e) {
                // at route start Camel names the route, not the endpoint: say which one (never the
                // inline config text, which may hold credentials)
                throw new RuntimeCamelException(
                        "zenoh endpoint '"
                                + keyExpr
                                + "' cannot open its session ("
                                + describeSession()
                                + "): "
                                + e.getMessage(),
                        e);
            }
            try {
                declared = l.session().declareKeyExpr(keyExpr);
            } catch (RuntimeException e) {
                l.close();
                throw e;
            }
            lease = l;
        }
        if (users == 0) {
            metrics = ZenohMetrics.register(this, consumerType, routeId);
        }
        users++;
    }

    private String describeSession() {
        try {
            return ZenohSessions.describe(configuration.toSessionConfig());
        } catch (RuntimeException e) {
            return "unreadable settings: " + e.getMessage();
        }
    }

    /**
     * The last consumer or producer to stop undeclares the key expression and releases the session.
     */
    private synchronized void release() {
        if (users > 0 && --users == 0) {
            releaseAll();
        }
    }

    /**
     * A started consumer's or producer's hold on the endpoint: its session and declared key
     * expression, and its health check once registered. Closing it (idempotent) unregisters the
     * check and releases the endpoint.
     */
    final class Use implements AutoCloseable {
        private ZenohHealthCheck.Registration health;
        private boolean closed;

        private Use() {}

        Session session() {
            return ZenohEndpoint.this.session();
        }

        KeyExpr keyExpr() {
            return declared;
        }

        /** Keeps the health check of the holder registered until this closes. */
        synchronized void register(ZenohHealthCheck.Registration registration) {
            health = registration;
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (health != null) {
                health.close();
                health = null;
            }
            release();
        }
    }

    /**
     * While the CamelContext runs, releases nothing a running consumer or producer still holds:
     * Camel stops an endpoint that no other route uses when a route is removed, while a producer
     * outside routes (a ProducerTemplate's, which Camel's producer cache keeps and hands back)
     * still sends with it; that producer's {@link Use} releases the endpoint when it stops. With no
     * user left, whatever a failed start took is released. When the context stops, everything is
     * released (meters, declaration, session), users or not: a producer the application started and
     * never stopped must not keep the context's meters.
     */
    @Override
    protected void doStop() throws Exception {
        synchronized (this) {
            if (users == 0 || getCamelContext().isStopping()) {
                users = 0;
                releaseAll();
            }
        }
        super.doStop();
    }

    private void releaseAll() {
        metrics.close();
        metrics = ZenohMetrics.NONE;
        KeyExpr d = declared;
        declared = null;
        if (d != null) {
            d.close();
        }
        ZenohSessions.Lease l = lease;
        lease = null;
        if (l != null) {
            l.close();
        }
    }

    /** The session while a consumer or producer runs; fails clearly otherwise. */
    Session session() {
        ZenohSessions.Lease l = lease;
        if (l == null) {
            throw new IllegalStateException(
                    "zenoh endpoint "
                            + safeUri()
                            + " is not started (no running"
                            + " consumer or producer)");
        }
        return l.session();
    }

    /**
     * The key expression cut to 60 characters, for thread names: Camel sanitizes a pool's name with
     * a regex that takes seconds on a long one (13 s for a 65,000-byte key expression).
     */
    String shortKey() {
        return keyExpr.length() <= 60 ? keyExpr : keyExpr.substring(0, 57) + "...";
    }

    void addConsumer(ZenohConsumer consumer) {
        consumers.add(consumer);
    }

    void removeConsumer(ZenohConsumer consumer) {
        consumers.remove(consumer);
    }

    /**
     * Samples waiting in the hand-off queues of the started consumers (the depth gauge; a batch
     * counts as many as it holds).
     */
    double handoffDepth() {
        long n = 0;
        for (ZenohConsumer c : consumers) {
            n += c.pending();
        }
        return n;
    }

    /** The declared key expression while started, else null. */
    KeyExpr declaredKeyExpr() {
        return declared;
    }

    ZenohOptions options() {
        return options;
    }

    public String getKeyExpr() {
        return keyExpr;
    }

    public void setKeyExpr(String keyExpr) {
        this.keyExpr = keyExpr;
    }

    public ZenohConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ZenohConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public HeaderFilterStrategy getHeaderFilterStrategy() {
        return headerFilterStrategy;
    }

    @Override
    public void setHeaderFilterStrategy(HeaderFilterStrategy strategy) {
        this.headerFilterStrategy = strategy;
    }

    @Override
    public String getServiceUrl() {
        String c = configuration.getConnect();
        return withoutLinkConfig(c != null ? c : configuration.getListen());
    }

    /** {@code #} or {@code %23} and what follows up to the end of one endpoint of a list. */
    private static final Pattern LINK_CONFIG = Pattern.compile("(?i)(#|%23)[^,)&]*");

    /** Endpoints (comma-separated) as shown: each without its link configuration (TLS keys). */
    static String withoutLinkConfig(String endpoints) {
        return endpoints == null ? null : LINK_CONFIG.matcher(endpoints).replaceAll("#…");
    }

    /**
     * The URI as the dev console, logs and errors show it: the secret {@code config} option masked
     * (Camel masks only option names it knows as secrets) and the {@code connect} / {@code listen}
     * endpoints without their link configuration. One linear pass: Camel's own sanitizing takes
     * seconds on a long key expression (docs/reliability.md), and the component has no other secret
     * option.
     */
    String safeUri() {
        String uri = getEndpointUri();
        int q = uri.indexOf('?');
        if (q < 0) {
            return uri;
        }
        StringJoiner query = new StringJoiner("&", uri.substring(0, q + 1), "");
        int at = q + 1;
        while (at <= uri.length()) {
            int end = parameterEnd(uri, at);
            String p = uri.substring(at, end);
            int eq = p.indexOf('=');
            String name = eq < 0 ? p : p.substring(0, eq);
            // Camel matches option names ignoring case: so does the masking
            switch (name.toLowerCase(Locale.ROOT)) {
                case "config" -> query.add(name + "=xxxxxx");
                case "connect", "listen" -> query.add(withoutLinkConfig(p));
                default -> query.add(p);
            }
            at = end + 1;
        }
        return query.toString();
    }

    /**
     * Where the query parameter starting at {@code from} ends: at the next {@code &}, or for a
     * {@code RAW(...)} / {@code RAW{...}} value (which may hold {@code &}) after its closing
     * bracket followed by {@code &} or the end, as Camel reads it.
     */
    private static int parameterEnd(String uri, int from) {
        int eq = uri.indexOf('=', from);
        int amp = uri.indexOf('&', from);
        if (eq >= 0 && (amp < 0 || eq < amp)) {
            for (String[] raw : new String[][] {{"RAW(", ")"}, {"RAW{", "}"}}) {
                if (uri.startsWith(raw[0], eq + 1)) {
                    int close = uri.indexOf(raw[1] + "&", eq + 1);
                    return close < 0 ? uri.length() : close + 1;
                }
            }
        }
        return amp < 0 ? uri.length() : amp;
    }

    @Override
    public String toString() {
        return "Endpoint[" + safeUri() + "]";
    }

    @Override
    public String getServiceProtocol() {
        return "zenoh";
    }

    @Override
    public Map<String, String> getServiceMetadata() {
        return Map.of("keyExpr", keyExpr == null ? "" : keyExpr);
    }
}
