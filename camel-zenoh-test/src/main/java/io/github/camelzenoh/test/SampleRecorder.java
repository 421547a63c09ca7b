/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Records the samples on a key expression from the moment it is created. */
public final class SampleRecorder implements AutoCloseable {

    private final String keyExpr;
    private final List<Sample> samples = new ArrayList<>();
    private final Subscriber subscriber;

    SampleRecorder(Session session, String keyExpr) {
        this.keyExpr = keyExpr;
        this.subscriber = session.declareSubscriber(keyExpr, SubscriberOptions.DEFAULT, this::add);
    }

    private synchronized void add(Sample s) {
        samples.add(s);
        notifyAll();
    }

    /** Every sample so far, in arrival order. */
    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** The first sample, waiting up to {@code timeout}. */
    public Sample await(Duration timeout) {
        return await(1, timeout).get(0);
    }

    /**
     * The first {@code count} samples, waiting up to {@code timeout}; fails naming what arrived.
     */
    public synchronized List<Sample> await(int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (samples.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(
                        "expected "
                                + count
                                + " samples on '"
                                + keyExpr
                                + "' within "
                                + timeout
                                + ", got "
                                + samples.size());
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        return List.copyOf(samples.subList(0, count));
    }

    /** The first sample's payload as UTF-8 text. */
    public String awaitText(Duration timeout) {
        return new String(await(timeout).payload(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        subscriber.close();
    }
}
