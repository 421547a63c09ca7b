/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Encoding text parsing and printing follow zenoh's rules (zenoh 1.10 api/encoding.rs), in pure
 * Java.
 */
class EncodingTest {

    @ParameterizedTest(name = "{0} -> ({1}, {2})")
    @CsvSource(
            nullValues = "NULL",
            value = {
                "zenoh/bytes,                 0,     NULL",
                "zenoh/string,                1,     NULL",
                "application/octet-stream,    3,     NULL",
                "text/plain,                  4,     NULL",
                "text/plain;charset=utf-8,    4,     charset=utf-8",
                "application/json,            5,     NULL",
                "application/protobuf;pkg.Msg, 13,   pkg.Msg",
                "image/png,                   16,    NULL",
                "video/vp9,                   52,    NULL",
                "'text/plain;a;b',            4,     'a;b'",
                "vnd/robot-pose;v2,           65535, vnd/robot-pose;v2",
                "my_encoding,                 65535, my_encoding",
                "'TEXT/PLAIN',                65535, 'TEXT/PLAIN'",
                "'unknown(7)',                65535, 'unknown(7)'",
            })
    void parseMapsKnownPrefixesToIdsAndKeepsUnknownTextWhole(String text, int id, String schema) {
        assertThat(Encoding.parse(text)).isEqualTo(new Encoding(id, schema));
    }

    @Test
    void charsetSchemaIsKeptAfterTheKnownPrefix() {
        Encoding e = Encoding.parse("text/plain;charset=utf-8");
        assertThat(e.id()).isEqualTo(4);
        assertThat(e.schema()).isEqualTo("charset=utf-8");
        assertThat(e.name()).isEqualTo("text/plain");
        assertThat(e).hasToString("text/plain;charset=utf-8");
    }

    @Test
    void emptyOrNullTextIsZenohBytes() {
        assertThat(Encoding.parse(""))
                .isEqualTo(Encoding.ZENOH_BYTES)
                .isEqualTo(new Encoding(0, null));
        assertThat(Encoding.parse(null)).isEqualTo(Encoding.ZENOH_BYTES);
        assertThat(Encoding.ZENOH_BYTES).hasToString("zenoh/bytes");
    }

    @Test
    void anEmptySchemaAfterAKnownPrefixIsNoSchema() {
        // zenoh: `if !schema.is_empty() { inner.schema = Some(..) }`
        assertThat(Encoding.parse("text/plain;")).isEqualTo(Encoding.TEXT_PLAIN);
        // but an unknown name keeps the whole text, separator included
        assertThat(Encoding.parse("vnd/x;")).isEqualTo(new Encoding(Encoding.CUSTOM_ID, "vnd/x;"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "zenoh/bytes", "zenoh/serialized", "text/plain", "text/plain;charset=utf-8",
                "application/json",
        "application/protobuf;pkg.Msg", "video/h264", "vnd/robot-pose;v2", "my_encoding",
                "'text/plain;a;b'",
    })
    void toStringIsTheInverseOfParse(String text) {
        Encoding e = Encoding.parse(text);
        assertThat(e.toString()).isEqualTo(text);
        assertThat(Encoding.parse(e.toString())).isEqualTo(e);
    }

    @Test
    void printingFollowsZenohForEveryIdShape() {
        assertThat(new Encoding(5, null)).hasToString("application/json");
        assertThat(new Encoding(5, "schema-x")).hasToString("application/json;schema-x");
        // custom id: the schema is the whole text; none at all prints empty, as zenoh does
        assertThat(new Encoding(Encoding.CUSTOM_ID, "a/b;c")).hasToString("a/b;c");
        assertThat(new Encoding(Encoding.CUSTOM_ID, null)).hasToString("");
        // ids outside zenoh's table
        assertThat(new Encoding(100, null)).hasToString("unknown(100)");
        assertThat(new Encoding(100, "s")).hasToString("unknown(100);s");
        assertThat(new Encoding(100, null).name()).isNull();
        assertThat(new Encoding(Encoding.CUSTOM_ID, "x").name()).isEmpty();
    }

    @Test
    void ofIdSharesTheConstants() {
        assertThat(Encoding.ofId(0)).isSameAs(Encoding.ZENOH_BYTES);
        assertThat(Encoding.ofId(1)).isSameAs(Encoding.ZENOH_STRING);
        assertThat(Encoding.ofId(4)).isSameAs(Encoding.TEXT_PLAIN);
        assertThat(Encoding.ofId(5)).isSameAs(Encoding.APPLICATION_JSON);
        assertThat(Encoding.ofId(7)).isEqualTo(Encoding.parse("application/cdr"));
        assertThat(Encoding.parse("application/json")).isSameAs(Encoding.APPLICATION_JSON);
    }

    @Test
    void isMimeTypeExcludesZenohsOwnFamilyAndUnknownIds() {
        assertThat(Encoding.parse("application/json").isMimeType()).isTrue();
        assertThat(Encoding.parse("text/plain;charset=utf-8").isMimeType()).isTrue();
        assertThat(Encoding.parse("image/png").isMimeType()).isTrue();
        assertThat(Encoding.parse("vnd/custom;v=1").isMimeType()).isTrue();
        assertThat(Encoding.ZENOH_BYTES.isMimeType()).isFalse();
        assertThat(Encoding.ZENOH_STRING.isMimeType()).isFalse();
        assertThat(Encoding.parse("zenoh/serialized").isMimeType()).isFalse();
        assertThat(Encoding.parse("my_encoding").isMimeType()).isFalse();
        assertThat(new Encoding(Encoding.CUSTOM_ID, null).isMimeType()).isFalse();
        assertThat(new Encoding(100, "a/b").isMimeType()).isFalse();
    }

    @Test
    void idsOutsideSixteenBitsAreRejected() {
        assertThatThrownBy(() -> new Encoding(-1, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1")
                .hasMessageContaining("0..65535");
        assertThatThrownBy(() -> new Encoding(65536, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("65536");
        assertThat(new Encoding(65535, "x").id()).isEqualTo(65535);
        assertThat(new Encoding(0, null).id()).isZero();
    }
}
