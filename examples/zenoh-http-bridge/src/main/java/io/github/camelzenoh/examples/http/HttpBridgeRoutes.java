/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.github.camelzenoh.component.zenoh.ZenohReply;
import io.github.camelzenoh.component.zenoh.ZenohReplyException;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.PropertyInject;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.platform.http.vertx.HttpMessage;

/**
 * HTTP ↔ zenoh with the zenohd REST plugin's semantics:
 *
 * <ul>
 *   <li>{@code GET|POST /<selector>} → zenoh get; a JSON list of {key, value, encoding, timestamp}
 *       ({@code ?_raw=true}: the first reply's bytes with its Content-Type); a POST body is the
 *       query payload;
 *   <li>{@code GET} with {@code Accept: text/event-stream} → a stream of the samples on the key;
 *   <li>{@code PUT|PATCH /<key>} → put, encoding from Content-Type; {@code DELETE /<key>} → delete;
 *   <li>{@code GET /} → the live page ({@code web/index.html}).
 * </ul>
 *
 * Errors: 400 bad selector, 404 raw get without reply, 502 only error replies, 504 timeout.
 */
public class HttpBridgeRoutes extends RouteBuilder {

    static final String ZENOH = "zenoh:http/bridge?session=#zenohSession";
    private static final String OP = "zenohRestOperation";
    private static final String RAW = "zenohRestRaw";
    private static final String STARTED = "zenohRestStarted";

    private final SseStreams sse = new SseStreams();

    /** GET / : one static page (web/index.html) that gets, subscribes and puts through this API. */
    private final byte[] livePage = resource("web/index.html");

    @PropertyInject(value = "zenoh.timeout", defaultValue = "10000")
    private long timeout;

    @PropertyInject(value = "bridge.demo", defaultValue = "true")
    private boolean demo;

    @PropertyInject(value = "http.maxBodySize", defaultValue = "33554432")
    private long maxBodySize;

    @Override
    public void configure() throws Exception {
        getContext().addService(sse, true, true);
        getContext().addStartupListener(new BoundAddressLog());
        onException(IllegalArgumentException.class)
                .handled(true)
                .process(
                        e ->
                                error(
                                        e,
                                        400,
                                        e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class)
                                                .getMessage()));
        onException(RawRequestBody.BodyTooLargeException.class)
                .handled(true)
                .process(
                        e ->
                                error(
                                        e,
                                        413,
                                        e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class)
                                                .getMessage()));
        onException(ZenohReplyException.class)
                .handled(true)
                .process(
                        e -> {
                            if (timedOut(
                                    e)) { // zenoh reports a query nobody finished in time as an
                                // error reply
                                error(
                                        e,
                                        504,
                                        "zenoh get on '"
                                                + e.getProperty("zenohRestKey")
                                                + "' timed out after "
                                                + timeout
                                                + " ms");
                                return;
                            }
                            @SuppressWarnings("unchecked") // the producer sets a List<ZenohReply>
                            List<ZenohReply> replies =
                                    e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
                            respond(e, 502, "application/json", RestJson.replies(replies));
                        });

        // no body handler: it would parse form and multipart bodies; RawRequestBody reads the bytes
        from("platform-http:/?matchOnUriPrefix=true&useBodyHandler=false")
                .routeId("zenoh-rest")
                .process(new RawRequestBody(maxBodySize))
                .process(this::parseRequest)
                .choice()
                .when(exchangeProperty(OP).isEqualTo("put"))
                // block, not zenoh's default drop: a large body is many fragments, and a bridge
                // that
                // answered 200 must not lose them to a full transmission queue
                .to(ZENOH + "&operation=put&congestionControl=block")
                .process(e -> respond(e, 200, null, null))
                .when(exchangeProperty(OP).isEqualTo("delete"))
                .to(ZENOH + "&operation=delete")
                .process(e -> respond(e, 200, null, null))
                .when(exchangeProperty(OP).isEqualTo("sse"))
                .process(sse)
                .when(exchangeProperty(OP).isEqualTo("page"))
                .process(e -> respond(e, 200, "text/html; charset=utf-8", livePage))
                .otherwise()
                .to(ZENOH + "&operation=get&timeout=" + timeout)
                .process(this::getResponse)
                .end();

        if (demo) {
            // something to GET out of the box: curl http://localhost:8000/demo/example/camel
            from("zenoh:demo/example/camel?session=#zenohSession&consumerType=queryable")
                    .routeId("demo-queryable")
                    .setHeader(ZenohConstants.ENCODING_ID, constant(Encoding.APPLICATION_JSON.id()))
                    .removeHeader(ZenohConstants.ENCODING_SCHEMA)
                    .setBody(
                            simple(
                                    "{\"message\":\"Hello from Camel over zenoh\",\"time\":\"${date:now:yyyy-MM-dd'T'HH:mm:ss}\"}"));
        }
    }

    private void parseRequest(Exchange e) {
        Message m = e.getMessage();
        String method = m.getHeader(Exchange.HTTP_METHOD, String.class);
        String path =
                m instanceof HttpMessage hm
                        ? hm.getRequest().path()
                        : m.getHeader(Exchange.HTTP_PATH, String.class);
        String key = URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        while (key.startsWith("/")) {
            key = key.substring(1);
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new IllegalArgumentException(
                        String.format(
                                "Key expression contains the control character U+%04X at index %d:"
                                        + " not a valid zenoh key",
                                (int) c, i));
            }
        }
        if (key.isEmpty()) {
            if ("GET".equals(method)) {
                e.setProperty(OP, "page"); // the live page
                return;
            }
            throw new IllegalArgumentException(
                    "No key expression in the path: use e.g. GET /demo/example/**");
        }
        try {
            KeyExpr.validate(key);
        } catch (KeyExprException bad) {
            throw new IllegalArgumentException(bad.getMessage(), bad);
        }
        String query = m.getHeader(Exchange.HTTP_QUERY, String.class);
        List<String> params =
                query == null || query.isBlank()
                        ? List.of()
                        : Arrays.stream(query.split("[&;]")).filter(p -> !p.isBlank()).toList();
        boolean raw = params.stream().anyMatch(p -> p.equals("_raw=true") || p.equals("_raw"));
        String accept = m.getHeader("Accept", "", String.class);
        String op =
                switch (method) {
                    case "PUT", "PATCH" -> "put";
                    case "DELETE" -> "delete";
                    case "GET", "POST" -> accept.contains("text/event-stream") ? "sse" : "get";
                    default ->
                            throw new IllegalArgumentException(
                                    "HTTP method " + method + " is not supported");
                };
        byte[] body =
                "get".equals(op) && "GET".equals(method) || "sse".equals(op) || "delete".equals(op)
                        ? null
                        : m.getBody(byte[].class);
        String contentType = m.getHeader(Exchange.CONTENT_TYPE, String.class);
        m.getHeaders().clear(); // HTTP request headers are not echoed back, nor sent to zenoh
        m.setBody(body);
        if (contentType != null && body != null) {
            m.setHeader(Exchange.CONTENT_TYPE, contentType);
        }
        m.setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, key);
        m.setHeader(
                ZenohConstants.SELECTOR_PARAMETERS,
                params.stream()
                        .filter(p -> !p.startsWith("_raw"))
                        .collect(Collectors.joining(";")));
        e.setProperty(OP, op);
        e.setProperty(RAW, raw);
        e.setProperty("zenohRestKey", key);
        e.setProperty(STARTED, System.nanoTime());
    }

    private static byte[] resource(String name) {
        try (var in = HttpBridgeRoutes.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the bridge's jar");
            }
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }

    private boolean timedOut(Exchange e) {
        long elapsedMs = (System.nanoTime() - e.getProperty(STARTED, Long.class)) / 1_000_000;
        return elapsedMs >= timeout * 95 / 100;
    }

    @SuppressWarnings("unchecked")
    private void getResponse(Exchange e) {
        Message m = e.getMessage();
        List<ZenohReply> replies = m.getHeader(ZenohConstants.REPLIES, List.class);
        if (replies.isEmpty() && timedOut(e)) {
            error(
                    e,
                    504,
                    "zenoh get on '"
                            + e.getProperty("zenohRestKey")
                            + "' timed out after "
                            + timeout
                            + " ms");
            return;
        }
        if (Boolean.TRUE.equals(e.getProperty(RAW))) {
            ZenohReply first = replies.stream().filter(ZenohReply::ok).findFirst().orElse(null);
            if (first == null) {
                error(e, 404, "no reply for '" + e.getProperty("zenohRestKey") + "'");
                return;
            }
            Encoding enc = new Encoding(first.encodingId(), first.encodingSchema());
            String ct =
                    enc.isMimeType()
                            ? enc.toString().replace(";", "; ")
                            : enc.id() == Encoding.ZENOH_STRING.id()
                                    ? "text/plain; charset=utf-8"
                                    : "application/octet-stream";
            respond(e, 200, ct, first.payload());
            return;
        }
        respond(e, 200, "application/json", RestJson.replies(replies));
    }

    private static void error(Exchange e, int status, String message) {
        respond(e, status, "application/json", RestJson.error(message));
    }

    private static void respond(Exchange e, int status, String contentType, Object body) {
        Message m = e.getMessage();
        m.getHeaders().clear();
        m.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        if (contentType != null) {
            m.setHeader(Exchange.CONTENT_TYPE, contentType);
        }
        m.setBody(body);
    }
}
