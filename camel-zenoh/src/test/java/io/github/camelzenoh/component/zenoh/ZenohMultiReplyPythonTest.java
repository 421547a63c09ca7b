/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * Python eclipse-zenoh's {@code get} against a queryable route answering with many replies (one a
 * delete) and with a deliberate error reply: what another zenoh binding receives.
 */
class ZenohMultiReplyPythonTest extends ZenohPythonTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:pystore/**?consumerType=queryable")
                        .process(
                                e -> {
                                    List<ZenohReply> replies = new ArrayList<>();
                                    for (int i = 0; i < 99; i++) {
                                        replies.add(
                                                ZenohReply.ok(
                                                        "pystore/item" + i,
                                                        "{\"n\":" + i + "}",
                                                        "application/json"));
                                    }
                                    replies.add(ZenohReply.delete("pystore/removed"));
                                    e.getMessage().setBody(replies);
                                });
                from("zenoh:pyrefuse/**?consumerType=queryable")
                        .setHeader(ZenohConstants.REPLY_ERROR, constant(true))
                        .setHeader(Exchange.CONTENT_TYPE, constant("text/csv;charset=utf-8"))
                        .setBody(constant("code,reason\n403,read-only"));
            }
        };
    }

    private List<JsonNode> pythonGet(String key) {
        try (PythonPeer get =
                PythonPeer.start(
                        "get",
                        "--connect",
                        camel,
                        "--key",
                        key,
                        "--delay",
                        "1",
                        "--timeout",
                        "10")) {
            List<JsonNode> replies = get.allJson(30);
            assertThat(replies).as("python stderr: %s", get.stderr()).isNotNull();
            return replies;
        }
    }

    @Test
    void pythonGetReceivesAHundredRepliesOneOfThemADelete() throws Exception {
        awaitConnected();
        List<JsonNode> replies = pythonGet("pystore/**");
        assertThat(replies).hasSize(100);
        assertThat(replies).allMatch(r -> r.get("ok").asBoolean());
        List<JsonNode> puts =
                replies.stream().filter(r -> "PUT".equals(r.get("kind").asText())).toList();
        List<JsonNode> deletes =
                replies.stream().filter(r -> "DELETE".equals(r.get("kind").asText())).toList();
        assertThat(puts).hasSize(99);
        assertThat(deletes).hasSize(1);
        assertThat(deletes.get(0).get("key").asText()).isEqualTo("pystore/removed");
        for (JsonNode r : puts) {
            String key = r.get("key").asText();
            assertThat(key).startsWith("pystore/item");
            String n = key.substring("pystore/item".length());
            assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("{\"n\":" + n + "}");
            assertThat(r.get("encoding").asText()).isEqualTo("application/json");
        }
        assertThat(puts).extracting(r -> r.get("key").asText()).doesNotHaveDuplicates();
    }

    @Test
    void pythonGetReceivesTheRoutesErrorReplyWithItsPayloadAndEncoding() throws Exception {
        awaitConnected();
        List<JsonNode> replies = pythonGet("pyrefuse/x");
        assertThat(replies).hasSize(1);
        JsonNode r = replies.get(0);
        assertThat(r.get("ok").asBoolean()).isFalse();
        assertThat(PythonPeer.text(r.get("payload"))).isEqualTo("code,reason\n403,read-only");
        assertThat(r.get("encoding").asText()).isEqualTo("text/csv;charset=utf-8");
    }
}
