/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.ArrayList;
import java.util.List;

/**
 * The replies one get holds until it completes, at most {@code maxReplies} of them and {@code
 * maxReplyBytes} bytes (a queryable may answer without end). The reply that would pass a limit is
 * not held and closes the holder: it and every reply after it are refused, so that what was held
 * when the limit was passed is what the get reports, and each reply zenoh delivers is either held
 * or refused (counted as dropped by the producer), whatever threads deliver them.
 */
final class ZenohGetReplies {

    /**
     * What holding a reply costs beyond its bytes (the reply, its arrays and strings, the list's
     * slot): measured about 124 bytes for an empty reply.
     */
    static final int OVERHEAD_BYTES = 128;

    /**
     * zenoh's own "Timeout" markers (one from the session, one from the routing layer) are held
     * whatever the limits: a get with exactly maxReplies replies that then times out is an answer.
     * More replies that look like markers count as any reply.
     */
    private static final int MAX_MARKERS = 2;

    /** What {@link #add} did with a reply. */
    enum Outcome {
        HELD,
        /** Refused: the first reply past a limit, which ends the get. */
        PASSED_LIMIT,
        /** Refused: a reply after the limit was passed. */
        REFUSED
    }

    private final int maxReplies;
    private final long maxBytes;
    private final List<ZenohReply> held = new ArrayList<>();
    private long bytes;
    private int markers;

    /** The limit passed ("maxReplies=… replies"), or null. */
    private volatile String passed;

    ZenohGetReplies(int maxReplies, long maxBytes) {
        this.maxReplies = maxReplies;
        this.maxBytes = maxBytes;
    }

    /** Holds the reply if it fits (a single larger first reply is held alone). */
    synchronized Outcome add(ZenohReply r, boolean timeoutMarker) {
        if (passed != null) {
            return Outcome.REFUSED;
        }
        if (timeoutMarker && markers < MAX_MARKERS) {
            markers++;
            held.add(r);
            return Outcome.HELD;
        }
        long after = bytes + size(r);
        if (held.size() - markers >= maxReplies) {
            passed = "maxReplies=" + maxReplies + " replies";
        } else if (after > maxBytes && held.size() > markers) {
            passed = "maxReplyBytes=" + maxBytes + " bytes";
        } else {
            bytes = after;
            held.add(r);
            return Outcome.HELD;
        }
        return Outcome.PASSED_LIMIT;
    }

    /** The replies held so far, in the order they came. */
    synchronized List<ZenohReply> snapshot() {
        return List.copyOf(held);
    }

    /** The limit a reply passed, or null. */
    String passed() {
        return passed;
    }

    /**
     * What a reply counts for maxReplyBytes: payload, attachment, key, encoding and timestamp text,
     * and {@link #OVERHEAD_BYTES}.
     */
    static long size(ZenohReply r) {
        return length(r.payload())
                + length(r.attachment())
                + length(r.keyExpr())
                + length(r.encoding())
                + length(r.timestamp())
                + OVERHEAD_BYTES;
    }

    private static int length(byte[] b) {
        return b == null ? 0 : b.length;
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }
}
