/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The static key expression helpers that keep no native object. */
class KeyExprTest {

    @Test
    void everyWildcardFormIsSeenAndOnlyThose() {
        for (String wild : new String[] {"a/*", "a/**", "**", "a/b$*c", "$*x/y", "a/*/c"}) {
            KeyExpr.validate(wild);
            assertThat(KeyExpr.hasWildcard(wild)).as(wild).isTrue();
        }
        for (String plain : new String[] {"a", "a/b", "a/b-c_d", "démo/clé"}) {
            KeyExpr.validate(plain);
            assertThat(KeyExpr.hasWildcard(plain)).as(plain).isFalse();
        }
    }

    /** A check's verdict: null when it passes, else its KeyExprException's message. */
    private static String verdict(Runnable check) {
        try {
            check.run();
            return null;
        } catch (KeyExprException e) {
            return e.getMessage();
        }
    }

    /** zenoh's verdict on a text, asked through JNI whatever the text. */
    private static String zenoh(String keyExpr) {
        return verdict(() -> ZenohNative.keyExprValidate(keyExpr));
    }

    private static String validate(String keyExpr) {
        return verdict(() -> KeyExpr.validate(keyExpr));
    }

    /**
     * validate answers every text as zenoh does, though it leaves plain keys unasked: every text of
     * up to four characters over the characters where zenoh's rules change, random longer ones, and
     * lengths around the 65,535-byte limit in 1-, 2- and 3-byte characters.
     */
    @Test
    void validateAgreesWithZenohOnEveryText() {
        String alphabet = "a/*$#?é\u0000 .\ud83d\ude00\ud800";
        List<String> texts = new ArrayList<>();
        texts.add("");
        for (int len = 1; len <= 4; len++) {
            int[] idx = new int[len];
            while (true) {
                StringBuilder b = new StringBuilder();
                for (int i : idx) {
                    b.append(alphabet.charAt(i));
                }
                texts.add(b.toString());
                int k = len - 1;
                while (k >= 0 && ++idx[k] == alphabet.length()) {
                    idx[k--] = 0;
                }
                if (k < 0) {
                    break;
                }
            }
        }
        Random random = new Random(20261202L);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int j = random.nextInt(24); j > 0; j--) {
                b.append(
                        random.nextInt(4) == 0
                                ? alphabet.charAt(random.nextInt(alphabet.length()))
                                : 'k');
            }
            texts.add(b.toString());
        }
        for (String unit : new String[] {"a", "é", "€"}) {
            for (int bytes : new int[] {65_533, 65_535, 65_536, 65_538}) {
                int count = bytes / unit.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                for (int extra = -1; extra <= 1; extra++) {
                    texts.add("k/" + unit.repeat(Math.max(1, count - 2 + extra)));
                }
            }
        }
        int plain = 0;
        for (String t : texts) {
            assertThat(validate(t))
                    .as("%s", t.length() > 40 ? t.length() + " chars" : t)
                    .isEqualTo(zenoh(t));
            if (KeyExpr.isPlainlyValid(t)) {
                plain++;
                assertThat(zenoh(t)).as("plainly valid: %s", t).isNull();
            }
        }
        assertThat(plain).as("texts validate passes without asking zenoh").isGreaterThan(1000);
        assertThat(KeyExpr.isPlainlyValid("bench/get")).isTrue();
        assertThat(KeyExpr.isPlainlyValid("démo/clé")).isTrue();
    }
}
