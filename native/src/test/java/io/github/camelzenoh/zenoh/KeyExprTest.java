/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

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
}
