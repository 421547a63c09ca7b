/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.github.camelzenoh.zenoh.Encoding;
import java.nio.charset.StandardCharsets;
import org.apache.camel.Exchange;
import org.apache.camel.component.kafka.KafkaConstants;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

/** The mapping on its own: topic and key rules, and the headers both ways. */
class RecordMappingTest {

    final DefaultCamelContext context = new DefaultCamelContext();

    @Test
    void topicsComeFromRulesElseFromTheKey() {
        RecordMapping m = RecordMapping.of("sensors/**=sensors, demo/cmd/*=commands", "");
        assertThat(m.topicFor("sensors/room1/temp")).isEqualTo("sensors");
        assertThat(m.topicFor("demo/cmd/a")).isEqualTo("commands");
        assertThat(m.topicFor("demo/cmd/a/b")).isEqualTo("demo.cmd.a.b");
        assertThat(RecordMapping.defaultTopic("demo/example/a b°C"))
                .isEqualTo("demo.example.a_b_C");
        assertThat(RecordMapping.defaultTopic("x".repeat(300))).hasSize(249);
    }

    @Test
    void keysComeFromTheMapElseFromTheTopic() {
        RecordMapping m = RecordMapping.of("", "commands=robot/cmd");
        assertThat(m.keyFor("commands")).isEqualTo("robot/cmd");
        assertThat(m.keyFor("zenoh.out")).isEqualTo("zenoh/out");
    }

    @Test
    void badRulesFailAtStartWithTheirPropertyName() {
        assertThatThrownBy(() -> RecordMapping.of("a/**=bad topic", ""))
                .hasMessageContaining("toKafka.topicMap")
                .hasMessageContaining("bad topic");
        assertThatThrownBy(() -> RecordMapping.of("a/**/**=t", ""))
                .hasMessageContaining("toKafka.topicMap");
        assertThatThrownBy(() -> RecordMapping.of("", "t=a/*"))
                .hasMessageContaining("toZenoh.keyMap")
                .hasMessageContaining("wildcards");
        assertThatThrownBy(() -> RecordMapping.of("nothing", ""))
                .hasMessageContaining("keyExpr=topic");
    }

    @Test
    void aSampleBecomesARecordAndTheRecordTheSampleAgain() {
        RecordMapping m = RecordMapping.of("", "");
        Exchange e = new DefaultExchange(context);
        e.getMessage().setBody("hi".getBytes(StandardCharsets.UTF_8));
        e.getMessage().setHeader(ZenohConstants.KEY_EXPR, "demo/a");
        e.getMessage().setHeader(ZenohConstants.ENCODING_ID, Encoding.CUSTOM_ID);
        e.getMessage().setHeader(ZenohConstants.ENCODING_SCHEMA, "vnd.example;v=2");
        e.getMessage().setHeader(ZenohConstants.ATTACHMENT, new byte[] {1, 2});
        e.getMessage().setHeader(ZenohConstants.SAMPLE_KIND, "PUT");
        e.getMessage().setHeader(Exchange.CONTENT_TYPE, "vnd.example;v=2");
        m.toKafka(e);
        assertThat(e.getMessage().getHeaders())
                .containsOnlyKeys(
                        KafkaConstants.KEY,
                        KafkaConstants.OVERRIDE_TOPIC,
                        RecordMapping.KEY,
                        RecordMapping.KIND,
                        RecordMapping.ENCODING_ID,
                        RecordMapping.ENCODING_SCHEMA,
                        RecordMapping.ENCODING,
                        RecordMapping.ATTACHMENT);
        assertThat(e.getMessage().getHeader(KafkaConstants.OVERRIDE_TOPIC)).isEqualTo("demo.a");
        assertThat(e.getMessage().getHeader(RecordMapping.ENCODING_ID)).isEqualTo("65535");
        // the schema's bytes (see schemaBytesAreWhatZenohCarried)
        assertThat(e.getMessage().getHeader(RecordMapping.ENCODING))
                .isEqualTo("vnd.example;v=2".getBytes(StandardCharsets.UTF_8));
        assertThat(e.getMessage().getHeader(RecordMapping.ENCODING_SCHEMA))
                .isEqualTo("vnd.example;v=2".getBytes(StandardCharsets.UTF_8));

        // as camel-kafka hands a consumed record over: header values are byte[]
        Exchange back = new DefaultExchange(context);
        back.getMessage().setBody(e.getMessage().getBody());
        e.getMessage()
                .getHeaders()
                .forEach(
                        (k, v) ->
                                back.getMessage()
                                        .setHeader(
                                                k,
                                                v instanceof byte[] b
                                                        ? b
                                                        : v.toString()
                                                                .getBytes(StandardCharsets.UTF_8)));
        back.getMessage().setHeader(KafkaConstants.TOPIC, "demo.a");
        m.toZenoh(back);
        assertThat(back.getMessage().getHeader(ZenohConstants.OVERRIDE_KEY_EXPR))
                .isEqualTo("demo/a");
        assertThat(back.getMessage().getHeader(ZenohConstants.ENCODING_ID))
                .isEqualTo(Encoding.CUSTOM_ID);
        assertThat(back.getMessage().getHeader(ZenohConstants.ENCODING_SCHEMA))
                .isEqualTo("vnd.example;v=2");
        assertThat(back.getMessage().getHeader(ZenohConstants.ATTACHMENT))
                .isEqualTo(new byte[] {1, 2});
        assertThat(back.getMessage().getBody(String.class)).isEqualTo("hi");
    }

    /**
     * A schema the binding received as bytes that are not UTF-8 holds each such byte as U+DC80 +
     * byte: the header gets the bytes back, and reading the header gives the same String.
     */
    @Test
    void schemaBytesAreWhatZenohCarried() {
        byte[] wire = {
            'a',
            (byte) 0xC3,
            (byte) 0xA9,
            (byte) 0xFF,
            (byte) 0xF0,
            (byte) 0x9F,
            (byte) 0x98,
            (byte) 0x80,
            (byte) 0xE2,
            (byte) 0x82,
            'b',
            (byte) 0x80
        }; // a, é, FF, 😀, a truncated sequence, b, a lone continuation byte
        String java = "a\u00e9\uDCFF\uD83D\uDE00\uDCE2\uDC82b\uDC80";
        assertThat(RecordMapping.schemaText(wire)).isEqualTo(java);
        assertThat(RecordMapping.schemaBytes(java)).isEqualTo(wire);
        assertThat(RecordMapping.schemaBytes("charset=utf-8"))
                .isEqualTo("charset=utf-8".getBytes(StandardCharsets.UTF_8));
        assertThat(RecordMapping.schemaText("text")).isEqualTo("text");
    }

    @Test
    void recordsWithoutEncodingHeadersUseContentTypeElseStayBytes() {
        RecordMapping m = RecordMapping.of("", "");
        Exchange e = new DefaultExchange(context);
        e.getMessage().setBody(new byte[] {7});
        e.getMessage().setHeader(KafkaConstants.TOPIC, "t");
        e.getMessage()
                .setHeader(
                        "Content-Type",
                        "text/plain;charset=utf-8".getBytes(StandardCharsets.UTF_8));
        m.toZenoh(e);
        assertThat(e.getMessage().getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(4);
        assertThat(e.getMessage().getHeader(ZenohConstants.ENCODING_SCHEMA))
                .isEqualTo("charset=utf-8");
        assertThat(e.getMessage().getHeader(ZenohConstants.OVERRIDE_KEY_EXPR)).isEqualTo("t");

        Exchange plain = new DefaultExchange(context);
        plain.getMessage().setBody(new byte[] {7});
        plain.getMessage().setHeader(KafkaConstants.TOPIC, "t");
        m.toZenoh(plain);
        assertThat(plain.getMessage().getHeaders())
                .containsOnlyKeys(ZenohConstants.OVERRIDE_KEY_EXPR);
    }

    @Test
    void nullValuesAndDeleteKindsAreDeletes() {
        RecordMapping m = RecordMapping.of("", "");
        Exchange e = new DefaultExchange(context);
        e.getMessage().setHeader(KafkaConstants.TOPIC, "demo.a");
        m.toZenoh(e);
        assertThat(e.getMessage().getHeader(ZenohConstants.OPERATION)).isEqualTo("delete");
    }

    @Test
    void recordsThatCannotBePutAreBadRecords() {
        RecordMapping m = RecordMapping.of("", "");
        Exchange wildcard = new DefaultExchange(context);
        wildcard.getMessage().setBody(new byte[0]);
        wildcard.getMessage().setHeader(RecordMapping.KEY, "a/*".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> m.toZenoh(wildcard))
                .isInstanceOf(BadRecordException.class)
                .hasMessageContaining("a/*");
        Exchange invalid = new DefaultExchange(context);
        invalid.getMessage().setBody(new byte[0]);
        invalid.getMessage().setHeader(RecordMapping.KEY, "a//b".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> m.toZenoh(invalid))
                .isInstanceOf(BadRecordException.class)
                .hasMessageContaining("a//b");
        Exchange encoding = new DefaultExchange(context);
        encoding.getMessage().setBody(new byte[0]);
        encoding.getMessage().setHeader(RecordMapping.KEY, "a".getBytes(StandardCharsets.UTF_8));
        encoding.getMessage()
                .setHeader(RecordMapping.ENCODING_ID, "70000".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> m.toZenoh(encoding))
                .isInstanceOf(BadRecordException.class)
                .hasMessageContaining("70000");
    }
}
