/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * One reply to a get: either a sample ({@link #ok()}) or an error payload with its encoding.
 *
 * @param sample the replied sample, null for an error reply
 * @param errorPayload the error payload, null for a successful reply
 * @param errorEncoding the error's encoding, null for a successful reply
 */
public record Reply(Sample sample, byte[] errorPayload, Encoding errorEncoding) {

    public boolean ok() {
        return sample != null;
    }
}
