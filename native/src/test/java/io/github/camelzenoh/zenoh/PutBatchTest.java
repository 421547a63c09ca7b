/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A put batch refuses what it cannot pack, naming the limit, before anything is copied. */
class PutBatchTest {

    @Test
    void aPutWhosePayloadAndAttachmentTogetherPassTheLimitIsRefusedNamingIt() {
        // one array as payload and attachment: 2 GiB + 2 bytes together, 1 GiB of heap
        byte[] gib = new byte[(1 << 30) + 1];
        assertThatThrownBy(() -> new PutBatch().add(gib, null, gib))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 2 GiB");
    }
}
