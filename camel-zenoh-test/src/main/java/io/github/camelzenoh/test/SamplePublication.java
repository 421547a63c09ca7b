/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import java.nio.charset.StandardCharsets;

/**
 * One put from a test: {@code
 * zenoh.publish("k").encoding("application/json").attachment("a").put("{}")}.
 */
public final class SamplePublication {

    private final Session session;
    private final String keyExpr;
    private Encoding encoding;
    private byte[] attachment;
    private Qos qos = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);

    SamplePublication(Session session, String keyExpr) {
        this.session = session;
        this.keyExpr = keyExpr;
    }

    /** zenoh text form, e.g. {@code application/json} or {@code text/plain;charset=utf-8}. */
    public SamplePublication encoding(String text) {
        return encoding(Encoding.parse(text));
    }

    public SamplePublication encoding(Encoding e) {
        this.encoding = e;
        return this;
    }

    public SamplePublication attachment(String text) {
        return attachment(text.getBytes(StandardCharsets.UTF_8));
    }

    public SamplePublication attachment(byte[] bytes) {
        this.attachment = bytes;
        return this;
    }

    public SamplePublication priority(Priority p) {
        qos = qos.withPriority(p);
        return this;
    }

    public SamplePublication express(boolean e) {
        qos = qos.withExpress(e);
        return this;
    }

    public SamplePublication congestionControl(CongestionControl c) {
        qos = qos.withCongestionControl(c);
        return this;
    }

    public void put(String payload) {
        put(payload.getBytes(StandardCharsets.UTF_8));
    }

    public void put(byte[] payload) {
        session.put(keyExpr, payload, encoding, attachment, qos);
    }

    public void delete() {
        session.delete(keyExpr, attachment, qos);
    }
}
