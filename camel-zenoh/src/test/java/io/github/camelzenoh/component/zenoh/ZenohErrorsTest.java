/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.ConsolidationMode;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input fails early, with a message that names the culprit; the component keeps working after
 * it.
 */
class ZenohErrorsTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:out").to("zenoh:err/out");
            }
        };
    }

    /** Every message of the cause chain, so that asserts look past Camel's wrapping. */
    private static String messages(Throwable t) {
        List<String> out = new ArrayList<>();
        for (Throwable c = t; c != null; c = c.getCause()) {
            out.add(c.getClass().getSimpleName() + ": " + c.getMessage());
        }
        return String.join("\n", out);
    }

    /**
     * The innermost IllegalArgumentException: the component's own message, not Camel's wrapper
     * quoting the URI.
     */
    private static String reason(Throwable t) {
        String reason = null;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IllegalArgumentException) {
                reason = c.getMessage();
            }
        }
        assertThat(reason).as("an IllegalArgumentException in\n" + messages(t)).isNotNull();
        return reason;
    }

    private Throwable endpointFailure(String uri) {
        Throwable[] thrown = new Throwable[1];
        assertThatThrownBy(
                        () -> {
                            try {
                                context.getEndpoint(uri);
                            } catch (Throwable t) {
                                thrown[0] = t;
                                throw t;
                            }
                        })
                .isNotNull();
        return thrown[0];
    }

    @ParameterizedTest
    @ValueSource(strings = {"a//b", "a#b", "a/**/b#c", "$", "a/$x", "a/b/"})
    void invalidKeyExpressionsFailAtEndpointCreationQuotingTheExpression(String ke) {
        String reason = reason(endpointFailure("zenoh:" + ke));
        assertThat(reason).contains("'" + ke + "'");
    }

    @Test
    void nonCanonicalKeyExpressionIsRejectedWithTheCanonicalForm() {
        String reason = reason(endpointFailure("zenoh:a/**/**"));
        assertThat(reason).contains("'a/**/**'").contains("'a/**'").contains("autocanonize");

        ZenohEndpoint ep =
                context.getEndpoint("zenoh:a/**/**?autocanonize=true", ZenohEndpoint.class);
        assertThat(ep.getKeyExpr()).isEqualTo("a/**");
    }

    @ParameterizedTest
    @CsvSource({
        "priority=fast, priority, fast",
        "consumerType=x, consumerType, x",
        "operation=x, operation, x",
        "queueSize=0, queueSize, 0",
        "congestionControl=x, congestionControl, x",
        "timeout=-1, timeout, -1",
        "reliability=sometimes, reliability, sometimes",
        "target=nobody, target, nobody",
        "consolidation=x, consolidation, x",
        "overflowPolicy=spill, overflowPolicy, spill",
        "allowedOrigin=mars, allowedOrigin, mars",
        "concurrentConsumers=0, concurrentConsumers, 0",
        // one thread each, started at once and polling: 2147483647 tried to start them all
        "concurrentConsumers=1001, concurrentConsumers, 1001",
        "concurrentConsumers=2147483647, concurrentConsumers, 2147483647",
    })
    void badOptionValuesFailAtEndpointCreationNamingOptionAndValue(
            String option, String name, String value) {
        String reason = reason(endpointFailure("zenoh:ok/key?" + option));
        assertThat(reason).contains(name).contains("'" + value + "'");
    }

    @Test
    void enumOptionsTakeTheMetadataSpellingOrTheConstantName() {
        for (String v : new String[] {"blockFirst", "BLOCK_FIRST", "block_first", " blockFirst "}) {
            ZenohEndpoint ep =
                    context.getEndpoint(
                            "zenoh:spell/" + v.trim() + "?congestionControl=" + v.trim(),
                            ZenohEndpoint.class);
            assertThat(ep.getConfiguration().getCongestionControl())
                    .as(v)
                    .isEqualTo(CongestionControl.BLOCK_FIRST);
        }
        ZenohEndpoint ep =
                context.getEndpoint(
                        "zenoh:spell/all?mode=client&priority=realTime&allowedOrigin=sessionLocal"
                                + "&overflowPolicy=dropOldest&consumerType=queryable&operation=get"
                                + "&reliability=bestEffort&target=allComplete&consolidation=latest",
                        ZenohEndpoint.class);
        ZenohConfiguration c = ep.getConfiguration();
        assertThat(c.getMode()).isEqualTo(Mode.CLIENT);
        assertThat(c.getPriority()).isEqualTo(Priority.REAL_TIME);
        assertThat(c.getAllowedOrigin()).isEqualTo(Locality.SESSION_LOCAL);
        assertThat(c.getOverflowPolicy()).isEqualTo(ZenohOverflowPolicy.DROP_OLDEST);
        assertThat(c.getConsumerType()).isEqualTo(ZenohConsumerType.QUERYABLE);
        assertThat(c.getOperation()).isEqualTo(ZenohOperation.GET);
        assertThat(c.getReliability()).isEqualTo(Reliability.BEST_EFFORT);
        assertThat(c.getTarget()).isEqualTo(QueryTarget.ALL_COMPLETE);
        assertThat(c.getConsolidation()).isEqualTo(ConsolidationMode.LATEST);
    }

    /**
     * A reference to a bean ({@code #bean:name} or {@code #name}) is a value Camel takes for any
     * option: it passes the text check and Camel resolves it; the resolved value is then checked as
     * any other (queueSize's range).
     */
    @Test
    void beanReferencesAreTakenForNumbersDurationsAndEnums() {
        context.getRegistry().bind("qs", 123);
        context.getRegistry().bind("zero", 0);
        context.getRegistry().bind("prio", Priority.REAL_TIME);
        context.getRegistry().bind("fiveSeconds", java.time.Duration.ofSeconds(5));
        ZenohConfiguration c =
                context.getEndpoint(
                                "zenoh:ref/a?queueSize=#bean:qs&priority=#prio"
                                        + "&timeout=#bean:fiveSeconds",
                                ZenohEndpoint.class)
                        .getConfiguration();
        assertThat(c.getQueueSize()).isEqualTo(123);
        assertThat(c.getPriority()).isEqualTo(Priority.REAL_TIME);
        assertThat(c.getTimeout()).isEqualTo(5_000);
        assertThat(reason(endpointFailure("zenoh:ref/b?queueSize=#bean:zero")))
                .contains("queueSize", "'0'");
    }

    /** The allowed values in the message are the metadata's, in the contract's spelling. */
    @Test
    void badEnumValueListsWhatTheMetadataAllows() {
        assertThat(reason(endpointFailure("zenoh:ok/key?priority=fast")))
                .isEqualTo(
                        "Invalid value 'fast' for zenoh option priority: expected one of realTime,"
                                + " interactiveHigh, interactiveLow, dataHigh, data, dataLow,"
                                + " background");
        assertThat(reason(endpointFailure("zenoh:ok/key?mode=broker")))
                .isEqualTo(
                        "Invalid value 'broker' for zenoh option mode: expected one of peer,"
                                + " client, router");
    }

    /** Millisecond options are durations in the metadata: a number, or 5s, 1m30s. */
    @Test
    void millisecondOptionsTakeANumberOrADuration() {
        ZenohConfiguration c =
                context.getEndpoint(
                                "zenoh:dur/a?timeout=1m30s&heartbeat=5s&recoveryPeriod=250",
                                ZenohEndpoint.class)
                        .getConfiguration();
        assertThat(c.getTimeout()).isEqualTo(90_000);
        assertThat(c.getHeartbeat()).isEqualTo(5_000);
        assertThat(c.getRecoveryPeriod()).isEqualTo(250);
        assertThat(
                        context.getEndpoint("zenoh:dur/s?timeout=%202s%20", ZenohEndpoint.class)
                                .getConfiguration()
                                .getTimeout())
                .isEqualTo(2_000);
        assertThat(reason(endpointFailure("zenoh:dur/b?timeout=5x")))
                .contains("timeout", "'5x'", "milliseconds");
        assertThat(reason(endpointFailure("zenoh:dur/c?queueSize=5s")))
                .contains("queueSize", "'5s'", "whole number");
    }

    /**
     * zenoh carries a key expression of at most 65535 bytes: one of that length makes an endpoint,
     * one byte more is refused when the endpoint is created (autocanonize or not), with a message
     * that names the limit, the length and quotes only the key's beginning.
     */
    @ParameterizedTest(name = "autocanonize={0}")
    @ValueSource(booleans = {false, true})
    void keyExpressionOverZenohsLimitIsRefusedAtEndpointCreation(boolean autocanonize)
            throws Exception {
        int limit = ZenohEndpoint.MAX_KEY_EXPR_BYTES;
        String atLimit = "long/" + "k".repeat(limit - 5);
        ZenohEndpoint ok =
                context.getEndpoint(
                        "zenoh:" + atLimit + "?autocanonize=" + autocanonize, ZenohEndpoint.class);
        assertThat(ok.getKeyExpr()).isEqualTo(atLimit);

        String over = atLimit + "k";
        // the component directly: Camel's own exception message would quote the whole URI
        ZenohComponent zenoh = context.getComponent("zenoh", ZenohComponent.class);
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("autocanonize", String.valueOf(autocanonize));
        assertThatThrownBy(() -> zenoh.createEndpoint("zenoh:" + over, over, parameters))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "zenoh key expression '"
                                + over.substring(0, 64)
                                + "...' ("
                                + (limit + 1)
                                + " bytes) is "
                                + (limit + 1)
                                + " bytes long: zenoh carries at most 65535 bytes");
        // multi-byte characters count as zenoh counts them, in UTF-8 bytes
        String wide = "long/" + "\u00e9".repeat((limit - 5) / 2 + 1);
        assertThatThrownBy(() -> ZenohEndpoint.checkKeyExpr(wide, autocanonize))
                .hasMessageContaining("is " + (5 + 2 * ((limit - 5) / 2 + 1)) + " bytes long");
    }

    /** A long non-canonical key: both forms quoted by their beginning and length only. */
    @Test
    void longNonCanonicalKeyIsQuotedByItsBeginning() {
        String ke = "k".repeat(60_000) + "/**/**";
        assertThatThrownBy(() -> ZenohEndpoint.checkKeyExpr(ke, false))
                .hasMessage(
                        "zenoh key expression '"
                                + "k".repeat(64)
                                + "...' (60006 bytes) is not canonical: its canonical form is '"
                                + "k".repeat(64)
                                + "...' (60003 bytes) (use that, or set autocanonize=true)");
        assertThat(ZenohEndpoint.checkKeyExpr(ke, true)).isEqualTo("k".repeat(60_000) + "/**");
    }

    @Test
    void unknownOptionFailsNamingIt() {
        Throwable t = endpointFailure("zenoh:ok/key?prioritty=data");
        assertThat(messages(t)).contains("prioritty");
    }

    /**
     * Sends a bad message, checks the failure names {@code culprit}, then that a good one still
     * arrives.
     */
    private void badThenGood(String culprit, java.util.function.Consumer<Exchange> bad)
            throws Exception {
        try (Collector c = new Collector("err/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "err/out");
            Exchange e = template.send("direct:out", bad::accept);
            assertThat(e.getException()).as("bad message fails").isNotNull();
            assertThat(messages(e.getException())).contains(culprit);
            assertThat(c.poll(200)).as("nothing was sent for the bad message").isNull();

            template.sendBody("direct:out", "good");
            Sample s = c.next();
            assertThat(s.keyExpr()).isEqualTo("err/out");
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("good");
        }
    }

    @Test
    void aFileBodyThatCannotBeReadFailsNamingTheFileProblem() throws Exception {
        awaitConnected();
        java.io.File missing = new java.io.File("target/no-such-dir/missing-body.bin");
        badThenGood("missing-body.bin", x -> x.getMessage().setBody(missing));
        Exchange e = template.send("direct:out", x -> x.getMessage().setBody(missing));
        assertThat(messages(e.getException()))
                .as("the file problem, not a missing converter")
                .doesNotContain("No type converter available");
    }

    @Test
    void encodingIdOutOfRange() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.ENCODING_ID,
                x -> {
                    x.getMessage().setBody("x");
                    x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 70000);
                });
        badThenGood("70000", x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 70000));
        badThenGood(
                ZenohConstants.ENCODING_ID,
                x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, -1));
    }

    @Test
    void encodingIdNotANumber() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.ENCODING_ID,
                x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, "abc"));
        badThenGood("'abc'", x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, "abc"));
        badThenGood(
                ZenohConstants.ENCODING_ID,
                x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 1.5));
        badThenGood(
                "5.0000000000000000001",
                x ->
                        x.getMessage()
                                .setHeader(
                                        ZenohConstants.ENCODING_ID,
                                        new java.math.BigDecimal("5.0000000000000000001")));
    }

    @Test
    void encodingIdOfAnotherType() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.ENCODING_ID,
                x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, new Date()));
        badThenGood(
                "java.util.Date",
                x -> x.getMessage().setHeader(ZenohConstants.ENCODING_ID, new Date()));
    }

    @Test
    void encodingSchemaOfAnotherType() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.ENCODING_SCHEMA,
                x -> {
                    x.getMessage().setHeader(ZenohConstants.ENCODING_ID, 5);
                    x.getMessage().setHeader(ZenohConstants.ENCODING_SCHEMA, 42);
                });
    }

    @Test
    void overrideKeyExprInvalid() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.OVERRIDE_KEY_EXPR,
                x -> x.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, "a//b"));
        badThenGood(
                "a//b", x -> x.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, "a//b"));
    }

    @Test
    void operationHeaderUnknown() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.OPERATION,
                x -> x.getMessage().setHeader(ZenohConstants.OPERATION, "x"));
        badThenGood("'x'", x -> x.getMessage().setHeader(ZenohConstants.OPERATION, "x"));
    }

    /** Neither byte[], String nor convertible. */
    static final class Opaque {
        @Override
        public String toString() {
            return "opaque-thing";
        }
    }

    @Test
    void attachmentWithoutConverter() throws Exception {
        awaitConnected();
        badThenGood(
                ZenohConstants.ATTACHMENT,
                x -> {
                    x.getMessage().setBody("x");
                    x.getMessage().setHeader(ZenohConstants.ATTACHMENT, new Opaque());
                });
        badThenGood(
                "Opaque", x -> x.getMessage().setHeader(ZenohConstants.ATTACHMENT, new Opaque()));
    }

    @Test
    void bodyWithoutConverter() throws Exception {
        awaitConnected();
        badThenGood("body", x -> x.getMessage().setBody(new Opaque()));
        badThenGood("Opaque", x -> x.getMessage().setBody(new Opaque()));
    }

    @Test
    void badSessionConfigFailsAtRouteStartNamingTheConfig() throws Exception {
        Throwable[] thrown = new Throwable[1];
        try {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:badConfig")
                                    .routeId("badConfig")
                                    .to("zenoh:bad/config?config=RAW({not json5)");
                        }
                    });
        } catch (Exception e) {
            thrown[0] = e;
        }
        assertThat(thrown[0]).as("route start fails").isNotNull();
        // where, never what: the text may hold credentials
        assertThat(messages(thrown[0]))
                .containsIgnoringCase("config")
                .contains("line 1, column")
                .doesNotContain("not json5");
        // the context and its other routes are unaffected
        awaitConnected();
        try (Collector c = new Collector("err/out")) {
            Waits.awaitSubscriberSeenByRoutes(context, "err/out");
            template.sendBody("direct:out", "still fine");
            assertThat(new String(c.next().payload(), StandardCharsets.UTF_8))
                    .isEqualTo("still fine");
        }
    }

    private static final String SECRET = "S3cr3t-P4ss";

    /**
     * A session config holding credentials that fails to parse: neither the exceptions of the
     * failed start nor any log line show the offending text (line and column only), for inline
     * config and for a config file.
     */
    @Test
    void aFailedStartNeverShowsTheConfigText(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String[] broken = {
            // the error is on the line of the password
            "{ mode: \"client\",\n  transport: { auth: { usrpwd: { user: \"u\", password: \""
                    + SECRET
                    + "\" oops } } } }",
            // one line: the whole text is the offending line
            "{ transport: { auth: { usrpwd: { user: \"u\", password: \"" + SECRET + "\" } } }",
            // well-formed, a value of the wrong type next to the password
            "{ transport: { auth: { usrpwd: { user: 7, password: \"" + SECRET + "\" } } } }",
            "{ transport: { auth: { usrpwd: { user: \"" + SECRET + "\", password: 7 } } } }",
        };
        List<String> seen = new ArrayList<>();
        CapturedLogs.clear();
        for (int i = 0; i < broken.length; i++) {
            java.nio.file.Path file =
                    java.nio.file.Files.writeString(
                            dir.resolve("broken" + i + ".json5"), broken[i]);
            for (boolean inline : new boolean[] {true, false}) {
                String routeId = "secret-" + i + "-" + inline;
                // built in code, not in the URI: Camel quotes endpoint URIs in its own messages
                ZenohEndpoint ep =
                        context.getEndpoint("zenoh:secret/" + routeId, ZenohEndpoint.class);
                if (inline) {
                    ep.getConfiguration().setConfig(broken[i]);
                } else {
                    ep.getConfiguration().setConfigFile(file.toString());
                }
                Throwable thrown = null;
                try {
                    context.addRoutes(
                            new RouteBuilder() {
                                @Override
                                public void configure() {
                                    from("direct:" + routeId).routeId(routeId).to(ep);
                                }
                            });
                } catch (Exception e) {
                    thrown = e;
                }
                assertThat(thrown).as(routeId + " fails to start").isNotNull();
                String m = messages(thrown);
                seen.add(m);
                assertThat(m).as(routeId).doesNotContain(SECRET).containsIgnoringCase("config");
                if (i < 2) {
                    assertThat(m).as(routeId).containsPattern("line \\d+, column \\d+");
                }
            }
        }
        assertThat(CapturedLogs.lines()).as("log lines").noneMatch(l -> l.contains(SECRET));
        assertThat(seen).hasSize(2 * broken.length);
    }
}
