/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.camelzenoh.component.zenoh.ZenohReply;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The zenohd REST plugin's JSON shape: {@code {key, value, encoding, timestamp}} per sample, where
 * value is parsed JSON for JSON encodings, text for text encodings and base64 otherwise; error
 * replies appear with key "ERROR".
 */
final class RestJson {

    static final ObjectMapper JSON =
            JsonMapper.builder()
                    .enable(
                            JsonReadFeature.ALLOW_JAVA_COMMENTS,
                            JsonReadFeature.ALLOW_SINGLE_QUOTES,
                            JsonReadFeature.ALLOW_TRAILING_COMMA,
                            JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
                    .build();

    private RestJson() {}

    static String replies(List<ZenohReply> replies) {
        ArrayNode list = JSON.createArrayNode();
        for (ZenohReply r : replies) {
            list.add(
                    sample(
                            r.ok() ? r.keyExpr() : "ERROR",
                            r.payload(),
                            r.encoding(),
                            r.timestamp()));
        }
        return list.toString();
    }

    static ObjectNode sample(String key, byte[] payload, String encoding, String timestamp) {
        ObjectNode n = JSON.createObjectNode();
        n.put("key", key);
        n.set("value", value(payload, encoding));
        n.put("encoding", encoding);
        if (timestamp == null) {
            n.putNull("timestamp");
        } else {
            n.put("timestamp", timestamp);
        }
        return n;
    }

    static JsonNode value(byte[] payload, String encoding) {
        String e = encoding == null ? "" : encoding;
        if (e.startsWith("application/json") || e.startsWith("text/json")) {
            try {
                return JSON.readTree(payload);
            } catch (java.io.IOException notJson) {
                return JSON.getNodeFactory().textNode(new String(payload, StandardCharsets.UTF_8));
            }
        }
        if (e.startsWith("text/") || e.startsWith("zenoh/string")) {
            return JSON.getNodeFactory().textNode(new String(payload, StandardCharsets.UTF_8));
        }
        return JSON.getNodeFactory().textNode(Base64.getEncoder().encodeToString(payload));
    }

    static String error(String message) {
        try {
            return JSON.writeValueAsString(java.util.Map.of("error", message));
        } catch (JsonProcessingException e) {
            return "{\"error\":\"unprintable\"}";
        }
    }
}
