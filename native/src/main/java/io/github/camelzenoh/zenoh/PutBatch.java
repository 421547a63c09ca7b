/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Puts gathered for {@link Publisher#put(PutBatch)}: payloads, encodings and attachments packed
 * into one byte array and one int array, so the whole batch crosses to native code in one call.
 * Reusable ({@link #clear}); not thread-safe.
 */
public final class PutBatch {

    /** Ints per element; see native/src/batch.rs. */
    private static final int META = 4;

    private int[] meta = new int[64 * META];
    private byte[] data = new byte[4096];
    private final List<String> schemas = new ArrayList<>();
    private int count;
    private int bytes;
    private int first;

    /**
     * Adds one put.
     *
     * @param payload the payload (null: empty)
     * @param encoding its encoding, or null for the publisher's
     * @param attachment attachment bytes, or null
     */
    public PutBatch add(byte[] payload, Encoding encoding, byte[] attachment) {
        byte[] p = payload == null ? new byte[0] : payload;
        // long: a payload and an attachment of 1 GiB each must not wrap around
        long need = (long) p.length + (attachment == null ? 0 : attachment.length);
        if (bytes + need > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "a put batch holds at most 2 GiB: send it before adding more");
        }
        if (count * META + META > meta.length) {
            meta = Arrays.copyOf(meta, meta.length * 2);
        }
        if (bytes + need > data.length) {
            data =
                    Arrays.copyOf(
                            data,
                            (int)
                                    Math.min(
                                            Integer.MAX_VALUE - 8,
                                            Math.max((long) data.length * 2, bytes + need)));
        }
        int m = count * META;
        meta[m] = p.length;
        System.arraycopy(p, 0, data, bytes, p.length);
        bytes += p.length;
        meta[m + 1] = encoding == null ? -1 : encoding.id();
        if (encoding != null && encoding.schema() != null) {
            meta[m + 2] = schemas.size();
            schemas.add(encoding.schema());
        } else {
            meta[m + 2] = -1;
        }
        if (attachment != null) {
            meta[m + 3] = attachment.length;
            System.arraycopy(attachment, 0, data, bytes, attachment.length);
            bytes += attachment.length;
        } else {
            meta[m + 3] = -1;
        }
        count++;
        return this;
    }

    /** Puts added so far. */
    public int size() {
        return count;
    }

    /** Payload and attachment bytes added so far. */
    public int bytes() {
        return bytes;
    }

    /**
     * Empties the batch; {@code first} is the index its next first element has in the caller's
     * whole sequence (a failed put names its element by that index).
     */
    public PutBatch clear(int first) {
        this.first = first;
        count = 0;
        bytes = 0;
        schemas.clear();
        return this;
    }

    int first() {
        return first;
    }

    int[] meta() {
        return meta;
    }

    /** The packed bytes: the first {@link #bytes()} of this array. */
    byte[] data() {
        return data;
    }

    String[] schemas() {
        return schemas.isEmpty() ? null : schemas.toArray(new String[0]);
    }
}
