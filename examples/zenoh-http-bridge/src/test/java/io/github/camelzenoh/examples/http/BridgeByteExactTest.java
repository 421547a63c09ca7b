/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Random;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A bridge never alters a payload: every request body reaches a Python zenoh subscriber byte for
 * byte (form-urlencoded, multipart, JSON, binary, empty, 16 MiB), with the request's Content-Type
 * as the encoding, and a Python peer's binary payload comes back byte for byte through {@code _raw}
 * and server-sent events. Also the safe defaults: body limit (413 naming the option), control
 * characters in keys (400), dev console off, the startup log naming the bound address.
 */
class BridgeByteExactTest {

    static final int LIMIT = 17 * 1024 * 1024;

    /** 16 MiB arrive as 22 M base64 characters, past Jackson's default string limit. */
    static final ObjectMapper JSON =
            new ObjectMapper(
                    JsonFactory.builder()
                            .streamReadConstraints(
                                    StreamReadConstraints.builder()
                                            .maxStringLength(64 << 20)
                                            .build())
                            .build());

    static final HttpClient HTTP = HttpClient.newHttpClient();
    static Main main;
    static int httpPort;
    static int zenohPort;

    @BeforeAll
    static void start() throws Exception {
        httpPort = Loopback.freePort();
        zenohPort = Loopback.freePort();
        main =
                ZenohHttpBridge.create(
                        "--http.port=" + httpPort,
                        "--http.managementPort=" + Loopback.freePort(),
                        "--zenoh.listen=" + Loopback.endpoint(zenohPort),
                        "--zenoh.timeout=3000",
                        "--http.maxBodySize=" + LIMIT);
        main.start();
    }

    @AfterAll
    static void stop() {
        if (main != null) {
            main.stop();
        }
    }

    static HttpRequest.Builder at(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/" + path))
                .timeout(Duration.ofSeconds(60));
    }

    static HttpResponse<byte[]> send(HttpRequest.Builder b) throws Exception {
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** One PUT, compared at a Python subscriber: payload bytes and encoding. */
    static void putArrivesByteExact(
            String key, String contentType, byte[] body, String expectedEncoding) throws Exception {
        try (PythonPeer sub =
                PythonPeer.start(
                        "sub",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        key,
                        "--count",
                        "1",
                        "--timeout",
                        "60")) {
            // the subscriber is declared (READY); wait until the bridge's session sees it
            TestBridge.awaitSubscriber(main, key);
            HttpRequest.Builder b = at(key).PUT(HttpRequest.BodyPublishers.ofByteArray(body));
            if (contentType != null) {
                b.header("Content-Type", contentType);
            }
            assertThat(send(b).statusCode()).isEqualTo(200);
            JsonNode sample = nextJson(sub);
            assertThat(sample).as("sample for " + key).isNotNull();
            assertThat(sample.get("key").asText()).isEqualTo(key);
            byte[] got = PythonPeer.bytes(sample.get("payload"));
            assertThat(got == null ? new byte[0] : got).as("payload of " + key).isEqualTo(body);
            assertThat(sample.get("encoding").asText()).isEqualTo(expectedEncoding);
        }
    }

    static JsonNode nextJson(PythonPeer peer) throws Exception {
        for (; ; ) {
            String line = peer.next(60);
            if (line.startsWith("{")) {
                return JSON.readTree(line);
            }
        }
    }

    @Test
    void formUrlencodedBodyIsNotParsedNorReencoded() throws Exception {
        // curl -X PUT -d 'plain text' sends this Content-Type
        putArrivesByteExact(
                "exact/form",
                "application/x-www-form-urlencoded",
                "plain text&a=%20b+c".getBytes(StandardCharsets.UTF_8),
                "application/x-www-form-urlencoded");
    }

    @Test
    void multipartBodyArrivesWithItsBoundary() throws Exception {
        String boundary = "----camelzenohboundary";
        byte[] body =
                ("--"
                                + boundary
                                + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n"
                                + "Content-Type: application/octet-stream\r\n\r\n\u0001\u0002\r\n--"
                                + boundary
                                + "--\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1);
        putArrivesByteExact(
                "exact/multipart",
                "multipart/form-data; boundary=" + boundary,
                body,
                "multipart/form-data; boundary=" + boundary);
    }

    @Test
    void jsonBinaryAndEmptyBodies() throws Exception {
        putArrivesByteExact(
                "exact/json",
                "application/json",
                "{\"a\": [1, 2.50, \"é\"]}".getBytes(StandardCharsets.UTF_8),
                "application/json");
        putArrivesByteExact(
                "exact/binary",
                "application/octet-stream",
                random(4096, 1),
                "application/octet-stream");
        // no body and no Content-Type: an empty payload, zenoh/bytes (as the REST plugin)
        putArrivesByteExact("exact/empty", null, new byte[0], "zenoh/bytes");
        putArrivesByteExact(
                "exact/zero", "application/octet-stream", new byte[0], "application/octet-stream");
    }

    @Test
    void sixteenMebibytesArriveByteExact() throws Exception {
        putArrivesByteExact(
                "exact/big",
                "application/octet-stream",
                random(16 * 1024 * 1024, 2),
                "application/octet-stream");
    }

    @Test
    void aBodyOverTheLimitIs413NamingTheOption() throws Exception {
        byte[] tooBig = new byte[LIMIT + 1];
        RawRequestBody bodies =
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType(HttpBridgeRoutes.BODIES, RawRequestBody.class);
        long refusedBefore = bodies.refusedTooLarge();
        HttpResponse<byte[]> announced =
                send(at("exact/limit").PUT(HttpRequest.BodyPublishers.ofByteArray(tooBig)));
        assertThat(announced.statusCode()).isEqualTo(413);
        assertThat(new String(announced.body(), StandardCharsets.UTF_8))
                .contains("http.maxBodySize")
                .contains(Integer.toString(LIMIT));
        // chunked (no Content-Length): found while reading
        HttpResponse<byte[]> chunked =
                send(
                        at("exact/limit")
                                .PUT(
                                        HttpRequest.BodyPublishers.ofInputStream(
                                                () -> new ByteArrayInputStream(tooBig))));
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(new String(chunked.body(), StandardCharsets.UTF_8)).contains("http.maxBodySize");
        // both counted (zenoh_bridge_http_body_refused_total{reason="too_large"}), nothing held
        assertThat(bodies.refusedTooLarge() - refusedBefore).isEqualTo(2);
        assertThat(bodies.buffered()).isZero();
    }

    @Test
    void aClientSendingWithoutEndPastTheLimitIsDisconnected() throws Exception {
        // chunked, no Content-Length: the bridge discards past the limit, then closes the socket
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", httpPort)) {
            s.setSoTimeout(60_000);
            var out = s.getOutputStream();
            out.write(
                    ("PUT /exact/endless HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    + "Transfer-Encoding: chunked\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 20];
            byte[] head = "100000\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] tail = "\r\n".getBytes(StandardCharsets.US_ASCII);
            long sent = 0;
            boolean cut = false;
            try {
                while (sent < 4L * LIMIT) {
                    out.write(head);
                    out.write(chunk);
                    out.write(tail);
                    sent += chunk.length;
                }
            } catch (java.io.IOException reset) {
                cut = true;
            }
            if (!cut) {
                // the bridge may have answered and closed while the last bytes were in flight
                byte[] rest = s.getInputStream().readAllBytes();
                assertThat(new String(rest, StandardCharsets.ISO_8859_1)).contains(" 413 ");
                cut = true;
            }
            assertThat(cut).as("disconnected after %d bytes", sent).isTrue();
            assertThat(sent).isLessThan(4L * LIMIT);
        }
    }

    @Test
    void keysWithInvalidUtf8EscapesAre400NotCollapsedToOneKey() throws Exception {
        // lenient decoding turned each of these into U+FFFD, so /a%FF and /a%FE were one key
        for (String bad :
                new String[] {"exact/a%FF", "exact/a%FE", "exact/a%C0%AF", "exact/a%ED%A0%80"}) {
            HttpResponse<byte[]> get = send(at(bad).GET());
            assertThat(get.statusCode()).as(bad).isEqualTo(400);
            assertThat(get.headers().firstValue("Content-Type"))
                    .hasValue("text/plain; charset=utf-8");
            assertThat(new String(get.body(), StandardCharsets.UTF_8))
                    .as(bad)
                    .startsWith("Invalid URL: Invalid UTF-8 in `key_expr`");
            HttpResponse<byte[]> put = send(at(bad).PUT(HttpRequest.BodyPublishers.ofString("x")));
            assertThat(put.statusCode()).as("PUT " + bad).isEqualTo(400);
        }
        // valid UTF-8 escapes and '+' still decode as before
        HttpResponse<byte[]> escaped =
                send(at("exact/%C3%A9+x").PUT(HttpRequest.BodyPublishers.ofString("y")));
        assertThat(escaped.statusCode()).isEqualTo(200);
    }

    @Test
    void keysWithControlCharactersAre400() throws Exception {
        for (String bad : new String[] {"exact/%00", "exact/a%0Ab", "exact/%0D", "exact/%7F"}) {
            HttpResponse<byte[]> r = send(at(bad).GET());
            assertThat(r.statusCode()).as(bad).isEqualTo(400);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("control character");
        }
    }

    @Test
    void pythonBinaryPayloadComesBackByteExactThroughRawAndSse() throws Exception {
        byte[] payload = random(1024, 3);
        payload[0] = (byte) 0xFF; // not UTF-8
        String b64 = Base64.getEncoder().encodeToString(payload);
        try (PythonPeer q =
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "exact/raw",
                        "--payload-b64",
                        b64,
                        "--encoding",
                        "application/octet-stream",
                        "--count",
                        "0",
                        "--timeout",
                        "60")) {
            TestBridge.awaitAnswer(httpPort, "exact/raw");
            HttpResponse<byte[]> raw = send(at("exact/raw?_raw=true").GET());
            assertThat(raw.statusCode()).isEqualTo(200);
            assertThat(raw.body()).isEqualTo(payload);
        }

        HttpResponse<InputStream> sse =
                HTTP.send(
                        at("exact/sse").header("Accept", "text/event-stream").GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        assertThat(sse.statusCode()).isEqualTo(200);
        try (BufferedReader lines =
                        new BufferedReader(
                                new InputStreamReader(sse.body(), StandardCharsets.UTF_8));
                PythonPeer pub =
                        PythonPeer.start(
                                "pub",
                                "--connect",
                                Loopback.endpoint(zenohPort),
                                "--key",
                                "exact/sse",
                                "--payload-b64",
                                b64,
                                "--encoding",
                                "application/octet-stream",
                                "--delay",
                                "1")) {
            String data = null;
            for (String l; (l = lines.readLine()) != null; ) {
                if (l.startsWith("data: ")) {
                    data = l.substring("data: ".length());
                    break;
                }
            }
            assertThat(data).isNotNull();
            JsonNode event = JSON.readTree(data);
            assertThat(event.get("key").asText()).isEqualTo("exact/sse");
            assertThat(Base64.getDecoder().decode(event.get("value").asText())).isEqualTo(payload);
        }
    }

    @Test
    void safeDefaultsAreToldTruthfully() {
        var context = main.getCamelContext();
        assertThat(context.isDevConsole()).as("dev console off by default").isFalse();
        assertThat(BoundAddressLog.describe(context))
                .first()
                .asString()
                .contains("http://127.0.0.1:" + httpPort + "/")
                .contains("this machine only");
        assertThat(BoundAddressLog.reach("0.0.0.0")).contains("every network interface");
    }

    /** A host name is logged as the address it resolves to, which is what the server bound. */
    @Test
    void aHostNameIsLoggedAsTheAddressBound() throws Exception {
        String address = java.net.InetAddress.getByName("localhost").getHostAddress();
        String url = address.contains(":") ? "[" + address + "]" : address;
        assertThat(BoundAddressLog.listening("localhost", 8000))
                .contains("http://" + url + ":8000/")
                .contains("http.host=localhost")
                .contains("this machine only");
    }
}
