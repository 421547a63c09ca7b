/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import org.apache.camel.CamelExchangeException;
import org.apache.camel.Exchange;

/**
 * A put or delete refused because no zenoh subscriber matched (option {@code
 * failIfNoSubscribers=true}).
 */
public class ZenohNoSubscribersException extends CamelExchangeException {

    private static final long serialVersionUID = 1L;

    public ZenohNoSubscribersException(String message, Exchange exchange) {
        super(message, exchange);
    }
}
