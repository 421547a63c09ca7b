/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * A get endpoint holds one zenoh querier while its producer runs, and every get goes through it;
 * {@code acceptReplies=any} lets a queryable answer on a key the query does not match (against
 * Python eclipse-zenoh's queryable, which replies on another key).
 */
class ZenohQuerierTest extends ZenohPythonTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:qr/echo?consumerType=queryable&concurrentConsumers=2")
                        .setBody(simple("echo ${bodyAs(String)}"));
                from("direct:get").routeId("get").to("zenoh:qr/echo?operation=get");
                from("direct:any")
                        .to("zenoh:qr/py/any?operation=get&acceptReplies=any&timeout=3000");
                from("direct:matching").to("zenoh:qr/py/any?operation=get&timeout=1500");
            }
        };
    }

    private String get(String body) {
        return template.requestBody("direct:get", body, String.class);
    }

    @Test
    void tenThousandGetsThroughTheRoutesQuerierLeaveNoNativeObjectBehind() throws Exception {
        awaitConnected();
        Waits.until("the queryable route answers", () -> "echo warm".equals(get("warm")));
        // the warm-up get's listener (and awaitConnected's) is released just after its completion,
        // which may be after get() returned: the baseline is taken once the count has settled
        long baseline = Waits.settledLiveObjects();

        int total = 10_000;
        int inFlight = 64;
        for (int done = 0; done < total; done += inFlight) {
            List<CompletableFuture<String>> batch = new ArrayList<>(inFlight);
            for (int i = 0; i < inFlight && done + i < total; i++) {
                batch.add(template.asyncRequestBody("direct:get", "m" + (done + i), String.class));
            }
            for (int i = 0; i < batch.size(); i++) {
                assertThat(batch.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("echo m" + (done + i));
            }
        }
        // a get's listener is released when zenoh drops its callback, just after onComplete
        Waits.until(
                "live native objects back to " + baseline,
                () -> NativeDiagnostics.liveObjects() == baseline);

        // the get route holds its declared key expression, its publisher and its querier
        context.getRouteController().stopRoute("get");
        assertThat(NativeDiagnostics.liveObjects()).isEqualTo(baseline - 3);
        context.getRouteController().startRoute("get");
        assertThat(NativeDiagnostics.liveObjects()).isEqualTo(baseline);
        assertThat(get("again")).isEqualTo("echo again");
    }

    @Test
    void acceptRepliesAnyReceivesAPythonReplyOnAnotherKey() throws Exception {
        awaitConnected();
        try (PythonPeer py =
                PythonPeer.start(
                        "queryable",
                        "--connect",
                        camel,
                        "--key",
                        "qr/py/any",
                        "--reply-key",
                        "qr/elsewhere/x",
                        "--payload",
                        "from python",
                        "--count",
                        "0",
                        "--timeout",
                        "60")) {
            Exchange[] got = new Exchange[1];
            Waits.until(
                    "a reply on qr/elsewhere/x (python stderr: " + py.stderr() + ")",
                    () -> {
                        got[0] = template.request("direct:any", e -> e.getIn().setBody("q"));
                        return got[0].getMessage().getBody() != null;
                    });
            assertThat(got[0].getException()).isNull();
            assertThat(got[0].getMessage().getBody(byte[].class))
                    .asString(StandardCharsets.UTF_8)
                    .isEqualTo("from python");
            assertThat(got[0].getMessage().getHeader(ZenohConstants.KEY_EXPR))
                    .isEqualTo("qr/elsewhere/x");

            // the same queryable, asked by a get that accepts matching keys only: no such reply
            Exchange matching = template.request("direct:matching", e -> e.getIn().setBody("q"));
            List<ZenohReply> replies =
                    matching.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
            assertThat(replies).noneMatch(ZenohReply::ok);
            assertThat(matching.getMessage().getHeader(ZenohConstants.KEY_EXPR)).isNull();
        }
    }
}
