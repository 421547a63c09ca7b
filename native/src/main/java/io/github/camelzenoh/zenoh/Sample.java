/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * A received sample as plain values: nothing here refers to native memory.
 *
 * @param timestamp zenoh's timestamp text, or null when the sample carries none
 * @param attachment attachment bytes, or null
 */
public record Sample(
        String keyExpr,
        byte[] payload,
        Encoding encoding,
        SampleKind kind,
        String timestamp,
        Priority priority,
        CongestionControl congestionControl,
        boolean express,
        Reliability reliability,
        byte[] attachment) {

    /** Decodes the flags int of native/src/values.rs `sample_flags`. */
    static Sample of(
            String keyExpr,
            byte[] payload,
            int encodingId,
            String schema,
            int flags,
            String timestamp,
            byte[] attachment) {
        Encoding encoding =
                schema == null ? Encoding.ofId(encodingId) : new Encoding(encodingId, schema);
        SampleKind kind = (flags & 1) != 0 ? SampleKind.DELETE : SampleKind.PUT;
        Priority priority = Priority.ofCode((flags >> 1) & 0b111);
        CongestionControl cc =
                switch ((flags >> 4) & 0b11) {
                    case 0 -> CongestionControl.DROP;
                    case 1 -> CongestionControl.BLOCK;
                    default -> CongestionControl.BLOCK_FIRST;
                };
        boolean express = (flags & (1 << 6)) != 0;
        Reliability reliability =
                (flags & (1 << 7)) != 0 ? Reliability.RELIABLE : Reliability.BEST_EFFORT;
        return new Sample(
                keyExpr,
                payload,
                encoding,
                kind,
                timestamp,
                priority,
                cc,
                express,
                reliability,
                attachment);
    }
}
