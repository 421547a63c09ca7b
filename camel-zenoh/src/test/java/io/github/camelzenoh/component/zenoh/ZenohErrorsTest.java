/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
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
    })
    void badOptionValuesFailAtEndpointCreationNamingOptionAndValue(
            String option, String name, String value) {
        String reason = reason(endpointFailure("zenoh:ok/key?" + option));
        assertThat(reason).contains(name).contains("'" + value + "'");
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
            io.github.camelzenoh.zenoh.Loopback.settle();
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
            io.github.camelzenoh.zenoh.Loopback.settle();
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
