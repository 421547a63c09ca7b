/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The request's parts the route reads without splitting them into arrays: {@code _raw} by presence
 * among zenoh's parameters, and the first Accept entry. Each answers as the split-based reading
 * (the REST plugin's rule written the obvious way) on every text of up to six characters over the
 * characters where they change, and on random longer ones.
 */
class RequestPartsTest {

    private static final String ALPHABET = "_raw=;,x ";

    private static boolean rawBySplit(String parameters) {
        return Arrays.stream(parameters.split(";"))
                .anyMatch(p -> p.equals("_raw") || p.startsWith("_raw="));
    }

    private static String acceptBySplit(String accept) {
        return accept.split(",", 2)[0].split(";", 2)[0];
    }

    private static void same(String text) {
        assertThat(HttpBridgeRoutes.hasParameter(text, "_raw"))
                .as(text)
                .isEqualTo(rawBySplit(text));
        assertThat(HttpBridgeRoutes.firstMediaType(text)).as(text).isEqualTo(acceptBySplit(text));
    }

    @Test
    void answerAsTheSplitReading() {
        int cases = 0;
        for (int len = 0; len <= 6; len++) {
            int[] idx = new int[len];
            while (true) {
                StringBuilder b = new StringBuilder();
                for (int i : idx) {
                    b.append(ALPHABET.charAt(i));
                }
                same(b.toString());
                cases++;
                int k = len - 1;
                while (k >= 0 && ++idx[k] == ALPHABET.length()) {
                    idx[k--] = 0;
                }
                if (k < 0) {
                    break;
                }
            }
        }
        Random random = new Random(1202);
        String[] pieces = {
            "_raw", "=", ";", ",", "a=b", "_raw=true", "text/html", "q=0.9", "_rawx"
        };
        for (int i = 0; i < 50_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int j = random.nextInt(8); j > 0; j--) {
                b.append(pieces[random.nextInt(pieces.length)]);
            }
            same(b.toString());
            cases++;
        }
        assertThat(cases).isGreaterThan(500_000);
        assertThat(HttpBridgeRoutes.hasParameter("a=1;_raw", "_raw")).isTrue();
        assertThat(HttpBridgeRoutes.firstMediaType("text/html;q=1, */*")).isEqualTo("text/html");
    }
}
