/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.vertx.PlatformHttpResponses;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's own writer of bytes bodies ({@code BridgeHttpEngine.Consumer.writeBytes}) puts on
 * the wire, byte for byte, what platform-http's writer puts there for the same exchange: each case
 * is answered once by each over a real socket and the two responses compared whole (status line,
 * headers in order, body). What it declines (no status, an exception, a String or empty body, a
 * header of another type) it leaves unwritten, for platform-http.
 */
class BridgeResponseBytesTest {

    private static final BridgeHeaders FILTER = new BridgeHeaders();
    private static final DefaultCamelContext CAMEL = new DefaultCamelContext();
    private static Vertx vertx;
    private static HttpServer server;

    /** The exchange the next request is answered with, and by which writer. */
    private static volatile Consumer<Exchange> fill;

    private static volatile boolean direct;
    private static volatile boolean endedFirst;
    private static volatile Boolean written;

    @BeforeAll
    static void serve() throws Exception {
        vertx = Vertx.vertx();
        Router router = Router.router(vertx);
        router.route()
                .handler(
                        ctx -> {
                            if (endedFirst) {
                                ctx.response().setStatusCode(503).end("ended");
                            }
                            Exchange e = new DefaultExchange(CAMEL);
                            fill.accept(e);
                            if (direct) {
                                written = BridgeHttpEngine.Consumer.writeBytes(ctx, e, FILTER);
                                if (!written && !endedFirst) {
                                    ctx.response().setStatusCode(599).end("declined");
                                }
                            } else {
                                PlatformHttpResponses.write(ctx, e, FILTER, false);
                            }
                        });
        server =
                vertx.createHttpServer()
                        .requestHandler(router)
                        .listen(0, "127.0.0.1")
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        CAMEL.close();
    }

    /** The whole response to one GET on a fresh connection, answered by one of the writers. */
    private static String answer(Consumer<Exchange> with, boolean byBridge) throws Exception {
        fill = with;
        direct = byBridge;
        written = null;
        try (Socket s = new Socket("127.0.0.1", server.actualPort())) {
            s.setSoTimeout(10_000);
            s.getOutputStream()
                    .write(
                            "GET /k HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private static Consumer<Exchange> message(
            Integer status, Map<String, Object> headers, Object body) {
        return e -> {
            if (status != null) {
                e.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
            }
            headers.forEach(e.getMessage()::setHeader);
            e.getMessage().setBody(body);
        };
    }

    private static Map<String, Object> headers(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void writesWhatPlatformHttpWrites() throws Exception {
        List<Consumer<Exchange>> cases =
                List.of(
                        // a get's JSON list
                        message(
                                200,
                                headers(
                                        "Access-Control-Allow-Origin",
                                        "*",
                                        "Vary",
                                        "origin, access-control-request-method",
                                        Exchange.CONTENT_TYPE,
                                        "application/json"),
                                bytes("[{\"key\":\"k\",\"value\":\"é\"}]")),
                        // a raw value with its encoding's Content-Encoding, and headers kept in
                        message(
                                200,
                                headers(
                                        "Access-Control-Allow-Origin",
                                        "*",
                                        "Content-Encoding",
                                        "gzip",
                                        Exchange.CONTENT_TYPE,
                                        "text/plain;charset=latin1",
                                        "X-Not-Written",
                                        "secret",
                                        "CamelZenohKeyExpr",
                                        "k"),
                                ByteBuffer.wrap(new byte[] {0, (byte) 0xff, 10, 13})),
                        // an empty value, no Content-Type
                        message(200, headers("Vary", "origin"), ByteBuffer.allocate(0)),
                        // another status
                        message(404, headers("Allow", "GET"), bytes("not here")),
                        message(
                                405,
                                headers("Allow", "GET,PUT", "Access-Control-Allow-Origin", "*"),
                                ByteBuffer.allocateDirect(3)
                                        .put(new byte[] {'a', 'b', 'c'})
                                        .flip()));
        for (Consumer<Exchange> c : cases) {
            String bridge = answer(c, true);
            assertThat(written).as("written by the bridge").isTrue();
            String platform = answer(c, false);
            assertThat(bridge).isEqualTo(platform).contains("\r\n\r\n");
        }
    }

    /**
     * A body that starts past its buffer's position 0 goes out as its remaining bytes:
     * platform-http sends as many stray bytes after it as it starts late, which on a kept-alive
     * connection come before the next response.
     */
    @Test
    void writesTheRemainingBytesOfASlice() throws Exception {
        Consumer<Exchange> sliced =
                message(
                        200,
                        headers("Vary", "origin"),
                        ByteBuffer.wrap("xx[payload]yy".getBytes(StandardCharsets.UTF_8), 2, 9));
        String bridge = answer(sliced, true);
        assertThat(written).isTrue();
        assertThat(bridge).contains("Content-Length: 9\r\n").endsWith("\r\n\r\n[payload]");
        assertThat(answer(sliced, false)).as("platform-http").endsWith("[payload]\0\0");
    }

    @Test
    void leavesTheRestToPlatformHttp() throws Exception {
        List<Consumer<Exchange>> declined =
                List.of(
                        message(null, headers(), bytes("no status")),
                        message(200, headers(), "a String body"),
                        message(200, headers(), null),
                        message(200, headers(), "bytes".getBytes(StandardCharsets.UTF_8)),
                        message(200, headers("Vary", 5L), bytes("a Long header")),
                        message(200, headers("Allow", 7), bytes("an Integer header let out")),
                        message(200, headers(Exchange.CONTENT_TYPE, 1), bytes("a non-String type")),
                        e -> {
                            message(200, headers(), bytes("failed")).accept(e);
                            e.setException(new IllegalStateException("failed"));
                        });
        for (Consumer<Exchange> c : declined) {
            String bridge = answer(c, true);
            assertThat(written).as("declined").isFalse();
            assertThat(bridge).startsWith("HTTP/1.1 599 ").endsWith("declined");
        }
    }

    /** A response already ended (platform-http then writes nothing) is declined, not written. */
    @Test
    void leavesAnEndedResponseAlone() throws Exception {
        endedFirst = true;
        try {
            String answer = answer(message(200, headers("Vary", "origin"), bytes("late")), true);
            assertThat(answer).startsWith("HTTP/1.1 503 ").endsWith("ended");
            assertThat(written).as("declined").isFalse();
        } finally {
            endedFirst = false;
        }
    }
}
