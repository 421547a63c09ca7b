/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kamelets' properties as a zenoh peer sees them: each value reaches zenoh exactly as written
 * (no URI decoding of {@code +}, {@code %25} or {@code &}), an unset optional one adds no option,
 * the query action's own timeout property bounds its wait, and a source-to-sink pipe forwards
 * deletes as deletes. The peer is a Java binding session connected over loopback to the session the
 * Kamelets open.
 */
class ZenohKameletPropertiesTest {

    private final String camelEndpoint = Loopback.endpoint(Loopback.freePort());
    private CamelContext context;
    private ProducerTemplate template;
    private Session peer;

    @BeforeEach
    void start() throws Exception {
        context = new DefaultCamelContext();
        context.start();
        template = context.createProducerTemplate();
    }

    @AfterEach
    void stop() {
        if (peer != null) {
            peer.close();
        }
        context.stop();
    }

    private void routes(String yaml) throws Exception {
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(
                        ResourceHelper.fromBytes(
                                "kamelet-properties.yaml", yaml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The peer, connected to the Kamelets' session (open the routes first: they listen). */
    private Session peer() {
        peer = Session.open(Loopback.connector(portOf(camelEndpoint)));
        return peer;
    }

    private static int portOf(String endpoint) {
        return Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
    }

    /** Sends to {@code uri} until {@code queue} has a sample (the subscriber has reached us). */
    private Sample sendUntilReceived(String uri, BlockingQueue<Sample> queue) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (; ; ) {
            Exchange e = template.request(uri, x -> x.getMessage().setBody("{}"));
            assertThat(e.getException()).isNull();
            Sample s = queue.poll(100, TimeUnit.MILLISECONDS);
            if (s != null) {
                return s;
            }
            assertThat(System.nanoTime()).as("a sample within 10 s").isLessThan(deadline);
        }
    }

    private ZenohConfiguration zenohEndpointConfiguration(String keyExpr) {
        return context.getEndpoints().stream()
                .filter(e -> e instanceof ZenohEndpoint z && z.getKeyExpr().equals(keyExpr))
                .map(e -> ((ZenohEndpoint) e).getConfiguration())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no zenoh endpoint on " + keyExpr));
    }

    @Test
    void queryTimeoutBoundsTheWaitForAQueryableThatNeverReplies() throws Exception {
        routes(
                """
                - route:
                    from:
                      uri: direct:query
                      steps:
                        - to:
                            uri: kamelet:zenoh-query-action
                            parameters:
                              keyExpr: kp/slow/**
                              listen: "%s"
                              multicastScouting: false
                              queryTimeout: 1000
                """
                        .formatted(camelEndpoint));
        List<Query> held = new CopyOnWriteArrayList<>();
        try (Queryable silent =
                peer().declareQueryable("kp/slow/**", QueryableOptions.DEFAULT, held::add)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long tookMs;
            do {
                // a query sent before the queryable's declaration arrived ends at once, unasked
                assertThat(System.nanoTime()).as("the queryable reached").isLessThan(deadline);
                long t0 = System.nanoTime();
                Exchange e = template.request("direct:query", x -> x.getMessage().setBody("?"));
                tookMs = (System.nanoTime() - t0) / 1_000_000;
                assertThat(e.getException()).isNull();
            } while (held.isEmpty());
            assertThat(tookMs)
                    .as("the query asked a silent queryable: it waits queryTimeout (1 s), not 10 s")
                    .isBetween(700L, 4000L);
        } finally {
            held.forEach(Query::finish);
        }
    }

    @Test
    void queryParametersReachTheQueryableAsWritten() throws Exception {
        String parameters = "q=a+b;r=50%25;t=now(-1h)..";
        // an '&' splits the kamelet: endpoint's own URI first: the route writes such a value RAW
        String withAmpersand = "x=1&y=a+b";
        routes(
                """
                - route:
                    from:
                      uri: direct:query
                      steps:
                        - to:
                            uri: kamelet:zenoh-query-action
                            parameters:
                              keyExpr: kp/svc/**
                              listen: "%1$s"
                              multicastScouting: false
                              parameters: "%2$s"
                - route:
                    from:
                      uri: direct:queryAmpersand
                      steps:
                        - to:
                            uri: kamelet:zenoh-query-action
                            parameters:
                              keyExpr: kp/amp/**
                              listen: "%1$s"
                              multicastScouting: false
                              parameters: "RAW(%3$s)"
                - route:
                    from:
                      uri: direct:queryWithout
                      steps:
                        - to:
                            uri: kamelet:zenoh-query-action
                            parameters:
                              keyExpr: kp/bare/**
                              listen: "%1$s"
                              multicastScouting: false
                """
                        .formatted(camelEndpoint, parameters, withAmpersand));
        BlockingQueue<String> seen = new LinkedBlockingQueue<>();
        QueryableOptions o = QueryableOptions.DEFAULT;
        Session p = peer();
        try (Queryable q1 = p.declareQueryable("kp/svc/**", o, q -> answer(q, seen));
                Queryable q2 = p.declareQueryable("kp/amp/**", o, q -> answer(q, seen));
                Queryable q3 = p.declareQueryable("kp/bare/**", o, q -> answer(q, seen))) {
            assertThat(askUntilAnswered("direct:query", seen)).isEqualTo("kp/svc/**?" + parameters);
            assertThat(askUntilAnswered("direct:queryAmpersand", seen))
                    .isEqualTo("kp/amp/**?" + withAmpersand);
            assertThat(askUntilAnswered("direct:queryWithout", seen))
                    .as("parameters unset: none")
                    .isEqualTo("kp/bare/**?");
        }
        assertThat(zenohEndpointConfiguration("kp/bare/**").getParameters()).isNull();
    }

    private static void answer(Query q, BlockingQueue<String> seen) {
        seen.add(q.keyExpr() + "?" + q.parameters());
        q.reply(q.keyExpr().replace("**", "a"), new byte[] {1}, Encoding.ZENOH_BYTES, null);
        q.finish();
    }

    private String askUntilAnswered(String uri, BlockingQueue<String> seen) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (; ; ) {
            Exchange e = template.request(uri, x -> x.getMessage().setBody("?"));
            assertThat(e.getException()).isNull();
            String s = seen.poll(100, TimeUnit.MILLISECONDS);
            if (s != null) {
                return s;
            }
            assertThat(System.nanoTime()).as("a query within 10 s").isLessThan(deadline);
        }
    }

    @Test
    void sinkEncodingAndKeyReachTheSubscriberAsWritten() throws Exception {
        String encoding = "application/ld+json;profile=a+b;v=50%25";
        String withAmpersand = "text/csv;header=present&x=a+b";
        routes(
                """
                - route:
                    from:
                      uri: direct:sink
                      steps:
                        - to:
                            uri: kamelet:zenoh-sink
                            parameters:
                              keyExpr: "kp/a+b/50%%25"
                              listen: "%1$s"
                              multicastScouting: false
                              encoding: "%2$s"
                - route:
                    from:
                      uri: direct:sinkAmpersand
                      steps:
                        - to:
                            uri: kamelet:zenoh-sink
                            parameters:
                              keyExpr: kp/amp
                              listen: "%1$s"
                              multicastScouting: false
                              encoding: "RAW(%3$s)"
                - route:
                    from:
                      uri: direct:sinkWithout
                      steps:
                        - to:
                            uri: kamelet:zenoh-sink
                            parameters:
                              keyExpr: kp/bare
                              listen: "%1$s"
                              multicastScouting: false
                """
                        .formatted(camelEndpoint, encoding, withAmpersand));
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        BlockingQueue<Sample> amp = new LinkedBlockingQueue<>();
        BlockingQueue<Sample> bare = new LinkedBlockingQueue<>();
        SubscriberOptions o = SubscriberOptions.DEFAULT;
        Session p = peer();
        // the key is the zenoh: URI's path, percent-decoded once as any endpoint path: %25 is '%'
        try (Subscriber s1 = p.declareSubscriber("kp/a+b/50%", o, got::add);
                Subscriber s2 = p.declareSubscriber("kp/amp", o, amp::add);
                Subscriber s3 = p.declareSubscriber("kp/bare", o, bare::add)) {
            Sample s = sendUntilReceived("direct:sink", got);
            assertThat(s.keyExpr()).isEqualTo("kp/a+b/50%");
            assertThat(s.encoding().toString()).isEqualTo(encoding);
            assertThat(sendUntilReceived("direct:sinkAmpersand", amp).encoding().toString())
                    .isEqualTo(withAmpersand);
            assertThat(sendUntilReceived("direct:sinkWithout", bare).encoding())
                    .as("encoding unset: a String body's own")
                    .isEqualTo(Encoding.ZENOH_STRING);
        }
        assertThat(zenohEndpointConfiguration("kp/bare").getEncoding()).isNull();
    }

    @Test
    void sessionPropertiesReachZenohAsWritten(@TempDir Path dir) throws Exception {
        // a zenoh endpoint's link configuration (after '#') holds base64 values such as TLS keys
        String listen = camelEndpoint + "#x=a+b/c==";
        Path config = dir.resolve("zenoh a+b%25.json5");
        Files.writeString(config, "{ scouting: { multicast: { enabled: false } } }");
        routes(
                """
                - route:
                    from:
                      uri: direct:sink
                      steps:
                        - to:
                            uri: kamelet:zenoh-sink
                            parameters:
                              keyExpr: kp/session
                              listen: "%s"
                              configFile: "%s"
                """
                        .formatted(listen, config));
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber s =
                peer().declareSubscriber("kp/session", SubscriberOptions.DEFAULT, got::add)) {
            assertThat(sendUntilReceived("direct:sink", got).keyExpr()).isEqualTo("kp/session");
        }
        ZenohConfiguration c = zenohEndpointConfiguration("kp/session");
        assertThat(c.getListen()).isEqualTo(listen);
        assertThat(c.getConfigFile()).isEqualTo(config.toString());
        assertThat(c.getConnect()).as("connect unset: none").isNull();
    }

    @Test
    void aSourceToSinkPipeForwardsADeleteAsADelete() throws Exception {
        routes(
                """
                - route:
                    from:
                      uri: kamelet:zenoh-source
                      parameters:
                        keyExpr: kp/in
                        listen: "%1$s"
                        multicastScouting: false
                      steps:
                        - to:
                            uri: kamelet:zenoh-sink
                            parameters:
                              keyExpr: kp/out
                              listen: "%1$s"
                              multicastScouting: false
                """
                        .formatted(camelEndpoint));
        BlockingQueue<Sample> out = new LinkedBlockingQueue<>();
        Session p = peer();
        try (Subscriber s = p.declareSubscriber("kp/out", SubscriberOptions.DEFAULT, out::add)) {
            byte[] v1 = "v1".getBytes(StandardCharsets.UTF_8);
            Sample put;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            do {
                // until both the source's subscriber and ours have reached the other session
                assertThat(System.nanoTime()).as("a forwarded put").isLessThan(deadline);
                p.put("kp/in", v1, Encoding.TEXT_PLAIN, null, Qos.DEFAULT);
                put = out.poll(100, TimeUnit.MILLISECONDS);
            } while (put == null);
            assertThat(put.kind()).isEqualTo(SampleKind.PUT);
            assertThat(new String(put.payload(), StandardCharsets.UTF_8)).isEqualTo("v1");
            p.delete("kp/in", null, Qos.DEFAULT);
            Sample deleted = out.poll(5, TimeUnit.SECONDS);
            // the retries' forwarded puts may still come first, however late
            while (deleted != null
                    && deleted.kind() == SampleKind.PUT
                    && Arrays.equals(deleted.payload(), v1)) {
                deleted = out.poll(5, TimeUnit.SECONDS);
            }
            assertThat(deleted).as("the delete forwarded").isNotNull();
            assertThat(deleted.kind()).isEqualTo(SampleKind.DELETE);
            assertThat(deleted.keyExpr()).isEqualTo("kp/out");
        }
    }
}
