/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import io.github.camelzenoh.zenoh.ClosedException;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.EnumNames;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.ReplyListener;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.SessionInfo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A zenoh router inside the test JVM, on a free loopback port with multicast scouting off — the
 * zenoh counterpart of Camel's test-infra services, with no Docker and no external process.
 *
 * <pre>{@code
 * @RegisterExtension
 * static ZenohExtension zenoh = ZenohExtension.router();
 *
 * @Override
 * protected CamelContext createCamelContext() throws Exception {
 *     CamelContext context = super.createCamelContext();
 *     zenoh.configure(context);           // the zenoh component now connects to the router
 *     return context;
 * }
 * }</pre>
 *
 * Registered as a static field it lives for the test class (its {@code @Nested} classes share it);
 * as an instance field, for each test. Besides the router, the extension keeps a client session of
 * its own for the helpers: publish ({@link #publish}), record what routes send ({@link #record}),
 * query ({@link #get}) and answer queries ({@link #answer}), so a route test needs no zenoh code.
 *
 * <p>A recorder or queryable a helper opens belongs to the test that opened it and is closed after
 * that test, also when the tests of a class run in parallel ({@code @Execution(CONCURRENT)}): it
 * belongs to the test running on the thread that opened it (JUnit runs a test's callbacks and
 * method on one thread). Opened on another thread (a route's, an executor's), it belongs to the
 * test running if only one is; outside any test ({@code @BeforeAll}), or on such a thread while
 * several tests run, it belongs to the extension and is closed when the extension stops.
 */
public final class ZenohExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /**
     * In peer mode with no route session known to the extension (a component configured through
     * {@link #configure(ZenohConfiguration)} only), how long a declaration of the helpers' session
     * is given to reach the route's sessions on their own links (gossip connects the peers
     * directly, past the one this extension runs), after {@link #awaitDeclarationsKnown}: a stated
     * allowance.
     */
    static final Duration PROPAGATION_ALLOWANCE = Duration.ofMillis(300);

    /** How long {@link #awaitDeclarationsKnown} waits before it fails the test. */
    static final Duration DECLARATION_TIMEOUT = Duration.ofSeconds(20);

    /**
     * Keys of the marker tokens of {@link #awaitDeclarationsKnown}: a liveliness token, which no
     * queryable or data subscriber of a test sees; a liveliness route or liveliness get on a
     * matching key expression ({@code **}) does see it appear and go.
     */
    private static final String MARKER_PREFIX = "camel-zenoh-test/extension-marker/";

    /**
     * Components {@link #configure(CamelContext)} joined to the router (dropped once stopped, after
     * each test): their sessions are asked.
     */
    private final Set<ZenohComponent> components =
            Collections.newSetFromMap(new IdentityHashMap<>());

    private static final AtomicLong MARKERS = new AtomicLong();

    private final String mode;
    private volatile Session router;
    private volatile Session client;

    /** The router's port while it runs, else 0. */
    private volatile int port;

    private boolean classScoped;

    /** Unique ids of the class contexts between their beforeAll and afterAll. */
    private final Set<String> classesRunning = new HashSet<>();

    /**
     * What the helpers opened, by the unique id of the test it belongs to ({@link #NO_TEST}: the
     * extension's own, closed when it stops); guarded by itself, as are {@link #testsRunning}.
     */
    private final Map<String, List<AutoCloseable>> opened = new HashMap<>();

    /** Unique ids of the tests between their beforeEach and afterEach. */
    private final Set<String> testsRunning = new LinkedHashSet<>();

    /** The test running on this thread (JUnit runs a test's callbacks and method on one thread). */
    private final ThreadLocal<String> currentTest = new ThreadLocal<>();

    /** Owner of the helpers opened outside any test, or where the test cannot be told. */
    private static final String NO_TEST = "";

    private ZenohExtension(String mode) {
        this.mode = mode;
    }

    /** A zenoh router; routes and helpers connect to it as clients. */
    public static ZenohExtension router() {
        return new ZenohExtension("router");
    }

    /** A zenoh peer; routes and helpers connect to it as peers. */
    public static ZenohExtension peer() {
        return new ZenohExtension("peer");
    }

    /**
     * JUnit calls a static extension's beforeAll and afterAll for the class that registers it and
     * again for each of its {@code @Nested} classes (they inherit it): the router starts with the
     * first class and stops when the last one still running ends — the outermost class, or the last
     * of several test classes sharing the instance and running in parallel.
     */
    @Override
    public synchronized void beforeAll(ExtensionContext context) {
        classScoped = true;
        classesRunning.add(context.getUniqueId());
        start();
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        classesRunning.remove(context.getUniqueId());
        if (classesRunning.isEmpty()) {
            stop();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (!classScoped) {
            start();
        }
        synchronized (opened) {
            testsRunning.add(context.getUniqueId());
        }
        currentTest.set(context.getUniqueId());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        currentTest.remove();
        List<AutoCloseable> own;
        synchronized (opened) {
            testsRunning.remove(context.getUniqueId());
            own = opened.remove(context.getUniqueId());
        }
        closeAll(own);
        synchronized (components) {
            // a context per test (CamelTestSupport's default) was stopped before this runs
            components.removeIf(ZenohComponent::isStopped);
        }
        if (!classScoped) {
            stop();
        }
    }

    /** Starts the router (idempotent); the extension callbacks do this for you. */
    public synchronized void start() {
        if (router != null) {
            return;
        }
        int p = freePort();
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode(mode)
                                .withMulticastScouting(false)
                                .withListen(endpoint(p)));
        port = p;
        try {
            client = Session.open(sessionConfig());
        } catch (RuntimeException e) {
            port = 0;
            router.close();
            router = null;
            throw e;
        }
    }

    /** Closes what the helpers opened, the helper session and the router (idempotent). */
    public synchronized void stop() {
        closeOpened();
        synchronized (components) {
            components.clear();
        }
        if (client != null) {
            client.close();
            client = null;
        }
        port = 0;
        if (router != null) {
            router.close();
            router = null;
        }
    }

    private void closeOpened() {
        List<List<AutoCloseable>> all;
        synchronized (opened) {
            all = List.copyOf(opened.values());
            opened.clear();
        }
        all.forEach(ZenohExtension::closeAll);
    }

    private static void closeAll(List<AutoCloseable> helpers) {
        if (helpers == null) {
            return;
        }
        for (AutoCloseable c : helpers) {
            try {
                c.close();
            } catch (Exception ignored) {
                // best effort: the session close ends it anyway
            }
        }
    }

    /**
     * Closes {@code helper} after the test it belongs to: the one running on this thread; on
     * another thread, the only test running if there is one; else (outside any test, or several
     * running in parallel) when the extension stops.
     */
    private void track(AutoCloseable helper) {
        String test = currentTest.get();
        synchronized (opened) {
            if (test == null || !testsRunning.contains(test)) {
                test = testsRunning.size() == 1 ? testsRunning.iterator().next() : NO_TEST;
            }
            opened.computeIfAbsent(test, t -> new ArrayList<>()).add(helper);
        }
    }

    /**
     * The zenoh endpoint to connect to, e.g. {@code tcp/127.0.0.1:40123}; like the other options
     * below, only while the router runs ({@link IllegalStateException} before it starts and after
     * it stops).
     */
    public String connectEndpoint() {
        int p = port;
        if (p == 0) {
            throw notStarted();
        }
        return endpoint(p);
    }

    private static String endpoint(int port) {
        return "tcp/127.0.0.1:" + port;
    }

    private static IllegalStateException notStarted() {
        return new IllegalStateException(
                "ZenohExtension is not started: register it with @RegisterExtension");
    }

    /** The mode a session joining this extension uses: client of a router, peer of a peer. */
    public String clientMode() {
        return "router".equals(mode) ? "client" : "peer";
    }

    /**
     * Component options that join this router: connect, mode, no multicast, listen on loopback
     * only.
     */
    public Map<String, String> componentOptions() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("connect", connectEndpoint());
        o.put("mode", clientMode());
        o.put("multicastScouting", "false");
        if ("peer".equals(clientMode())) {
            o.put("listen", "tcp/127.0.0.1:0");
        }
        return o;
    }

    /**
     * The same as {@code camel.component.zenoh.*} properties, for Camel Main or Spring Boot tests.
     */
    public Map<String, String> mainProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        componentOptions().forEach((k, v) -> p.put("camel.component.zenoh." + k, v));
        return p;
    }

    /** The same as URI options, e.g. {@code "zenoh:a/b?" + zenoh.uriOptions()}. */
    public String uriOptions() {
        StringBuilder b = new StringBuilder();
        componentOptions()
                .forEach(
                        (k, v) ->
                                b.append(b.length() == 0 ? "" : "&")
                                        .append(k)
                                        .append('=')
                                        .append(v));
        return b.toString();
    }

    /** A session configuration joining this extension (for code that opens its own session). */
    public SessionConfig sessionConfig() {
        SessionConfig c =
                SessionConfig.DEFAULT
                        .withMode(clientMode())
                        .withMulticastScouting(false)
                        .withConnect(connectEndpoint());
        return "peer".equals(clientMode()) ? c.withListen("tcp/127.0.0.1:0") : c;
    }

    /** Makes the context's zenoh component (added if missing) join this router. */
    public void configure(CamelContext context) {
        ZenohComponent component =
                context.hasComponent("zenoh") instanceof ZenohComponent z ? z : null;
        if (component == null) {
            component = new ZenohComponent();
            context.addComponent("zenoh", component);
        }
        configure(component.getConfiguration());
        synchronized (components) {
            components.add(component);
        }
    }

    public void configure(ZenohConfiguration c) {
        c.setConnect(connectEndpoint());
        c.setMode(EnumNames.parse(Mode.class, clientMode()));
        c.setMulticastScouting(false);
        if ("peer".equals(clientMode())) {
            c.setListen("tcp/127.0.0.1:0");
        }
    }

    /** The helpers' own session (joined to the router), for anything the helpers do not cover. */
    public Session session() {
        Session c = client;
        if (c == null) {
            throw notStarted();
        }
        return c;
    }

    // ---- helpers ----------------------------------------------------------------------------

    /** Puts a UTF-8 text sample (encoding zenoh/string). */
    public void publish(String keyExpr, String payload) {
        publish(keyExpr)
                .encoding(Encoding.ZENOH_STRING)
                .put(payload.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A put with encoding, attachment and QoS of your choice: {@code
     * publish("k").encoding("application/json").put(bytes)}.
     */
    public SamplePublication publish(String keyExpr) {
        return new SamplePublication(session(), keyExpr);
    }

    /**
     * Starts recording the samples on {@code keyExpr} (declared at once, before the action that
     * sends them). Closed after the test that opened it (see the class comment), or when you close
     * it.
     */
    public SampleRecorder record(String keyExpr) {
        SampleRecorder r = new SampleRecorder(session(), keyExpr);
        track(r);
        awaitDeclarationsKnown();
        return r;
    }

    /**
     * Sends a query and collects every reply (empty when nobody answered in time). zenoh ends a get
     * whose time ran out with error replies of its own, "Timeout" (zenoh/string or zenoh/bytes);
     * they are no answer from anyone and are left out. A queryable's own error replies are kept,
     * but for one reading "Timeout" that reaches the get only as its time runs out.
     */
    public List<Reply> get(String selector, Duration timeout) {
        String key = selector;
        String params = null;
        int q = selector.indexOf('?');
        if (q >= 0) {
            key = selector.substring(0, q);
            params = selector.substring(q + 1);
        }
        long millis = timeout.toMillis();
        GetOptions o = GetOptions.DEFAULT.withTimeout(millis).withParameters(params);
        // from here on a "Timeout" error is zenoh's marker, as ZenohProducer tells them apart
        long timeUp =
                System.nanoTime()
                        + TimeUnit.MILLISECONDS.toNanos(millis - Math.min(50, millis / 2));
        List<Reply> replies = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<List<Reply>> done = new CompletableFuture<>();
        session()
                .get(
                        key,
                        o,
                        new ReplyListener() {
                            @Override
                            public void onReply(Reply r) {
                                if (!(isTimeoutMarker(r) && System.nanoTime() - timeUp >= 0)) {
                                    replies.add(r);
                                }
                            }

                            @Override
                            public void onComplete() {
                                synchronized (replies) {
                                    done.complete(List.copyOf(replies));
                                }
                            }
                        });
        try {
            return done.get(millis + 5000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("get '" + selector + "' did not complete", e);
        }
    }

    private static final byte[] TIMEOUT = "Timeout".getBytes(StandardCharsets.UTF_8);

    /** The shape of zenoh's own timeout replies: from the session or the routing layer. */
    private static boolean isTimeoutMarker(Reply r) {
        Encoding e = r.errorEncoding();
        return !r.ok()
                && e != null
                && e.schema() == null
                && (e.id() == Encoding.ZENOH_STRING.id() || e.id() == Encoding.ZENOH_BYTES.id())
                && Arrays.equals(r.errorPayload(), TIMEOUT);
    }

    /**
     * Answers queries on {@code keyExpr} with the function's text (one reply on the query's own key
     * expression, encoding zenoh/string). When the function throws, the query gets an error reply
     * naming the exception (its {@code toString()}: class and message), so the test sees its own
     * bug instead of a get nobody answered. Undeclared after the test that declared it (see the
     * class comment), or when closed.
     */
    public Queryable answer(String keyExpr, Function<Query, String> replier) {
        Queryable q =
                session()
                        .declareQueryable(
                                keyExpr,
                                QueryableOptions.DEFAULT,
                                query -> {
                                    try {
                                        String text;
                                        try {
                                            text = replier.apply(query);
                                        } catch (RuntimeException | AssertionError e) {
                                            // the test's own bug: the get sees it, not silence
                                            query.replyError(
                                                    e.toString().getBytes(StandardCharsets.UTF_8),
                                                    Encoding.ZENOH_STRING);
                                            return;
                                        }
                                        String key =
                                                query.keyExpr().contains("*")
                                                        ? keyExpr
                                                        : query.keyExpr();
                                        query.reply(
                                                key,
                                                text.getBytes(StandardCharsets.UTF_8),
                                                Encoding.ZENOH_STRING,
                                                null);
                                    } finally {
                                        query.finish();
                                    }
                                });
        track(q);
        awaitDeclarationsKnown();
        return q;
    }

    /**
     * Waits until some route (or anyone) subscribes to {@code keyExpr}: publish after this and the
     * sample is not lost to declaration propagation. Only subscribers of other sessions count: the
     * test's own recorders (and anything declared on {@link #session()}) are left out, so a {@code
     * record("in/**")} watching the input does not make this return before the route subscribes.
     */
    public void awaitSubscriber(String keyExpr, Duration timeout) {
        // REMOTE: the publisher's matching status counts only other sessions' subscribers
        PublisherOptions remoteOnly =
                PublisherOptions.DEFAULT.withQos(Qos.DEFAULT.withDestination(Locality.REMOTE));
        try (Publisher probe = session().declarePublisher(keyExpr, remoteOnly)) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!probe.hasMatchingSubscribers()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "no subscriber on '" + keyExpr + "' within " + timeout);
                }
                pause(POLL);
            }
        }
    }

    /** How often {@link #awaitSubscriber} looks at the matching status. */
    private static final Duration POLL = Duration.ofMillis(10);

    /**
     * Returns once the router and every session of the configured components joined to it have
     * taken in every declaration the helpers' session made before this call: a marker liveliness
     * token is declared after them, and each of those sessions asks for it until it is there. A
     * session sends its declarations over its link in order, and the router passes them on to a
     * route's session in order too (a subscriber or queryable to the sessions interested in it,
     * then the token's answer), so a session that sees the marker has seen what came before it: a
     * sample or a query the test triggers after this, from the test thread or through the router,
     * finds the helper's declaration. Only a route session opened later is not asked (it is told
     * everything when it joins).
     */
    private void awaitDeclarationsKnown() {
        Session declarer = session();
        String key = MARKER_PREFIX + MARKERS.incrementAndGet();
        LivelinessToken marker = declarer.declareLivelinessToken(key);
        try {
            long deadline = System.nanoTime() + DECLARATION_TIMEOUT.toNanos();
            List<Session> askers = askers();
            for (Session asker : askers) {
                while (!seesToken(asker, key)) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError(
                                "a session of the routes (or the router) did not learn the"
                                        + " helpers' declarations within "
                                        + DECLARATION_TIMEOUT);
                    }
                    if (!pause(POLL)) {
                        throw new IllegalStateException(
                                "interrupted waiting for the helpers' declarations to spread");
                    }
                }
            }
            if ("peer".equals(mode) && askers.size() == 1) {
                pause(PROPAGATION_ALLOWANCE);
            }
        } finally {
            marker.close();
        }
    }

    /** The router, and the open sessions of the running configured components joined to it. */
    private List<Session> askers() {
        String routerZid = router.info().zid();
        List<Session> askers = new ArrayList<>();
        askers.add(router);
        synchronized (components) {
            for (ZenohComponent c : components) {
                for (Session s : c.openSessions()) {
                    try {
                        SessionInfo i = s.info();
                        if (i.routers().contains(routerZid) || i.peers().contains(routerZid)) {
                            askers.add(s);
                        }
                    } catch (ClosedException closedMeanwhile) {
                        // a route stopping: nothing of it to wait for
                    }
                }
            }
        }
        return askers;
    }

    /**
     * Whether {@code asker} knows the token on {@code key}: only a reply carrying it counts (a get
     * that timed out ends with an error reply of zenoh's own); a session that closed meanwhile has
     * nothing left to wait for.
     */
    private static boolean seesToken(Session asker, String key) {
        try {
            return asker.livelinessGet(key, 1000).join().stream().anyMatch(Reply::ok);
        } catch (ClosedException | CompletionException closedMeanwhile) {
            if (asker.isClosed()) {
                return true;
            }
            throw closedMeanwhile;
        }
    }

    /** Sleeps {@code d}; false (the interrupt flag set again) when interrupted. */
    private static boolean pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
