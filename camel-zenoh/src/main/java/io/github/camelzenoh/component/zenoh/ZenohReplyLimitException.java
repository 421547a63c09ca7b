/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import org.apache.camel.CamelExchangeException;
import org.apache.camel.Exchange;

/**
 * A get ended because it received more than it may hold (options {@code maxReplies} and {@code
 * maxReplyBytes}); the replies it held are in {@code CamelZenohReplies}.
 */
public class ZenohReplyLimitException extends CamelExchangeException {

    private static final long serialVersionUID = 1L;

    public ZenohReplyLimitException(String message, Exchange exchange) {
        super(message, exchange);
    }
}
