/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.nio.charset.StandardCharsets;

/**
 * One reply of a get, as plain values (the elements of header {@code CamelZenohReplies}).
 *
 * @param ok true for a sample reply, false for an error reply
 * @param keyExpr the reply's key, null for an error reply
 * @param payload the sample's or the error's payload
 * @param encodingId zenoh encoding id of the payload
 * @param encodingSchema encoding schema, or null
 * @param encoding the encoding's text form (e.g. "application/json")
 * @param kind "PUT" or "DELETE" for a sample reply, null for an error
 * @param timestamp zenoh timestamp text, or null
 */
public record ZenohReply(
        boolean ok,
        String keyExpr,
        byte[] payload,
        int encodingId,
        String encodingSchema,
        String encoding,
        String kind,
        String timestamp) {

    /** The payload as UTF-8 text. */
    public String payloadAsString() {
        return payload == null ? null : new String(payload, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return (ok ? "reply " + keyExpr : "error reply")
                + " ["
                + encoding
                + ", "
                + (payload == null ? 0 : payload.length)
                + " bytes]";
    }
}
