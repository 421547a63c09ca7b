/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The README's "Testing your routes" example, verbatim, so the documentation cannot rot. */
class ReadmeExampleTest extends CamelTestSupport {
    @RegisterExtension static ZenohExtension zenoh = ZenohExtension.router();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        zenoh.configure(context); // component joins the router
        return context;
    }

    @Override
    protected RoutesBuilder createRouteBuilder() {
        return new RouteBuilder() {
            public void configure() {
                from(zenoh("robots/*/temp"))
                        .transform(simple("${bodyAs(String)} C"))
                        .to(zenoh("fleet/temperatures").encoding("text/plain"));
            }
        };
    }

    @Test
    void temperaturesAreForwarded() {
        SampleRecorder out = zenoh.record("fleet/temperatures");
        zenoh.awaitSubscriber("robots/r2/temp", Duration.ofSeconds(10));
        zenoh.publish("robots/r2/temp").put("21.5");
        assertEquals("21.5 C", out.awaitText(Duration.ofSeconds(10)));
    }
}
