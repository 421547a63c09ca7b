/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * A query received by a {@link Queryable}: its values, and the means to answer it. Reply any number
 * of times, from any thread, then {@link #finish()} exactly once — finishing sends the final
 * response, so the asker stops waiting. A query nobody finishes is finished by the Cleaner when it
 * becomes unreachable (the asker's own timeout bounds the wait meanwhile).
 *
 * <p>Once the session that received the query is closed (or closing), every reply throws {@link
 * ClosedException}: zenoh would drop it without a word. A reply that passed that check while
 * another thread starts closing the session may still be dropped by zenoh, silently: a close racing
 * replies loses what it overtakes.
 */
public final class Query extends NativeHandle {

    private final Session session;
    private final String keyExpr;
    private final String parameters;
    private final byte[] payload;
    private Encoding encoding;
    private final byte[] attachment;

    Query(
            Session session,
            long ptr,
            String keyExpr,
            String parameters,
            byte[] payload,
            Encoding encoding,
            byte[] attachment) {
        super(ptr, ZenohNative::queryFinish, "query '" + keyExpr + "'");
        this.session = session;
        this.keyExpr = keyExpr;
        this.parameters = parameters;
        this.payload = payload;
        this.encoding = encoding;
        this.attachment = attachment;
    }

    /** Set by Dispatch once decoded, before the listener sees the query. */
    void receivedEncoding(Encoding e) {
        this.encoding = e;
    }

    public String keyExpr() {
        return keyExpr;
    }

    /** Selector parameters, "" when none. */
    public String parameters() {
        return parameters;
    }

    /** The query's payload, or null when it has none. */
    public byte[] payload() {
        return payload;
    }

    /** The payload's encoding, or null when the query has no payload. */
    public Encoding encoding() {
        return encoding;
    }

    public byte[] attachment() {
        return attachment;
    }

    /** Replies a sample on {@code key} (must intersect the query's key expression). */
    public void reply(String key, byte[] payload, Encoding encoding, byte[] attachment) {
        int id = encoding == null ? -1 : encoding.id();
        String schema = encoding == null ? null : encoding.schema();
        long p = acquire();
        try {
            requireOpenSession();
            ZenohNative.queryReply(p, key, payload, id, schema, attachment);
        } finally {
            release();
        }
    }

    public void replyDelete(String key, byte[] attachment) {
        long p = acquire();
        try {
            requireOpenSession();
            ZenohNative.queryReplyDelete(p, key, attachment);
        } finally {
            release();
        }
    }

    public void replyError(byte[] payload, Encoding encoding) {
        int id = encoding == null ? -1 : encoding.id();
        String schema = encoding == null ? null : encoding.schema();
        long p = acquire();
        try {
            requireOpenSession();
            ZenohNative.queryReplyError(p, payload, id, schema);
        } finally {
            release();
        }
    }

    /** A reply after the session closed would be dropped by zenoh without a word. */
    private void requireOpenSession() {
        if (session.isClosed()) {
            throw new ClosedException(
                    this + " cannot be answered: its session is closed (zenoh drops the reply)");
        }
    }

    /** Sends the final response. Idempotent; replies after it throw {@link ClosedException}. */
    public void finish() {
        close();
    }

    @Override
    public String toString() {
        return "query '" + keyExpr + (parameters.isEmpty() ? "" : "?" + parameters) + "'";
    }
}
