/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.apache.camel.util.CaseInsensitiveMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A received sample's message: lazily computed headers, bulk-copied in sorted order, equal to
 * setHeader's.
 */
class ZenohSampleMessageTest {

    static CamelContext context;

    @BeforeAll
    static void start() {
        context = new DefaultCamelContext();
        context.start();
    }

    @AfterAll
    static void stop() {
        context.stop();
    }

    static final Sample FULL =
            new Sample(
                    "sensors/a",
                    "x".getBytes(StandardCharsets.UTF_8),
                    new Encoding(5, "v1"),
                    SampleKind.DELETE,
                    "7386599418934427648/0123abcd",
                    Priority.REAL_TIME,
                    CongestionControl.BLOCK,
                    true,
                    Reliability.RELIABLE,
                    new byte[] {9});
    static final Sample PLAIN =
            new Sample(
                    "sensors/b",
                    new byte[0],
                    Encoding.ZENOH_BYTES,
                    SampleKind.PUT,
                    null,
                    Priority.DATA,
                    CongestionControl.DROP,
                    false,
                    Reliability.BEST_EFFORT,
                    null);

    /** What setting the headers one by one gives: the reference for the bulk copy. */
    static Map<String, Object> oneByOne(Sample s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(ZenohConstants.KEY_EXPR, s.keyExpr());
        m.put(ZenohConstants.ENCODING_ID, s.encoding().id());
        if (s.encoding().schema() != null) {
            m.put(ZenohConstants.ENCODING_SCHEMA, s.encoding().schema());
        }
        if (s.encoding().isMimeType()) {
            m.put(Exchange.CONTENT_TYPE, s.encoding().toString());
        }
        m.put(ZenohConstants.SAMPLE_KIND, s.kind().name());
        if (s.timestamp() != null) {
            m.put(ZenohConstants.TIMESTAMP, s.timestamp());
        }
        m.put(ZenohConstants.PRIORITY, ZenohOptions.name(s.priority()));
        m.put(ZenohConstants.CONGESTION_CONTROL, ZenohOptions.name(s.congestionControl()));
        m.put(ZenohConstants.EXPRESS, s.express());
        if (s.attachment() != null) {
            m.put(ZenohConstants.ATTACHMENT, s.attachment());
        }
        return m;
    }

    @Test
    void headersEqualTheOneByOneHeadersInEveryKindOfMap() {
        for (Sample s : List.of(FULL, PLAIN)) {
            Map<String, Object> expected = oneByOne(s);
            for (Map<String, Object> target :
                    List.<Map<String, Object>>of(new CaseInsensitiveMap(), new HashMap<>())) {
                ZenohMessages.sampleHeaders(s, target);
                assertThat(target).containsExactlyInAnyOrderEntriesOf(expected);
            }
            CaseInsensitiveMap ci = new CaseInsensitiveMap();
            ZenohMessages.sampleHeaders(s, ci);
            assertThat(ci.get("camelzenohkeyexpr")).isEqualTo(s.keyExpr());
            assertThat(ci.get("CAMELZENOHENCODINGID")).isEqualTo(s.encoding().id());
        }
    }

    @Test
    void headersAreComputedOnFirstAccessAndBehaveLikeAnyOthers() {
        Exchange e = new DefaultExchange(context);
        ZenohSampleMessage m = new ZenohSampleMessage(e, FULL);
        e.setIn(m);
        assertThat(m.getBody()).isSameAs(FULL.payload());
        assertThat(m.getHeader("CamelZenohKeyExpr")).isEqualTo("sensors/a");
        assertThat(m.getHeaders()).containsExactlyInAnyOrderEntriesOf(oneByOne(FULL));
        assertThat(m.getHeaders()).isInstanceOf(CaseInsensitiveMap.class);

        m.setHeader("mine", 1);
        m.removeHeader(ZenohConstants.ATTACHMENT);
        Message copy = m.copy();
        assertThat(copy).isNotInstanceOf(ZenohSampleMessage.class);
        assertThat(copy.getHeader("mine")).isEqualTo(1);
        assertThat(copy.getHeader(ZenohConstants.ATTACHMENT)).isNull();
        assertThat(copy.getHeader(ZenohConstants.TIMESTAMP)).isEqualTo(FULL.timestamp());
    }

    @Test
    void aHeaderSetFirstKeepsTheSamplesOthers() {
        Exchange e = new DefaultExchange(context);
        ZenohSampleMessage m = new ZenohSampleMessage(e, PLAIN);
        m.setHeader(ZenohConstants.KEY_EXPR, "overridden");
        assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("overridden");
        assertThat(m.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("PUT");
        m.reset();
        assertThat(m.hasHeaders()).isFalse();
    }
}
