/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.github.camelzenoh.component.zenoh.ZenohReply;
import io.github.camelzenoh.component.zenoh.ZenohReplyException;
import io.github.camelzenoh.component.zenoh.ZenohReplyLimitException;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import io.github.camelzenoh.zenoh.Session;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * Errors: 400 bad selector (zenoh's reason), 413/503/408 for a body too large, over the buffered
 * budget or too slow; a get answers 200 whatever came, as the REST plugin: error replies listed
 * with key "ERROR", and a get that timed out ends with zenoh's "Timeout" error.
 */
public class HttpBridgeRoutes extends RouteBuilder {

    static final String ZENOH = "zenoh:http/bridge?session=#zenohSession";
    private static final String OP = "zenohRestOperation";
    private static final String RENDER = "zenohRestRender";
    private static final String STATUS = "zenohRestStatus";
    private static final String RAW_KEY = "_raw";
    private static final String ALLOW = "zenohRestAllow";

    /** The registry name of the request-body reader and its budget ({@link RawRequestBody}). */
    static final String BODIES = "bridgeRequestBodies";

    /** The methods served, as the REST plugin names them in Allow. */
    private static final String METHODS = "GET,HEAD,POST,PUT,PATCH,DELETE";

    /** The request headers a response depends on (CORS), on every response as the REST plugin. */
    private static final String VARY =
            "origin, access-control-request-method, access-control-request-headers";

    /** zenoh's own error reply ending a get whose time ran out (the session's). */
    private static final ZenohReply TIMEOUT = ZenohReply.error("Timeout", "zenoh/string");

    private final SseStreams sse = new SseStreams();

    /** GET / : one static page (web/index.html) that gets, subscribes and puts through this API. */
    private final byte[] livePage = resource("web/index.html");

    @PropertyInject(value = "zenoh.timeout", defaultValue = "10000")
    private long timeout;

    @PropertyInject(value = "bridge.demo", defaultValue = "true")
    private boolean demo;

    @PropertyInject(value = "http.maxBodySize", defaultValue = "33554432")
    private long maxBodySize;

    @PropertyInject(value = "http.maxBufferedBodyBytes", defaultValue = "134217728")
    private long maxBufferedBodyBytes;

    @PropertyInject(value = "http.bodyTimeout", defaultValue = "30000")
    private long bodyTimeout;

    @Override
    public void configure() throws Exception {
        getContext().addService(sse, true, true);
        BridgeHttpEngine engine = new BridgeHttpEngine();
        engine.setCamelContext(getContext());
        getContext().getRegistry().bind("bridgeHttpEngine", engine);
        getContext().getRegistry().bind("bridgeHeaders", new BridgeHeaders());
        getContext().addStartupListener(new BoundAddressLog());
        getContext().addStartupListener(new ClientErrorRefusals());
        // one budget for every request's body; its figures on the metrics (RequestBodyMeters)
        RawRequestBody bodies = new RawRequestBody(maxBodySize, maxBufferedBodyBytes, bodyTimeout);
        getContext().getRegistry().bind(BODIES, bodies);
        getContext().addStartupListener(new RequestBodyMeters(bodies));
        // the connection is closed after the 400: what follows on it cannot be told apart
        onException(RawRequestBody.UnknownBodyLengthException.class)
                .handled(true)
                .process(
                        e -> {
                            error(e, 400, caught(e).getMessage());
                            e.getMessage().setHeader("Connection", "close");
                        });
        onException(IllegalArgumentException.class, KeyExprException.class)
                .handled(true)
                .process(e -> error(e, 400, caught(e).getMessage()));
        onException(RawRequestBody.BodyTooLargeException.class)
                .handled(true)
                .process(e -> error(e, 413, caught(e).getMessage()));
        onException(RawRequestBody.BodyBudgetExceededException.class)
                .handled(true)
                .process(e -> error(e, 503, caught(e).getMessage()));
        // the client is gone: nothing to log beyond the count (RawRequestBody); the response
        // platform-http then writes goes nowhere, but it must be one it can write (not the
        // request, still the body)
        onException(RawRequestBody.ClientGoneException.class)
                .handled(true)
                .process(e -> respond(e, 400, null, null));
        onException(RawRequestBody.BodyTimeoutException.class)
                .handled(true)
                .process(e -> error(e, 408, caught(e).getMessage()));
        // more replies than the get may hold (the plugin would hold them all): 502, naming the
        // options that raise the limits
        onException(ZenohReplyLimitException.class)
                .handled(true)
                .process(
                        e ->
                                error(
                                        e,
                                        502,
                                        ((ZenohReplyLimitException) caught(e)).getReason()
                                                + "; the bridge's limits are"
                                                + " camel.component.zenoh.maxReplies and"
                                                + " camel.component.zenoh.maxReplyBytes"));
        // only error replies: the REST plugin answers them as a list too (key "ERROR"), status 200
        onException(ZenohReplyException.class).handled(true).process(this::getResponse);

        // no body handler: it would parse form and multipart bodies; RawRequestBody reads the bytes
        // gets, streams and the page are routed from the event loop (BridgeHttpEngine); only the
        // headers the route reads and writes are mapped (BridgeHeaders)
        from("platform-http:/?matchOnUriPrefix=true&useBodyHandler=false"
                        + "&platformHttpEngine=#bridgeHttpEngine&headerFilterStrategy=#bridgeHeaders")
                .routeId("zenoh-rest")
                .process(bodies)
                .process(this::parseRequest)
                .choice()
                // the most frequent operation first: a get tests one predicate, not six
                .when(exchangeProperty(OP).isEqualTo("get"))
                .to(ZENOH + "&operation=get&timeout=" + timeout)
                .process(this::getResponse)
                .when(exchangeProperty(OP).isEqualTo("put"))
                // block, not zenoh's default drop: a large body is many fragments, and a bridge
                // that answered 200 must not lose them to a full transmission queue
                .to(ZENOH + "&operation=put&congestionControl=block")
                .process(e -> respond(e, 200, null, null))
                .when(exchangeProperty(OP).isEqualTo("delete"))
                .to(ZENOH + "&operation=delete")
                .process(e -> respond(e, 200, null, null))
                .when(exchangeProperty(OP).isEqualTo("sse"))
                .process(sse)
                .when(exchangeProperty(OP).isEqualTo("page"))
                .process(e -> respond(e, 200, "text/html; charset=utf-8", livePage))
                .when(exchangeProperty(OP).isEqualTo("preflight"))
                .process(HttpBridgeRoutes::preflight)
                .otherwise() // "none": a refusal (404, 405)
                .process(
                        e -> {
                            respond(e, e.getProperty(STATUS, Integer.class), null, null);
                            String allow = e.getProperty(ALLOW, String.class);
                            if (allow != null) {
                                e.getMessage().setHeader("Allow", allow); // required with 405
                            }
                        })
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
        String path;
        String query;
        if (m instanceof HttpMessage hm) {
            path = hm.getRequest().path();
            query = hm.getRequest().query(); // raw, as the REST plugin passes it to zenoh
        } else {
            path = m.getHeader(Exchange.HTTP_PATH, String.class);
            query = m.getHeader(Exchange.HTTP_QUERY, String.class);
        }
        // raw control characters in the request target: refused, as the REST plugin's HTTP server
        // refuses them in a request line (escaped ones, %01, are zenoh's to judge)
        refuseControlCharacter(path, "Invalid URL: the path", "");
        if (query != null) {
            refuseControlCharacter(query, "Invalid URL: the query string", "");
        }
        // a fragment is never the server's (HTTP clients do not send it; a raw one is cut off),
        // but its raw bytes must be UTF-8 as the rest of the target's (the REST plugin's 400)
        int fragment = path.indexOf('#');
        if (fragment >= 0) {
            strictUtf8(path.substring(fragment + 1), FRAGMENT);
            if (query != null) {
                strictUtf8(query, FRAGMENT); // the server split "#x?y" at its '?'
            }
            path = path.substring(0, fragment);
            query = null;
        } else if (query != null && (fragment = query.indexOf('#')) >= 0) {
            strictUtf8(query.substring(fragment + 1), FRAGMENT);
            query = query.substring(0, fragment);
        }
        refuseUnescaped(path, PATH_UNESCAPED, "Invalid URL: the path");
        if (query != null) {
            refuseUnescaped(query, QUERY_UNESCAPED, "Invalid URL: the query string");
        }
        // the path's one leading slash: "//a" names the key "/a", which zenoh refuses, as the
        // REST plugin does
        String key = decodePath(path.startsWith("/") ? path.substring(1) : path);
        switch (method) {
            case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE" -> {}
            case "OPTIONS" -> {
                // answered as a CORS preflight (any origin, the methods above), with or without
                // Origin and Access-Control-Request-Method, as the REST plugin answers every
                // OPTIONS
                none(e, "preflight", 200);
                return;
            }
            default -> {
                none(e, "none", 405);
                e.setProperty(ALLOW, METHODS);
                return;
            }
        }
        if (key.isEmpty()) {
            if ("GET".equals(method) || "HEAD".equals(method)) {
                e.setProperty(OP, "page"); // the live page
            } else {
                none(e, "none", 404);
            }
            return;
        }
        refuseControlCharacter(key, "Key expression", ": not a valid zenoh key");
        key = localAdminSpace(key);
        checkChunks(key);
        try {
            KeyExpr.validate(key);
        } catch (KeyExprException bad) {
            throw new IllegalArgumentException(zenohReason(bad.getMessage()), bad);
        }
        String parameters = query == null ? "" : strictUtf8(query, "the query string");
        // _raw by presence, in zenoh's parameter syntax (name[=value] separated by ';')
        boolean raw = hasParameter(parameters, RAW_KEY);
        // only the first Accept entry counts, as in the REST plugin
        String accept = firstMediaType(visibleAscii(m.getHeader("Accept", "", String.class)));
        String op =
                switch (method) {
                    case "PUT", "PATCH" -> "put";
                    case "DELETE" -> "delete";
                    // a HEAD is answered as a get's head, also when it asks for a stream (a
                    // stream's head alone would never end), as the REST plugin answers it
                    default ->
                            "text/event-stream".equals(accept) && !"HEAD".equals(method)
                                    ? "sse"
                                    : "get";
                };
        byte[] body = null;
        if ("sse".equals(op) || "delete".equals(op)) {
            RawRequestBody.bodyDropped(e); // a stream lasts: its unused body must not hold budget
        } else {
            body = m.getBody(byte[].class);
        }
        if ("get".equals(op) && body != null && body.length == 0) {
            body = null; // an empty query payload is no payload
        }
        String contentType = m.getHeader(Exchange.CONTENT_TYPE, String.class);
        m.getHeaders().clear(); // HTTP request headers are not echoed back, nor sent to zenoh
        m.setBody(body);
        if (contentType != null && body != null) {
            // the Content-Type as zenoh's encoding as it is, as the REST plugin (the component's
            // Content-Type mapping would trim spaces around the ';')
            Encoding encoding = requestEncoding(contentType);
            m.setHeader(ZenohConstants.ENCODING_ID, encoding.id());
            if (encoding.schema() != null) {
                m.setHeader(ZenohConstants.ENCODING_SCHEMA, encoding.schema());
            }
        }
        m.setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, key);
        m.setHeader(ZenohConstants.SELECTOR_PARAMETERS, parameters);
        e.setProperty(OP, op);
        e.setProperty(RENDER, raw ? "raw" : "text/html".equals(accept) ? "html" : "json");
        e.setProperty("zenohRestKey", key);
    }

    /**
     * A key of more chunks than the binding takes ({@link KeyExpr#MAX_CHUNKS}) is refused here, for
     * every operation, before a stream begins: a deliberate deviation (the REST plugin answers such
     * a get 200 [], and its router overflows its stack on deeper keys).
     */
    private static void checkChunks(String key) {
        int chunks = 1;
        for (int i = key.indexOf('/'); i >= 0; i = key.indexOf('/', i + 1)) {
            chunks++;
        }
        if (chunks > KeyExpr.MAX_CHUNKS) {
            throw new IllegalArgumentException(
                    "Key expression has "
                            + chunks
                            + " chunks: the bridge takes at most "
                            + KeyExpr.MAX_CHUNKS
                            + " (zenoh walks a key's chunks recursively)");
        }
    }

    /** Whether zenoh's parameters ({@code name[=value]} separated by ';') name {@code name}. */
    static boolean hasParameter(String parameters, String name) {
        int start = 0;
        while (start <= parameters.length()) {
            int end = parameters.indexOf(';', start);
            if (end < 0) {
                end = parameters.length();
            }
            // a name holds no ';': when it starts here, it ends at or before the chunk's end
            int after = start + name.length();
            if (parameters.startsWith(name, start)
                    && (after == end || parameters.charAt(after) == '=')) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /**
     * A header the REST plugin reads only as visible ASCII (and tab; the {@code http} crate's
     * {@code to_str}): any other byte, e.g. raw UTF-8, and it reads no header at all, so neither
     * does the bridge.
     */
    static String visibleAscii(String header) {
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if ((c < 0x20 && c != '\t') || c > 0x7e) {
                return "";
            }
        }
        return header;
    }

    /** An Accept header's first entry without its parameters: what the REST plugin reads. */
    static String firstMediaType(String accept) {
        int end = accept.indexOf(',');
        end = end < 0 ? accept.length() : end;
        int semicolon = accept.indexOf(';');
        return accept.substring(0, semicolon >= 0 && semicolon < end ? semicolon : end);
    }

    /**
     * The request's Content-Type as zenoh reads a text into an encoding ({@link Encoding#parse}),
     * its bytes read as UTF-8 as the REST plugin reads them (the HTTP server hands each byte over
     * as the char of the same value).
     */
    static Encoding requestEncoding(String contentType) {
        try {
            return Encoding.parse(rawUtf8(contentType));
        } catch (IllegalArgumentException e) { // a schema longer than zenoh carries (255 bytes)
            throw new IllegalArgumentException("Header Content-Type: " + e.getMessage(), e);
        }
    }

    private static final String FRAGMENT = "the fragment";

    /**
     * A raw part of the request target (the query string, a fragment) as UTF-8 (read as {@link
     * #rawUtf8} reads a header), strictly: raw bytes that are no UTF-8 are refused as the REST
     * plugin's HTTP server refuses them. A U+FFFD sent as its UTF-8 bytes is kept.
     */
    static String strictUtf8(String part, String what) {
        for (int i = 0; i < part.length(); i++) {
            if (part.charAt(i) >= 0x80) {
                try {
                    return StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(part.getBytes(StandardCharsets.ISO_8859_1)))
                            .toString();
                } catch (CharacterCodingException e) {
                    throw new IllegalArgumentException(
                            "Invalid URL: "
                                    + what
                                    + " is not UTF-8 (raw bytes that are no UTF-8 sequence)",
                            e);
                }
            }
        }
        return part;
    }

    /**
     * A request head's text as UTF-8: the HTTP server reads its bytes as ISO-8859-1, so a raw UTF-8
     * byte arrives as the char of that byte; they are decoded back (malformed bytes as U+FFFD, as
     * Rust's from_utf8_lossy), as the REST plugin reads a header.
     */
    static String rawUtf8(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return Utf8.decodeLossy(text.getBytes(StandardCharsets.ISO_8859_1));
            }
        }
        return text;
    }

    /**
     * The request path percent-decoded as the key: each run of {@code %XX} escapes and raw bytes
     * (the HTTP server hands a raw byte over as the char of the same value, see {@link #rawUtf8})
     * must be UTF-8 (strictly: no invalid bytes, overlong forms, surrogates or truncated
     * sequences), '+' stays '+'. A lenient decoder would turn every malformed sequence into U+FFFD,
     * so {@code /a%FF} and {@code /a%FE} would name one key; the REST plugin answers such paths
     * 400, and so does this.
     */
    static String decodePath(String path) {
        int first = 0;
        while (first < path.length() && path.charAt(first) != '%' && path.charAt(first) < 0x80) {
            first++;
        }
        if (first == path.length()) {
            return path;
        }
        StringBuilder key = new StringBuilder(path.length());
        key.append(path, 0, first);
        byte[] run = new byte[path.length() - first];
        CharsetDecoder utf8 =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        int i = first;
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c != '%' && c < 0x80) {
                key.append(c);
                i++;
                continue;
            }
            int start = i;
            int n = 0;
            while (i < path.length() && (path.charAt(i) == '%' || path.charAt(i) >= 0x80)) {
                if (path.charAt(i) >= 0x80) {
                    run[n++] = (byte) path.charAt(i++); // a raw byte (ISO-8859-1 char)
                    continue;
                }
                if (i + 2 >= path.length()) {
                    throw new IllegalArgumentException(
                            "Invalid URL: incomplete percent-escape at index "
                                    + i
                                    + " of the path");
                }
                int hi = Character.digit(path.charAt(i + 1), 16);
                int lo = Character.digit(path.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException(
                            "Invalid URL: illegal percent-escape '"
                                    + path.substring(i, i + 3)
                                    + "' at index "
                                    + i
                                    + " of the path");
                }
                run[n++] = (byte) (hi << 4 | lo);
                i += 3;
            }
            try {
                key.append(utf8.reset().decode(ByteBuffer.wrap(run, 0, n)));
            } catch (CharacterCodingException bad) {
                // the REST plugin's words (up to " at "), then where
                throw new IllegalArgumentException(
                        "Invalid URL: Invalid UTF-8 in `key_expr` at "
                                + path.substring(start, i)
                                + " (index "
                                + start
                                + " of the path): percent-escapes must encode UTF-8",
                        bad);
            }
        }
        return key.toString();
    }

    /**
     * Printable ASCII an HTTP request target must not carry unescaped, where the REST plugin's HTTP
     * server (the {@code http} crate's URI parser) answers 400: in the path {@code <}, {@code >}
     * and the backtick; in the query {@code "}, {@code <} and {@code >}.
     */
    private static final String PATH_UNESCAPED = "<>`";

    private static final String QUERY_UNESCAPED = "\"<>";

    private static void refuseUnescaped(String text, String refused, String what) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (refused.indexOf(c) >= 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "%s contains '%c' at index %d: a request target carries it"
                                        + " percent-encoded only",
                                what, c, i));
            }
        }
    }

    /** Refuses a control character (C0 or DEL) in {@code text}, naming it and where it is. */
    private static void refuseControlCharacter(String text, String what, String why) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new IllegalArgumentException(
                        String.format(
                                "%s contains the control character U+%04X at index %d%s",
                                what, (int) c, i, why));
            }
        }
    }

    /** zenoh's own words, as the REST plugin answers: the binding prefixes the key it names. */
    static String zenohReason(String message) {
        String prefix = "invalid key expression '";
        int end = message.indexOf("': ");
        return message.startsWith(prefix) && end > 0 ? message.substring(end + 3) : message;
    }

    private static void none(Exchange e, String op, int status) {
        e.getMessage().getHeaders().clear();
        e.getMessage().setBody(null);
        e.setProperty(OP, op);
        e.setProperty(STATUS, status);
    }

    /** {@code @/local/...} names this bridge's own zenoh session: {@code @/<zid>/...}. */
    private String localAdminSpace(String key) {
        if (!key.startsWith("@/local")) {
            return key;
        }
        String rest = key.substring("@/local".length());
        if (!rest.isEmpty() && !rest.startsWith("/")) {
            return key;
        }
        Session session =
                getContext().getRegistry().lookupByNameAndType("zenohSession", Session.class);
        return session == null ? key : "@/" + session.info().zid() + rest;
    }

    private static void preflight(Exchange e) {
        respond(e, 200, null, null);
        e.getMessage().setHeader("Access-Control-Allow-Methods", "GET,POST,PUT,PATCH,DELETE");
        e.getMessage().setHeader("Allow", METHODS);
    }

    private static Exception caught(Exchange e) {
        return e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
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

    /** Every reply, ok or error, rendered as the REST plugin does: JSON list, raw or HTML. */
    @SuppressWarnings("unchecked")
    private void getResponse(Exchange e) {
        List<ZenohReply> replies = e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        if (replies == null) {
            replies = List.of();
        }
        if (timedOut(e)) {
            // the component leaves zenoh's "Timeout" errors out of the replies (no answer from
            // anyone); the REST plugin lists one after what came, so a client tells a get that
            // timed out from one nobody answered
            List<ZenohReply> all = new ArrayList<>(replies.size() + 1);
            all.addAll(replies);
            all.add(TIMEOUT);
            replies = all;
        }
        switch (e.getProperty(RENDER, "json", String.class)) {
            case "raw" -> {
                if (replies.isEmpty()) {
                    respond(e, 200, null, null);
                    return;
                }
                ZenohReply first = replies.get(0);
                respond(e, 200, null, first.payload());
                RestJson.rawContentType(first.encoding())
                        .forEach((name, value) -> e.getMessage().setHeader(name, value));
            }
            case "html" -> respond(e, 200, "text/html; charset=utf-8", RestJson.html(replies));
            default -> respond(e, 200, "application/json", RestJson.repliesUtf8(replies));
        }
    }

    /** zenoh ended the get at its timeout (the component left its "Timeout" errors out). */
    private static boolean timedOut(Exchange e) {
        return e.getProperty(ZenohConstants.GET_TIMED_OUT, false, Boolean.class);
    }

    private static void error(Exchange e, int status, String message) {
        respond(e, status, "text/plain; charset=utf-8", message);
    }

    private static void respond(Exchange e, int status, String contentType, Object body) {
        Message m = e.getMessage();
        m.getHeaders().clear();
        m.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        m.setHeader("Access-Control-Allow-Origin", "*"); // on every response, as the REST plugin
        m.setHeader("Vary", VARY);
        if (contentType != null) {
            m.setHeader(Exchange.CONTENT_TYPE, contentType);
        }
        // platform-http ends the response with a ByteBuffer's bytes at once; a byte[] it would
        // convert to an InputStream and pump through a stream adapter, chunk by chunk
        m.setBody(body instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : body);
    }
}
