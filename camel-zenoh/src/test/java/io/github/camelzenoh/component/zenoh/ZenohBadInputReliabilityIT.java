/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.Sample;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.camel.Exchange;
import org.apache.camel.PropertyBindingException;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reliability item 4 (docs/reliability.md) — bad input. Over 200 parameterized cases: key
 * expressions, option values, header values, bodies and session configurations. Each must fail with
 * an exception whose messages name the culprit (the option or header, and the bad value or
 * expression), at the earliest point (endpoint creation > route start > message); afterwards the
 * JVM is alive and the session still carries messages (a round trip after every message-level case,
 * and at the end). {@link ZenohErrorsTest} keeps the original handful of cases; this is the sweep.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ZenohBadInputReliabilityIT extends ZenohTestSupport {

    private static final String SUITE = "bad-input";
    private static final AtomicInteger CASES = new AtomicInteger();

    /** Of {@link #CASES}, those Camel itself rejects (the component never sees them). */
    private static final AtomicInteger CAMEL_NAMED = new AtomicInteger();

    /** Boolean options: Camel converts their values itself, failing before the component. */
    private static final List<String> CONVERTED_BY_CAMEL =
            List.of(
                    "express",
                    "complete",
                    "history",
                    "recovery",
                    "autocanonize",
                    "multicastScouting",
                    "failIfNoSubscribers");

    private static final AtomicInteger ROUTE_IDS = new AtomicInteger();
    private Collector out;
    private final AtomicInteger goods = new AtomicInteger();
    private long liveBefore;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:out").to("zenoh:bad/out");
                from("direct:get").to("zenoh:bad/get?operation=get&timeout=500");
            }
        };
    }

    @BeforeEach
    void connectOnce() throws Exception {
        if (out != null) {
            return;
        }
        awaitConnected();
        out = new Collector("bad/**");
        Waits.awaitSubscriberSeenByRoutes(context, "bad/out");
        roundTrip();
        liveBefore = NativeDiagnostics.liveObjects();
    }

    @AfterAll
    void closeCollector() {
        if (out != null) {
            out.close();
        }
    }

    // ---- helpers ---------------------------------------------------------------------------

    /** Every message of the cause chain (Camel wraps the component's exception). */
    static String chain(Throwable t) {
        List<String> all = new ArrayList<>();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.add(c.getClass().getSimpleName() + ": " + c.getMessage());
        }
        return String.join("\n  caused by ", all);
    }

    /**
     * The component's own exception: the innermost IllegalArgumentException of the chain. Camel's
     * ResolveEndpointFailedException around it quotes the whole URI, every option and value
     * included, so only the innermost one tells whether the component named them.
     */
    static Throwable componentReason(Throwable t) {
        Throwable reason = null;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IllegalArgumentException) {
                reason = c;
            }
        }
        assertThat(reason).as("an IllegalArgumentException in\n" + chain(t)).isNotNull();
        return reason;
    }

    private static Throwable causeOfType(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return c;
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in\n" + chain(t));
    }

    private static void assertNames(Throwable t, String... culprits) {
        assertThat(t).as("an exception").isNotNull();
        if (t.getMessage() != null && t.getMessage().contains("cannot open its session")) {
            culprits =
                    Stream.concat(Stream.of(culprits), Stream.of("zenoh endpoint 'cfg/bad'"))
                            .toArray(String[]::new);
        }
        assertThat(t).as("an exception").isNotNull();
        String text = chain(t);
        for (String c : culprits) {
            assertThat(text).as("the exception names %s", c).contains(c);
        }
        CASES.incrementAndGet();
    }

    /** One message through the route to the peer: the session still works. */
    private void roundTrip() throws InterruptedException {
        String body = "good " + goods.incrementAndGet();
        template.sendBody("direct:out", body);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Sample s; System.nanoTime() < deadline; ) {
            s = out.poll(100);
            if (s == null) {
                continue;
            }
            String text = new String(s.payload(), StandardCharsets.UTF_8);
            assertThat(text).as("nothing of a bad message was sent").doesNotStartWith("bad ");
            if (text.equals(body)) {
                return;
            }
        }
        throw new AssertionError("no round trip of '" + body + "' within 10 s");
    }

    private Throwable endpointFailure(String uri) {
        try {
            context.getEndpoint(uri);
        } catch (Exception e) {
            return e;
        }
        throw new AssertionError("endpoint created: " + uri);
    }

    private Throwable routeStartFailure(String uri) {
        String id = "bad-route-" + ROUTE_IDS.incrementAndGet();
        try {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:" + id).routeId(id).to(uri);
                        }
                    });
        } catch (Exception e) {
            return e;
        }
        try {
            context.getRouteController().stopRoute(id);
            context.removeRoute(id);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("route started: " + uri);
    }

    private Throwable messageFailure(String endpoint, Consumer<Exchange> bad) {
        Exchange e =
                template.send(
                        endpoint,
                        x -> {
                            x.getMessage().setBody("bad message");
                            bad.accept(x);
                        });
        assertThat(e.getException()).as("the bad message fails").isNotNull();
        return e.getException();
    }

    // ---- key expressions -------------------------------------------------------------------

    static final List<String> INVALID_KEY_EXPRS =
            List.of(
                    "/",
                    "a//b",
                    "/a",
                    "a/",
                    "a/b/",
                    "a///b",
                    "$",
                    "$a",
                    "a$",
                    "a/$",
                    "a/$x",
                    "$$",
                    "a/$$",
                    "#",
                    "a#b",
                    "a/#",
                    "#/a",
                    "a*",
                    "*a",
                    "a/b*",
                    "a/*b",
                    "**a",
                    "a**",
                    "a/**b",
                    "a/***",
                    "***",
                    "a/$*",
                    "$*",
                    "a/$*/b",
                    "$*/a",
                    "a/b$*$*/c",
                    "a /b#");

    static final List<String> NON_CANONICAL =
            List.of(
                    "a/**/**",
                    "**/**",
                    "a/**/*",
                    "**/*",
                    "a/*/**/**",
                    "**/**/**",
                    "a/**/*/**",
                    "**/*/b");

    static Stream<Arguments> invalidKeyExprs() {
        return INVALID_KEY_EXPRS.stream().map(Arguments::of);
    }

    static Stream<Arguments> nonCanonicalKeyExprs() {
        return NON_CANONICAL.stream().map(Arguments::of);
    }

    @Order(1)
    @ParameterizedTest(name = "keyExpr [{0}]")
    @MethodSource("invalidKeyExprs")
    void invalidKeyExpressionFailsAtEndpointCreation(String ke) {
        assertNames(endpointFailure("zenoh:" + ke), "'" + ke + "'");
    }

    /**
     * Empty and "//" never reach the component: Camel's URI parser refuses them, quoting the URI.
     */
    @Order(1)
    @ParameterizedTest(name = "uri [{0}]")
    @MethodSource("unparsableUris")
    void keyExpressionCamelCannotParseFailsQuotingTheUri(String uri) {
        assertNames(endpointFailure(uri), uri);
        CAMEL_NAMED.incrementAndGet();
    }

    static Stream<String> unparsableUris() {
        return Stream.of("zenoh:", "zenoh://");
    }

    /**
     * The component's own check, for an empty key reaching it another way (e.g. a bean-built
     * endpoint).
     */
    @Order(1)
    @Test
    void emptyKeyExpressionIsRejectedByTheComponent() {
        Throwable t = null;
        try {
            ZenohEndpoint.checkKeyExpr("", false);
        } catch (IllegalArgumentException e) {
            t = e;
        }
        assertNames(t, "key expression must not be empty");
    }

    /**
     * Longer than zenoh's 16-bit length: refused by the endpoint's key check (zenoh itself would
     * panic). Called directly: through a URI, Camel's own URISupport.sanitizeUri spends ~27 s on a
     * 64 KiB URI just to build its ResolveEndpointFailedException message (a Camel cost, not ours).
     */
    @Order(1)
    @ParameterizedTest(name = "keyExpr of {0} bytes")
    @MethodSource("tooLongKeyExprs")
    void keyExpressionLongerThanZenohCarriesFailsAtEndpointCreation(int bytes) {
        Throwable t = null;
        try {
            ZenohEndpoint.checkKeyExpr("k".repeat(bytes), false);
        } catch (IllegalArgumentException e) {
            t = e;
        }
        assertNames(t, bytes + " bytes long", "at most 65535");
    }

    static Stream<Integer> tooLongKeyExprs() {
        return Stream.of(64 * 1024, 65_536 + 100, 1024 * 1024);
    }

    @Order(2)
    @ParameterizedTest(name = "encoding option with a schema of {0} bytes")
    @MethodSource("tooLongSchemas")
    void encodingOptionWithASchemaLongerThanZenohCarriesFailsAtEndpointCreation(int bytes) {
        assertNames(
                endpointFailure("zenoh:opt/key?encoding=text/plain;" + "s".repeat(bytes)),
                "encoding",
                "at most 255");
    }

    static Stream<Integer> tooLongSchemas() {
        return Stream.of(256, 4096);
    }

    @Order(1)
    @ParameterizedTest(name = "non-canonical keyExpr [{0}]")
    @MethodSource("nonCanonicalKeyExprs")
    void nonCanonicalKeyExpressionFailsWithTheCanonicalForm(String ke) {
        assertNames(endpointFailure("zenoh:" + ke), "'" + ke + "'", "canonical", "autocanonize");
    }

    // ---- option values ---------------------------------------------------------------------

    static Stream<Arguments> badOptions() {
        List<Arguments> all = new ArrayList<>();
        String[] enums = {
            "consumerType",
            "operation",
            "congestionControl",
            "priority",
            "reliability",
            "target",
            "consolidation",
            "overflowPolicy",
            "allowedOrigin",
            "mode"
        };
        for (String option : enums) {
            for (String value : new String[] {"x", "1", "true", "drop-ish"}) {
                all.add(Arguments.of(option, value));
            }
        }
        for (String value : new String[] {"0", "-1", "abc", "1.5", "2147483648", "1e3", "10k"}) {
            all.add(Arguments.of("queueSize", value));
        }
        for (String value : new String[] {"0", "-1", "abc", "99999999999"}) {
            all.add(Arguments.of("concurrentConsumers", value));
        }
        for (String value : new String[] {"-1", "abc", "1000001"}) {
            all.add(Arguments.of("idleSpinMicros", value));
        }
        for (String value :
                // 500ms is a duration Camel reads: taken since 28206f0
                new String[] {"0", "-1", "abc", "1.5", "1.5s", "5 s", "99999999999999999999"}) {
            all.add(Arguments.of("timeout", value));
        }
        for (String value : new String[] {"0", "-1", "abc"}) {
            all.add(Arguments.of("historySize", value));
        }
        for (String value : new String[] {"-1", "abc", "1O"}) {
            all.add(Arguments.of("cacheSize", value));
        }
        for (String value : new String[] {"-1", "abc", "1x"}) {
            all.add(Arguments.of("heartbeat", value));
            all.add(Arguments.of("recoveryPeriod", value));
        }
        for (String option : CONVERTED_BY_CAMEL) {
            for (String value : new String[] {"yes", "2", "abc"}) {
                all.add(Arguments.of(option, value));
            }
        }
        return all.stream();
    }

    @Order(2)
    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badOptions")
    void badOptionValueFailsAtEndpointCreationNamingOptionAndValue(String option, String value) {
        Throwable failure = endpointFailure("zenoh:opt/key?" + option + "=" + value);
        if (CONVERTED_BY_CAMEL.contains(option)) {
            // Camel's type conversion rejects the value before the component sees it; its binding
            // exception (not the URI-quoting ResolveEndpointFailedException) names both
            Throwable binding = causeOfType(failure, PropertyBindingException.class);
            assertThat(binding.getMessage()).contains("(" + option + "=" + value + ")");
            CAMEL_NAMED.incrementAndGet();
            CASES.incrementAndGet();
        } else {
            assertNames(componentReason(failure), option, "'" + value + "'");
        }
    }

    @Order(2)
    @ParameterizedTest(name = "unknown option {0}")
    @MethodSource("unknownOptions")
    void unknownOptionFailsNamingIt(String option) {
        // Camel's own check: its list of unknown parameters (the URI it also quotes is not enough)
        assertNames(endpointFailure("zenoh:opt/key?" + option + "=1"), "{" + option + "=1}");
        CAMEL_NAMED.incrementAndGet();
    }

    static Stream<String> unknownOptions() {
        return Stream.of("prioritty", "foo", "connectt", "keyexpr2", "congestion_control");
    }

    // ---- header values ---------------------------------------------------------------------

    /** Neither byte[], String nor convertible to byte[]. */
    static final class Opaque {
        @Override
        public String toString() {
            return "opaque-thing";
        }
    }

    static Stream<Arguments> badHeaders() {
        List<Arguments> all = new ArrayList<>();
        String id = ZenohConstants.ENCODING_ID;
        for (Object v :
                new Object[] {
                    70000,
                    -1,
                    65536,
                    Integer.MAX_VALUE,
                    Integer.MIN_VALUE,
                    Long.MAX_VALUE,
                    1.5,
                    Double.NaN,
                    Double.POSITIVE_INFINITY,
                    new BigDecimal("1e30"),
                    "abc",
                    "",
                    "1.5",
                    "0x10",
                    "65536"
                }) {
            all.add(
                    Arguments.of(
                            id, v, String.valueOf(v instanceof BigDecimal b ? b.toString() : v)));
        }
        all.add(Arguments.of(id, new Date(0), "java.util.Date"));
        all.add(Arguments.of(id, new Opaque(), "Opaque"));
        all.add(Arguments.of(id, new int[] {1}, "[I"));
        all.add(Arguments.of(id, List.of(1), "List"));
        String schema = ZenohConstants.ENCODING_SCHEMA;
        for (Object v : new Object[] {42, new Date(0), new Opaque(), new byte[] {1}}) {
            all.add(Arguments.of(schema, v, v.getClass().getName().replace("[B", "[B")));
        }
        String att = ZenohConstants.ATTACHMENT;
        for (Object v :
                new Object[] {
                    new Opaque(), new Object(), Thread.currentThread().getThreadGroup()
                }) {
            all.add(Arguments.of(att, v, v.getClass().getName()));
        }
        String op = ZenohConstants.OPERATION;
        for (String v : new String[] {"x", "PUTT", "", "42", "getAll", "subscribe"}) {
            all.add(Arguments.of(op, v, "'" + v + "'"));
        }
        String override = ZenohConstants.OVERRIDE_KEY_EXPR;
        List<String> keys = new ArrayList<>(INVALID_KEY_EXPRS);
        keys.addAll(NON_CANONICAL);
        keys.addAll(List.of("?", "a?b", "a/b?x=1", "a/?", ""));
        for (String k : keys) {
            all.add(Arguments.of(override, k, k));
        }
        // longer than zenoh carries: refused before zenoh sees them (zenoh would panic and poison
        // the session)
        all.add(Arguments.of(override, "a/" + "k".repeat(64 * 1024), "65535"));
        all.add(Arguments.of(override, "k".repeat(1024 * 1024), "65535"));
        for (int n : new int[] {256, 1000, 70_000}) {
            all.add(Arguments.of(schema, "s".repeat(n), "at most 255"));
        }
        all.add(
                Arguments.of(
                        Exchange.CONTENT_TYPE, "text/plain; p=" + "v".repeat(300), "at most 255"));
        all.add(Arguments.of(Exchange.CONTENT_TYPE, "x-custom/" + "t".repeat(300), "at most 255"));
        return all.stream();
    }

    @Order(3)
    @ParameterizedTest(name = "header {0}={2}")
    @MethodSource("badHeaders")
    void badHeaderFailsTheMessageNamingHeaderAndValue(String header, Object value, String culprit)
            throws Exception {
        Throwable t =
                messageFailure(
                        "direct:out",
                        x -> {
                            if (header.equals(ZenohConstants.ENCODING_SCHEMA)) {
                                x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 5);
                            }
                            x.getMessage().setHeader(header, value);
                        });
        assertNames(t, header, culprit);
        roundTrip();
    }

    // ---- bodies ----------------------------------------------------------------------------

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("put", new Opaque(), "Opaque"),
                Arguments.of("put", new Object(), "Object"),
                Arguments.of("put", Thread.currentThread().getThreadGroup(), "ThreadGroup"),
                Arguments.of("get", new Opaque(), "Opaque"),
                Arguments.of("get", new Object(), "Object"));
    }

    @Order(4)
    @ParameterizedTest(name = "{0} body {2}")
    @MethodSource("badBodies")
    void bodyWithoutConverterFailsNamingItsType(String op, Object body, String culprit)
            throws Exception {
        Exchange e =
                template.send(
                        op.equals("get") ? "direct:get" : "direct:out",
                        x -> x.getMessage().setBody(body));
        assertNames(e.getException(), culprit, "byte[]");
        roundTrip();
    }

    // ---- session configurations (route start) ----------------------------------------------

    static Stream<Arguments> badConfigs() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "bad-input"));
        Path broken = Files.writeString(dir.resolve("broken.json5"), "{ mode: \"peer\", listen: ");
        Path unknown = Files.writeString(dir.resolve("unknown.json5"), "{ no_such_section: {} }");
        int closed = Loopback.freePort();
        return Stream.of(
                // invalid JSON5: where, never the text (it may hold credentials)
                Arguments.of("config=RAW({)", "not valid JSON5 at line 1, column"),
                Arguments.of("config=RAW({mode: })", "not valid JSON5 at line 1, column"),
                Arguments.of("config=RAW(not json)", "not valid JSON5 at line 1, column"),
                Arguments.of("config=RAW([1,2])", "inline JSON5"),
                Arguments.of(
                        "config=RAW({mode: \"peer\",, })", "not valid JSON5 at line 1, column"),
                Arguments.of("config=RAW({'a': })", "not valid JSON5 at line 1, column"),
                // unknown keys
                Arguments.of("config=RAW({no_such: 1})", "no_such"),
                Arguments.of("config=RAW({a: 1})", "`a`"),
                Arguments.of("config=RAW({transport: {nope: 1}})", "nope"),
                Arguments.of("config=RAW({scouting: {multicast: {enabledd: true}}})", "enabledd"),
                Arguments.of("config=RAW({connect: {endpointz: []}})", "endpointz"),
                // wrong types and values: named by type and by what is expected, the value not
                // repeated (it may be a secret in the wrong place)
                Arguments.of("config=RAW({mode: 5})", "invalid type: integer `…`"),
                Arguments.of(
                        "config=RAW({mode: \"server\"})",
                        "unknown variant `…`, expected one of `router`, `peer`, `client`"),
                // a string of the wrong type: its text is not repeated (it may be a secret)
                Arguments.of("config=RAW({connect: {endpoints: \"x\"}})", "invalid type: string"),
                Arguments.of(
                        "config=RAW({scouting: {multicast: {enabled: \"yes\"}}})",
                        "invalid type: string"),
                // zenoh's reason here is only "error parsing number" (no key path): the endpoint
                // and
                // "inline JSON5" are what names the culprit
                Arguments.of(
                        "config=RAW({transport: {unicast: {open_timeout: \"long\"}}})",
                        "inline JSON5"),
                // endpoints: unknown protocol, unreachable router (client mode), unbindable
                // listener
                Arguments.of("connect=foo/1.2.3.4:1", "foo"),
                Arguments.of(
                        "mode=client&connect=tcp/127.0.0.1:" + closed, "tcp/127.0.0.1:" + closed),
                Arguments.of(
                        "mode=client&connect=tcp/127.0.0.1:" + closed + "&config=RAW({})",
                        "tcp/127.0.0.1:" + closed),
                Arguments.of("listen=tcp/192.0.2.1:7447", "192.0.2.1:7447"),
                Arguments.of("listen=tcp/127.0.0.1:99999", "99999"),
                Arguments.of("connect=tcp/127.0.0.1:99999&mode=client", "99999"),
                // config files
                Arguments.of("configFile=" + dir.resolve("missing.json5"), "missing.json5"),
                Arguments.of("configFile=" + broken, "broken.json5"),
                Arguments.of("configFile=" + unknown, "no_such_section"),
                Arguments.of("configFile=" + dir, "bad-input"));
    }

    @Order(5)
    @ParameterizedTest(name = "session {0}")
    @MethodSource("badConfigs")
    void badSessionConfigFailsAtRouteStartNamingIt(String options, String culprit)
            throws Exception {
        assertNames(routeStartFailure("zenoh:cfg/bad?" + options), culprit);
        roundTrip();
    }

    // ---- large but legal: must work, or fail clearly -------------------------------------

    /** Just under zenoh's limit (65535 bytes): declared, published and received. */
    @Order(6)
    @Test
    void aKeyExpressionOf65000BytesWorks() throws Exception {
        String key = "big/" + "k".repeat(65_000 - 4);
        try (Collector big = new Collector("big/*")) {
            Waits.awaitSubscriberSeenByRoutes(context, "big/x");
            Exchange e =
                    template.send(
                            "zenoh:" + key,
                            x -> {
                                x.getMessage().setBody("long key");
                                // and a schema at zenoh's limit (255 bytes)
                                x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 4);
                                x.getMessage()
                                        .setHeader(ZenohConstants.ENCODING_SCHEMA, "s".repeat(255));
                            });
            assertThat(e.getException()).isNull();
            Sample s = big.next();
            assertThat(s.keyExpr()).isEqualTo(key);
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("long key");
            assertThat(s.encoding().schema()).hasSize(255);
        }
        CASES.incrementAndGet();
        dropEndpoints("big/");
        roundTrip();
    }

    /**
     * A 64 MiB payload (zenoh fragments it; the receiver's default limit is 1 GiB) arrives intact
     * with congestionControl=block. With the default drop, zenoh may drop fragments of a message
     * that size when its queues are full: then nothing arrives (never a truncated sample).
     */
    @Order(6)
    @Test
    void aPayloadOf64MiBArrivesIntact() throws Exception {
        byte[] payload = new byte[64 * 1024 * 1024];
        new java.util.Random(42).nextBytes(payload);
        try (Collector big = new Collector("big/payload")) {
            Waits.awaitSubscriberSeenByRoutes(context, "big/payload");
            long t0 = System.nanoTime();
            Exchange e =
                    template.send(
                            "zenoh:big/payload?congestionControl=block",
                            x -> x.getMessage().setBody(payload));
            assertThat(e.getException()).isNull();
            Sample s = big.samples.poll(60, TimeUnit.SECONDS);
            assertThat(s).as("64 MiB sample within 60 s").isNotNull();
            assertThat(s.payload().length).isEqualTo(payload.length);
            assertThat(Arrays.equals(s.payload(), payload)).as("payload intact").isTrue();
            ReliabilitySuite.figure(
                    SUITE,
                    "payload64MiB",
                    String.format("delivered intact in %.2f s", (System.nanoTime() - t0) / 1e9));
        }
        CASES.incrementAndGet();
        dropEndpoints("big/");
        roundTrip();
    }

    /**
     * Stops the producers the template cached and the endpoints it created (declarations and
     * publishers go).
     */
    private void dropEndpoints(String keyPrefix) throws Exception {
        template.stop();
        template.start();
        for (org.apache.camel.Endpoint ep : List.copyOf(context.getEndpoints())) {
            if (ep instanceof ZenohEndpoint z && z.getKeyExpr().startsWith(keyPrefix)) {
                context.removeEndpoint(ep);
            }
        }
    }

    // ---- the end ---------------------------------------------------------------------------

    @Order(Integer.MAX_VALUE)
    @Test
    void afterAllOfItTheJvmAndTheSessionStillWork() throws Exception {
        roundTrip();

        // nothing the failures created is still held (endpoints of failed routes hold no session);
        // zenoh's threads may release an object a moment after its use returned: waited for
        Waits.until(
                "live native objects back to " + liveBefore,
                () -> NativeDiagnostics.liveObjects() == liveBefore);
        assertThat(CASES.get()).as("bad inputs tried").isGreaterThanOrEqualTo(200);
        ReliabilitySuite.figure(SUITE, "badInputsTried", CASES.get());
        ReliabilitySuite.figure(SUITE, "badInputsRejectedByCamel", CAMEL_NAMED.get());
        ReliabilitySuite.figure(SUITE, "roundTripsAfter", goods.get());
        ReliabilitySuite.figure(
                SUITE,
                "liveNativeObjects",
                NativeDiagnostics.liveObjects() + " (before " + liveBefore + ")");
    }
}
