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
 *     that many samples per publisher from advanced publishers' caches (late joiners included)
 * @param recovery true asks advanced publishers to resend samples detected as missed
 * @param recoveryPeriodMillis &gt; 0 recovers by periodic queries instead of the publishers'
 *     heartbeat
 * @param missListener told of samples detected missed for good (advanced subscribers), or null
 */
public record SubscriberOptions(
        Locality origin,
        int historyMaxSamples,
        boolean recovery,
        long recoveryPeriodMillis,
        MissListener missListener) {

    public static final SubscriberOptions DEFAULT =
            new SubscriberOptions(Locality.ANY, 0, false, 0, null);

    public SubscriberOptions {
        Objects.requireNonNull(origin, "origin");
    }

    public boolean advanced() {
        return historyMaxSamples > 0 || recovery;
    }

    public SubscriberOptions withOrigin(Locality o) {
        return new SubscriberOptions(
                o, historyMaxSamples, recovery, recoveryPeriodMillis, missListener);
    }

    public SubscriberOptions withHistory(int maxSamples) {
        return new SubscriberOptions(
                origin, maxSamples, recovery, recoveryPeriodMillis, missListener);
    }

    public SubscriberOptions withRecovery(boolean on, long periodMillis) {
        return new SubscriberOptions(origin, historyMaxSamples, on, periodMillis, missListener);
    }

    public SubscriberOptions withMissListener(MissListener l) {
        return new SubscriberOptions(origin, historyMaxSamples, recovery, recoveryPeriodMillis, l);
    }
}
