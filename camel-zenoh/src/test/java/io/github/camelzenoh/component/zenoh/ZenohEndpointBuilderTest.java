/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Sample;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * The Java DSL builder: every option of the metadata, same URIs as the string form, working routes.
 */
class ZenohEndpointBuilderTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(zenoh("dsl/in/**").queueSize(100).overflowPolicy("block"))
                        .transform(simple("${bodyAs(String)}!"))
                        // the received encoding headers would win (value path): drop them to
                        // re-encode
                        .removeHeaders("CamelZenohEncoding*")
                        .to(
                                zenoh("dsl/out")
                                        .encoding("text/plain;charset=utf-8")
                                        .priority("dataHigh"));
            }
        };
    }

    @Test
    void everyEndpointOptionOfTheGeneratedMetadataHasABuilderMethod() throws Exception {
        JsonNode json;
        try (InputStream in =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json")) {
            json = new ObjectMapper().readTree(in);
        }
        Set<String> options = new HashSet<>();
        for (Iterator<String> it = json.get("properties").fieldNames(); it.hasNext(); ) {
            options.add(it.next());
        }
        // the path is the factory's argument; these two are generic Camel options set otherwise
        options.removeAll(Set.of("keyExpr", "exceptionHandler", "exchangePattern"));
        Set<String> methods =
                Arrays.stream(ZenohEndpointBuilder.class.getDeclaredMethods())
                        .map(Method::getName)
                        .collect(Collectors.toSet());
        assertThat(methods).containsAll(options);
    }

    @Test
    void builderAndStringFormGiveTheSameEndpoint() {
        String[][] cases = {
            {zenoh("a/**").getRawUri(), "zenoh:a/**"},
            {
                zenoh("cmd/robot1")
                        .encoding("application/json")
                        .priority("realTime")
                        .congestionControl("block")
                        .express(true)
                        .reliability("bestEffort")
                        .getRawUri(),
                "zenoh:cmd/robot1?encoding=application/json&priority=realTime&congestionControl=block&express=true"
                        + "&reliability=bestEffort"
            },
            {
                zenoh("svc/*")
                        .consumerType("queryable")
                        .complete(true)
                        .allowedOrigin("remote")
                        .getRawUri(),
                "zenoh:svc/*?consumerType=queryable&complete=true&allowedOrigin=remote"
            },
            {
                zenoh("q/x")
                        .operation("get")
                        .target("all")
                        .consolidation("none")
                        .timeout(500)
                        .parameters("a=1;b=2")
                        .getRawUri(),
                "zenoh:q/x?operation=get&target=all&consolidation=none&timeout=500&parameters=RAW(a=1;b=2)"
            },
            {
                zenoh("e/t")
                        .encoding("text/plain;charset=utf-8")
                        .cacheSize(10)
                        .heartbeat(500)
                        .getRawUri(),
                "zenoh:e/t?encoding=RAW(text/plain;charset=utf-8)&cacheSize=10&heartbeat=500"
            },
        };
        for (String[] c : cases) {
            ZenohEndpoint fromBuilder = context.getEndpoint(c[0], ZenohEndpoint.class);
            ZenohEndpoint fromString = context.getEndpoint(c[1], ZenohEndpoint.class);
            assertThat(fromBuilder).as(c[0]).isSameAs(fromString);
        }
        assertThat(
                        zenoh("cmd/robot1")
                                .encoding("application/json")
                                .priority("realTime")
                                .getRawUri())
                .isEqualTo("zenoh:cmd/robot1?encoding=application/json&priority=realTime");
        ZenohEndpoint e =
                context.getEndpoint(
                        zenoh("x/y")
                                .connect("tcp/127.0.0.1:1,tcp/127.0.0.1:2")
                                .config("{ scouting: { delay: 100 } }")
                                .getRawUri(),
                        ZenohEndpoint.class);
        assertThat(e.getConfiguration().getConnect()).isEqualTo("tcp/127.0.0.1:1,tcp/127.0.0.1:2");
        assertThat(e.getConfiguration().getConfig()).isEqualTo("{ scouting: { delay: 100 } }");
    }

    @Test
    void routesWrittenWithTheBuilderRun() throws Exception {
        awaitConnected();
        try (Collector out = new Collector("dsl/out")) {
            Waits.awaitSubscriberSeenByRoutes(context, "dsl/out");
            peer.put(
                    "dsl/in/a",
                    "hi".getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    io.github.camelzenoh.zenoh.Qos.DEFAULT);
            Sample s = out.next();
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("hi!");
            assertThat(s.encoding()).isEqualTo(new Encoding(4, "charset=utf-8"));
            assertThat(s.priority()).isEqualTo(Priority.DATA_HIGH);
        }
    }
}
