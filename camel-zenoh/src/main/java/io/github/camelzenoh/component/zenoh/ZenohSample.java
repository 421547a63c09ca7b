/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;

/**
 * One sample as plain values: an element of a batch consumer's body ({@code batchSize > 0}), and an
 * element a batch producer ({@code batch=true}) may send. Converts to {@code byte[]} (the payload)
 * and {@code String} (the payload as UTF-8), so {@code .split(body())} gives bodies that behave
 * like a single sample's.
 *
 * @param key the sample's key; a batch producer publishes on its endpoint's key and ignores it
 * @param payload the payload bytes (never null)
 * @param encodingId zenoh encoding id (0–65535)
 * @param encodingSchema encoding schema, or null
 * @param kind "PUT" or "DELETE", in any case, blanks around ignored (kept as "PUT" or "DELETE");
 *     null means "PUT"
 * @param timestamp zenoh timestamp text, or null
 * @param attachment attachment bytes, or null
 * @param priority e.g. "data", as header {@code CamelZenohPriority}
 * @param congestionControl e.g. "drop", as header {@code CamelZenohCongestionControl}
 * @param express the sample's express flag
 */
public record ZenohSample(
        String key,
        byte[] payload,
        int encodingId,
        String encodingSchema,
        String kind,
        String timestamp,
        byte[] attachment,
        String priority,
        String congestionControl,
        boolean express) {

    public ZenohSample {
        if (payload == null) {
            payload = new byte[0];
        }
        // a batch producer sends DELETE samples as deletes: a kind it cannot read must not pass
        // for a put
        if (kind == null || "PUT".equalsIgnoreCase(kind.trim())) {
            kind = "PUT";
        } else if ("DELETE".equalsIgnoreCase(kind.trim())) {
            kind = "DELETE";
        } else {
            throw new IllegalArgumentException(
                    "ZenohSample: kind '" + kind + "' is neither PUT nor DELETE");
        }
        if (encodingId < 0 || encodingId > 0xFFFF) {
            throw new IllegalArgumentException(
                    "ZenohSample: encoding id " + encodingId + " is outside 0..65535");
        }
    }

    /** A sample to send: payload with encoding {@code zenoh/bytes}, no attachment. */
    public static ZenohSample of(byte[] payload) {
        return of(payload, Encoding.ZENOH_BYTES, null);
    }

    /** A sample to send: UTF-8 text with encoding {@code zenoh/string}, no attachment. */
    public static ZenohSample of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8), Encoding.ZENOH_STRING, null);
    }

    /**
     * A sample to send with the given encoding (null: the endpoint's or {@code zenoh/bytes}) and
     * attachment (or null).
     */
    public static ZenohSample of(byte[] payload, Encoding encoding, byte[] attachment) {
        Encoding e = encoding == null ? Encoding.ZENOH_BYTES : encoding;
        return new ZenohSample(
                null, payload, e.id(), e.schema(), "PUT", null, attachment, null, null, false);
    }

    static ZenohSample of(Sample s) {
        return new ZenohSample(
                s.keyExpr(),
                s.payload(),
                s.encoding().id(),
                s.encoding().schema(),
                s.kind().name(),
                s.timestamp(),
                s.attachment(),
                ZenohMessages.PRIORITY[s.priority().ordinal()],
                ZenohMessages.CONGESTION[s.congestionControl().ordinal()],
                s.express());
    }

    /** The encoding as zenoh's value (id and schema). */
    public Encoding encoding() {
        return encodingSchema == null
                ? Encoding.ofId(encodingId)
                : new Encoding(encodingId, encodingSchema);
    }

    /** The payload as UTF-8 text. */
    public String payloadAsString() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "sample " + key + " [" + encoding() + ", " + payload.length + " bytes]";
    }
}
