/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Whether bytes are well-formed UTF-8 (RFC 3629), without decoding them: the test a text payload
 * passes to be rendered as a JSON string rather than base64. It accepts exactly what a strict
 * decoder (Java's with REPORT, Rust's {@code str::from_utf8}, which the REST plugin uses) accepts:
 * no overlong forms, no UTF-16 surrogates (U+D800..U+DFFF), nothing past U+10FFFF, no truncated
 * sequence. ASCII is checked eight bytes at a time.
 */
final class Utf8 {

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private Utf8() {}

    static boolean isValid(byte[] b) {
        return isValid(b, 0, b.length);
    }

    /** Whether {@code b[from..to)} is well-formed UTF-8. */
    static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        int n = to;
        while (i < n) {
            if (i + 8 <= n && (((long) LONGS.get(b, i)) & HIGH_BITS) == 0) {
                i += 8; // eight ASCII bytes
                continue;
            }
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
            } else if (c < 0xc2) {
                return false; // a continuation byte, or the lead of an overlong 2-byte form
            } else if (c < 0xe0) {
                if (i + 1 >= n || !continuation(b[i + 1])) {
                    return false;
                }
                i += 2;
            } else if (c < 0xf0) {
                if (i + 2 >= n || !continuation(b[i + 1]) || !continuation(b[i + 2])) {
                    return false;
                }
                int c1 = b[i + 1] & 0xff;
                if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0)) {
                    return false; // overlong 3-byte form; a surrogate
                }
                i += 3;
            } else if (c < 0xf5) {
                if (i + 3 >= n
                        || !continuation(b[i + 1])
                        || !continuation(b[i + 2])
                        || !continuation(b[i + 3])) {
                    return false;
                }
                int c1 = b[i + 1] & 0xff;
                if ((c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 >= 0x90)) {
                    return false; // overlong 4-byte form; past U+10FFFF
                }
                i += 4;
            } else {
                return false; // 0xf5..0xff start nothing
            }
        }
        return true;
    }

    private static boolean continuation(byte b) {
        return (b & 0xc0) == 0x80;
    }
}
