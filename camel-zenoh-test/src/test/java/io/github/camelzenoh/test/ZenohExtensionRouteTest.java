/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The extension and its helpers, used the way a user's route test uses them. */
class ZenohExtensionRouteTest extends CamelTestSupport {

    @RegisterExtension static ZenohExtension zenoh = ZenohExtension.router();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        zenoh.configure(context);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(zenoh("orders/in/*"))
                        .transform(
                                simple(
                                        "{\"order\":\"${bodyAs(String)}\",\"from\":\"${header.CamelZenohKeyExpr}\"}"))
                        .to(zenoh("orders/out").encoding("application/json"));
                from(zenoh("svc/time").consumerType("queryable"))
                        .setBody(simple("now:${header.CamelZenohSelectorParameters}"));
                from("direct:ask").to(zenoh("weather/today").operation("get").timeout(2000));
            }
        };
    }

    @Test
    void publishAndRecordAroundATransformingRoute() {
        SampleRecorder out = zenoh.record("orders/out");
        zenoh.awaitSubscriber("orders/in/42", Duration.ofSeconds(10));
        zenoh.publish("orders/in/42").encoding("text/plain").attachment("trace-1").put("pizza");
        Sample s = out.await(Duration.ofSeconds(10));
        assertThat(new String(s.payload(), StandardCharsets.UTF_8))
                .isEqualTo("{\"order\":\"pizza\",\"from\":\"orders/in/42\"}");
        assertThat(s.encoding()).isEqualTo(Encoding.APPLICATION_JSON);
        assertThat(s.attachment()).asString(StandardCharsets.UTF_8).isEqualTo("trace-1");
    }

    @Test
    void getAsksTheRoutesQueryable() {
        List<Reply> replies = List.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (replies.isEmpty()
                && System.nanoTime() < deadline) { // the route's queryable may still be spreading
            replies = zenoh.get("svc/time?tz=utc", Duration.ofSeconds(2));
        }
        assertThat(replies)
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.ok()).isTrue();
                            assertThat(new String(r.sample().payload(), StandardCharsets.UTF_8))
                                    .isEqualTo("now:tz=utc");
                        });
    }

    @Test
    void answerServesTheRoutesGet() {
        zenoh.answer("weather/*", q -> "sunny");
        String body = template.requestBody("direct:ask", null, String.class);
        assertThat(body).isEqualTo("sunny");
    }

    @Test
    void optionsForUrisAndMainPointAtTheRouter() {
        assertThat(zenoh.connectEndpoint()).matches("tcp/127\\.0\\.0\\.1:\\d+");
        assertThat(zenoh.uriOptions())
                .contains("connect=" + zenoh.connectEndpoint())
                .contains("mode=client")
                .contains("multicastScouting=false");
        assertThat(zenoh.mainProperties())
                .containsEntry("camel.component.zenoh.connect", zenoh.connectEndpoint());
    }
}
