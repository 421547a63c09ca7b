/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohReply;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The streaming renderers (SSE frames, GET's JSON list) write, byte for byte, what the REST
 * plugin's JSON tree ({@link RestJson#sample}, {@link RestJson#replies}) renders, for every kind of
 * value: JSON (valid, invalid, whitespace, numbers, unicode), text (UTF-8 or not, control
 * characters, quotes, non-BMP), binary, empty, with and without timestamp and schema.
 */
class SseFramesTest {

    static Sample sample(
            String key, byte[] payload, Encoding encoding, SampleKind kind, String ts) {
        return new Sample(
                key,
                payload,
                encoding,
                kind,
                ts,
                Priority.DATA,
                CongestionControl.DROP,
                false,
                Reliability.RELIABLE,
                null);
    }

    static String expected(Sample s) {
        return "event: "
                + s.kind().name()
                + "\ndata: "
                + RestJson.sample(s.keyExpr(), s.payload(), s.encoding().toString(), s.timestamp())
                        .toString()
                + "\n\n";
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static List<Sample> corpus() {
        Random random = new Random(42);
        byte[] binary = new byte[1024];
        random.nextBytes(binary);
        byte[][] payloads = {
            null,
            new byte[0],
            utf8("plain text"),
            utf8("quote \" backslash \\ slash / tab \t nl \n cr \r bell \u0007 del \u007f"),
            utf8("é ü 漢字 😀 \u2028 \u2029 \u0000"),
            utf8("{\"t\":1,\"f\":1.5e3,\"big\":123456789012345678901234567890,\"a\":[true,null]}"),
            utf8("  {\"spaced\" : \"x\" }  "),
            utf8("   "),
            utf8("{not json"),
            utf8("42"),
            utf8("\"a string\""),
            new byte[] {(byte) 0xff, (byte) 0xfe, 'a'},
            // not UTF-8 although each looks close: overlong '/', a surrogate, past U+10FFFF,
            // a truncated 3-byte sequence after eight ASCII bytes
            new byte[] {(byte) 0xc0, (byte) 0xaf},
            new byte[] {'a', (byte) 0xed, (byte) 0xa0, (byte) 0x80},
            new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            new byte[] {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', (byte) 0xe2, (byte) 0x82},
            utf8("eight ascii then é and the last code point \udbff\udfff"),
            new byte[] {1, 2, 3, 4, 5, 6, 7, 8},
            binary
        };
        List<Encoding> encodings =
                List.of(
                        Encoding.ZENOH_BYTES,
                        Encoding.ZENOH_STRING,
                        Encoding.TEXT_PLAIN,
                        Encoding.APPLICATION_JSON,
                        Encoding.parse("text/json"),
                        Encoding.parse("text/json5"),
                        Encoding.parse("application/octet-stream"),
                        Encoding.parse("text/plain;charset=utf-8"),
                        Encoding.parse("application/json;schema"),
                        Encoding.parse("x/custom;any"));
        List<Sample> samples = new ArrayList<>();
        for (byte[] p : payloads) {
            for (Encoding e : encodings) {
                for (SampleKind kind : SampleKind.values()) {
                    for (String ts : new String[] {null, "7386690599959157260/33"}) {
                        samples.add(sample("a/b/\"k\"/é", p, e, kind, ts));
                    }
                }
            }
        }
        return samples;
    }

    @Test
    void framesEqualTheTreeRenderingByteForByte() {
        List<Sample> samples = corpus();
        SseFrames frames = new SseFrames();
        StringBuilder all = new StringBuilder();
        for (Sample s : samples) {
            SseFrames one = new SseFrames();
            one.append(s);
            assertThat(one.frames()).isEqualTo(1);
            assertThat(new String(one.take(), StandardCharsets.UTF_8))
                    .as("%s %s %s", s.encoding(), s.kind(), s.timestamp())
                    .isEqualTo(expected(s));
            frames.append(s);
            all.append(expected(s));
        }
        // many frames in one batch: concatenated with nothing between them
        assertThat(frames.frames()).isEqualTo(samples.size());
        assertThat(new String(frames.take(), StandardCharsets.UTF_8)).isEqualTo(all.toString());
        // and the renderer starts empty again
        assertThat(frames.frames()).isZero();
        assertThat(frames.take()).isEmpty();
        frames.append(samples.get(5));
        assertThat(new String(frames.take(), StandardCharsets.UTF_8))
                .isEqualTo(expected(samples.get(5)));
    }

    /**
     * JSON that serde_json (the REST plugin) rejects and Jackson accepts: numbers that overflow a
     * double (Jackson made them Infinity, rendered as the string "Infinity") and escapes of lone
     * surrogates. The plugin falls back to base64, as for any payload that is not JSON; so do the
     * tree, the JSON list and the SSE frames.
     */
    @Test
    void jsonThatOverflowsOrHasLoneSurrogatesFallsBackToBase64() {
        String[] rejected = {
            "1e400",
            "-1e400",
            "[1, 2.5, 1e309]",
            "{\"a\": {\"b\": [-9e999]}}",
            "\"\\ud800\"",
            "[\"x\\udc00\"]",
            "{\"\\ud800\": 1}",
            "\"\\ud83d\\u0041\""
        };
        for (String text : rejected) {
            byte[] payload = utf8(text);
            String b64 = java.util.Base64.getEncoder().encodeToString(payload);
            assertThat(RestJson.value(payload, "application/json").isTextual()).as(text).isTrue();
            assertThat(RestJson.value(payload, "application/json").asText())
                    .as(text)
                    .isEqualTo(b64);
            Sample s = sample("k/x", payload, Encoding.APPLICATION_JSON, SampleKind.PUT, null);
            SseFrames one = new SseFrames();
            one.append(s);
            assertThat(new String(one.take(), StandardCharsets.UTF_8))
                    .as(text)
                    .isEqualTo(
                            "event: PUT\ndata: {\"key\":\"k/x\",\"value\":\""
                                    + b64
                                    + "\",\"encoding\":\"application/json\",\"timestamp\":null}\n\n");
            ZenohReply r =
                    new ZenohReply(
                            true,
                            "k/x",
                            payload,
                            Encoding.APPLICATION_JSON.id(),
                            null,
                            "application/json",
                            "PUT",
                            null);
            assertThat(new String(RestJson.repliesUtf8(List.of(r)), StandardCharsets.UTF_8))
                    .as(text)
                    .isEqualTo(
                            "[{\"key\":\"k/x\",\"value\":\""
                                    + b64
                                    + "\",\"encoding\":\"application/json\",\"timestamp\":null}]");
        }
        // the largest finite doubles, underflow to zero and surrogate pairs stay JSON
        assertThat(RestJson.value(utf8("[1.7976931348623157e308, 1e-400]"), "application/json"))
                .hasToString("[1.7976931348623157e+308,0.0]");
        assertThat(RestJson.value(utf8("\"\\ud83d\\ude00\""), "application/json").asText())
                .isEqualTo("\ud83d\ude00");
    }

    @Test
    void getRepliesEqualTheTreeRenderingByteForByte() {
        List<ZenohReply> replies = new ArrayList<>();
        for (Sample s : corpus()) {
            boolean ok = s.kind() == SampleKind.PUT; // DELETEs stand for error replies here
            replies.add(
                    new ZenohReply(
                            ok,
                            s.keyExpr(),
                            s.payload(),
                            s.encoding().id(),
                            s.encoding().schema(),
                            s.encoding().toString(),
                            ok ? "PUT" : null,
                            s.timestamp()));
        }
        for (int n : new int[] {0, 1, 2, replies.size()}) {
            List<ZenohReply> some = replies.subList(0, n);
            assertThat(new String(RestJson.repliesUtf8(some), StandardCharsets.UTF_8))
                    .isEqualTo(RestJson.replies(some));
        }
        for (ZenohReply r : replies) {
            assertThat(new String(RestJson.repliesUtf8(List.of(r)), StandardCharsets.UTF_8))
                    .as("%s ok=%s", r.encoding(), r.ok())
                    .isEqualTo(RestJson.replies(List.of(r)));
        }
    }
}
