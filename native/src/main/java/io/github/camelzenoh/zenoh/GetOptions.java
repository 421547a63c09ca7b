/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * A get's options.
 *
 * @param parameters selector parameters ("_time=[now(-1h)..]"), or null; a get whose key expression
 *     has parameters of its own ({@code key?p=1}) refuses them (give them in one place)
 * @param payload query payload, or null for none
 * @param encoding payload encoding, or null
 * @param attachment query attachment, or null
 * @param timeoutMillis &gt; 0 bounds the wait for replies; 0 takes the session's default (10 s)
 * @param qos the query's QoS, which zenoh also gives its replies and its final response
 */
public record GetOptions(
        String parameters,
        byte[] payload,
        Encoding encoding,
        byte[] attachment,
        QueryTarget target,
        ConsolidationMode consolidation,
        long timeoutMillis,
        Qos qos) {

    /**
     * zenoh's defaults for a get, congestion control BLOCK included (zenoh's request default, not
     * the DROP of puts): the queryable's replies and final response travel with the query's
     * congestion control, and a final response dropped under load leaves the get waiting for its
     * timeout although every reply arrived.
     */
    public static final GetOptions DEFAULT =
            new GetOptions(
                    null,
                    null,
                    null,
                    null,
                    QueryTarget.BEST_MATCHING,
                    ConsolidationMode.AUTO,
                    10_000,
                    Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK));

    public GetOptions {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(consolidation, "consolidation");
        Objects.requireNonNull(qos, "qos");
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeoutMillis must be >= 0, got " + timeoutMillis);
        }
    }

    public GetOptions withParameters(String p) {
        return new GetOptions(
                p, payload, encoding, attachment, target, consolidation, timeoutMillis, qos);
    }

    public GetOptions withPayload(byte[] p, Encoding e) {
        return new GetOptions(
                parameters, p, e, attachment, target, consolidation, timeoutMillis, qos);
    }

    public GetOptions withAttachment(byte[] a) {
        return new GetOptions(
                parameters, payload, encoding, a, target, consolidation, timeoutMillis, qos);
    }

    public GetOptions withTarget(QueryTarget t) {
        return new GetOptions(
                parameters, payload, encoding, attachment, t, consolidation, timeoutMillis, qos);
    }

    public GetOptions withConsolidation(ConsolidationMode c) {
        return new GetOptions(
                parameters, payload, encoding, attachment, target, c, timeoutMillis, qos);
    }

    public GetOptions withTimeout(long millis) {
        return new GetOptions(
                parameters, payload, encoding, attachment, target, consolidation, millis, qos);
    }

    public GetOptions withQos(Qos q) {
        return new GetOptions(
                parameters, payload, encoding, attachment, target, consolidation, timeoutMillis, q);
    }
}
