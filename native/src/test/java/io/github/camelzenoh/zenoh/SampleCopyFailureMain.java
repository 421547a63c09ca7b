/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Run in a forked JVM with a small heap by {@link SampleCopyFailureTest}: connects to the test's
 * session on {@code port}, subscribes to {@code copyfail/**} and prints {@code READY}; after the
 * sample on {@code copyfail/end}, prints one {@code RESULT} line: the payload lengths delivered to
 * the listener and the count it was told as dropped.
 */
public final class SampleCopyFailureMain {

    private SampleCopyFailureMain() {}

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        List<Integer> delivered = new ArrayList<>();
        AtomicLong dropped = new AtomicLong();
        CountDownLatch end = new CountDownLatch(1);
        SampleListener listener =
                new SampleListener() {
                    @Override
                    public void onSample(Sample s) {
                        if (s.keyExpr().equals("copyfail/end")) {
                            end.countDown();
                        } else {
                            synchronized (delivered) {
                                delivered.add(s.payload().length);
                            }
                        }
                    }

                    @Override
                    public void onDropped(long count) {
                        dropped.addAndGet(count);
                    }
                };
        try (Session session = Session.open(Loopback.connector(port));
                Subscriber sub =
                        session.declareSubscriber(
                                "copyfail/**",
                                SubscriberOptions.DEFAULT.withMaxPendingBytes(512 << 20),
                                listener)) {
            System.out.println("READY");
            if (!end.await(60, TimeUnit.SECONDS)) {
                System.out.println("NO END");
            }
            synchronized (delivered) {
                System.out.println("RESULT delivered=" + delivered + " dropped=" + dropped.get());
            }
        }
    }
}
