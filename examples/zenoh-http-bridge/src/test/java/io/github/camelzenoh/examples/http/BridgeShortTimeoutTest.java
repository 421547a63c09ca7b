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
 * With a short zenoh.timeout (50 ms), a get that did not time out lists no "Timeout" error: the
 * bridge tells a timeout from zenoh's own Timeout replies, which the get reports, not from how long
 * it took (a review: with 50 ms every get got a Timeout entry, and with 1 s a queryable finishing
 * at 970 ms did too).
 */
class BridgeShortTimeoutTest {

    @Test
    void aGetThatDidNotTimeOutListsNoTimeout() throws Exception {
        try (TestBridge bridge = TestBridge.start("--zenoh.timeout=50", "--bridge.demo=false");
                Queryable q =
                        bridge.peer.declareQueryable(
                                "short/answered",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply(
                                            query.keyExpr(),
                                            "hi".getBytes(StandardCharsets.UTF_8),
                                            Encoding.TEXT_PLAIN,
                                            null);
                                    query.finish();
                                })) {
            TestBridge.awaitAnswer(bridge.httpPort, "short/answered");
            // a loaded machine may take more than 50 ms for one round trip (that get then times
            // out, rightly listing it); before the fix every get listed a Timeout, so one of 20
            // without it, with the reply, is what a working bridge gives
            String answered = get(bridge, "short/answered");
            for (int i = 0;
                    i < 20 && !(answered.contains("\"hi\"") && !answered.contains("Timeout"));
                    i++) {
                answered = get(bridge, "short/answered");
            }
            assertThat(answered)
                    .isEqualTo(
                            "[{\"key\":\"short/answered\",\"value\":\"hi\",\"encoding\":\"text/plain\","
                                    + "\"timestamp\":null}]");
            assertThat(get(bridge, "short/nobody")).as("nobody to ask").isEqualTo("[]");
        }
    }

    private static String get(TestBridge bridge, String key) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:" + bridge.httpPort + "/" + key))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
