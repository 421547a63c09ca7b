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
        return check(b, from, to, false);
    }

    /**
     * Whether {@code b} is well-formed UTF-8 that a JSON string holds as it is: no control
     * character (below U+0020), no '"' and no '\\', the only characters JSON escapes (Jackson and
     * serde_json alike; U+007F and everything past ASCII stay as they are).
     */
    static boolean isPlainJsonString(byte[] b) {
        return check(b, 0, b.length, true);
    }

    /** '"' and '\\' in every byte of a word, to find them with {@link #hasZeroByte}. */
    private static final long QUOTES = 0x2222222222222222L;

    private static final long BACKSLASHES = 0x5c5c5c5c5c5c5c5cL;
    private static final long ONES = 0x0101010101010101L;
    private static final long SPACES = 0x2020202020202020L;

    /** Whether an ASCII word (every high bit clear) holds a byte JSON escapes. */
    private static boolean escapesInAscii(long w) {
        // a byte below 0x20: subtracting 0x20 borrows into its high bit (the bytes are < 0x80)
        return ((w - SPACES) & ~w & HIGH_BITS) != 0
                || hasZeroByte(w ^ QUOTES)
                || hasZeroByte(w ^ BACKSLASHES);
    }

    private static boolean hasZeroByte(long w) {
        return ((w - ONES) & ~w & HIGH_BITS) != 0;
    }

    private static boolean check(byte[] b, int from, int to, boolean refuseJsonEscapes) {
        int i = from;
        int n = to;
        while (i < n) {
            if (i + 8 <= n) {
                long w = (long) LONGS.get(b, i);
                if ((w & HIGH_BITS) == 0) {
                    if (refuseJsonEscapes && escapesInAscii(w)) {
                        return false;
                    }
                    i += 8; // eight ASCII bytes
                    continue;
                }
            }
            int c = b[i] & 0xff;
            if (c < 0x80) {
                if (refuseJsonEscapes && (c < 0x20 || c == '"' || c == '\\')) {
                    return false;
                }
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

    /**
     * The bytes as text, each ill-formed part replaced by U+FFFD as Rust's {@code
     * String::from_utf8_lossy} does (the REST plugin's HTML): one U+FFFD per maximal subpart, the
     * longest prefix of a well-formed sequence (so {@code ED A0 80}, a surrogate, is three, {@code
     * E2 82} cut short is one, {@code C0 AF} overlong is two). Java's decoder differs ({@code ED A0
     * 80} is one).
     */
    static String decodeLossy(byte[] b) {
        if (isValid(b)) {
            return new String(b, java.nio.charset.StandardCharsets.UTF_8);
        }
        StringBuilder out = new StringBuilder(b.length);
        int i = 0;
        int n = b.length;
        while (i < n) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                out.append((char) c);
                i++;
                continue;
            }
            int need; // continuation bytes after the lead
            int lo = 0x80; // the second byte's range
            int hi = 0xbf;
            if (c >= 0xc2 && c <= 0xdf) {
                need = 1;
            } else if (c >= 0xe0 && c <= 0xef) {
                need = 2;
                if (c == 0xe0) {
                    lo = 0xa0;
                } else if (c == 0xed) {
                    hi = 0x9f;
                }
            } else if (c >= 0xf0 && c <= 0xf4) {
                need = 3;
                if (c == 0xf0) {
                    lo = 0x90;
                } else if (c == 0xf4) {
                    hi = 0x8f;
                }
            } else {
                out.append('\uFFFD'); // 80..C1, F5..FF start nothing
                i++;
                continue;
            }
            int j = i + 1;
            boolean whole = true;
            for (int k = 0; k < need; k++, j++) {
                int x = j < n ? b[j] & 0xff : -1;
                boolean ok = k == 0 ? x >= lo && x <= hi : x >= 0x80 && x <= 0xbf;
                if (!ok) {
                    whole = false;
                    break;
                }
            }
            if (whole) {
                out.append(new String(b, i, j - i, java.nio.charset.StandardCharsets.UTF_8));
            } else {
                out.append('\uFFFD'); // the lead and the continuation bytes that fit it
            }
            i = j;
        }
        return out.toString();
    }

    private static boolean continuation(byte b) {
        return (b & 0xc0) == 0x80;
    }
}
