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

    private final String keyExpr;
    private final String limit;

    public ZenohReplyLimitException(
            String keyExpr, String limit, int held, long ranMillis, Exchange exchange) {
        super(
                reason(keyExpr, limit)
                        + " (endpoint options maxReplies and maxReplyBytes) "
                        + ranMillis
                        + " ms after it was sent and was ended; the "
                        + held
                        + " replies held are in "
                        + ZenohConstants.REPLIES
                        + ", later ones are dropped and counted",
                exchange);
        this.keyExpr = keyExpr;
        this.limit = limit;
    }

    /** The key expression the get asked. */
    public String getKeyExpr() {
        return keyExpr;
    }

    /** The limit passed: "maxReplies=N replies" or "maxReplyBytes=N bytes". */
    public String getLimit() {
        return limit;
    }

    /** "zenoh get on '<key>' received more than <limit>", without the exchange. */
    public String getReason() {
        return reason(keyExpr, limit);
    }

    private static String reason(String keyExpr, String limit) {
        return "zenoh get on '" + keyExpr + "' received more than " + limit;
    }
}
