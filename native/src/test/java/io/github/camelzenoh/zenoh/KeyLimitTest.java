/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every declaration kind at its key length limit works and one byte above it is refused with a
 * KeyExprException naming the kind, the limit and the length. zenoh-ext appends a suffix to the key
 * of advanced publishers and subscribers, and a key zenoh cannot write made zenoh panic under its
 * routing locks, then abort the JVM (panic in a destructor on the poisoned lock): each kind
 * therefore runs in a JVM of its own ({@link KeyLimitMain}), where an abort fails that kind only.
 */
class KeyLimitTest {

    @ParameterizedTest(name = "{0} at {1} bytes")
    @CsvSource({
        "publisher, " + KeyExpr.MAX_BYTES,
        "put, " + KeyExpr.MAX_BYTES,
        "publisher-cache, " + KeyExpr.MAX_ADVANCED_BYTES,
        "publisher-heartbeat, " + KeyExpr.MAX_ADVANCED_BYTES,
        "subscriber, " + KeyExpr.MAX_BYTES,
        "subscriber-history, " + KeyExpr.MAX_ADVANCED_BYTES,
        "subscriber-recovery, " + KeyExpr.MAX_ADVANCED_BYTES,
        "queryable, " + KeyExpr.MAX_BYTES,
        "token, " + KeyExpr.MAX_BYTES,
        "liveliness-subscriber, " + KeyExpr.MAX_BYTES,
        "get, " + KeyExpr.MAX_BYTES,
        "liveliness-get, " + KeyExpr.MAX_BYTES,
    })
    void worksAtItsLimitAndIsRefusedAboveInAJvmOfItsOwn(String kind, int limit) throws Exception {
        String log =
                ForkedJvm.runToSuccess(
                        "key_limit_" + kind, KeyLimitMain.class, 90, kind, String.valueOf(limit));
        List<String> lines = log.lines().toList();
        assertThat(lines)
                .as(log)
                .anyMatch(l -> l.startsWith("REFUSED " + kind + " " + (limit + 1) + ": "))
                .contains("WORKS " + kind + " " + limit);
    }
}
