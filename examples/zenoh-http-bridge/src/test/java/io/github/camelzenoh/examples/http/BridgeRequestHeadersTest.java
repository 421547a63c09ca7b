/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How the bridge maps an HTTP request (BridgeHttpEngine.Consumer#populateCamelMessage,
 * BridgeHeaders, HttpBridgeRoutes#parseRequest), over a plain socket so that exactly these header
 * lines are sent: repeated headers, header-name case, Expect: 100-continue, suspended route, query
 * parameters named like headers. The REST plugin's answer each test expects is zenoh-plugin-rest
 * 1.10.2's (axum's {@code HeaderMap::get} is the first of repeated headers; tower-http's CorsLayer
 * answers every OPTIONS as a preflight; hyper answers Expect: 100-continue when the body is read),
 * checked by hand against {@code tools/rest-plugin-ref}.
 */
class BridgeRequestHeadersTest {

    static TestBridge bridge;

    @BeforeAll
    static void start() {
        bridge = TestBridge.start("--zenoh.timeout=1000", "--bridge.demo=false");
    }

    @AfterAll
    static void stop() {
        if (bridge != null) {
            bridge.close();
        }
    }

    record Head(int status, Map<String, String> headers) {}

    /** Sends {@code head} (request line and header lines, no blank line) and {@code body}. */
    static Socket open(String head, byte[] body) throws IOException {
        Socket s = new Socket("127.0.0.1", bridge.httpPort);
        s.setSoTimeout(15_000);
        OutputStream out = s.getOutputStream();
        out.write(
                (head + "Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.write(body);
        }
        out.flush();
        return s;
    }

    static BufferedReader reader(Socket s) throws IOException {
        return new BufferedReader(
                new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
    }

    /** The status line and headers of the next response (names in lower case). */
    static Head head(BufferedReader in) throws IOException {
        String status = in.readLine();
        assertThat(status).as("a response").isNotNull();
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l; (l = in.readLine()) != null && !l.isEmpty(); ) {
            int c = l.indexOf(':');
            headers.putIfAbsent(
                    l.substring(0, c).trim().toLowerCase(Locale.ROOT), l.substring(c + 1).trim());
        }
        return new Head(Integer.parseInt(status.split(" ")[1]), headers);
    }

    static Head exchange(String head, byte[] body) throws IOException {
        try (Socket s = open(head, body)) {
            return head(reader(s));
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // --- repeated request headers: the first counts ------------------------------------------

    /**
     * Two Accept header lines, the first text/event-stream: the REST plugin opens a stream (it
     * reads the first Accept header), and so does the bridge (a repeated header mapped as a list
     * would reach the route as "[text/event-stream, application/json]").
     */
    @Test
    void repeatedAcceptHeaderWithEventStreamFirstOpensAStreamAsTheRestPlugin() throws Exception {
        try (Socket s =
                open(
                        "GET /rv6/sse/** HTTP/1.1\r\n"
                                + "Accept: text/event-stream\r\n"
                                + "Accept: application/json\r\n",
                        null)) {
            Head h = head(reader(s));
            assertThat(h.status()).isEqualTo(200);
            assertThat(h.headers().get("content-type")).isEqualTo("text/event-stream");
        }
    }

    /** As above, Accept: text/html first: the REST plugin answers HTML. */
    @Test
    void repeatedAcceptHeaderWithHtmlFirstAnswersHtmlAsTheRestPlugin() throws Exception {
        try (Queryable q = textQueryable("rv6/html")) {
            bridge.awaitAnswer("rv6/html");
            Head h =
                    exchange(
                            "GET /rv6/html HTTP/1.1\r\n"
                                    + "Accept: text/html\r\n"
                                    + "Accept: application/json\r\n",
                            null);
            assertThat(h.status()).isEqualTo(200);
            assertThat(h.headers().get("content-type")).startsWith("text/html");
        }
    }

    /**
     * Two Content-Type header lines on a PUT: the REST plugin's encoding is the first one
     * (text/plain), and the bridge's.
     */
    @Test
    void repeatedContentTypeHeaderPutsWithTheFirstAsEncodingAsTheRestPlugin() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                bridge.peer.declareSubscriber("rv6/put/**", SubscriberOptions.DEFAULT, got::add)) {
            bridge.awaitSubscriber("rv6/put/two-types");
            Head h =
                    exchange(
                            "PUT /rv6/put/two-types HTTP/1.1\r\n"
                                    + "Content-Type: text/plain\r\n"
                                    + "Content-Type: text/html\r\n"
                                    + "Content-Length: 1\r\n",
                            utf8("x"));
            assertThat(h.status()).isEqualTo(200);
            Sample put = got.poll(10, TimeUnit.SECONDS);
            assertThat(put).as("the put at the subscriber").isNotNull();
            assertThat(put.encoding()).isEqualTo(Encoding.TEXT_PLAIN);
        }
    }

    // --- OPTIONS without CORS request headers ----------------------------------------------------

    /**
     * tower-http's CorsLayer (the REST plugin's) answers every OPTIONS as a preflight: 200 with
     * Access-Control-Allow-Methods, with or without Origin and Access-Control-Request-Method; so
     * does the bridge.
     */
    @Test
    void optionsWithoutOriginIsAPreflightAsInTheRestPlugin() throws Exception {
        Head h = exchange("OPTIONS /rv6/opt HTTP/1.1\r\n", null);
        assertThat(h.status()).isEqualTo(200);
        assertThat(h.headers()).containsKey("access-control-allow-methods");
    }

    // --- Expect: 100-continue --------------------------------------------------------------------

    /**
     * A client that sends Expect: 100-continue waits for "100 Continue" before its body; the
     * bridge, which reads bodies without Vert.x-Web's BodyHandler, writes it itself (else curl
     * waits its expect timeout, 1 s, per request, and Java's HttpClient with expectContinue until
     * its request timeout).
     */
    @Test
    void putWithExpectContinueIsToldToContinue() throws Exception {
        try (Socket s =
                open(
                        "PUT /rv6/put/continue HTTP/1.1\r\n"
                                + "Content-Type: text/plain\r\n"
                                + "Content-Length: 5\r\n"
                                + "Expect: 100-continue\r\n",
                        null)) {
            s.setSoTimeout(5_000);
            String first;
            try {
                first = reader(s).readLine();
            } catch (SocketTimeoutException silent) {
                first = "nothing within 5 s";
            }
            assertThat(first).startsWith("HTTP/1.1 100");
        }
    }

    // --- requests Vert.x-Web refuses before the route
    // ---------------------------------------------

    /**
     * A path with a malformed escape is 400, as Vert.x-Web answers it, without the ERROR and its
     * 65-line stack trace Vert.x-Web logged for each one: any client could flood the log (cold
     * review C, 2026-12-03).
     */
    @Test
    void aMalformedEscapeIs400AndLogsNoError() throws Exception {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(logged, true, StandardCharsets.UTF_8));
        try {
            for (String path : new String[] {"/rv6/%zz", "/rv6/%4", "/rv6/x%"}) {
                assertThat(exchange("GET " + path + " HTTP/1.1\r\n", null).status())
                        .as(path)
                        .isEqualTo(400);
            }
            Thread.sleep(200);
        } finally {
            System.setErr(err);
        }
        err.print(logged.toString(StandardCharsets.UTF_8));
        assertThat(logged.toString(StandardCharsets.UTF_8)).doesNotContain("ERROR");
    }

    // --- what the mapping must keep
    // -----------------------------------------------------------------

    @Test
    void lowerCaseHeaderNamesAreRead() throws Exception {
        try (Queryable q = textQueryable("rv6/lower")) {
            bridge.awaitAnswer("rv6/lower");
            Head html = exchange("GET /rv6/lower HTTP/1.1\r\naccept: text/html\r\n", null);
            assertThat(html.headers().get("content-type")).startsWith("text/html");
        }
        Head preflight =
                exchange(
                        "OPTIONS /rv6/lower HTTP/1.1\r\n"
                                + "origin: http://x.test\r\n"
                                + "access-control-request-method: PUT\r\n",
                        null);
        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.headers().get("access-control-allow-methods"))
                .isEqualTo("GET,POST,PUT,PATCH,DELETE");
        try (Socket s =
                open("GET /rv6/sse/lower HTTP/1.1\r\naccept: text/event-stream\r\n", null)) {
            assertThat(head(reader(s)).headers().get("content-type"))
                    .isEqualTo("text/event-stream");
        }
    }

    /**
     * A query string Vert.x cannot decode (platform-http's own mapping parses it and answers 400
     * "Error while decoding query params") reaches zenoh as it is, as in the REST plugin.
     */
    @Test
    void anUndecodableQueryStringReachesZenohAsItIs() throws Exception {
        try (Queryable q = textQueryable("rv6/params")) {
            bridge.awaitAnswer("rv6/params");
            try (Socket s = open("GET /rv6/params?x=%zz;Accept=text/html HTTP/1.1\r\n", null)) {
                BufferedReader in = reader(s);
                Head h = head(in);
                assertThat(h.status()).isEqualTo(200);
                assertThat(h.headers().get("content-type")).isEqualTo("application/json");
                StringBuilder body = new StringBuilder();
                for (String l; (l = in.readLine()) != null; ) {
                    body.append(l);
                }
                assertThat(body.toString()).contains("params=x=%zz;Accept=text/html");
            }
        }
    }

    @Test
    void aSuspendedRouteAnswers503ForEveryMethod() throws Exception {
        var routes = bridge.main.getCamelContext().getRouteController();
        routes.suspendRoute("zenoh-rest");
        try {
            assertThat(exchange("GET /rv6/suspended HTTP/1.1\r\n", null).status()).isEqualTo(503);
            assertThat(
                            exchange(
                                            "PUT /rv6/suspended HTTP/1.1\r\nContent-Length: 1\r\n",
                                            utf8("x"))
                                    .status())
                    .isEqualTo(503);
        } finally {
            routes.resumeRoute("zenoh-rest");
        }
        assertThat(exchange("GET /rv6/suspended HTTP/1.1\r\n", null).status()).isEqualTo(200);
    }

    static Queryable textQueryable(String key) {
        return bridge.peer.declareQueryable(
                key,
                QueryableOptions.DEFAULT,
                query -> {
                    query.reply(
                            key, utf8("params=" + query.parameters()), Encoding.TEXT_PLAIN, null);
                    query.finish();
                });
    }
}
