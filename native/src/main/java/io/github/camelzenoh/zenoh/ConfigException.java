/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * A session configuration, mode or log filter that was refused (by the binding's checks or by
 * zenoh). The message names what was wrong; it is at most {@link #MAX_MESSAGE_CHARS} characters:
 * zenoh's own reasons may repeat a value whole, and a 1 MiB value must not become a 1 MiB message
 * in a log or an HTTP answer.
 */
public class ConfigException extends ZenohException {
    private static final long serialVersionUID = 1L;

    /** The longest message kept; a longer one is cut, with its full length said. */
    public static final int MAX_MESSAGE_CHARS = 1000;

    public ConfigException(String message) {
        super(bounded(message));
    }

    static String bounded(String message) {
        if (message == null || message.length() <= MAX_MESSAGE_CHARS) {
            return message;
        }
        int end = MAX_MESSAGE_CHARS;
        if (Character.isHighSurrogate(message.charAt(end - 1))) {
            end--; // never half a character
        }
        return message.substring(0, end)
                + "... (cut: the message has "
                + message.length()
                + " characters)";
    }
}
