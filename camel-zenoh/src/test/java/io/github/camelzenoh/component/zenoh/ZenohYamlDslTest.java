/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.GetOptions;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;

/** Routes written in the YAML DSL, endpoint options given as {@code parameters:}. */
class ZenohYamlDslTest extends ZenohTestSupport {

    private static final String ROUTES =
            """
            - route:
                id: yaml-relay
                from:
                  uri: zenoh:yaml/in/**
                  parameters:
                    consumerType: subscriber
                    queueSize: 50
                    overflowPolicy: block
                  steps:
                    - setBody:
                        simple: "relayed ${body}"
                    - to:
                        uri: zenoh:yaml/out
                        parameters:
                          encoding: application/json
                          priority: interactiveHigh
                          express: true
            - route:
                id: yaml-queryable
                from:
                  uri: zenoh:yaml/svc/**
                  parameters:
                    consumerType: queryable
                  steps:
                    - setBody:
                        simple: "answer to ${header.CamelZenohKeyExpr} with ${header.CamelZenohSelectorParameters}"
            """;

    @Test
    void yamlRoutesWithParametersWorkAgainstThePeer() throws Exception {
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.fromString("routes.yaml", ROUTES));
        assertThat(context.getRoute("yaml-relay")).isNotNull();
        assertThat(context.getRoute("yaml-queryable")).isNotNull();

        ZenohEndpoint from = (ZenohEndpoint) context.getRoute("yaml-relay").getEndpoint();
        assertThat(from.getConfiguration().getQueueSize()).isEqualTo(50);
        assertThat(from.getConfiguration().getOverflowPolicy())
                .isEqualTo(ZenohOverflowPolicy.BLOCK);

        awaitConnected();
        try (Collector out = new Collector("yaml/out")) {
            Waits.awaitSubscriberSeenByRoutes(context, "yaml/out");
            peer.put(
                    "yaml/in/a",
                    "1".getBytes(StandardCharsets.UTF_8),
                    Encoding.TEXT_PLAIN,
                    null,
                    Qos.DEFAULT);
            Sample s = out.next();
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("relayed 1");
            assertThat(s.encoding()).as("encoding parameter").isEqualTo(Encoding.APPLICATION_JSON);
            assertThat(s.priority()).as("priority parameter").isEqualTo(Priority.INTERACTIVE_HIGH);
            assertThat(s.express()).as("express parameter").isTrue();
        }

        List<Reply> replies =
                peer.get("yaml/svc/x", GetOptions.DEFAULT.withParameters("n=1"))
                        .get(10, TimeUnit.SECONDS);
        assertThat(replies).hasSize(1);
        assertThat(new String(replies.get(0).sample().payload(), StandardCharsets.UTF_8))
                .isEqualTo("answer to yaml/svc/x with n=1");
    }
}
