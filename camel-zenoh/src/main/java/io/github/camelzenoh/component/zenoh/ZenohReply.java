/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Encoding;
import java.nio.charset.StandardCharsets;

/**
 * One reply of a get, as plain values (the elements of header {@code CamelZenohReplies}); and one
 * reply a queryable route sends, when its result body is a {@code List} of them (made with {@link
 * #ok}, {@link #delete} and {@link #error}, or the replies of a get passed on as they are).
 *
 * @param ok true for a sample reply, false for an error reply
 * @param keyExpr the reply's key, null for an error reply
 * @param payload the sample's or the error's payload
 * @param encodingId zenoh encoding id of the payload
 * @param encodingSchema encoding schema, or null
 * @param encoding the encoding's text form (e.g. "application/json"); null in a reply made with no
 *     encoding: the queryable then chooses it as for a single reply, and {@code encodingId} holds
 *     the payload type's default (zenoh/string for a String, else zenoh/bytes)
 * @param kind "PUT" or "DELETE" for a sample reply, null for an error
 * @param timestamp zenoh timestamp text, or null
 * @param attachment the sample reply's attachment, or null (none, or an error reply); a queryable
 *     sends a list element's own, else the route's {@code CamelZenohAttachment} header
 */
public record ZenohReply(
        boolean ok,
        String keyExpr,
        byte[] payload,
        int encodingId,
        String encodingSchema,
        String encoding,
        String kind,
        String timestamp,
        byte[] attachment) {

    /** A reply without attachment (the form before {@code attachment} was added). */
    public ZenohReply(
            boolean ok,
            String keyExpr,
            byte[] payload,
            int encodingId,
            String encodingSchema,
            String encoding,
            String kind,
            String timestamp) {
        this(ok, keyExpr, payload, encodingId, encodingSchema, encoding, kind, timestamp, null);
    }

    /**
     * This sample reply with {@code attachment} (null: none).
     *
     * @throws IllegalStateException for an attachment on an error reply: zenoh's error replies
     *     carry none (a queryable sends an error reply without the attachment it might hold)
     */
    public ZenohReply withAttachment(byte[] attachment) {
        if (!ok && attachment != null) {
            throw new IllegalStateException(
                    "An error reply carries no attachment in zenoh: " + this);
        }
        return new ZenohReply(
                ok,
                keyExpr,
                payload,
                encodingId,
                encodingSchema,
                encoding,
                kind,
                timestamp,
                attachment);
    }

    /**
     * A sample reply of a queryable route on {@code key}, which must intersect the query's key
     * expression (zenoh refuses other keys unless the asker accepts any).
     *
     * @param key the reply's key, a key expression without wildcards
     * @param payload {@code byte[]} as is, {@code String} as UTF-8, null as empty
     * @param encoding encoding text ("application/json", "text/plain;charset=utf-8"), or null to
     *     let the route's endpoint option and headers choose as for a single reply
     */
    public static ZenohReply ok(String key, Object payload, String encoding) {
        return new ZenohReply(
                true,
                requireKey(key),
                bytes(payload),
                defaultEncodingId(payload, encoding),
                schema(encoding),
                encoding,
                "PUT",
                null);
    }

    /** A delete reply ({@code reply_del}) on {@code key}: the asker sees a DELETE sample. */
    public static ZenohReply delete(String key) {
        return new ZenohReply(
                true,
                requireKey(key),
                new byte[0],
                Encoding.ZENOH_BYTES.id(),
                null,
                null,
                "DELETE",
                null);
    }

    /**
     * An error reply ({@code reply_err}).
     *
     * @param payload {@code byte[]} as is, {@code String} as UTF-8, null as empty
     * @param encoding encoding text, or null to choose as for a single reply
     */
    public static ZenohReply error(Object payload, String encoding) {
        return new ZenohReply(
                false,
                null,
                bytes(payload),
                defaultEncodingId(payload, encoding),
                schema(encoding),
                encoding,
                null,
                null);
    }

    private static String requireKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException(
                    "The key of a zenoh reply must not be null or empty");
        }
        return key;
    }

    private static byte[] bytes(Object payload) {
        if (payload == null) {
            return new byte[0];
        }
        if (payload instanceof byte[] b) {
            return b;
        }
        if (payload instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException(
                "The payload of a zenoh reply must be byte[] or String, got "
                        + payload.getClass().getName()
                        + " (convert it first, or use a Map body: its values are converted by"
                        + " Camel)");
    }

    private static int defaultEncodingId(Object payload, String encoding) {
        if (encoding != null) {
            return ZenohMessages.fromContentType(encoding).id();
        }
        return payload instanceof String ? Encoding.ZENOH_STRING.id() : Encoding.ZENOH_BYTES.id();
    }

    private static String schema(String encoding) {
        return encoding == null ? null : ZenohMessages.fromContentType(encoding).schema();
    }

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
