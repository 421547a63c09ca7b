/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The zenoh serialization format against Python eclipse-zenoh's {@code zenoh.ext.z_serialize} /
 * {@code z_deserialize} (tools/zser.py), both ways, for every type; and bad input.
 */
class ZenohSerializationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();
    private static ZserPython python;

    @BeforeAll
    static void startPython() {
        python = new ZserPython();
    }

    @AfterAll
    static void stopPython() throws Exception {
        if (python != null) {
            python.close();
        }
    }

    private static String pySerialize(String type, JsonNode value) throws IOException {
        return python.serialize(type, value);
    }

    private static JsonNode pyDeserialize(String type, String hex) throws IOException {
        return python.deserializeAnswer(type, hex);
    }

    private static Arguments c(String type, Object java, String json) {
        return Arguments.of(type, java, json);
    }

    private static Map<Object, Object> map(Object... kv) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    static Stream<Arguments> values() {
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        BigInteger two127 = BigInteger.ONE.shiftLeft(127);
        return Stream.of(
                c("i8", (byte) -128, "-128"),
                c("i8", (byte) 127, "127"),
                c("i16", (short) -30000, "-30000"),
                c("i32", 1234566, "1234566"),
                c("i32", -49245, "-49245"),
                c("i64", Long.MIN_VALUE, Long.toString(Long.MIN_VALUE)),
                c("i64", Long.MAX_VALUE, Long.toString(Long.MAX_VALUE)),
                c("i128", two127.negate(), two127.negate().toString()),
                c("i128", two127.subtract(BigInteger.ONE), two127.subtract(BigInteger.ONE) + ""),
                c("u8", (short) 255, "255"),
                c("u16", 65535, "65535"),
                c("u32", 4294967295L, "4294967295"),
                c("u64", two64.subtract(BigInteger.ONE), two64.subtract(BigInteger.ONE) + ""),
                c("u64", BigInteger.valueOf(7), "7"),
                c(
                        "u128",
                        BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE),
                        BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE).toString()),
                c("f32", 1234.0f, "1234.0"),
                c("f32", -2.5f, "-2.5"),
                c("f64", 0.15, "0.15"),
                c("f64", -1.0e300, "-1.0e300"),
                c("bool", true, "true"),
                c("bool", false, "false"),
                c("string", "héllo ✓ zenoh", "\"héllo ✓ zenoh\""),
                c("string", "", "\"\""),
                c("string", "x".repeat(300), "\"" + "x".repeat(300) + "\""),
                c("bytes", new byte[] {0, 1, (byte) 0xff}, "\"0001ff\""),
                c("bytes", new byte[0], "\"\""),
                c("list<i32>", List.of(1, -2, 3), "[1,-2,3]"),
                c(
                        "list<i64>",
                        List.of(-100L, 500L, 100000L, -20000000L),
                        "[-100,500,100000,-20000000]"),
                c("list<string>", List.of("abc", "def"), "[\"abc\",\"def\"]"),
                c("list<f64>", List.of(42.0, 0.15), "[42.0,0.15]"),
                c("list<u8>", List.of(), "[]"),
                c("list<list<u16>>", List.of(List.of(1, 2), List.of()), "[[1,2],[]]"),
                c("map<string,f64>", map("a", 1.5, "b", -2.0), "[[\"a\",1.5],[\"b\",-2.0]]"),
                c("map<string,string>", map("hello", "world"), "[[\"hello\",\"world\"]]"),
                c(
                        "map<u8,list<bool>>",
                        map((short) 7, List.of(true, false), (short) 0, List.of()),
                        "[[7,[true,false]],[0,[]]]"),
                c("tuple<u16,f32,string>", List.of(500, 1234.0f, "test"), "[500,1234.0,\"test\"]"),
                c(
                        "list<tuple<string,i16>>",
                        List.of(List.of("s1", (short) 10), List.of("s2", (short) -10000)),
                        "[[\"s1\",10],[\"s2\",-10000]]"),
                c(
                        "tuple<i8,map<string,i32>,list<string>,bool>",
                        List.of((byte) -1, map("k", 42), List.of("a"), true),
                        "[-1,[[\"k\",42]],[\"a\"],true]"));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("values")
    void javaAndPythonWriteTheSameBytesAndReadEachOther(String type, Object java, String json)
            throws Exception {
        ZenohSerialization.Type t = ZenohSerialization.Type.parse(type);
        JsonNode value = JSON.readTree(json);

        String javaHex = HEX.formatHex(ZenohSerialization.serialize(t, java));
        String pyHex = pySerialize(type, value);
        assertThat(javaHex).as("Java bytes vs Python z_serialize").isEqualTo(pyHex);

        JsonNode pyRead = pyDeserialize(type, javaHex);
        assertThat(pyRead.get("value"))
                .as("Python z_deserialize of Java's bytes: %s", pyRead)
                .isEqualTo(value);

        Object javaRead = ZenohSerialization.deserialize(t, HEX.parseHex(pyHex));
        assertThat(javaRead).as("Java read of Python's bytes").isEqualTo(java);
        if (!(java instanceof List || java instanceof Map)) {
            assertThat(javaRead).as("Java class of %s", type).isExactlyInstanceOf(java.getClass());
        }
    }

    @Test
    void knownBytesFromZenohExtTests() {
        // the byte sequences of zenoh-ext's own binary_format test
        assertThat(hex("i32", 1234566)).isEqualTo("86d61200");
        assertThat(hex("i32", -49245)).isEqualTo("a33fffff");
        assertThat(hex("string", "test")).isEqualTo("0474657374");
        assertThat(hex("tuple<u16,f32,string>", List.of(500, 1234.0f, "test")))
                .isEqualTo("f40100409a440474657374");
        assertThat(
                        hex(
                                "list<tuple<string,i16>>",
                                List.of(List.of("s1", 10), List.of("s2", -10000))))
                .isEqualTo("020273310a00027332f0d8");
    }

    @Test
    void marshalAcceptsOtherJavaShapesOfTheSameValue() {
        assertThat(hex("list<i32>", new int[] {1, 2})).isEqualTo(hex("list<i32>", List.of(1, 2)));
        assertThat(hex("list<string>", new String[] {"a"})).isEqualTo("010161");
        assertThat(hex("tuple<u8,string>", new Object[] {1, "a"})).isEqualTo("010161");
        assertThat(hex("u64", Long.MAX_VALUE)).isEqualTo("ffffffffffffff7f");
        assertThat(hex("f64", 2)).isEqualTo(hex("f64", 2.0));
        assertThat(ZenohSerialization.typeOf(3L).toString()).isEqualTo("i64");
        assertThat(ZenohSerialization.Type.parse(" map < string , list<i32> > ").toString())
                .isEqualTo("map<string,list<i32>>");
    }

    @Test
    void javaBytesAreOctetsForUnsignedTypesAsPythonWritesThem() throws Exception {
        byte[] octets = {1, (byte) 0x80, (byte) 0xff};
        String py = pySerialize("list<u8>", JSON.readTree("[1,128,255]"));
        assertThat(py).isEqualTo("030180ff");
        assertThat(hex("list<u8>", octets)).isEqualTo(py);
        assertThat(hex("list<u8>", new Byte[] {1, (byte) 0x80, (byte) 0xff})).isEqualTo(py);
        assertThat(hex("u8", (byte) 0xff)).isEqualTo("ff");
        assertThat(hex("tuple<u8,i8>", new byte[] {(byte) 0xff, (byte) 0xff})).isEqualTo("ffff");
        assertThat(hex("list<u16>", octets))
                .isEqualTo(pySerialize("list<u16>", JSON.readTree("[1,128,255]")));
        assertThat(hex("u64", (byte) 0xff)).isEqualTo("ff00000000000000");
        // a signed type keeps Java's value
        assertThat(hex("list<i8>", octets))
                .isEqualTo(pySerialize("list<i8>", JSON.readTree("[1,-128,-1]")));
        assertThat(hex("i16", (byte) -1)).isEqualTo("ffff");
        // and the bytes read back as the unsigned values
        assertThat(read("list<u8>", py)).isEqualTo(List.of((short) 1, (short) 128, (short) 255));
    }

    private static String hex(String type, Object v) {
        return HEX.formatHex(ZenohSerialization.serialize(ZenohSerialization.Type.parse(type), v));
    }

    private static Object read(String type, String hex) {
        return ZenohSerialization.deserialize(
                ZenohSerialization.Type.parse(type), HEX.parseHex(hex));
    }

    @Test
    void truncatedBytesNameTheTypeOffsetAndPosition() throws Exception {
        assertThatThrownBy(() -> read("i32", "0100"))
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessage("truncated input: i32 needs 4 byte(s) at offset 0, 2 left");
        assertThatThrownBy(() -> read("list<i32>", "02010000000200"))
                .hasMessage("truncated input: i32 needs 4 byte(s) at offset 5, 2 left (at [1])");
        assertThatThrownBy(() -> read("string", "0561"))
                .hasMessageContaining(
                        "a string at offset 0 says 5 element(s), only 1 byte(s) left");
        assertThatThrownBy(() -> read("bytes", ""))
                .hasMessageContaining("the length of a bytes at offset 0 is cut off");
        assertThatThrownBy(() -> read("map<string,i32>", "0101610100"))
                .hasMessageContaining("truncated input: i32 needs 4 byte(s)")
                .hasMessageEndingWith("(at [a])");
        // a huge announced length is refused before any allocation
        assertThatThrownBy(() -> read("list<u8>", "ffffffffffffffff7f00"))
                .hasMessageContaining("says 9223372036854775807 element(s), only 1 byte(s) left");
        assertThatThrownBy(() -> read("bytes", "ffffffffffffffffffff01"))
                .hasMessageContaining("over 64 bits");
        // Python (zenoh-ext underneath) refuses the same bytes
        for (String[] bad :
                new String[][] {
                    {"i32", "0100"}, {"list<i32>", "02010000000200"}, {"string", "0561"}
                }) {
            assertThat(pyDeserialize(bad[0], bad[1]).has("error")).as(bad[0]).isTrue();
        }
    }

    @Test
    void trailingBytesAreRefused() {
        assertThatThrownBy(() -> read("i32", "0100000000"))
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessage("1 trailing byte(s) after a complete i32 (read 4 of 5)");
        assertThatThrownBy(() -> read("list<u8>", "0101ff"))
                .hasMessage("1 trailing byte(s) after a complete list<u8> (read 2 of 3)");
    }

    @Test
    void invalidValuesInTheBytesAreRefused() throws Exception {
        assertThatThrownBy(() -> read("bool", "02"))
                .hasMessage("invalid bool 0x02 at offset 0 (only 0 or 1)");
        assertThatThrownBy(() -> read("list<string>", "010201ff"))
                .hasMessage("invalid UTF-8 in the string at offset 2 (at [0])");
        assertThat(pyDeserialize("bool", "02").has("error")).isTrue();
        assertThat(pyDeserialize("list<string>", "010201ff").has("error")).isTrue();
    }

    @Test
    void valuesOfTheWrongJavaTypeOrRangeAreRefused() {
        assertThatThrownBy(() -> hex("i32", "12"))
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessage(
                        "i32 needs an integral Number (Byte, Short, Integer, Long, BigInteger),"
                                + " got java.lang.String");
        assertThatThrownBy(() -> hex("i32", 1.5))
                .hasMessageContaining("i32 needs an integral Number")
                .hasMessageEndingWith("got java.lang.Double");
        assertThatThrownBy(() -> hex("u8", 300))
                .hasMessage("value 300 is out of range for u8 (0..255)");
        assertThatThrownBy(() -> hex("u32", -1)).hasMessageContaining("out of range for u32");
        assertThatThrownBy(() -> hex("u64", BigInteger.ONE.shiftLeft(64)))
                .hasMessageContaining("out of range for u64 (0..2^64-1)");
        assertThatThrownBy(() -> hex("list<i8>", List.of(1, 2, 128)))
                .hasMessage("value 128 is out of range for i8 (-128..127) (at [2])");
        assertThatThrownBy(() -> hex("map<string,bool>", Map.of("k", "yes")))
                .hasMessage("bool needs a Boolean, got java.lang.String (at [k])");
        assertThatThrownBy(() -> hex("tuple<u8,string>", List.of(1)))
                .hasMessage("tuple<u8,string> needs 2 elements, got 1");
        assertThatThrownBy(() -> hex("string", null))
                .hasMessage("null cannot be serialized as string");
        assertThatThrownBy(() -> hex("bytes", "text"))
                .hasMessage("bytes needs a byte[], got java.lang.String");
        assertThatThrownBy(() -> hex("list<i32>", 5))
                .hasMessage("list<i32> needs a List, Iterable or array, got java.lang.Integer");
        assertThatThrownBy(() -> ZenohSerialization.typeOf(List.of(1)))
                .hasMessageStartingWith(
                        "no type given and none implied by java.util.ImmutableCollections");
    }

    @Test
    void badDescriptorsAreRefusedWithThePosition() {
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("list<i33>"))
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessageStartingWith(
                        "bad type descriptor 'list<i33>' at position 5: unknown type 'i33'");
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("map<string>"))
                .hasMessageContaining("map takes 2 element type(s), got 1");
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("list<i32"))
                .hasMessageContaining("expected '>' or ','");
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("list"))
                .hasMessageContaining("'list' needs its element types in <...>");
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("i32 x"))
                .hasMessageContaining("at position 4: unexpected 'x'");
        assertThatThrownBy(() -> ZenohSerialization.Type.parse(""))
                .hasMessage("the type descriptor is empty");
    }

    @Test
    void nestingPastTheLimitIsRefusedWithAShortMessage() {
        int limit = ZenohSerialization.MAX_DEPTH;
        String deepest = "list<".repeat(limit) + "i8" + ">".repeat(limit);
        assertThat(ZenohSerialization.Type.parse(deepest).toString()).isEqualTo(deepest);
        for (int n : new int[] {limit + 1, 20_000}) {
            String tooDeep = "list<".repeat(n) + "i8" + ">".repeat(n);
            assertThatThrownBy(() -> ZenohSerialization.Type.parse(tooDeep))
                    .isInstanceOf(ZenohSerializationException.class)
                    .hasMessageContaining("types nested deeper than " + limit + " levels")
                    .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
        }
        assertThatThrownBy(() -> ZenohSerialization.Type.parse("x".repeat(100_000)))
                .hasMessageContaining("unknown type 'xxxx")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
    }

    @Test
    void anUnpairedSurrogateIsRefusedNotReplaced() throws Exception {
        assertThatThrownBy(() -> hex("string", "a\uD800b"))
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessage(
                        "string: the string has an unpaired surrogate U+D800 at index 1, which"
                                + " UTF-8 cannot encode");
        assertThatThrownBy(() -> hex("map<string,i8>", Map.of("\uDC00", 1)))
                .hasMessageContaining("unpaired surrogate U+DC00 at index 0");
        assertThatThrownBy(() -> hex("string", "end\uD83D"))
                .hasMessageContaining("unpaired surrogate U+D83D at index 3");
        // a pair is one code point, 4 bytes
        assertThat(hex("string", "\uD83D\uDE00")).isEqualTo("04f09f9880");
    }
}
