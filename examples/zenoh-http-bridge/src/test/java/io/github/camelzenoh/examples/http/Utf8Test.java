/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Utf8#isValid} says yes exactly where Java's strict UTF-8 decoder decodes. */
class Utf8Test {

    static boolean decodes(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    static byte[] hex(String h) {
        return HexFormat.of().parseHex(h);
    }

    /** Every boundary of RFC 3629's table, each alone, after 7 and after 8 ASCII bytes. */
    static List<byte[]> edges() {
        String[] valid = {
            "",
            "00",
            "7f",
            "c280",
            "dfbf",
            "e0a080",
            "e0bfbf",
            "e18080",
            "ecbfbf",
            "ed8080",
            "ed9fbf",
            "ee8080",
            "efbfbf",
            "f0908080",
            "f0bfbfbf",
            "f1808080",
            "f3bfbfbf",
            "f4808080",
            "f48fbfbf"
        };
        String[] invalid = {
            "80",
            "bf",
            "c0",
            "c1",
            "c080",
            "c1bf",
            "c2",
            "c27f",
            "c2c0",
            "e0",
            "e0a0",
            "e09fbf",
            "e08080",
            "eda080",
            "edbfbf",
            "e1807f",
            "e180c0",
            "f0",
            "f090",
            "f09080",
            "f08fbfbf",
            "f4908080",
            "f5808080",
            "f8",
            "fe",
            "ff",
            "f0908080" + "80"
        };
        List<byte[]> all = new ArrayList<>();
        for (String[] set : new String[][] {valid, invalid}) {
            for (String h : set) {
                for (String prefix : new String[] {"", "41424344454647", "4142434445464748"}) {
                    for (String suffix : new String[] {"", "41", "4142434445464748"}) {
                        all.add(hex(prefix + h + suffix));
                    }
                }
            }
        }
        return all;
    }

    @Test
    void agreesWithTheStrictDecoderOnEveryBoundary() {
        for (byte[] b : edges()) {
            assertThat(Utf8.isValid(b)).as(HexFormat.of().formatHex(b)).isEqualTo(decodes(b));
        }
        assertThat(Utf8.isValid(hex("eda080"))).as("a surrogate is not UTF-8").isFalse();
        assertThat(Utf8.isValid(hex("f48fbfbf"))).as("U+10FFFF is").isTrue();
    }

    /** What a JSON string holds as it is: valid UTF-8 with no control character, '"' or '\\'. */
    private static boolean plainJson(byte[] b) {
        for (byte x : b) {
            if ((x >= 0 && x < 0x20) || x == '"' || x == '\\') {
                return false;
            }
        }
        return decodes(b);
    }

    @Test
    void plainJsonStringsAreValidTextWithNothingJsonEscapes() {
        for (byte[] b : edges()) {
            assertThat(Utf8.isPlainJsonString(b))
                    .as(HexFormat.of().formatHex(b))
                    .isEqualTo(plainJson(b));
        }
        // every byte value at every place of two words and a tail of ASCII (the word-wise check)
        for (int at = 0; at < 19; at++) {
            for (int v = 0; v < 256; v++) {
                byte[] b = "abcdefghijklmnopqrs".getBytes(StandardCharsets.US_ASCII);
                b[at] = (byte) v;
                assertThat(Utf8.isPlainJsonString(b))
                        .as("byte %02x at %d", v, at)
                        .isEqualTo(plainJson(b));
            }
        }
        assertThat(
                        Utf8.isPlainJsonString(
                                "01234567890123456789 é€😀\u007f".getBytes(StandardCharsets.UTF_8)))
                .as("text without escapes takes the raw path")
                .isTrue();
    }

    @Test
    void agreesWithTheStrictDecoderOnRandomAndMostlyValidBytes() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] b;
            if (i % 2 == 0) {
                b = new byte[random.nextInt(40)];
                random.nextBytes(b);
            } else {
                // valid text of every width, then one byte changed half of the time
                StringBuilder s = new StringBuilder();
                for (int j = random.nextInt(20); j > 0; j--) {
                    int cp;
                    do {
                        cp =
                                switch (random.nextInt(4)) {
                                    case 0 -> random.nextInt(0x80);
                                    case 1 -> 0x80 + random.nextInt(0x780);
                                    case 2 -> 0x800 + random.nextInt(0xf800);
                                    default -> 0x10000 + random.nextInt(0x100000);
                                };
                    } while (cp >= 0xd800 && cp <= 0xdfff);
                    s.appendCodePoint(cp);
                }
                b = s.toString().getBytes(StandardCharsets.UTF_8);
                if (b.length > 0 && random.nextBoolean()) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
            }
            assertThat(Utf8.isValid(b)).as(HexFormat.of().formatHex(b)).isEqualTo(decodes(b));
        }
    }

    @Test
    void decodesLossilyAsRustsFromUtf8Lossy() {
        String r = "\uFFFD";
        // one U+FFFD per maximal subpart: a surrogate's three bytes are three
        assertThat(Utf8.decodeLossy(hex("eda080"))).isEqualTo(r + r + r);
        assertThat(Utf8.decodeLossy(hex("c0af"))).isEqualTo(r + r);
        assertThat(Utf8.decodeLossy(hex("f4908080"))).isEqualTo(r + r + r + r);
        assertThat(Utf8.decodeLossy(hex("e080"))).isEqualTo(r + r);
        assertThat(Utf8.decodeLossy(hex("61e282"))).isEqualTo("a" + r);
        assertThat(Utf8.decodeLossy(hex("f09f98"))).isEqualTo(r);
        assertThat(Utf8.decodeLossy(hex("ff61fe"))).isEqualTo(r + "a" + r);
        assertThat(Utf8.decodeLossy(hex("e2828262"))).isEqualTo("\u2082b");
        assertThat(Utf8.decodeLossy(hex("e282f09f9880"))).isEqualTo(r + "\ud83d\ude00");
        assertThat(Utf8.decodeLossy(hex("c3a9"))).isEqualTo("\u00e9");
    }
}
