/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Key expressions. The static methods check text and keep no native object. An instance is a key
 * expression <em>declared</em> on a session ({@link Session#declareKeyExpr}): the one long-lived
 * KeyExpr handle, held while an endpoint runs and undeclared by {@link #close()}.
 */
public final class KeyExpr extends NativeHandle {

    /**
     * The longest key expression, in UTF-8 bytes, of a put, delete, plain publisher or subscriber,
     * queryable, reply, get, liveliness token, liveliness subscriber or liveliness get: zenoh
     * writes it with a 16-bit length.
     */
    public static final int MAX_BYTES = 65535;

    /**
     * The longest key expression of a publisher with cache or heartbeat and of a subscriber with
     * history or recovery: zenoh-ext appends up to 55 bytes ({@code /@adv/pub/<zid>/<eid>/_}) to it
     * for the liveliness token, cache queryable and heartbeat it declares.
     */
    public static final int MAX_ADVANCED_BYTES = MAX_BYTES - 55;

    /**
     * The most chunks of a key expression the binding declares, gets, puts or deletes on a text key
     * ({@code a/b/c} has 3): zenoh walks a key's chunks recursively on the calling thread, and a
     * Java thread's stack overflows between 2,500 and 3,000 (docs/native.md, Stacks). A deeper key
     * is refused with a {@link KeyExprException} naming its count and this limit.
     */
    public static final int MAX_CHUNKS = 1024;

    private final String text;

    KeyExpr(long ptr, String text) {
        super(ptr, ZenohNative::keyExprUndeclare, "declared key expression '" + text + "'");
        this.text = text;
    }

    /**
     * Throws {@link KeyExprException} quoting the expression and zenoh's reason when invalid or not
     * canonical.
     */
    public static void validate(String keyExpr) {
        if (!isPlainlyValid(keyExpr)) {
            ZenohNative.keyExprValidate(keyExpr); // throws with zenoh's reason if invalid
        }
    }

    /**
     * The longest text {@link #isPlainlyValid} passes: at most 3 UTF-8 bytes per char (it passes no
     * surrogate), so within {@link #MAX_BYTES}.
     */
    private static final int PLAIN_MAX_CHARS = MAX_BYTES / 3;

    /**
     * True when {@code keyExpr} is valid by a rule that needs no call into zenoh (a key checked on
     * every exchange, as an override header's or the HTTP bridge's, costs a JNI crossing
     * otherwise): chunks of characters zenoh 1.10 gives no meaning to, no '*', '$', '#', '?' or
     * surrogate, none empty (no leading, trailing or doubled '/'), and short enough. zenoh's parser
     * ({@code keyexpr::try_from}) accepts every such text; every other text, valid or not, is left
     * to it. False is no verdict.
     */
    static boolean isPlainlyValid(String keyExpr) {
        if (keyExpr == null) {
            return false; // zenoh's binding names what is missing
        }
        int n = keyExpr.length();
        if (n == 0 || n > PLAIN_MAX_CHARS) {
            return false;
        }
        char previous = '/'; // a leading '/' opens an empty chunk
        for (int i = 0; i < n; i++) {
            char c = keyExpr.charAt(i);
            switch (c) {
                case '/' -> {
                    if (previous == '/') {
                        return false;
                    }
                }
                case '*', '$', '#', '?' -> {
                    return false;
                }
                default -> {
                    if (Character.isSurrogate(c)) {
                        return false;
                    }
                }
            }
            previous = c;
        }
        return previous != '/';
    }

    /** zenoh's canonical form of a valid expression ("a/**&#47;**" → "a/**"). */
    public static String canonize(String keyExpr) {
        return ZenohNative.keyExprCanonize(keyExpr);
    }

    public static boolean intersects(String a, String b) {
        return ZenohNative.keyExprIntersects(a, b);
    }

    /** True when every key matched by {@code b} is matched by {@code a}. */
    public static boolean includes(String a, String b) {
        return ZenohNative.keyExprIncludes(a, b);
    }

    /** True when {@code keyExpr} has a wildcard: {@code *}, {@code **} or a {@code $*} chunk. */
    public static boolean hasWildcard(String keyExpr) {
        return keyExpr.indexOf('*') >= 0;
    }

    @Override
    public String toString() {
        return text;
    }
}
