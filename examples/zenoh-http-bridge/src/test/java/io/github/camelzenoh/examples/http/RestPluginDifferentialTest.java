/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge against zenohd's own REST plugin (zenoh-plugin-rest 1.10.2, run by {@code
 * tools/rest-plugin-ref}), with the same zenoh peers behind both: a corpus of requests (every
 * method, {@code _raw}, parameters, Accept variants, encodings, bad keys, empty results, error
 * replies, PUT effects at a subscriber, SSE) goes to both servers, and status, Content-Type, the
 * CORS header and the body (JSON compared structurally) must match — except the differences listed
 * with their reason in {@code rest-plugin-deviations.properties}, the reviewed list of deliberate
 * deviations (which must each still differ, so the list cannot go stale).
 *
 * <p>Requests go over a plain socket (HTTP/1.1, Connection: close) so that exactly the bytes of
 * each case are sent, including paths no HTTP client library would send unescaped.
 */
class RestPluginDifferentialTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static Process restPlugin;
    static Main bridge;
    static int restHttp;
    static int bridgeHttp;
    static int routerPort;
    static final List<PythonPeer> peers = new ArrayList<>();
    static final String BINARY_B64 =
            Base64.getEncoder().encodeToString(new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0xFE, 10});

    @BeforeAll
    static void start() throws Exception {
        Path binary = Path.of(System.getProperty("camelzenoh.restPluginRef", "missing"));
        assertThat(binary).as("tools/rest-plugin-ref built by the build").isExecutable();
        restHttp = Loopback.freePort();
        bridgeHttp = Loopback.freePort();
        routerPort = Loopback.freePort();
        String router = Loopback.endpoint(routerPort);
        restPlugin =
                new ProcessBuilder(binary.toString(), Integer.toString(restHttp), router)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(restPlugin.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo("READY");
        bridge =
                ZenohHttpBridge.create(
                        "--http.port=" + bridgeHttp,
                        "--http.managementPort=" + Loopback.freePort(),
                        "--zenoh.mode=peer",
                        "--zenoh.connect=" + router,
                        "--zenoh.listen=" + Loopback.endpoint(Loopback.freePort()),
                        "--zenoh.timeout=10000",
                        "--bridge.demo=false");
        bridge.start();
        queryable("diff/json/**", "diff/json/a", "{\"t\": [1, 2.5, \"x\"]}", "application/json");
        queryable("diff/text/**", "diff/text/a", "hello text", "text/plain");
        queryableB64("diff/bin/**", "diff/bin/a", BINARY_B64, "application/octet-stream");
        queryable("diff/zstr/**", "diff/zstr/a", "zs", "zenoh/string");
        queryable("diff/empty/**", "diff/empty/a", "", "text/plain");
        queryable("diff/badjson/**", "diff/badjson/a", "{not json", "application/json");
        queryableB64("diff/nonutf8/**", "diff/nonutf8/a", BINARY_B64, "text/plain");
        queryable("diff/schema/**", "diff/schema/a", "with schema", "text/plain;charset=utf-8");
        queryable("diff/json5/**", "diff/json5/a", "{\"j\": 5}", "text/json5");
        queryable("diff/custom/**", "diff/custom/a", "custom", "my/type");
        queryable("diff/markup/**", "diff/markup/a", "<b>bold</b> & co", "text/plain");
        // JSON serde_json rejects (Jackson did not): an overflowing number, a lone surrogate
        queryable("diff/overflow/**", "diff/overflow/a", "[1, 1e400]", "application/json");
        queryable("diff/surrogate/**", "diff/surrogate/a", "\"\\ud800\"", "application/json");
        // one queryable for the cases below that name their payload and encoding (echo)
        peers.add(
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        router,
                        "--key",
                        "diff/echo/**",
                        "--reply-key",
                        "diff/echo/a",
                        "--echo",
                        "--count",
                        "0",
                        "--timeout",
                        "600"));
        peers.add(
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        router,
                        "--key",
                        "diff/err/**",
                        "--replies",
                        "0",
                        "--error",
                        "boom",
                        "--count",
                        "0",
                        "--timeout",
                        "600"));
        peers.add(
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        router,
                        "--key",
                        "diff/both/**",
                        "--reply-key",
                        "diff/both/a",
                        "--payload",
                        "ok",
                        "--encoding",
                        "text/plain",
                        "--error",
                        "also an error",
                        "--count",
                        "0",
                        "--timeout",
                        "600"));
        // both servers see every queryable before the corpus runs
        for (String key :
                List.of(
                        "diff/json/a",
                        "diff/custom/a",
                        "diff/err/a",
                        "diff/both/a",
                        "diff/echo/a")) {
            awaitAnswer(restHttp, key);
            awaitAnswer(bridgeHttp, key);
        }
    }

    static void queryable(String key, String replyKey, String payload, String encoding)
            throws Exception {
        queryable(key, replyKey, "--payload", payload, encoding);
    }

    static void queryableB64(String key, String replyKey, String b64, String encoding)
            throws Exception {
        queryable(key, replyKey, "--payload-b64", b64, encoding);
    }

    /** A Python queryable behind both servers answering one reply of that payload and encoding. */
    static void queryable(
            String key, String replyKey, String payloadOption, String payload, String encoding)
            throws Exception {
        peers.add(
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        Loopback.endpoint(routerPort),
                        "--key",
                        key,
                        "--reply-key",
                        replyKey,
                        payloadOption,
                        payload,
                        "--encoding",
                        encoding,
                        "--count",
                        "0",
                        "--timeout",
                        "600"));
    }

    static void awaitAnswer(int port, String key) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            Response r = send(port, new Request("probe", "GET", "/" + key, Map.of(), null));
            if (r.status == 200 && r.body.length > 2) {
                return;
            }
            assertThat(System.nanoTime())
                    .as("%s answered on port %d", key, port)
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        peers.forEach(PythonPeer::close);
        if (bridge != null) {
            bridge.stop();
        }
        if (restPlugin != null) {
            restPlugin.getOutputStream().close();
            if (!restPlugin.waitFor(10, TimeUnit.SECONDS)) {
                restPlugin.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    record Request(
            String id, String method, String target, Map<String, String> headers, byte[] body) {}

    record Response(int status, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** The corpus: every case a REST plugin user sends. Ids name the deviations file's keys. */
    static List<Request> corpus() {
        List<Request> c = new ArrayList<>();
        Map<String, String> html = Map.of("Accept", "text/html");
        for (String k :
                List.of(
                        "json",
                        "text",
                        "bin",
                        "zstr",
                        "empty",
                        "badjson",
                        "nonutf8",
                        "schema",
                        "json5",
                        "custom",
                        "markup",
                        "overflow",
                        "surrogate",
                        "err",
                        "both",
                        "none")) {
            String key = "/diff/" + k + "/a";
            c.add(new Request("get-" + k, "GET", key, Map.of(), null));
            c.add(new Request("raw-" + k, "GET", key + "?_raw=true", Map.of(), null));
            c.add(new Request("html-" + k, "GET", key, html, null));
        }
        c.add(new Request("get-wildcard", "GET", "/diff/json/**", Map.of(), null));
        c.add(new Request("raw-presence", "GET", "/diff/text/a?_raw", Map.of(), null));
        c.add(new Request("raw-false", "GET", "/diff/text/a?_raw=false", Map.of(), null));
        c.add(new Request("raw-with-param", "GET", "/diff/text/a?x=1;_raw", Map.of(), null));
        c.add(new Request("params-one", "GET", "/diff/json/a?x=1", Map.of(), null));
        c.add(new Request("params-two", "GET", "/diff/json/a?x=1&y=2", Map.of(), null));
        c.add(
                new Request(
                        "accept-json",
                        "GET",
                        "/diff/text/a",
                        Map.of("Accept", "application/json"),
                        null));
        c.add(
                new Request(
                        "accept-html-first",
                        "GET",
                        "/diff/text/a",
                        Map.of("Accept", "text/html, application/json"),
                        null));
        c.add(
                new Request(
                        "accept-html-second",
                        "GET",
                        "/diff/text/a",
                        Map.of("Accept", "application/json, text/html"),
                        null));
        c.add(new Request("accept-any", "GET", "/diff/text/a", Map.of("Accept", "*/*"), null));
        c.add(
                new Request(
                        "accept-sse-second",
                        "GET",
                        "/diff/text/a",
                        Map.of("Accept", "application/json, text/event-stream"),
                        null));
        c.add(
                new Request(
                        "post-payload",
                        "POST",
                        "/diff/json/a",
                        Map.of("Content-Type", "text/plain"),
                        bytes("query payload")));
        c.add(new Request("post-empty", "POST", "/diff/text/a", Map.of(), new byte[0]));
        c.add(new Request("bad-star", "GET", "/diff/a*b", Map.of(), null));
        c.add(new Request("bad-empty-chunk", "GET", "/diff//a", Map.of(), null));
        c.add(new Request("bad-trailing-slash", "GET", "/diff/a/", Map.of(), null));
        c.add(new Request("bad-dollar", "GET", "/diff/a$b", Map.of(), null));
        // invalid UTF-8 after percent-decoding: the plugin answers 400 (lenient decoding would
        // turn each into U+FFFD, and different keys into one)
        c.add(new Request("bad-utf8-ff", "GET", "/diff/a%FF", Map.of(), null));
        c.add(new Request("bad-utf8-overlong", "GET", "/diff/a%C0%AF", Map.of(), null));
        c.add(new Request("bad-utf8-surrogate", "GET", "/diff/a%ED%A0%80", Map.of(), null));
        c.add(
                new Request(
                        "bad-utf8-put",
                        "PUT",
                        "/diff/put/a%FE",
                        Map.of("Content-Type", "text/plain"),
                        bytes("x")));
        c.add(
                new Request(
                        "bad-put",
                        "PUT",
                        "/diff/a*b",
                        Map.of("Content-Type", "text/plain"),
                        bytes("x")));
        c.add(new Request("root", "GET", "/", Map.of(), null));
        c.add(new Request("admin-local", "GET", "/@/local/router", Map.of(), null));
        c.add(
                new Request(
                        "put-text",
                        "PUT",
                        "/diff/put/a",
                        Map.of("Content-Type", "text/plain"),
                        bytes("put text")));
        c.add(
                new Request(
                        "put-json",
                        "PUT",
                        "/diff/put/a",
                        Map.of("Content-Type", "application/json"),
                        bytes("{\"a\":1}")));
        // the Content-Type as the encoding as it is: spaces kept, its bytes read as UTF-8
        for (String[] t :
                new String[][] {
                    {"put-type-space", "application/json; charset=utf-8"},
                    {"put-type-spaces", "text/plain ;  a=b ; c"},
                    {"put-type-utf8", "text/plain;name=\u00c3\u00a9"}, // the bytes of UTF-8 é
                    {"put-type-latin1", "text/plain;name=\u00e9"}, // one byte 0xE9
                    {"put-type-custom-space", "my type; x"},
                }) {
            c.add(
                    new Request(
                            t[0], "PUT", "/diff/put/a", Map.of("Content-Type", t[1]), bytes("t")));
        }
        c.add(new Request("put-no-type", "PUT", "/diff/put/a", Map.of(), bytes("raw bytes")));
        c.add(
                new Request(
                        "put-form",
                        "PUT",
                        "/diff/put/a",
                        Map.of("Content-Type", "application/x-www-form-urlencoded"),
                        bytes("plain text&a=%20b")));
        c.add(
                new Request(
                        "put-binary",
                        "PUT",
                        "/diff/put/a",
                        Map.of("Content-Type", "application/octet-stream"),
                        Base64.getDecoder().decode(BINARY_B64)));
        c.add(new Request("put-empty", "PUT", "/diff/put/a", Map.of(), new byte[0]));
        c.add(
                new Request(
                        "patch",
                        "PATCH",
                        "/diff/put/a",
                        Map.of("Content-Type", "text/plain"),
                        bytes("patched")));
        c.add(new Request("delete", "DELETE", "/diff/put/a", Map.of(), null));
        c.add(new Request("head", "HEAD", "/diff/json/a", Map.of(), null));
        c.add(new Request("method-trace", "TRACE", "/diff/json/a", Map.of(), null));
        c.add(new Request("method-unknown", "BREW", "/diff/json/a", Map.of(), null));
        // the plugin answers every OPTIONS as a preflight, without the CORS request headers too
        c.add(new Request("options-plain", "OPTIONS", "/diff/json/a", Map.of(), null));
        c.add(
                new Request(
                        "options-preflight",
                        "OPTIONS",
                        "/diff/json/a",
                        Map.of(
                                "Origin",
                                "http://example.test",
                                "Access-Control-Request-Method",
                                "PUT"),
                        null));
        echoCases(c);
        return c;
    }

    /**
     * A GET of /diff/echo/a, whose queryable replies these bytes with this encoding (passed as
     * base64url parameters p and e), then {@code more} (e.g. ";_raw").
     */
    static Request echo(
            String id, byte[] payload, String encoding, String more, Map<String, String> headers) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return new Request(
                id,
                "GET",
                "/diff/echo/a?p="
                        + b64.encodeToString(payload)
                        + ";e="
                        + b64.encodeToString(bytes(encoding))
                        + more,
                headers,
                null);
    }

    static byte[] hex(String hex) {
        return java.util.HexFormat.of().parseHex(hex);
    }

    static byte[] concat(byte[]... parts) {
        var out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /**
     * JSON exactly as serde_json parses it into a Value (what it rejects is base64; numbers as it
     * holds them; object keys sorted, the last of duplicates), {@code _raw} Content-Types as the
     * plugin derives them (mime crate's parser, axum's default), HTML as from_utf8_lossy decodes.
     */
    static void echoCases(List<Request> c) {
        Map<String, String> json = new LinkedHashMap<>();
        // what serde_json rejects (Jackson's lenient features accepted some)
        json.put("comment", "[1] // c");
        json.put("block-comment", "/* c */ [1]");
        json.put("single-quotes", "['a']");
        json.put("trailing-comma", "[1,]");
        json.put("trailing-comma-object", "{\"a\":1,}");
        json.put("unquoted-name", "{a: 1}");
        json.put("trailing-garbage", "[1] garbage");
        json.put("two-values", "1 2");
        json.put("spaces", "   ");
        json.put("newline", "\n");
        json.put("leading-zero", "01");
        json.put("bare-point", "1.");
        json.put("plus", "+1");
        json.put("nan", "NaN");
        json.put("control-in-string", "\"a\tb\"");
        json.put("bad-escape", "\"\\x\"");
        json.put("exp-overflow", "[1e99999999999]");
        // what it accepts, as it holds it
        json.put("whitespace-around", " \t\r\n[1] \n");
        json.put("exp-underflow", "[0e99999999999, 1e-99999999999, -1e-400]");
        json.put("u64-max", "18446744073709551615");
        json.put("u64-overflow", "18446744073709551616");
        json.put("i64-min", "[-9223372036854775808, -9223372036854775809]");
        json.put("negative-zero", "[-0, 0, -0.0, 0.0, -0e5]");
        json.put(
                "floats",
                "[2.5, 1e-7, 1E22, 123456789012345678901234567890, 0.1, 5e-324, 2e-5, 1e16,"
                        + " 1e15, 1.7976931348623157e308, 4.9e-324, 100, 1e2, 0.001, 1e-5, 1e17, 1e21,"
                        + " 1e308, 6.02214076e23, -2.5e300, 1e-6, 9999999999999998.0, 1e-323, 1.5e-300]");
        json.put(
                "inexact-floats",
                "[1.2345678901234567e-300, 9.999999999999999e22, 0.30000000000000004,"
                        + " 123456789.123456789e-20, 7.0e-310, 18446744073709551615.5,"
                        + " 1844674407370955161.59, 2.2250738585072011e-308, 8.41e21, 3.14159e-200]");
        json.put("long-number", "0." + "0".repeat(1200) + "1");
        json.put("long-integer", "1" + "0".repeat(1200) + "e-1190");
        json.put(
                "sorted-keys",
                "{\"b\":1,\"a\":2,\"B\":3,\"\\u00e9\":4,\"\\ud83d\\ude00\":5,\"\\ue000\":6}");
        json.put("sorted-raw-keys", "{\"😀\":1,\"\uE000\":2,\"é\":3,\"z\":4}");
        json.put("duplicate-keys", "{\"a\":1,\"b\":2,\"a\":3}");
        json.put("nested-keys", "[{\"z\":{\"y\":1,\"x\":[{\"d\":1,\"c\":2}]}}]");
        json.put("escapes", "\"\\u0000\\u001f\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"");
        json.put("depth-127", "[".repeat(127) + "]".repeat(127));
        json.put("depth-128", "[".repeat(128) + "]".repeat(128));
        json.put("depth-128-objects", "{\"a\":".repeat(128) + "1" + "}".repeat(128));
        json.forEach(
                (id, text) ->
                        c.add(echo("json-" + id, bytes(text), "application/json", "", Map.of())));
        c.add(
                echo(
                        "json-bom",
                        concat(hex("efbbbf"), bytes("[1]")),
                        "application/json",
                        "",
                        Map.of()));
        c.add(echo("json-overlong", hex("22c0af22"), "application/json", "", Map.of()));
        c.add(echo("json-surrogate-bytes", hex("22eda08022"), "application/json", "", Map.of()));
        c.add(
                echo(
                        "json-invalid-after",
                        concat(bytes("[1]"), hex("ff")),
                        "application/json",
                        "",
                        Map.of()));
        c.add(echo("json5-syntax", bytes("{a: 1, // c\n}"), "text/json5", "", Map.of()));
        c.add(echo("text-json-garbage", bytes("{} {}"), "text/json", "", Map.of()));
        // _raw: Content-Type only when the mime crate parses it (else axum's octet-stream)
        String[] raw = {
            "foo",
            "my type/x",
            "text/plain/x",
            "content-encoding=gzip",
            "content-encoding=gzip;a=b",
            "text/plain;foo",
            "text/plain;\ta=b",
            "text/plain;a=\u00e9",
            "text/plain;a=\"\u00e9\"",
            "text/plain;a=\"x y\"",
            "text/plain;a=\"\"",
            "text/plain; charset=utf-8",
            "text/plain ;a=b",
            "text/plain;a=",
            "text/plain;",
            "text/",
            "*/*",
            "text/*",
            "TEXT/Plain;Charset=UTF-8",
            "text/plain;a=\u0001",
            "text/plain;content-encoding=gzip",
            "text/plain; content-encoding=br ;charset=utf-8",
            "text/plain;content-encoding=a\u0001b",
            "text/plain;x-content-encoding=gzip",
        };
        for (int i = 0; i < raw.length; i++) {
            c.add(echo("raw-type-" + i, bytes("hi"), raw[i], ";_raw=true", Map.of()));
        }
        // HTML: one U+FFFD per maximal invalid subpart (Rust's from_utf8_lossy)
        Map<String, String> html = Map.of("Accept", "text/html");
        String[] lossy = {
            "eda080", "c0af", "f4908080", "e080", "61e282", "f09f98", "ff61fe", "e2828262"
        };
        for (String l : lossy) {
            c.add(echo("html-lossy-" + l, hex(l), "text/plain", "", html));
        }
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theBridgeAnswersAsTheRestPluginDoesExceptForTheListedDeviations() throws Exception {
        Properties deviations = deviations();
        Map<String, String> unexpected = new TreeMap<>();
        Map<String, String> stale = new TreeMap<>();
        List<Request> corpus = corpus();
        try (PythonPeer sub =
                PythonPeer.start(
                        "sub",
                        "--connect",
                        Loopback.endpoint(routerPort),
                        "--key",
                        "diff/put/**",
                        "--count",
                        "0",
                        "--timeout",
                        "600")) {
            // the subscriber reaches the bridge through the router (the plugin's runtime, which
            // has it first) some time after its READY
            TestBridge.awaitSubscriber(bridge, "diff/put/x");
            for (Request r : corpus) {
                Response plugin = send(restHttp, r);
                String pluginSample =
                        r.id.startsWith("put") || r.id.equals("patch") || r.id.equals("delete")
                                ? sample(sub)
                                : null;
                Response ours = send(bridgeHttp, r);
                String ourSample = pluginSample != null ? sample(sub) : null;
                List<String> diff = compare(plugin, ours);
                if (pluginSample != null && !pluginSample.equals(ourSample)) {
                    diff.add(
                            "sample at the subscriber: plugin "
                                    + pluginSample
                                    + " / bridge "
                                    + ourSample);
                }
                record(r.id, diff, deviations, unexpected, stale);
            }
        }
        sseCase(deviations, unexpected, stale);
        int cases = corpus.size() + 1;
        System.out.printf(
                "REST plugin differential: %d cases, %d deliberate deviations, %d unexpected%n",
                cases, deviations.size(), unexpected.size());
        assertThat(cases).isGreaterThanOrEqualTo(60);
        assertClean(unexpected, stale);
    }

    /**
     * Gets that time out (a queryable that never finishes its queries): the plugin lists zenoh's
     * "Timeout" error after the replies that came. Every case runs at once on both servers (each
     * waits out the 10 s timeout), and each must have waited it out: a get that found no queryable
     * would answer at once and prove nothing.
     */
    @Test
    void timedOutGetsAnswerAsTheRestPluginDoes() throws Exception {
        Properties deviations = deviations();
        Map<String, String> unexpected = new TreeMap<>();
        Map<String, String> stale = new TreeMap<>();
        List<Request> cases =
                List.of(
                        new Request("timeout-get", "GET", "/diff/hold/a", Map.of(), null),
                        new Request("timeout-raw", "GET", "/diff/hold/a?_raw=true", Map.of(), null),
                        new Request(
                                "timeout-html",
                                "GET",
                                "/diff/hold/a",
                                Map.of("Accept", "text/html"),
                                null),
                        // a reply, then the query held: the reply, then Timeout
                        new Request("timeout-partial", "GET", "/diff/hold/b", Map.of(), null));
        try (PythonPeer holdAfterReply =
                        PythonPeer.start(
                                "queryable",
                                "--connect",
                                Loopback.endpoint(routerPort),
                                "--key",
                                "diff/hold/b",
                                "--hold",
                                "--payload",
                                "first",
                                "--encoding",
                                "text/plain",
                                "--count",
                                "0",
                                "--timeout",
                                "600");
                PythonPeer hold =
                        PythonPeer.start(
                                "queryable",
                                "--connect",
                                Loopback.endpoint(routerPort),
                                "--key",
                                "diff/hold/a",
                                "--hold",
                                "--replies",
                                "0",
                                "--count",
                                "0",
                                "--timeout",
                                "600")) {
            awaitAnswer(restHttp, "diff/hold/a?probe");
            awaitAnswer(restHttp, "diff/hold/b?probe");
            awaitAnswer(bridgeHttp, "diff/hold/b?probe");
            awaitAnswer(bridgeHttp, "diff/hold/a?probe");
            ExecutorService pool = Executors.newFixedThreadPool(2 * cases.size());
            try {
                List<Future<Response>> plugin = new ArrayList<>();
                List<Future<Response>> ours = new ArrayList<>();
                long started = System.nanoTime();
                for (Request r : cases) {
                    plugin.add(pool.submit(() -> send(restHttp, r)));
                    ours.add(pool.submit(() -> send(bridgeHttp, r)));
                }
                for (int i = 0; i < cases.size(); i++) {
                    Response p = plugin.get(i).get(60, TimeUnit.SECONDS);
                    Response o = ours.get(i).get(60, TimeUnit.SECONDS);
                    record(
                            cases.get(i).id,
                            compare(sessionTimeout(p, true), sessionTimeout(o, false)),
                            deviations,
                            unexpected,
                            stale);
                }
                assertThat(Duration.ofNanos(System.nanoTime() - started))
                        .as("the gets waited for their timeout")
                        .isGreaterThanOrEqualTo(Duration.ofSeconds(9));
            } finally {
                pool.shutdownNow();
            }
        }
        assertClean(unexpected, stale);
    }

    /**
     * Request targets as they reach zenoh: extra slashes, raw UTF-8 and percent-escapes, a
     * fragment, a long key. An echoing queryable answers each get with the key and parameters it
     * received; a subscriber sees where a put went.
     */
    @Test
    void requestTargetsReachZenohAsThroughTheRestPlugin() throws Exception {
        Properties deviations = deviations();
        Map<String, String> unexpected = new TreeMap<>();
        Map<String, String> stale = new TreeMap<>();
        String raw = "\u00c3\u00a9"; // the bytes of UTF-8 é, as the request line carries them
        List<Request> cases =
                List.of(
                        new Request("target-plain", "GET", "/diff/target/a?x=1", Map.of(), null),
                        new Request(
                                "target-double-slash", "GET", "//diff/target/a", Map.of(), null),
                        new Request(
                                "target-encoded-slash", "GET", "/%2Fdiff/target/a", Map.of(), null),
                        new Request("target-root-double-slash", "GET", "//", Map.of(), null),
                        new Request(
                                "target-raw-utf8", "GET", "/diff/target/" + raw, Map.of(), null),
                        new Request(
                                "target-raw-utf8-query",
                                "GET",
                                "/diff/target/a?name=" + raw,
                                Map.of(),
                                null),
                        new Request(
                                "target-escaped-utf8",
                                "GET",
                                "/diff/target/%C3%A9",
                                Map.of(),
                                null),
                        new Request(
                                "target-fragment", "GET", "/diff/target/a?x#frag", Map.of(), null),
                        new Request(
                                "target-raw-utf8-fragment",
                                "GET",
                                "/diff/target/a#" + raw,
                                Map.of(),
                                null),
                        new Request(
                                "target-raw-invalid-utf8-fragment",
                                "GET",
                                "/diff/target/a?x#\u00ff",
                                Map.of(),
                                null),
                        new Request(
                                "target-long-key",
                                "GET",
                                "/diff/target/" + "k".repeat(8000),
                                Map.of(),
                                null),
                        new Request(
                                "target-uri-65534",
                                "GET",
                                "/diff/target/" + "k".repeat(65_534 - "/diff/target/".length()),
                                Map.of(),
                                null),
                        new Request(
                                "target-uri-65535",
                                "GET",
                                "/diff/target/" + "k".repeat(65_535 - "/diff/target/".length()),
                                Map.of(),
                                null),
                        new Request(
                                "target-raw-fffd-query", // U+FFFD as its UTF-8 bytes: valid
                                "GET",
                                "/diff/target/a?x=\u00ef\u00bf\u00bd",
                                Map.of(),
                                null),
                        new Request(
                                "target-raw-invalid-utf8-query",
                                "GET",
                                "/diff/target/a?x=\u00ff",
                                Map.of(),
                                null),
                        new Request(
                                "target-long-header",
                                "GET",
                                "/diff/target/a",
                                Map.of("X-Long", "v".repeat(10_000)),
                                null),
                        new Request(
                                "target-put-double-slash",
                                "PUT",
                                "//diff/put/a",
                                Map.of("Content-Type", "text/plain"),
                                bytes("x")),
                        new Request(
                                "target-put-raw-utf8",
                                "PUT",
                                "/diff/put/" + raw,
                                Map.of("Content-Type", "text/plain"),
                                bytes("x")));
        try (PythonPeer echo =
                        PythonPeer.start(
                                "queryable",
                                "--connect",
                                Loopback.endpoint(routerPort),
                                "--key",
                                "diff/target/**",
                                "--echo-selector",
                                "--replies",
                                "0",
                                "--count",
                                "0",
                                "--timeout",
                                "600");
                PythonPeer sub =
                        PythonPeer.start(
                                "sub",
                                "--connect",
                                Loopback.endpoint(routerPort),
                                "--key",
                                "diff/put/**",
                                "--count",
                                "0",
                                "--timeout",
                                "600")) {
            awaitAnswer(restHttp, "diff/target/a");
            awaitAnswer(bridgeHttp, "diff/target/a");
            TestBridge.awaitSubscriber(bridge, "diff/put/x");
            for (Request r : cases) {
                Response plugin = send(restHttp, r);
                String pluginKey = r.method.equals("PUT") ? putKey(sub, plugin) : null;
                Response ours = send(bridgeHttp, r);
                String ourKey = r.method.equals("PUT") ? putKey(sub, ours) : null;
                List<String> diff = compare(plugin, ours);
                if (!java.util.Objects.equals(pluginKey, ourKey)) {
                    diff.add("put reached " + pluginKey + " / " + ourKey);
                }
                record(r.id, diff, deviations, unexpected, stale);
            }
        }
        assertClean(unexpected, stale);
    }

    /** The key a put answered 200 reached at the subscriber; none for a refused one. */
    static String putKey(PythonPeer sub, Response r) {
        if (r.status != 200) {
            return "refused " + r.status;
        }
        JsonNode s = sub.nextJson(20);
        return s == null ? "nothing within 20 s" : s.get("key").asText();
    }

    /**
     * zenoh ends a timed-out get with a "Timeout" error from the session (zenoh/string) or from the
     * routing layer (zenoh/bytes), whichever timer fires first: one answer, written as the
     * session's, and listed last. When both fire before the query closes (seen under load) the
     * plugin lists both, in JSON and in HTML; {@code plugin} keeps one of them there (the bridge
     * always lists one, and two from the bridge stay a difference).
     */
    static Response sessionTimeout(Response r, boolean plugin) {
        String ct = r.header("content-type");
        String text = new String(r.body, StandardCharsets.UTF_8);
        Map<String, String> headers = new LinkedHashMap<>(r.headers);
        if ("zenoh/bytes".equals(ct) && text.equals("Timeout")) {
            headers.put("content-type", "zenoh/string");
        }
        String body =
                text.replace(
                        "{\"key\":\"ERROR\",\"value\":\"VGltZW91dA==\",\"encoding\":\"zenoh/bytes\"",
                        "{\"key\":\"ERROR\",\"value\":\"Timeout\",\"encoding\":\"zenoh/string\"");
        if (ct != null && ct.startsWith("application/json")) {
            // zenoh hands a consolidated reply over when its timer fires, before or after that
            // Timeout (the plugin's order varies from run to run): Timeout compared last
            try {
                ArrayNode sorted = JSON.createArrayNode();
                ArrayNode timeouts = JSON.createArrayNode();
                for (JsonNode e : JSON.readTree(body)) {
                    boolean timeout =
                            e.path("key").asText().equals("ERROR")
                                    && e.path("value").asText().equals("Timeout");
                    (timeout ? timeouts : sorted).add(e);
                }
                if (plugin && timeouts.size() > 1) {
                    sorted.add(timeouts.get(0));
                } else {
                    sorted.addAll(timeouts);
                }
                body = sorted.toString();
            } catch (IOException notJson) {
                // compared as it is
            }
        } else if (ct != null && ct.startsWith("text/html")) {
            body = timeoutLastInHtml(body, plugin);
        }
        return new Response(r.status, headers, bytes(body));
    }

    /** An HTML answer's "Timeout" entries, as {@link #sessionTimeout} treats the JSON ones. */
    private static String timeoutLastInHtml(String body, boolean plugin) {
        String timeout = "<dt>ERROR</dt>\n<dd>Timeout</dd>\n";
        int count = (body.length() - body.replace(timeout, "").length()) / timeout.length();
        int end = body.lastIndexOf("</dl>");
        if (count == 0 || end < 0) {
            return body;
        }
        String rest = body.substring(0, end).replace(timeout, "");
        return rest + timeout.repeat(plugin ? 1 : count) + "</dl>" + body.substring(end + 5);
    }

    /** No difference outside the deviations list, and no listed one that is gone. */
    static void assertClean(Map<String, String> unexpected, Map<String, String> stale) {
        assertThat(unexpected)
                .as("differences from the REST plugin not in the deviations list")
                .isEmpty();
        assertThat(stale).as("listed deviations that no longer differ (remove them)").isEmpty();
    }

    static Properties deviations() throws IOException {
        Properties deviations = new Properties();
        try (InputStream in =
                RestPluginDifferentialTest.class
                        .getClassLoader()
                        .getResourceAsStream("rest-plugin-deviations.properties")) {
            deviations.load(in);
        }
        return deviations;
    }

    static void record(
            String id,
            List<String> diff,
            Properties deviations,
            Map<String, String> unexpected,
            Map<String, String> stale) {
        boolean listed = deviations.containsKey(id);
        if (!diff.isEmpty() && !listed) {
            unexpected.put(id, String.join("; ", diff));
        } else if (diff.isEmpty() && listed) {
            stale.put(id, deviations.getProperty(id));
        }
    }

    static String sample(PythonPeer sub) {
        JsonNode s = sub.nextJson(20);
        return s == null
                ? "END"
                : s.get("kind").asText()
                        + " "
                        + s.get("encoding").asText()
                        + " "
                        + s.get("payload").asText();
    }

    static List<String> compare(Response plugin, Response ours) {
        List<String> diff = new ArrayList<>();
        if (plugin.status != ours.status) {
            diff.add("status " + plugin.status + " / " + ours.status);
        }
        String pct = normalizeType(plugin.header("content-type"));
        String oct = normalizeType(ours.header("content-type"));
        if (!java.util.Objects.equals(pct, oct)) {
            diff.add("content-type " + pct + " / " + oct);
        }
        for (String h : List.of("access-control-allow-origin", "vary", "allow")) {
            String p = plugin.header(h);
            String o = ours.header(h);
            if (!java.util.Objects.equals(p, o)) {
                diff.add(h + " " + p + " / " + o);
            }
        }
        String pb = body(plugin);
        String ob = body(ours);
        if (!pb.equals(ob)) {
            diff.add("body " + abbreviate(pb) + " / " + abbreviate(ob));
        } else {
            List<String> pn = numbers(plugin);
            List<String> on = numbers(ours);
            if (!pn.equals(on)) {
                diff.add(
                        "numbers as written "
                                + abbreviate(pn.toString())
                                + " / "
                                + abbreviate(on.toString()));
            }
        }
        return diff;
    }

    /**
     * A JSON body's numbers as their text ({@code 1e+16}, not {@code 1e16}): the structural
     * comparison reads both as the same double.
     */
    static List<String> numbers(Response r) {
        List<String> numbers = new ArrayList<>();
        String ct = normalizeType(r.header("content-type"));
        if (ct == null || !ct.startsWith("application/json")) {
            return numbers;
        }
        try (JsonParser p = JSON.getFactory().createParser(r.body)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                    numbers.add(p.getText());
                }
            }
        } catch (IOException notJson) {
            numbers.add("not JSON");
        }
        return numbers;
    }

    static String normalizeType(String ct) {
        return ct == null ? null : ct.toLowerCase(Locale.ROOT).replace(" ", "");
    }

    /** JSON compared structurally (timestamps as present/absent); zenoh errors up to " at ". */
    static String body(Response r) {
        String ct = normalizeType(r.header("content-type"));
        String text = new String(r.body, StandardCharsets.UTF_8);
        if (ct != null && ct.startsWith("application/json")) {
            try {
                JsonNode n = JSON.readTree(r.body);
                if (n instanceof ArrayNode list) {
                    for (JsonNode e : list) {
                        if (e instanceof ObjectNode o && o.hasNonNull("timestamp")) {
                            o.set("timestamp", TextNode.valueOf("<timestamp>"));
                        }
                    }
                }
                return n.toString();
            } catch (IOException notJson) {
                return text;
            }
        }
        if (ct != null && ct.startsWith("text/event-stream")) {
            return text; // the events, normalized by events()
        }
        if (r.status == 400) {
            int at = text.indexOf(" at ");
            return at < 0 ? text : text.substring(0, at);
        }
        return Base64.getEncoder().encodeToString(r.body);
    }

    static String abbreviate(String s) {
        return s.length() <= 160 ? s : s.substring(0, 160) + "…";
    }

    /** Server-sent events: the same frames for the same samples. */
    void sseCase(Properties deviations, Map<String, String> unexpected, Map<String, String> stale)
            throws Exception {
        try (Socket p = sseOpen(restHttp);
                Socket o = sseOpen(bridgeHttp)) {
            BufferedReader pr = reader(p);
            BufferedReader or = reader(o);
            Response ph = readHead(pr);
            Response oh = readHead(or);
            try (PythonPeer pub =
                    PythonPeer.start(
                            "pub",
                            "--connect",
                            Loopback.endpoint(routerPort),
                            "--key",
                            "diff/sse/a",
                            "--count",
                            "3",
                            "--payload",
                            "{\"n\": {i}}",
                            "--encoding",
                            "application/json",
                            "--delete")) {
                List<String> pe = events(pr, 4);
                List<String> oe = events(or, 4);
                // the events as the body: status, Content-Type and CORS compared as for any case
                List<String> diff =
                        compare(
                                new Response(ph.status, ph.headers, bytes(String.join("\n", pe))),
                                new Response(oh.status, oh.headers, bytes(String.join("\n", oe))));
                record("sse", diff, deviations, unexpected, stale);
                // the stream's head apart from the listed deviation (which is in its events)
                record(
                        "sse-head",
                        compare(
                                new Response(ph.status, ph.headers, new byte[0]),
                                new Response(oh.status, oh.headers, new byte[0])),
                        deviations,
                        unexpected,
                        stale);
            }
        }
    }

    static Socket sseOpen(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(60_000);
        s.getOutputStream()
                .write(
                        ("GET /diff/sse/** HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    static BufferedReader reader(Socket s) throws IOException {
        return new BufferedReader(
                new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    }

    static Response readHead(BufferedReader in) throws IOException {
        String status = in.readLine();
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l; (l = in.readLine()) != null && !l.isEmpty(); ) {
            int c = l.indexOf(':');
            headers.put(
                    l.substring(0, c).trim().toLowerCase(Locale.ROOT), l.substring(c + 1).trim());
        }
        return new Response(Integer.parseInt(status.split(" ")[1]), headers, new byte[0]);
    }

    /**
     * The next n events as "event|data" (data JSON normalized); chunk sizes and comments skipped.
     */
    static List<String> events(BufferedReader in, int n) throws IOException {
        List<String> events = new ArrayList<>();
        String event = null;
        while (events.size() < n) {
            String l = in.readLine();
            if (l == null) {
                break;
            }
            if (l.startsWith("event:")) {
                event = l.substring(6).trim();
            } else if (l.startsWith("data:")) {
                JsonNode d = JSON.readTree(l.substring(5).trim());
                if (d instanceof ObjectNode o && o.hasNonNull("timestamp")) {
                    o.set("timestamp", TextNode.valueOf("<timestamp>"));
                }
                events.add(event + "|" + d);
            }
        }
        return events;
    }

    /** One HTTP/1.1 exchange over a fresh connection, exactly these bytes; the body de-chunked. */
    static Response send(int port, Request r) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(60_000);
            StringBuilder head = new StringBuilder();
            head.append(r.method).append(' ').append(r.target).append(" HTTP/1.1\r\n");
            head.append("Host: 127.0.0.1:").append(port).append("\r\nConnection: close\r\n");
            r.headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            if (r.body != null) {
                head.append("Content-Length: ").append(r.body.length).append("\r\n");
            }
            head.append("\r\n");
            var out = s.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (r.body != null) {
                out.write(r.body);
            }
            out.flush();
            byte[] all = s.getInputStream().readAllBytes();
            return parse(all, r.method.equals("HEAD"));
        }
    }

    static Response parse(byte[] all, boolean head) {
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(c + 1).trim());
        }
        byte[] rest = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if (!head && "chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = dechunk(rest);
        }
        return new Response(status, headers, head ? new byte[0] : rest);
    }

    static byte[] dechunk(byte[] body) {
        var out = new java.io.ByteArrayOutputStream();
        int i = 0;
        while (i < body.length) {
            int lineEnd = indexOf(body, i);
            int size =
                    Integer.parseInt(
                            new String(body, i, lineEnd - i, StandardCharsets.US_ASCII)
                                    .split(";")[0].trim(),
                            16);
            if (size == 0) {
                break;
            }
            out.write(body, lineEnd + 2, size);
            i = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    static int indexOf(byte[] b, int from) {
        for (int i = from; i + 1 < b.length; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n') {
                return i;
            }
        }
        return b.length;
    }
}
