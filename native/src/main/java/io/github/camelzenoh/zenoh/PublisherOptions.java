/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * How a publisher is declared.
 *
 * @param encoding default encoding of its puts, or null for zenoh/bytes
 * @param qos congestion control, priority, express, reliability, destination
 * @param cacheMaxSamples &gt; 0 makes it a zenoh-ext advanced publisher keeping that many samples
 *     for late joiners and recovery (and detectable by advanced subscribers)
 * @param heartbeatMillis &gt; 0 turns on sample-miss detection with a heartbeat of that period
 */
public record PublisherOptions(
        Encoding encoding, Qos qos, int cacheMaxSamples, long heartbeatMillis) {

    public static final PublisherOptions DEFAULT = new PublisherOptions(null, Qos.DEFAULT, 0, 0);

    public PublisherOptions {
        Objects.requireNonNull(qos, "qos");
        if (cacheMaxSamples < 0) {
            throw new IllegalArgumentException(
                    "cacheMaxSamples must be >= 0, got " + cacheMaxSamples);
        }
        if (heartbeatMillis < 0) {
            throw new IllegalArgumentException(
                    "heartbeatMillis must be >= 0, got " + heartbeatMillis);
        }
    }

    public PublisherOptions withEncoding(Encoding e) {
        return new PublisherOptions(e, qos, cacheMaxSamples, heartbeatMillis);
    }

    public PublisherOptions withQos(Qos q) {
        return new PublisherOptions(encoding, q, cacheMaxSamples, heartbeatMillis);
    }

    public PublisherOptions withCache(int maxSamples) {
        return new PublisherOptions(encoding, qos, maxSamples, heartbeatMillis);
    }

    public PublisherOptions withHeartbeat(long millis) {
        return new PublisherOptions(encoding, qos, cacheMaxSamples, millis);
    }
}
