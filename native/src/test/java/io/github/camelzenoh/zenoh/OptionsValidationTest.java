/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Options records refuse negative counts and periods, naming the option. */
class OptionsValidationTest {

    @Test
    void subscriberOptionsRefuseANegativeHistoryOrRecoveryPeriod() {
        assertThatThrownBy(() -> SubscriberOptions.DEFAULT.withHistory(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("historyMaxSamples must be >= 0, got -1");
        assertThatThrownBy(() -> SubscriberOptions.DEFAULT.withRecovery(true, -5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("recoveryPeriodMillis must be >= 0, got -5");
        assertThatThrownBy(
                        () ->
                                new SubscriberOptions(
                                        Locality.ANY, Integer.MIN_VALUE, false, 0, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("historyMaxSamples");
        SubscriberOptions zero = SubscriberOptions.DEFAULT.withHistory(0).withRecovery(true, 0);
        assertThat(zero.historyMaxSamples()).isZero();
        assertThat(zero.recoveryPeriodMillis()).isZero();
    }

    @Test
    void publisherOptionsRefuseANegativeCacheOrHeartbeatNamingIt() {
        assertThatThrownBy(() -> PublisherOptions.DEFAULT.withCache(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cacheMaxSamples must be >= 0, got -1");
        assertThatThrownBy(() -> PublisherOptions.DEFAULT.withHeartbeat(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("heartbeatMillis must be >= 0, got -1");
    }
}
