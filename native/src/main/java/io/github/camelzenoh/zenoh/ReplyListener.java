/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Receives a get's replies, then {@link #onComplete()} exactly once (also when the get failed to
 * start).
 */
public interface ReplyListener {
    void onReply(Reply reply);

    void onComplete();
}
