/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SerdeJson} against what serde_json (the REST plugin's parser) does: payloads it rejects
 * are base64, accepted ones are its Value written as serde_json writes it. Expected texts are the
 * plugin's (checked against it by RestPluginDifferentialTest's json-* cases), up to Jackson's
 * string escapes.
 */
class SerdeJsonTest {

    private static String value(byte[] payload) {
        String list =
                new String(
                        RestJson.repliesUtf8(
                                List.of(ZenohReply.ok("k", payload, "application/json"))),
                        StandardCharsets.UTF_8);
        String tree = RestJson.replies(List.of(ZenohReply.ok("k", payload, "application/json")));
        assertThat(list).as("streamed = tree").isEqualTo(tree);
        String head = "[{\"key\":\"k\",\"value\":";
        return list.substring(head.length(), list.indexOf(",\"encoding\":"));
    }

    private static String value(String payload) {
        return value(payload.getBytes(StandardCharsets.UTF_8));
    }

    private static String b64(byte[] b) {
        return "\"" + Base64.getEncoder().encodeToString(b) + "\"";
    }

    private static void rejected(String payload) {
        assertThat(value(payload))
                .as(payload)
                .isEqualTo(b64(payload.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void acceptsExactlyWhatSerdeJsonAccepts() {
        for (String bad :
                new String[] {
                    "[1] // c",
                    "/* c */ [1]",
                    "['a']",
                    "[1,]",
                    "{\"a\":1,}",
                    "{a: 1}",
                    "[1] garbage",
                    "1 2",
                    "   ",
                    "\n",
                    "01",
                    "1.",
                    "+1",
                    "NaN",
                    "\"a\tb\"",
                    "\"\\x\"",
                    "[1e99999999999]",
                    "1e400",
                    "-1e309",
                    "\"\\ud800\"",
                    "\"\\udc00\"",
                    "\"\\ud83d\\u0041\"",
                    "{\"\\ud800\":1}",
                    "tru",
                    "nulls",
                    "[1 2]",
                    "{\"a\" 1}",
                    "{1:2}",
                    "-",
                    "1e",
                    "1e+",
                    ".5",
                    "[",
                    "\"abc",
                    "\"\\u12\"",
                    "Infinity",
                    "[1]]"
                }) {
            rejected(bad);
        }
        byte[] bom = HexFormat.of().parseHex("efbbbf5b315d");
        assertThat(value(bom)).isEqualTo(b64(bom));
        for (String hex : new String[] {"22c0af22", "22eda08022", "5b315dff", "22e28222"}) {
            byte[] b = HexFormat.of().parseHex(hex);
            assertThat(value(b)).as(hex).isEqualTo(b64(b));
        }
        assertThat(value(" \t\r\n[1] \n")).isEqualTo("[1]");
        assertThat(value("[" + "[".repeat(126) + "]".repeat(127))).startsWith("[[[");
        rejected("[".repeat(128) + "]".repeat(128));
        rejected("{\"a\":".repeat(128) + "1" + "}".repeat(128));
        assertThat(value("\"\\ud83d\\ude00 \\u00e9\\/\"")).isEqualTo("\"😀 é/\"");
        assertThat(value("\"é😀\"")).isEqualTo("\"é😀\"");
    }

    @Test
    void numbersAreWhatValueHolds() {
        assertThat(value("18446744073709551615")).isEqualTo("18446744073709551615");
        assertThat(value("18446744073709551616")).isEqualTo("1.8446744073709552e+19");
        assertThat(value("[-9223372036854775808,-9223372036854775809]"))
                .isEqualTo("[-9223372036854775808,-9.223372036854776e+18]");
        assertThat(value("[-0,0,-0.0,0.0,-0e5]")).isEqualTo("[-0.0,0,-0.0,0.0,-0.0]");
        assertThat(value("[2.5,1e-7,1E22,0.1,5e-324,2e-5,1e16,1e15,100,1e2,0.001,1e-5,1.5e300]"))
                .isEqualTo(
                        "[2.5,1e-7,1e+22,0.1,5e-324,0.00002,1e+16,1000000000000000.0,100,100.0,0.001,"
                                + "0.00001,1.5e+300]");
        assertThat(value("0." + "0".repeat(1200) + "1")).isEqualTo("0.0");
        assertThat(value("1" + "0".repeat(1200) + "e-1190")).isEqualTo("10000000000.0");
        assertThat(value("[0e99999999999,1e-99999999999,-1e-400]")).isEqualTo("[0.0,0.0,-0.0]");
        assertThat(value("1.7976931348623157e308")).isEqualTo("1.7976931348623157e+308");
        assertThat(value("123456789012345678901234567890")).isEqualTo("1.2345678901234568e+29");
    }

    /** The reviewer's cases: the REST plugin's own text for each payload (serde_json with zmij). */
    @Test
    void exponentsAreSignedAsTheRestPluginWritesThem() {
        assertThat(value("[1e16]")).isEqualTo("[1e+16]");
        assertThat(value("[1e17,1e21,1e22,1e308]")).isEqualTo("[1e+17,1e+21,1e+22,1e+308]");
        assertThat(value("6.02214076e23")).isEqualTo("6.02214076e+23");
        assertThat(value("1.7976931348623157e308")).isEqualTo("1.7976931348623157e+308");
        assertThat(value("18446744073709551616")).isEqualTo("1.8446744073709552e+19");
        assertThat(value("-9223372036854775809")).isEqualTo("-9.223372036854776e+18");
        assertThat(value("[1e-7,5e-324,-0.0,0.0,-1e-6,9999999999999998.0,1e-5,0.0001]"))
                .isEqualTo("[1e-7,5e-324,-0.0,0.0,-1e-6,9999999999999998.0,0.00001,0.0001]");
        assertThat(value("[1.5e-300,-2.5e300,1e100,1e-100,1.25e-10]"))
                .isEqualTo(
                        "[1.4999999999999998e-300,-2.5e+300,1e+100,1e-100,1.25e-10]"); // 15 / 1e301
    }

    @Test
    void zmijLayout() {
        assertThat(SerdeJson.f64(1e-5)).isEqualTo("0.00001");
        assertThat(SerdeJson.f64(1e-6)).isEqualTo("1e-6");
        assertThat(SerdeJson.f64(1.25e-6)).isEqualTo("1.25e-6");
        assertThat(SerdeJson.f64(9007199254740993.0)).isEqualTo("9007199254740992.0");
        assertThat(SerdeJson.f64(1e17)).isEqualTo("1e+17");
        assertThat(SerdeJson.f64(-2.5)).isEqualTo("-2.5");
        assertThat(SerdeJson.f64(Double.MIN_VALUE)).isEqualTo("5e-324");
        assertThat(SerdeJson.f64(1e23)).isEqualTo("1e+23");
        assertThat(SerdeJson.f64(123.456)).isEqualTo("123.456");
        assertThat(SerdeJson.f64(1e16)).isEqualTo("1e+16");
        assertThat(SerdeJson.f64(1.234e16)).isEqualTo("1.234e+16");
        assertThat(SerdeJson.f64(9.999999999999998e15)).isEqualTo("9999999999999998.0");
        assertThat(SerdeJson.f64(1e-323)).isEqualTo("1e-323");
        assertThat(SerdeJson.f64(-1.5e-7)).isEqualTo("-1.5e-7");
        assertThat(SerdeJson.f64(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e+308");
        assertThat(SerdeJson.f64(Double.MIN_NORMAL)).isEqualTo("2.2250738585072014e-308");
        assertThat(SerdeJson.f64(0.0)).isEqualTo("0.0");
        assertThat(SerdeJson.f64(-0.0)).isEqualTo("-0.0");
    }

    /**
     * f64's fast paths (few digits found in double arithmetic, Schubfach's digits without the
     * BigDecimal search, the table of the smallest subnormals) give f64Exact's text, for random bit
     * patterns, random short decimals (as payloads have them: as Java reads them and as serde_json
     * reads them), every small subnormal, powers of ten and their neighbours, integers.
     */
    @Test
    void fastPathsGiveTheExactText() {
        List<String> wrong = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(20260517);
        for (int i = 0; i < 100_000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isFinite(d)) {
                same(d, wrong);
            }
        }
        int fast = 0;
        for (int i = 0; i < 100_000; i++) {
            int length = 1 + r.nextInt(17);
            long digits = r.nextLong((long) Math.pow(10, length - 1), (long) Math.pow(10, length));
            if (r.nextInt(4) == 0) {
                digits -= digits % 1000; // trailing zeros
            }
            int e = i % 2 == 0 ? r.nextInt(-30, 31) : r.nextInt(-345, 309);
            String text = digits + "e" + e;
            double nearest = Double.parseDouble(text);
            if (Double.isFinite(nearest)) {
                same(nearest, wrong);
                if (length <= 15 && e >= -22 && e <= 0 && nearest < 0x1p50) {
                    fast++;
                    if (SerdeJson.fewDigits(nearest) < 0) {
                        wrong.add(text + ": no fast path");
                    }
                }
            }
            if (SerdeJson.parse(text.getBytes(StandardCharsets.UTF_8)) instanceof Double serde) {
                same(serde, wrong); // serde_json's value, not always the nearest double
            }
        }
        for (long m = 0; m <= 5000; m++) {
            same(Double.longBitsToDouble(m), wrong);
        }
        for (int p = -325; p <= 308; p++) {
            double ten = Double.parseDouble("1e" + p);
            same(ten, wrong);
            same(Math.nextUp(ten), wrong);
            same(Math.nextDown(ten), wrong);
            same(Double.parseDouble("5e" + p), wrong);
        }
        for (int i = 0; i < 20_000; i++) {
            same(r.nextLong(1L << 55), wrong);
            same(r.nextInt(1_000_000) / 1000.0, wrong);
        }
        assertThat(wrong).isEmpty();
        assertThat(fast).isGreaterThan(5_000);
        assertThat(SerdeJson.fewDigits(2.5)).isEqualTo(1);
        assertThat(SerdeJson.fewDigits(12.0)).isZero();
        assertThat(SerdeJson.fewDigits(0.1)).isEqualTo(1);
        assertThat(SerdeJson.fewDigits(1e-7)).isEqualTo(7);
        assertThat(SerdeJson.fewDigits(123456.789)).isEqualTo(3);
        assertThat(SerdeJson.fewDigits(Double.MIN_VALUE)).isEqualTo(-1);
        assertThat(SerdeJson.fewDigits(0.30000000000000004)).isEqualTo(-1);
        assertThat(SerdeJson.fewDigits(1e16)).isEqualTo(-1);
    }

    private static void same(double d, List<String> wrong) {
        if (!Double.isFinite(d)) {
            return; // 5e308: f64 is for finite doubles, a Value holds no other
        }
        for (double v : new double[] {d, -d}) {
            String fast = SerdeJson.f64(v);
            String exact = SerdeJson.f64Exact(v);
            if (!fast.equals(exact) || Double.parseDouble(fast) != v) {
                wrong.add(Double.doubleToRawLongBits(v) + ": " + fast + " / " + exact);
            }
        }
    }

    @Test
    void objectsAreSortedByUtf8BytesAndTheLastDuplicateWins() {
        assertThat(
                        value(
                                "{\"b\":1,\"a\":2,\"B\":3,\"\\u00e9\":4,\"\\ud83d\\ude00\":5,\"\\ue000\":6}"))
                .isEqualTo("{\"B\":3,\"a\":2,\"b\":1,\"é\":4,\"\ue000\":6,\"😀\":5}");
        assertThat(value("{\"a\":1,\"b\":2,\"a\":3}")).isEqualTo("{\"a\":3,\"b\":2}");
        assertThat(value("[{\"z\":{\"y\":1,\"x\":[{\"d\":1,\"c\":2}]}}]"))
                .isEqualTo("[{\"z\":{\"x\":[{\"c\":2,\"d\":1}],\"y\":1}}]");
    }
}
