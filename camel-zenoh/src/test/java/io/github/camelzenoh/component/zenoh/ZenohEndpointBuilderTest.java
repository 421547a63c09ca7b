/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Sample;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
                        .to(
                                zenoh("dsl/out")
                                        .encoding("text/plain;charset=utf-8")
                                        .priority("dataHigh"));
            }
        };
    }

    /** The endpoint options of the generated metadata: name → its JSON description. */
    private static Map<String, JsonNode> metadataOptions() throws Exception {
        JsonNode json;
        try (InputStream in =
                ZenohEndpointBuilderTest.class.getResourceAsStream(
                        "/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json")) {
            json = new ObjectMapper().readTree(in);
        }
        Map<String, JsonNode> options = new TreeMap<>();
        json.get("properties")
                .fields()
                .forEachRemaining(e -> options.put(e.getKey(), e.getValue()));
        // the path is the factory's argument; these two are generic Camel options set otherwise
        options.keySet().removeAll(Set.of("keyExpr", "exceptionHandler", "exchangePattern"));
        return options;
    }

    /** The option setters of the builder (not the factory, not the Endpoint*Builder methods). */
    private static List<Method> builderMethods() {
        return Arrays.stream(ZenohEndpointBuilder.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()))
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .filter(m -> m.getReturnType() == ZenohEndpointBuilder.class)
                .toList();
    }

    /**
     * Every option of the metadata has a method of its name that sets it (and, for an enum, one
     * taking the enum); every method is an option of the metadata.
     */
    @Test
    void builderMethodsAndTheGeneratedMetadataListTheSameOptions() throws Exception {
        Map<String, JsonNode> options = metadataOptions();
        List<Method> methods = builderMethods();
        assertThat(methods.stream().map(Method::getName).collect(Collectors.toSet()))
                .as("builder methods")
                .containsExactlyInAnyOrderElementsOf(options.keySet());
        for (Method m : methods) {
            assertThat(m.getParameterCount()).as(m.toString()).isEqualTo(1);
            Object value = sample(m.getParameterTypes()[0]);
            ZenohEndpointBuilder b = (ZenohEndpointBuilder) m.invoke(zenoh("a/b"), value);
            assertThat(b.getRawUri())
                    .as(m.toString())
                    .isEqualTo("zenoh:a/b?" + m.getName() + "=" + value);
        }
        options.forEach(
                (name, o) -> {
                    if ("enum".equals(o.get("type").asText())) {
                        assertThat(methods)
                                .as("%s(%s)", name, o.get("javaType").asText())
                                .anyMatch(
                                        m ->
                                                m.getName().equals(name)
                                                        && m.getParameterTypes()[0]
                                                                .getName()
                                                                .equals(
                                                                        o.get("javaType")
                                                                                .asText()));
                    }
                });
    }

    private static Object sample(Class<?> type) {
        if (type == boolean.class) {
            return true;
        } else if (type == int.class) {
            return 7;
        } else if (type == long.class) {
            return 7L;
        } else if (type.isEnum()) {
            return type.getEnumConstants()[type.getEnumConstants().length - 1];
        }
        return "v";
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

    /**
     * A null value (an application setting left unset) unsets the option, as if never set: the
     * option keeps the component's value, never the text "null".
     */
    @Test
    void aNullValueUnsetsTheOption() {
        assertThat(
                        zenoh("n/a")
                                .encoding("text/plain")
                                .encoding(null)
                                .livelinessKey(null)
                                .group(null)
                                .parameters(null)
                                .connect(null)
                                .priority((String) null)
                                .priority((Priority) null)
                                .getRawUri())
                .isEqualTo("zenoh:n/a");
        ZenohConfiguration c =
                zenoh("n/b")
                        .encoding(null)
                        .livelinessKey(null)
                        .group(null)
                        .parameters(null)
                        .priority((String) null)
                        .resolve(context, ZenohEndpoint.class)
                        .getConfiguration();
        assertThat(c.getEncoding()).isNull();
        assertThat(c.getLivelinessKey()).isNull();
        assertThat(c.getGroup()).isNull();
        assertThat(c.getParameters()).isNull();
        assertThat(c.getPriority()).isEqualTo(Priority.DATA);
        assertThat(c.getConnect())
                .as("the component's")
                .isEqualTo(
                        context.getComponent("zenoh", ZenohComponent.class)
                                .getConfiguration()
                                .getConnect());
    }

    /**
     * A value holding ')' is written RAW{...}: in RAW(...) its ")&" would end the value early and
     * the rest be read as other options. One holding both ')' and '}' cannot be written either way
     * and is refused, naming the option but not the value (it may be a secret).
     */
    @Test
    void aValueWithBracketsStaysOneValue() {
        ZenohEndpointBuilder b = zenoh("r/a").parameters("x)&timeout=1");
        assertThat(b.getRawUri()).isEqualTo("zenoh:r/a?parameters=RAW{x)&timeout=1}");
        ZenohConfiguration c = b.resolve(context, ZenohEndpoint.class).getConfiguration();
        assertThat(c.getParameters()).isEqualTo("x)&timeout=1");
        assertThat(c.getTimeout()).isEqualTo(10_000);
        assertThat(
                        zenoh("r/b")
                                .parameters("a=f(x)")
                                .resolve(context, ZenohEndpoint.class)
                                .getConfiguration()
                                .getParameters())
                .isEqualTo("a=f(x)");
        assertThatThrownBy(() -> zenoh("r/c").config("{a:'x)&SECRET'}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("zenoh option config")
                .hasMessageContaining("both ')' and '}'")
                .hasMessageNotContaining("SECRET");
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
