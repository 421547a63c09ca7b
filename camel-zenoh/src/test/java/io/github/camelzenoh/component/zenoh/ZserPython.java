/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * tools/zser.py: Python eclipse-zenoh's {@code zenoh.ext.z_serialize} / {@code z_deserialize} on
 * values given as JSON and type descriptors; one process answers many requests.
 */
final class ZserPython implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    ZserPython() {
        try {
            process =
                    new ProcessBuilder(
                                    PythonPeer.python(),
                                    "-u",
                                    PythonPeer.root().resolve("tools/zser.py").toString())
                            .redirectError(ProcessBuilder.Redirect.INHERIT)
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The answer: {@code {"hex": ...}}, {@code {"value": ...}} or {@code {"error": ...}}. */
    synchronized JsonNode ask(ObjectNode request) throws IOException {
        in.write(JSON.writeValueAsString(request) + "\n");
        in.flush();
        String line = out.readLine();
        if (line == null) {
            throw new IOException("zser.py ended without answering " + request);
        }
        return JSON.readTree(line);
    }

    /** Python's z_serialize bytes (hex) of {@code value}. */
    String serialize(String type, JsonNode value) throws IOException {
        ObjectNode req = JSON.createObjectNode().put("op", "ser").put("type", type);
        req.set("value", value);
        JsonNode a = ask(req);
        if (!a.has("hex")) {
            throw new IllegalStateException("python z_serialize " + type + " " + value + ": " + a);
        }
        return a.get("hex").asText();
    }

    /** Python's z_deserialize answer for {@code bytes}: {@code value} or {@code error}. */
    JsonNode deserializeAnswer(String type, String hex) throws IOException {
        return ask(JSON.createObjectNode().put("op", "de").put("type", type).put("hex", hex));
    }

    /** Python's z_deserialize of {@code bytes} as JSON; fails on a Python error. */
    JsonNode deserialize(String type, byte[] bytes) throws IOException {
        JsonNode a = deserializeAnswer(type, HexFormat.of().formatHex(bytes));
        if (!a.has("value")) {
            throw new IllegalStateException("python z_deserialize " + type + ": " + a);
        }
        return a.get("value");
    }

    @Override
    public void close() throws InterruptedException, IOException {
        process.getOutputStream().close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
