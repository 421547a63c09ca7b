/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * How a subscriber is declared.
 *
 * @param origin which publications it receives (any, this session's only, remote only)
 * @param historyMaxSamples &gt; 0 makes it a zenoh-ext advanced subscriber that first fetches up to
 *     that many samples per publisher from advanced publishers' caches (late joiners included); 0
 *     none; never negative
 * @param recovery true asks advanced publishers to resend samples detected as missed
 * @param recoveryPeriodMillis &gt; 0 recovers by periodic queries instead of the publishers'
 *     heartbeat; 0 by the heartbeat; never negative
 * @param missListener told of samples detected missed for good (advanced subscribers), or null
 * @param maxPendingBytes received samples not yet handed to the listener, in bytes, at most (native
 *     memory; one larger sample is held alone). A put on the same session that finds no room waits
 *     until the listener has taken the pending samples, or, on a thread that must not wait ({@link
 *     Subscriber#markConsumerThread}), is dropped for this subscriber and counted ({@link
 *     SampleListener#onDropped}). From {@value #MIN_MAX_PENDING_BYTES} to {@value
 *     #MAX_MAX_PENDING_BYTES}; default {@value #DEFAULT_MAX_PENDING_BYTES} (16 MiB)
 */
public record SubscriberOptions(
        Locality origin,
        int historyMaxSamples,
        boolean recovery,
        long recoveryPeriodMillis,
        MissListener missListener,
        int maxPendingBytes) {

    /** 16 MiB. */
    public static final int DEFAULT_MAX_PENDING_BYTES = 16 << 20;

    /** One full batch (64 KiB). */
    public static final int MIN_MAX_PENDING_BYTES = 64 << 10;

    /** 1 GiB. */
    public static final int MAX_MAX_PENDING_BYTES = 1 << 30;

    public static final SubscriberOptions DEFAULT =
            new SubscriberOptions(Locality.ANY, 0, false, 0, null);

    public SubscriberOptions {
        Objects.requireNonNull(origin, "origin");
        if (historyMaxSamples < 0) {
            throw new IllegalArgumentException(
                    "historyMaxSamples must be >= 0, got " + historyMaxSamples);
        }
        if (recoveryPeriodMillis < 0) {
            throw new IllegalArgumentException(
                    "recoveryPeriodMillis must be >= 0, got " + recoveryPeriodMillis);
        }
        if (maxPendingBytes < MIN_MAX_PENDING_BYTES || maxPendingBytes > MAX_MAX_PENDING_BYTES) {
            throw new IllegalArgumentException(
                    "maxPendingBytes "
                            + maxPendingBytes
                            + " is outside "
                            + MIN_MAX_PENDING_BYTES
                            + ".."
                            + MAX_MAX_PENDING_BYTES);
        }
    }

    /** The options with the default {@link #maxPendingBytes}. */
    public SubscriberOptions(
            Locality origin,
            int historyMaxSamples,
            boolean recovery,
            long recoveryPeriodMillis,
            MissListener missListener) {
        this(
                origin,
                historyMaxSamples,
                recovery,
                recoveryPeriodMillis,
                missListener,
                DEFAULT_MAX_PENDING_BYTES);
    }

    public boolean advanced() {
        return historyMaxSamples > 0 || recovery;
    }

    public SubscriberOptions withOrigin(Locality o) {
        return new SubscriberOptions(
                o,
                historyMaxSamples,
                recovery,
                recoveryPeriodMillis,
                missListener,
                maxPendingBytes);
    }

    public SubscriberOptions withHistory(int maxSamples) {
        return new SubscriberOptions(
                origin, maxSamples, recovery, recoveryPeriodMillis, missListener, maxPendingBytes);
    }

    public SubscriberOptions withRecovery(boolean on, long periodMillis) {
        return new SubscriberOptions(
                origin, historyMaxSamples, on, periodMillis, missListener, maxPendingBytes);
    }

    public SubscriberOptions withMissListener(MissListener l) {
        return new SubscriberOptions(
                origin, historyMaxSamples, recovery, recoveryPeriodMillis, l, maxPendingBytes);
    }

    public SubscriberOptions withMaxPendingBytes(int bytes) {
        return new SubscriberOptions(
                origin, historyMaxSamples, recovery, recoveryPeriodMillis, missListener, bytes);
    }
}
