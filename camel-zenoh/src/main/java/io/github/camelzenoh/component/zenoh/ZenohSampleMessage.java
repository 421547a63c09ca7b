/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Sample;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultMessage;

/**
 * The message of an exchange created for a received sample: body = the payload bytes; the
 * contract's headers are computed from the sample on first access to any header (the way camel-jms
 * defers its headers), so a route that reads none pays nothing for them, and one that does gets
 * them in one bulk copy ({@link ZenohMessages#sampleHeaders}). Copies of it ({@link
 * #newInstance()}) are plain {@link DefaultMessage}s.
 */
final class ZenohSampleMessage extends DefaultMessage {

    private Sample sample;

    ZenohSampleMessage(Exchange exchange, Sample sample) {
        super(exchange);
        this.sample = sample;
        setBody(sample.payload());
    }

    @Override
    protected boolean isPopulateHeadersSupported() {
        return sample != null;
    }

    @Override
    protected void populateInitialHeaders(Map<String, Object> map) {
        Sample s = sample;
        if (s != null) {
            ZenohMessages.sampleHeaders(s, map);
        }
    }

    @Override
    public void reset() {
        super.reset();
        sample = null;
    }
}
