/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.impl.health.ProducersHealthCheckRepository;
import org.junit.jupiter.api.Test;

/**
 * Secrets a user puts in an endpoint never come back out: a zenoh endpoint's link configuration
 * (after {@code #}: TLS keys and certificates) and the inline {@code config} option (a secret
 * option: passwords). Neither in the failure of a session that cannot open (zenoh quotes its
 * endpoints whole), nor in the component's logs, the dev console, the endpoint's toString or its
 * service URL.
 */
class ZenohEndpointSecretsTest {

    private static final String KEY = "TOPSECRETKEYMATERIAL";
    private static final String PASSWORD = "TOPSECRETPASSWORD";

    @Test
    void aSessionThatCannotOpenFailsWithoutItsEndpointsLinkConfiguration() throws Exception {
        CapturedLogs.clear();
        int nobody = Loopback.freePort();
        String endpoint = "tls/127.0.0.1:" + nobody + "#connect_private_key_base64=" + KEY;
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("zenoh:secret/a?mode=client&multicastScouting=false&connect=RAW("
                                            + endpoint
                                            + ")")
                                    .to("log:x");
                        }
                    });
            assertThatThrownBy(context::start)
                    .satisfies(
                            e -> {
                                String chain = chain(e);
                                assertThat(chain)
                                        .contains("127.0.0.1:" + nobody + "#…")
                                        .doesNotContain(KEY);
                            });
        }
        assertThat(CapturedLogs.lines())
                .anySatisfy(l -> assertThat(l).contains("127.0.0.1:" + nobody + "#…"))
                .allSatisfy(l -> assertThat(l).doesNotContain(KEY));
    }

    /**
     * An endpoint that fails to resolve: Camel's ResolveEndpointFailedException quotes the URI,
     * masked by Camel's own list of secret option names, which did not know {@code config}; nor did
     * Camel's sanitized URI of a good endpoint (JMX, consoles, route dumps).
     */
    @Test
    void camelsOwnMessagesAndSanitizedUrisMaskTheConfigOption() throws Exception {
        String secret =
                "config=RAW({transport:{auth:{usrpwd:{user:'a',password:'" + PASSWORD + "'}}}})";
        for (String bad :
                List.of(
                        "zenoh:a/b?timeout=abc&" + secret,
                        "zenoh:a/**/**?" + secret,
                        "zenoh:a/b?nonsense=1&" + secret,
                        "zenoh:a/b?group=g&batchSize=5&" + secret)) {
            try (CamelContext context = new DefaultCamelContext()) {
                context.addRoutes(
                        new RouteBuilder() {
                            @Override
                            public void configure() {
                                from(bad).to("log:x");
                            }
                        });
                assertThatThrownBy(context::start)
                        .as(bad)
                        .satisfies(e -> assertThat(chain(e)).doesNotContain(PASSWORD));
            }
        }
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:x").to("zenoh:a/b?operation=bogus&" + secret);
                        }
                    });
            assertThatThrownBy(context::start)
                    .satisfies(e -> assertThat(chain(e)).doesNotContain(PASSWORD));
        }
        try (CamelContext context = new DefaultCamelContext()) {
            // the application's own keywords are kept (Camel holds one list, each setting
            // replaces it), without a blank entry
            context.getCamelContextExtension().setAdditionalSensitiveKeywords("licence, ");
            ZenohEndpoint ok =
                    context.getEndpoint(
                            "zenoh:a/b?multicastScouting=false&" + secret, ZenohEndpoint.class);
            assertThat(org.apache.camel.util.URISupport.sanitizeUri(ok.getEndpointUri()))
                    .contains("config=xxxxxx")
                    .doesNotContain(PASSWORD);
            assertThat(org.apache.camel.util.URISupport.sanitizeUri("foo:x?licence=L1C3NC3"))
                    .doesNotContain("L1C3NC3");
            assertThat(org.apache.camel.util.URISupport.sanitizeUri("foo:x?a=1&b=2"))
                    .as("a blank entry (a trailing comma) would mask every option")
                    .isEqualTo("foo:x?a=1&b=2");
            assertThat(context.getCamelContextExtension().getAdditionalSensitiveKeywords())
                    .isEqualTo("licence,config");
        }
    }

    /** serde quotes a value of the wrong type or an unknown enum value back, between backticks. */
    @Test
    void aConfigValueOfTheWrongTypeIsNotQuotedBack() throws Exception {
        for (String config :
                List.of(
                        "{transport:{auth:{usrpwd:{user:'a',password:314159265}}}}",
                        "{mode:'" + PASSWORD + "'}")) {
            try (CamelContext context = new DefaultCamelContext()) {
                context.addRoutes(
                        new RouteBuilder() {
                            @Override
                            public void configure() {
                                from("zenoh:a/b?multicastScouting=false&config=RAW(" + config + ")")
                                        .to("log:x");
                            }
                        });
                assertThatThrownBy(context::start)
                        .as(config)
                        .satisfies(
                                e ->
                                        assertThat(chain(e))
                                                .contains("`…`")
                                                .doesNotContain(PASSWORD)
                                                .doesNotContain("314159265"));
            }
        }
    }

    @Test
    void aLinkConfigurationValueZenohQuotesAloneIsHiddenToo() throws Exception {
        // zenoh names a bad value without its '#': "Unknown TCP write buffer size argument: ...",
        // in the open's error and in its own log
        int port = Loopback.freePort();
        String endpoint = Loopback.endpoint(port) + "#so_sndbuf=" + KEY;
        Queue<String> lines = new ConcurrentLinkedQueue<>();
        ZenohLog.configure("warn", (level, target, message) -> lines.add(message));
        try {
            assertThatThrownBy(
                            () ->
                                    io.github.camelzenoh.zenoh.Session.open(
                                                    SessionConfig.loopbackPeer()
                                                            .withListen(endpoint))
                                            .close())
                    .hasMessageContaining("argument: …")
                    .hasMessageNotContaining(KEY);
            Waits.until(
                    "zenoh's warning about the listener",
                    () -> lines.stream().anyMatch(l -> l.contains("127.0.0.1:" + port)));
            assertThat(lines).allSatisfy(l -> assertThat(l).doesNotContain(KEY));
        } finally {
            ZenohLogBridge.configure(null);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDevConsoleAndTheEndpointShowNeitherTheConfigOptionNorLinkConfiguration()
            throws Exception {
        int port = Loopback.freePort();
        String uri =
                "zenoh:secret/b?multicastScouting=false&listen=RAW("
                        + Loopback.endpoint(port)
                        + "#so_sndbuf=65536;x="
                        + KEY
                        + ")&config=RAW({transport:{auth:{usrpwd:{user:'app',password:'"
                        + PASSWORD
                        + "'}}}})&timeout=1000";
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from(uri).routeId("secret-route").to("log:x");
                        }
                    });
            context.start();
            ZenohEndpoint endpoint = (ZenohEndpoint) context.getRoute("secret-route").getEndpoint();
            assertThat(endpoint.toString())
                    .contains("config=xxxxxx")
                    .contains("timeout=1000")
                    .doesNotContain(PASSWORD)
                    .doesNotContain(KEY);
            assertThat(endpoint.getServiceUrl()).endsWith(port + "#…");

            ZenohDevConsole console = new ZenohDevConsole();
            console.setCamelContext(context);
            Map<String, Object> json =
                    (Map<String, Object>) console.call(DevConsole.MediaType.JSON, Map.of());
            String text = (String) console.call(DevConsole.MediaType.TEXT, Map.of());
            assertThat(json.toString() + text)
                    .contains("secret/b")
                    .doesNotContain(PASSWORD)
                    .doesNotContain(KEY);
            assertThat((List<Map<String, Object>>) json.get("endpoints"))
                    .singleElement()
                    .satisfies(e -> assertThat(e.get("uri").toString()).contains("#…"));
        }
    }

    /**
     * Readiness results as Actuator or Camel's health endpoint show them with full exposure:
     * Camel's consumer check adds the endpoint's URI, sanitized only of the option names it knows
     * as secrets; the zenoh checks put the endpoint's safe URI there, for consumers and producers.
     */
    @Test
    void healthCheckDetailsShowNoLinkConfigurationNorConfig() throws Exception {
        int port = Loopback.freePort();
        String options =
                "?multicastScouting=false&listen=RAW("
                        + Loopback.endpoint(port)
                        + "#so_sndbuf=65536;x="
                        + KEY
                        + ")&config=RAW({metadata:{token:'"
                        + PASSWORD
                        + "'}})";
        try (CamelContext context = new DefaultCamelContext()) {
            HealthCheckRegistry registry = HealthCheckRegistry.get(context);
            registry.register(new ConsumersHealthCheckRepository());
            ProducersHealthCheckRepository producers = new ProducersHealthCheckRepository();
            producers.setEnabled(true);
            registry.register(producers);
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("zenoh:secret/h" + options).routeId("h").to("log:x");
                            from("direct:p").routeId("p").to("zenoh:secret/p" + options);
                        }
                    });
            context.start();
            List<HealthCheck.Result> results =
                    new ArrayList<>(HealthCheckHelper.invokeReadiness(context));
            // the producer's check as Camel's "producers" repository holds it
            HealthCheckHelper.getHealthCheckRepository(context, "producers").stream()
                    .filter(h -> h.getId().startsWith("zenoh-producer-secret/p#"))
                    .forEach(h -> results.add(h.call()));
            List<String> zenoh =
                    results.stream()
                            .filter(r -> r.getDetails().toString().contains("secret/"))
                            .map(r -> r.getCheck().getId() + " " + r.getDetails())
                            .toList();
            assertThat(zenoh)
                    .as(
                            "the consumer's and the producer's results among "
                                    + results.stream().map(r -> r.getCheck().getId()).toList())
                    .hasSize(2)
                    .allSatisfy(
                            r ->
                                    assertThat(r)
                                            .contains(HealthCheck.ENDPOINT_URI + "=zenoh://secret/")
                                            .contains("#…")
                                            .contains("config=xxxxxx"));
            for (HealthCheck.Result r : results) {
                assertThat(
                                r.getCheck().getId()
                                        + " "
                                        + r.getMessage().orElse("")
                                        + " "
                                        + r.getDetails())
                        .doesNotContain(KEY)
                        .doesNotContain(PASSWORD);
            }
        }
    }

    @Test
    void optionNamesInAnyCaseAndTheConsumersAndProducersToStringShowNoSecret() throws Exception {
        // Camel applies options whatever their case, and logs a consumer's and a producer's
        // toString as it starts and stops them
        int port = Loopback.freePort();
        String options =
                "?multicastScouting=false&Listen=RAW("
                        + Loopback.endpoint(port)
                        + "#so_sndbuf=65536;x="
                        + KEY
                        + ")&CONFIG=RAW({metadata:{token:'"
                        + PASSWORD
                        + "'}})";
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("zenoh:secret/c" + options).routeId("c").to("log:x");
                            from("direct:d").routeId("d").to("zenoh:secret/d" + options);
                        }
                    });
            context.start();
            ZenohEndpoint consumed = (ZenohEndpoint) context.getRoute("c").getEndpoint();
            assertThat(consumed.getConfiguration().getConfig()).contains(PASSWORD);
            String shown =
                    consumed
                            + " "
                            + context.getRoute("c").getConsumer()
                            + " "
                            + context.getEndpoint("zenoh:secret/d" + options).createProducer();
            assertThat(shown)
                    .contains("Consumer[zenoh://secret/c?")
                    .contains("Producer[zenoh://secret/d?")
                    .contains("CONFIG=xxxxxx")
                    .doesNotContain(PASSWORD)
                    .doesNotContain(KEY);
        }
    }

    @Test
    void sessionConfigShowsItsSettingsButNoSecret() {
        SessionConfig c =
                SessionConfig.loopbackPeer()
                        .withJson5("{transport:{auth:{usrpwd:{password:'" + PASSWORD + "'}}}}")
                        .withConnect("tls/127.0.0.1:1#connect_private_key_base64=" + KEY)
                        .withOverride("transport/auth/usrpwd/password", "'" + PASSWORD + "'");
        assertThat(c.toString())
                .contains("tls/127.0.0.1:1#…")
                .contains("transport/auth/usrpwd/password")
                .doesNotContain(PASSWORD)
                .doesNotContain(KEY);
        assertThat(ZenohSessions.describe(c)).contains("connect=tls/127.0.0.1:1#…");
        assertThat(ZenohEndpoint.withoutLinkConfig("tcp/a:1#k=v,tls/b:2%23k=" + KEY + ",tcp/c:3"))
                .isEqualTo("tcp/a:1#…,tls/b:2#…,tcp/c:3");
    }

    private static String chain(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t).append('\n');
        }
        return b.toString();
    }
}
