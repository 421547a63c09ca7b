/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Interop with the independent peer: Python eclipse-zenoh 1.10 (tools/zpeer.py, run by PythonPeer)
 * on loopback. Every Python process is closed by the test that started it.
 */
class PythonInteropTest {

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** Waits until {@code s} sees a peer (the Python process). */
    static void awaitPeer(Session s) {
        Loopback.await(
                Duration.ofSeconds(20),
                () -> !s.info().peers().isEmpty(),
                "the python peer to connect");
    }

    static Sample poll(BlockingQueue<Sample> q) throws InterruptedException {
        Sample s = q.poll(20, TimeUnit.SECONDS);
        assertThat(s).as("sample from python within 20 s").isNotNull();
        return s;
    }

    @Test
    void javaPutReachesAPythonSubscriber() throws Exception {
        int port = Loopback.freePort();
        try (Session java = Session.open(Loopback.listener(port));
                PythonPeer py =
                        PythonPeer.start(
                                "sub",
                                "--connect",
                                Loopback.endpoint(port),
                                "--key",
                                "interop/j2p/**",
                                "--count",
                                "3")) {
            awaitPeer(java);
            // the Python subscriber (interop/j2p/**) is declared (READY); wait until java sees it
            Loopback.awaitRemoteSubscriber(java, "interop/j2p/text");
            java.put(
                    "interop/j2p/text",
                    utf8("héllo zenoh"),
                    Encoding.parse("text/plain;charset=utf-8"),
                    utf8("att-1"),
                    Qos.DEFAULT.withPriority(Priority.INTERACTIVE_HIGH).withExpress(true));
            try (Publisher pub =
                    java.declarePublisher(
                            "interop/j2p/custom",
                            PublisherOptions.DEFAULT
                                    .withEncoding(Encoding.parse("vnd/custom;v=1"))
                                    .withQos(
                                            Qos.DEFAULT.withCongestionControl(
                                                    CongestionControl.BLOCK)))) {
                pub.put(
                        new byte[] {0, 1, 2, (byte) 0xFF},
                        null,
                        new byte[] {(byte) 0xCA, (byte) 0xFE});
                pub.delete(utf8("bye"));
            }

            JsonNode t = py.nextJson(20);
            assertThat(t.get("key").asText()).isEqualTo("interop/j2p/text");
            assertThat(PythonPeer.text(t.get("payload"))).isEqualTo("héllo zenoh");
            assertThat(t.get("encoding").asText()).isEqualTo("text/plain;charset=utf-8");
            assertThat(PythonPeer.text(t.get("attachment"))).isEqualTo("att-1");
            assertThat(t.get("kind").asText()).isEqualTo("PUT");
            assertThat(t.get("priority").asText()).isEqualTo("INTERACTIVE_HIGH");
            assertThat(t.get("express").asBoolean()).isTrue();
            assertThat(t.get("congestion_control").asText()).isEqualTo("DROP");

            JsonNode c = py.nextJson(20);
            assertThat(c.get("key").asText()).isEqualTo("interop/j2p/custom");
            assertThat(PythonPeer.bytes(c.get("payload"))).containsExactly(0, 1, 2, 0xFF);
            assertThat(c.get("encoding").asText()).isEqualTo("vnd/custom;v=1");
            assertThat(PythonPeer.bytes(c.get("attachment"))).containsExactly(0xCA, 0xFE);
            assertThat(c.get("congestion_control").asText()).isEqualTo("BLOCK");
            assertThat(c.get("priority").asText()).isEqualTo("DATA");

            JsonNode d = py.nextJson(20);
            assertThat(d.get("kind").asText()).isEqualTo("DELETE");
            assertThat(d.get("key").asText()).isEqualTo("interop/j2p/custom");
            assertThat(PythonPeer.text(d.get("attachment"))).isEqualTo("bye");
            assertThat(py.nextJson(20)).as("END after the count").isNull();
        }
    }

    @ParameterizedTest(name = "encoding {0}")
    @CsvSource({"'application/json;v=2', 5, v=2", "vnd/py-custom, 65535, vnd/py-custom"})
    void pythonPutReachesAJavaSubscriber(String encoding, int id, String schema) throws Exception {
        int port = Loopback.freePort();
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session java = Session.open(Loopback.listener(port));
                Subscriber sub =
                        java.declareSubscriber(
                                "interop/p2j/**", SubscriberOptions.DEFAULT, got::add);
                PythonPeer py =
                        PythonPeer.start(
                                "pub",
                                "--connect",
                                Loopback.endpoint(port),
                                "--key",
                                "interop/p2j/x",
                                "--count",
                                "3",
                                "--payload",
                                "{\"i\":{i}}",
                                "--encoding",
                                encoding,
                                "--attachment",
                                "py-att",
                                "--delete",
                                "--delay",
                                "1.5")) {
            for (int i = 0; i < 3; i++) {
                Sample s = poll(got);
                assertThat(s.keyExpr()).isEqualTo("interop/p2j/x");
                assertThat(text(s.payload())).isEqualTo("{\"i\":" + i + "}");
                assertThat(s.encoding()).isEqualTo(new Encoding(id, schema));
                assertThat(s.encoding().toString()).isEqualTo(encoding);
                assertThat(text(s.attachment())).isEqualTo("py-att");
                assertThat(s.kind()).isEqualTo(SampleKind.PUT);
                assertThat(s.congestionControl()).isEqualTo(CongestionControl.BLOCK);
            }
            Sample del = poll(got);
            assertThat(del.kind()).isEqualTo(SampleKind.DELETE);
            assertThat(del.keyExpr()).isEqualTo("interop/p2j/x");
            py.awaitLine("END", 20);
        }
    }

    @Test
    void javaGetIsAnsweredByAPythonQueryable() throws Exception {
        int port = Loopback.freePort();
        try (Session java = Session.open(Loopback.listener(port));
                PythonPeer py =
                        PythonPeer.start(
                                "queryable",
                                "--connect",
                                Loopback.endpoint(port),
                                "--key",
                                "interop/q/**",
                                "--replies",
                                "3",
                                "--payload",
                                "reply {i}",
                                "--encoding",
                                "text/plain",
                                "--error",
                                "py-error",
                                "--count",
                                "1")) {
            awaitPeer(java);
            // the Python queryable reaches java some time after its READY: the get is sent again
            // until it is answered (one that finds nobody never reaches the queryable's --count)
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () ->
                                    java.get(
                                            "interop/q/x",
                                            GetOptions.DEFAULT
                                                    .withParameters("p=1;mode=all")
                                                    .withPayload(
                                                            utf8("ask"), Encoding.APPLICATION_JSON)
                                                    .withAttachment(utf8("qa"))
                                                    .withTarget(QueryTarget.ALL)
                                                    .withConsolidation(ConsolidationMode.NONE)
                                                    .withTimeout(10_000)));

            JsonNode q = py.nextJson(20);
            assertThat(q.get("key").asText()).isEqualTo("interop/q/x");
            assertThat(q.get("parameters").asText()).isEqualTo("p=1;mode=all");
            assertThat(PythonPeer.text(q.get("payload"))).isEqualTo("ask");
            assertThat(q.get("encoding").asText()).isEqualTo("application/json");
            assertThat(PythonPeer.text(q.get("attachment"))).isEqualTo("qa");

            List<Reply> ok = replies.stream().filter(Reply::ok).toList();
            assertThat(ok)
                    .extracting(r -> text(r.sample().payload()))
                    .containsExactly("reply 0", "reply 1", "reply 2");
            assertThat(ok)
                    .allSatisfy(
                            r -> {
                                assertThat(r.sample().keyExpr()).isEqualTo("interop/q/x");
                                assertThat(r.sample().encoding()).isEqualTo(Encoding.TEXT_PLAIN);
                            });
            List<Reply> errors = replies.stream().filter(r -> !r.ok()).toList();
            assertThat(errors).hasSize(1);
            assertThat(text(errors.get(0).errorPayload())).isEqualTo("py-error");
            assertThat(replies).hasSize(4);
        }
    }

    @Test
    void pythonGetIsAnsweredByAJavaQueryable() throws Exception {
        int port = Loopback.freePort();
        BlockingQueue<Query> seen = new LinkedBlockingQueue<>();
        try (Session java = Session.open(Loopback.listener(port));
                Queryable qbl =
                        java.declareQueryable(
                                "interop/jq/*",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    seen.add(query);
                                    query.reply(
                                            "interop/jq/1",
                                            utf8("jr1"),
                                            Encoding.TEXT_PLAIN,
                                            utf8("ja"));
                                    query.reply(
                                            "interop/jq/2",
                                            utf8("{\"n\":2}"),
                                            Encoding.parse("application/json;v=2"),
                                            null);
                                    query.replyError(
                                            utf8("java-error"),
                                            Encoding.parse("text/plain;charset=utf-8"));
                                    query.finish();
                                });
                PythonPeer py =
                        PythonPeer.start(
                                "get",
                                "--connect",
                                Loopback.endpoint(port),
                                "--key",
                                "interop/jq/*",
                                "--payload",
                                "py-ask",
                                "--encoding",
                                "text/plain;charset=utf-8",
                                "--delay",
                                "1.5",
                                "--timeout",
                                "10")) {
            List<JsonNode> replies = py.allJson(20);
            Query q = seen.poll(5, TimeUnit.SECONDS);
            assertThat(q).isNotNull();
            assertThat(q.keyExpr()).isEqualTo("interop/jq/*");
            assertThat(text(q.payload())).isEqualTo("py-ask");
            assertThat(q.encoding()).isEqualTo(new Encoding(4, "charset=utf-8"));

            List<String> okKeys = new ArrayList<>();
            for (JsonNode r : replies) {
                if (!r.get("ok").asBoolean()) {
                    assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("java-error");
                    assertThat(r.get("encoding").asText()).isEqualTo("text/plain;charset=utf-8");
                    continue;
                }
                okKeys.add(r.get("key").asText());
                if (r.get("key").asText().equals("interop/jq/1")) {
                    assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("jr1");
                    assertThat(r.get("encoding").asText()).isEqualTo("text/plain");
                    assertThat(PythonPeer.text(r.get("attachment"))).isEqualTo("ja");
                } else {
                    assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("{\"n\":2}");
                    assertThat(r.get("encoding").asText()).isEqualTo("application/json;v=2");
                }
            }
            assertThat(okKeys).containsExactlyInAnyOrder("interop/jq/1", "interop/jq/2");
            assertThat(replies).hasSize(3);
        }
    }

    @Test
    void javaClientPublishesThroughAPythonRouterToAPythonSubscriber() throws Exception {
        int routerPort = Loopback.freePort();
        try (PythonPeer router =
                PythonPeer.start(
                        "router", "--mode", "router", "--listen", Loopback.endpoint(routerPort))) {
            String routerZid = router.skippedJson("zid").get("zid").asText();
            try (PythonPeer sub =
                            PythonPeer.start(
                                    "sub",
                                    "--mode",
                                    "client",
                                    "--connect",
                                    Loopback.endpoint(routerPort),
                                    "--key",
                                    "interop/router/**",
                                    "--count",
                                    "2");
                    Session client =
                            Session.open(
                                    SessionConfig.DEFAULT
                                            .withMode("client")
                                            .withMulticastScouting(false)
                                            .withConnect(Loopback.endpoint(routerPort)))) {
                Loopback.await(
                        Duration.ofSeconds(10),
                        () -> client.info().routers().contains(routerZid),
                        "the java client to list the python router " + routerZid);
                assertThat(client.info().routers()).containsExactly(routerZid);
                // the Python subscriber reaches the client through the router some time after
                // its READY
                Loopback.awaitRemoteSubscriber(client, "interop/router/a");
                client.put(
                        "interop/router/a",
                        utf8("via python router"),
                        Encoding.TEXT_PLAIN,
                        null,
                        Qos.DEFAULT);
                try (Publisher pub =
                        client.declarePublisher("interop/router/b", PublisherOptions.DEFAULT)) {
                    pub.put(utf8("second"), null, utf8("att"));
                }
                JsonNode first = sub.nextJson(20);
                assertThat(first.get("key").asText()).isEqualTo("interop/router/a");
                assertThat(PythonPeer.text(first.get("payload"))).isEqualTo("via python router");
                assertThat(first.get("encoding").asText()).isEqualTo("text/plain");
                // the router stamps what it forwards (zpeer enables timestamping on routers)
                assertThat(first.get("timestamp").isNull()).as("router timestamp").isFalse();
                JsonNode second = sub.nextJson(20);
                assertThat(second.get("key").asText()).isEqualTo("interop/router/b");
                assertThat(PythonPeer.text(second.get("attachment"))).isEqualTo("att");
                assertThat(sub.nextJson(20)).isNull();

                // and back: a Python client publisher through the router to a Java client
                // subscriber
                BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
                try (Subscriber jsub =
                                client.declareSubscriber(
                                        "interop/router/back",
                                        SubscriberOptions.DEFAULT,
                                        got::add);
                        PythonPeer pub =
                                PythonPeer.start(
                                        "pub",
                                        "--mode",
                                        "client",
                                        "--connect",
                                        Loopback.endpoint(routerPort),
                                        "--key",
                                        "interop/router/back",
                                        "--count",
                                        "1",
                                        "--payload",
                                        "from python",
                                        "--encoding",
                                        "zenoh/string",
                                        "--delay",
                                        "1.5")) {
                    Sample s = poll(got);
                    assertThat(text(s.payload())).isEqualTo("from python");
                    assertThat(s.encoding()).isEqualTo(Encoding.ZENOH_STRING);
                    pub.awaitLine("END", 20);
                }
            }
        }
    }
}
