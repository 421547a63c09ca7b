/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.examples.http.RestPluginDifferentialTest.Response;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How {@link RestPluginDifferentialTest#sessionTimeout} reads a timed-out get's answer: zenoh's
 * session timer and its routing layer's may both end the same get with "Timeout" under load, and
 * the plugin then lists both, in JSON and in HTML alike (CI, the HTML case: two ERROR entries from
 * the plugin against the bridge's one).
 */
class TimedOutGetNormalizationTest {

    private static final String ONE = "<dl>\n<dt>ERROR</dt>\n<dd>Timeout</dd>\n</dl>\n";
    private static final String TWO =
            "<dl>\n<dt>ERROR</dt>\n<dd>Timeout</dd>\n<dt>ERROR</dt>\n<dd>Timeout</dd>\n</dl>\n";

    private static Response html(String body) {
        return new Response(
                200, Map.of("content-type", "text/html"), body.getBytes(StandardCharsets.UTF_8));
    }

    private static String body(Response r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void thePluginsTwoTimeoutsInHtmlCountAsOne() {
        assertThat(body(RestPluginDifferentialTest.sessionTimeout(html(TWO), true))).isEqualTo(ONE);
        assertThat(body(RestPluginDifferentialTest.sessionTimeout(html(ONE), true))).isEqualTo(ONE);
    }

    @Test
    void twoTimeoutsFromTheBridgeStayADifference() {
        assertThat(body(RestPluginDifferentialTest.sessionTimeout(html(TWO), false)))
                .isEqualTo(TWO);
    }

    @Test
    void inHtmlTooTheTimeoutIsListedAfterTheReplies() {
        String replyAfter =
                "<dl>\n<dt>ERROR</dt>\n<dd>Timeout</dd>\n<dt>diff/hold/b</dt>\n<dd>first</dd>\n</dl>\n";
        String replyFirst =
                "<dl>\n<dt>diff/hold/b</dt>\n<dd>first</dd>\n<dt>ERROR</dt>\n<dd>Timeout</dd>\n</dl>\n";
        assertThat(body(RestPluginDifferentialTest.sessionTimeout(html(replyAfter), true)))
                .isEqualTo(replyFirst);
        assertThat(body(RestPluginDifferentialTest.sessionTimeout(html(replyAfter), false)))
                .isEqualTo(replyFirst);
    }
}
