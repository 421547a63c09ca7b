/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import org.apache.camel.CamelExchangeException;
import org.apache.camel.Exchange;

/** A get whose replies were all errors; carries the first error's payload. */
public class ZenohReplyException extends CamelExchangeException {
    private static final long serialVersionUID = 1L;

    private final transient ZenohReply reply;

    public ZenohReplyException(String message, Exchange exchange, ZenohReply reply) {
        super(message, exchange);
        this.reply = reply;
    }

    /** The first error reply (payload and encoding). */
    public ZenohReply getReply() {
        return reply;
    }
}
