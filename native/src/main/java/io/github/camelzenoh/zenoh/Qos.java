/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.Objects;

/**
 * Publication QoS: congestion control, priority, express, reliability, allowed destination.
 * Immutable; crosses the boundary packed into one int ({@link #bits()}).
 */
public record Qos(
        CongestionControl congestionControl,
        Priority priority,
        boolean express,
        Reliability reliability,
        Locality destination) {

    /** zenoh's defaults: DROP, DATA, not express, RELIABLE, ANY. */
    public static final Qos DEFAULT =
            new Qos(
                    CongestionControl.DROP,
                    Priority.DATA,
                    false,
                    Reliability.RELIABLE,
                    Locality.ANY);

    public Qos {
        Objects.requireNonNull(congestionControl, "congestionControl");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(reliability, "reliability");
        Objects.requireNonNull(destination, "destination");
    }

    public Qos withCongestionControl(CongestionControl c) {
        return new Qos(c, priority, express, reliability, destination);
    }

    public Qos withPriority(Priority p) {
        return new Qos(congestionControl, p, express, reliability, destination);
    }

    public Qos withExpress(boolean e) {
        return new Qos(congestionControl, priority, e, reliability, destination);
    }

    public Qos withReliability(Reliability r) {
        return new Qos(congestionControl, priority, express, r, destination);
    }

    public Qos withDestination(Locality d) {
        return new Qos(congestionControl, priority, express, reliability, d);
    }

    /** Layout shared with native/src/values.rs `qos()`. */
    int bits() {
        return congestionControl.ordinal()
                | (priority.code() << 2)
                | (express ? 1 << 5 : 0)
                | (reliability == Reliability.RELIABLE ? 1 << 6 : 0)
                | (destination.ordinal() << 7);
    }
}
