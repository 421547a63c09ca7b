/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The text form of this binding's enums: lower camel case ({@code REAL_TIME} → {@code realTime},
 * {@code PEER} → {@code peer}), as zenoh's configuration and the Camel component's options write
 * them. Each enum's {@code toString()} returns it.
 */
public final class EnumNames {

    private EnumNames() {}

    /** {@code "BLOCK_FIRST"} → {@code "blockFirst"}. */
    public static String camelCase(String constantName) {
        String[] parts = constantName.toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
            }
        }
        return b.toString();
    }

    /**
     * The constant written {@code text}: its camel-case form, or its Java name in any case ({@code
     * blockFirst}, {@code BLOCK_FIRST}, {@code block_first}); null when none matches.
     */
    public static <E extends Enum<E>> E parse(Class<E> type, String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        for (E e : type.getEnumConstants()) {
            if (camelCase(e.name()).equals(t) || e.name().equalsIgnoreCase(t)) {
                return e;
            }
        }
        return null;
    }

    /** {@code "drop, block, blockFirst"}: what {@link #parse} accepts, in the enum's order. */
    public static String allowed(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants())
                .map(e -> camelCase(e.name()))
                .collect(Collectors.joining(", "));
    }
}
