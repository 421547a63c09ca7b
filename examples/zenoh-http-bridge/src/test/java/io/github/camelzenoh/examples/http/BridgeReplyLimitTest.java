/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A GET whose queryable answers more than the bridge's get may hold (the component's maxReplies /
 * maxReplyBytes, set as camel.component.zenoh.*) is a 502 naming the options, at once: the bridge
 * does not fill its heap with a peer's answer (the REST plugin would hold them all).
 */
class BridgeReplyLimitTest {

    @Test
    void aGetAnsweredPastTheLimitIsA502NamingTheOptionsAndOneAtTheLimitIsServed() throws Exception {
        try (TestBridge bridge =
                        TestBridge.start(
                                "--camel.component.zenoh.maxReplies=3", "--bridge.demo=false");
                Queryable q =
                        bridge.peer.declareQueryable(
                                "many/**",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    // distinct keys: zenoh's default consolidation keeps one
                                    // reply per key
                                    String k = query.keyExpr().replace("/**", "");
                                    int n = k.endsWith("/five") ? 5 : 3;
                                    for (int i = 0; i < n; i++) {
                                        query.reply(
                                                k + "/" + i,
                                                ("r" + i).getBytes(StandardCharsets.UTF_8),
                                                Encoding.TEXT_PLAIN,
                                                null);
                                    }
                                    query.finish();
                                })) {
            TestBridge.awaitAnswer(bridge.httpPort, "many/three/**");
            HttpResponse<String> three = get(bridge, "many/three/**");
            assertThat(three.statusCode()).isEqualTo(200);
            assertThat(three.body()).contains("many/three/0", "many/three/1", "many/three/2");

            HttpResponse<String> five = get(bridge, "many/five/**");
            assertThat(five.statusCode()).isEqualTo(502);
            assertThat(five.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
            assertThat(five.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
            assertThat(five.body())
                    .contains("zenoh get on 'many/five/**' received more than maxReplies=3 replies")
                    .contains("camel.component.zenoh.maxReplies");
        }
    }

    private static HttpResponse<String> get(TestBridge bridge, String target) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + bridge.httpPort
                                                        + "/"
                                                        + target))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
