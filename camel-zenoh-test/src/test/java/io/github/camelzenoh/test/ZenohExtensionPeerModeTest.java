/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The extension in peer mode, per test (an instance field): the routes' session and the helpers'
 * are peers of the extension's own, and record and answer wait until the routes' session knows what
 * they declared — the first sample and the first get, sent at once, reach them.
 */
class ZenohExtensionPeerModeTest extends CamelTestSupport {

    @RegisterExtension ZenohExtension zenoh = ZenohExtension.peer();

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
                from("direct:send").to(zenoh("peer/out").encoding("text/plain"));
                from("direct:ask").to(zenoh("peer/svc").operation("get").timeout(2000));
                from(zenoh("peer/in")).to(zenoh("peer/forwarded"));
            }
        };
    }

    @Test
    void recordSeesTheFirstSampleARouteSends() {
        SampleRecorder out = zenoh.record("peer/out");
        template.sendBody("direct:send", "first");
        assertThat(out.awaitText(Duration.ofSeconds(10))).isEqualTo("first");
    }

    @Test
    void answerServesTheFirstGetOfARoute() {
        zenoh.answer("peer/svc", q -> "served");
        assertThat(template.requestBody("direct:ask", null, String.class)).isEqualTo("served");
    }

    @Test
    void awaitSubscriberFindsTheRoutesSubscriberPastTheTestsOwnRecorder() {
        SampleRecorder all = zenoh.record("peer/**");
        zenoh.awaitSubscriber("peer/in", Duration.ofSeconds(10));
        zenoh.publish("peer/in", "through the route");
        assertThat(all.await(2, Duration.ofSeconds(10)))
                .extracting(s -> s.keyExpr())
                .containsExactlyInAnyOrder("peer/in", "peer/forwarded");
    }
}
