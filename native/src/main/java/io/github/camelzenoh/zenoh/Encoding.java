/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.HashMap;
import java.util.Map;

/**
 * A zenoh encoding as a plain value: {@code (id, schema)}, exactly what crosses the wire. Its text
 * form follows zenoh ({@code "text/plain;charset=utf-8"}): the part before the first {@code ;} maps
 * to a predefined id, the rest is the schema; an unknown name becomes id {@value #CUSTOM_ID} with
 * the whole text as schema. Parsing and printing happen here, in Java, so they cost no JNI
 * crossing.
 */
public record Encoding(int id, String schema) {

    /** zenoh's id for encodings outside its table; the schema then carries the whole text. */
    public static final int CUSTOM_ID = 0xFFFF;

    /** zenoh's predefined encodings; the index is the id (encoding.rs in the zenoh crate). */
    private static final String[] NAMES = {
        "zenoh/bytes",
        "zenoh/string",
        "zenoh/serialized",
        "application/octet-stream",
        "text/plain",
        "application/json",
        "text/json",
        "application/cdr",
        "application/cbor",
        "application/yaml",
        "text/yaml",
        "text/json5",
        "application/python-serialized-object",
        "application/protobuf",
        "application/java-serialized-object",
        "application/openmetrics-text",
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/bmp",
        "image/webp",
        "application/xml",
        "application/x-www-form-urlencoded",
        "text/html",
        "text/xml",
        "text/css",
        "text/javascript",
        "text/markdown",
        "text/csv",
        "application/sql",
        "application/coap-payload",
        "application/json-patch+json",
        "application/json-seq",
        "application/jsonpath",
        "application/jwt",
        "application/mp4",
        "application/soap+xml",
        "application/yang",
        "audio/aac",
        "audio/flac",
        "audio/mp4",
        "audio/ogg",
        "audio/vorbis",
        "video/h261",
        "video/h263",
        "video/h264",
        "video/h265",
        "video/h266",
        "video/mp4",
        "video/ogg",
        "video/raw",
        "video/vp8",
        "video/vp9",
    };

    private static final Map<String, Integer> IDS = new HashMap<>();

    static {
        for (int i = 0; i < NAMES.length; i++) {
            IDS.put(NAMES[i], i);
        }
    }

    public static final Encoding ZENOH_BYTES = new Encoding(0, null);
    public static final Encoding ZENOH_STRING = new Encoding(1, null);
    public static final Encoding TEXT_PLAIN = new Encoding(4, null);
    public static final Encoding APPLICATION_JSON = new Encoding(5, null);

    private static final Encoding[] BY_ID = new Encoding[NAMES.length];

    static {
        for (int i = 0; i < BY_ID.length; i++) {
            BY_ID[i] = new Encoding(i, null);
        }
        BY_ID[0] = ZENOH_BYTES;
        BY_ID[1] = ZENOH_STRING;
        BY_ID[4] = TEXT_PLAIN;
        BY_ID[5] = APPLICATION_JSON;
    }

    /**
     * zenoh writes a schema with an 8-bit length (more makes zenoh panic and poison the session).
     */
    public static final int MAX_SCHEMA_BYTES = 255;

    /**
     * A schema's wire bytes as this binding gives them in {@link #schema()}: valid UTF-8 as it is,
     * each byte of an invalid sequence as the lone surrogate U+DC00 + byte. {@link
     * #schemaBytes(String)} undoes it (for a bridge that carries the schema elsewhere as bytes).
     */
    public static String schemaText(byte[] wire) {
        return Dispatch.schema(wire);
    }

    /**
     * The wire bytes of a schema as {@link #schemaText(byte[])} represents them: each lone
     * surrogate U+DC80..U+DCFF is the byte it stands for, the rest UTF-8 (as the native side sends
     * it).
     */
    public static byte[] schemaBytes(String schema) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(schema.length() + 8);
        int start = 0;
        for (int i = 0; i < schema.length(); i++) {
            char c = schema.charAt(i);
            if (c >= '\uDC80'
                    && c <= '\uDCFF'
                    && (i == 0 || !Character.isHighSurrogate(schema.charAt(i - 1)))) {
                out.writeBytes(
                        schema.substring(start, i)
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.write(c & 0xFF);
                start = i + 1;
            }
        }
        out.writeBytes(schema.substring(start).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    public Encoding {
        if (id < 0 || id > 0xFFFF) {
            throw new IllegalArgumentException("encoding id " + id + " is outside 0..65535");
        }
        // UTF-8 takes at most 3 bytes per char here: count bytes only when it may matter
        if (schema != null
                && schema.length() > MAX_SCHEMA_BYTES / 3
                && schema.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                        > MAX_SCHEMA_BYTES) {
            throw new IllegalArgumentException(
                    "encoding schema '"
                            + schema.substring(0, Math.min(40, schema.length()))
                            + "...' is "
                            + schema.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                            + " bytes long: zenoh carries at most "
                            + MAX_SCHEMA_BYTES);
        }
    }

    /** zenoh's parsing of an encoding's text form; null or empty gives zenoh/bytes. */
    public static Encoding parse(String text) {
        if (text == null || text.isEmpty()) {
            return ZENOH_BYTES;
        }
        int semi = text.indexOf(';');
        String name = semi < 0 ? text : text.substring(0, semi);
        Integer id = IDS.get(name);
        if (id == null) {
            return new Encoding(CUSTOM_ID, text);
        }
        String schema = semi < 0 || semi == text.length() - 1 ? null : text.substring(semi + 1);
        return schema == null ? ofId(id) : new Encoding(id, schema);
    }

    /**
     * The schema-less encoding of {@code id}: one shared instance per predefined id (no allocation
     * per sample).
     */
    public static Encoding ofId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : new Encoding(id, null);
    }

    /** The predefined name for this id ("text/plain"), "" for custom, null when unknown. */
    public String name() {
        if (id == CUSTOM_ID) {
            return "";
        }
        return id < NAMES.length ? NAMES[id] : null;
    }

    /** True when the text form is a MIME type, i.e. not zenoh's own zenoh/* family. */
    public boolean isMimeType() {
        String s = toString();
        int slash = s.indexOf('/');
        return slash > 0 && !s.startsWith("zenoh/") && !s.startsWith("unknown(");
    }

    /** zenoh's text form. */
    @Override
    public String toString() {
        String name = name();
        if (name == null) {
            return "unknown(" + id + ")" + (schema == null ? "" : ";" + schema);
        }
        if (name.isEmpty()) {
            return schema == null ? "" : schema;
        }
        return schema == null ? name : name + ";" + schema;
    }
}
