/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.BitSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.Exchange;
import org.apache.camel.Producer;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

/**
 * A producer stopped with a put in flight, on an interrupted thread: every put that returned
 * reaches the subscriber. Camel's forced route stop (a stop timeout, as in {@link
 * ZenohConcurrencyReliabilityIT}) interrupts its shutdown thread and then stops the route's
 * producer on it; the producer must still wait for its puts in flight before its session may close,
 * since zenoh drops a put racing its session's close although the put returned. The peer's
 * subscriber holds its receive thread until the stop has begun, so zenoh's queues back up to the
 * producer and a put is in flight (held by back-pressure) when the stop comes.
 */
class ZenohProducerStopOrderTest extends ZenohTestSupport {

    private static final int PAYLOAD_BYTES = 1024;
    private static final int MAX_PUTS = 200_000;

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // keeps the component's default session open while the producer under test stops
                from("zenoh:stoporder/keepalive")
                        .routeId("keepalive")
                        .to("log:keepalive?level=OFF");
            }
        };
    }

    @Test
    void putsMadeBeforeTheStopArriveWhenTheSessionStaysOpen() throws Exception {
        putsMadeBeforeTheStopArrive(
                "zenoh:stoporder/shared?congestionControl=block", "stoporder/shared");
    }

    @Test
    void putsMadeBeforeTheStopArriveWhenTheSessionClosesWithTheProducer() throws Exception {
        putsMadeBeforeTheStopArrive(
                "zenoh:stoporder/own?congestionControl=block&config=RAW({})", "stoporder/own");
    }

    private static boolean send(ZenohEndpoint endpoint, Producer producer, int seq)
            throws Exception {
        Exchange x = endpoint.createExchange();
        byte[] body = new byte[PAYLOAD_BYTES];
        ByteBuffer.wrap(body).putInt(seq);
        x.getMessage().setBody(body);
        producer.process(x);
        return x.getException() == null;
    }

    private void putsMadeBeforeTheStopArrive(String uri, String key) throws Exception {
        awaitConnected();
        CountDownLatch resume = new CountDownLatch(1);
        BitSet arrived = new BitSet();
        LongAdder warmUps = new LongAdder();
        try (Subscriber sub =
                peer.declareSubscriber(
                        key,
                        SubscriberOptions.DEFAULT.withMaxPendingBytes(
                                SubscriberOptions.MIN_MAX_PENDING_BYTES),
                        s -> {
                            int seq = ByteBuffer.wrap(s.payload()).getInt();
                            if (seq < 0) {
                                warmUps.increment();
                                return;
                            }
                            if (resume.getCount() > 0) {
                                // hold the peer's receiving: zenoh's queues back up to the producer
                                Subscriber.blocking(
                                        () -> {
                                            try {
                                                resume.await(30, TimeUnit.SECONDS);
                                            } catch (InterruptedException e) {
                                                Thread.currentThread().interrupt();
                                            }
                                        });
                            }
                            synchronized (arrived) {
                                arrived.set(seq);
                            }
                        })) {
            ZenohEndpoint endpoint = context.getEndpoint(uri, ZenohEndpoint.class);
            Producer producer = endpoint.createProducer();
            producer.start();
            Waits.until(
                    "a first put through the producer at the peer",
                    () -> {
                        send(endpoint, producer, -1);
                        return warmUps.sum() > 0;
                    });

            BitSet succeeded = new BitSet();
            AtomicLong inFlightSince = new AtomicLong();
            AtomicBoolean stopSending = new AtomicBoolean();
            AtomicReference<Throwable> senderFailed = new AtomicReference<>();
            Thread sender =
                    new Thread(
                            () -> {
                                try {
                                    for (int seq = 0; seq < MAX_PUTS && !stopSending.get(); seq++) {
                                        inFlightSince.set(System.nanoTime());
                                        boolean ok = send(endpoint, producer, seq);
                                        inFlightSince.set(0);
                                        if (ok) {
                                            synchronized (succeeded) {
                                                succeeded.set(seq);
                                            }
                                        }
                                    }
                                } catch (Throwable t) {
                                    senderFailed.set(t);
                                }
                            },
                            "stop-order-sender");
            sender.start();
            Waits.until(
                    "a put held up by zenoh's back-pressure (the peer does not receive)",
                    () -> {
                        long since = inFlightSince.get();
                        return since != 0
                                && System.nanoTime() - since > TimeUnit.MILLISECONDS.toNanos(200);
                    });
            stopSending.set(true);
            Thread stopper =
                    new Thread(
                            () -> {
                                try {
                                    // as Camel's shutdown thread after a stop timeout
                                    Thread.currentThread().interrupt();
                                    producer.stop();
                                } catch (Exception e) {
                                    senderFailed.compareAndSet(null, e);
                                }
                            },
                            "stop-order-stopper");
            stopper.start();
            Waits.until(
                    "the producer stopping",
                    () ->
                            !stopper.isAlive()
                                    || Arrays.stream(stopper.getStackTrace())
                                            .anyMatch(
                                                    f ->
                                                            f.getClassName()
                                                                            .equals(
                                                                                    ZenohProducer
                                                                                            .class
                                                                                            .getName())
                                                                    && f.getMethodName()
                                                                            .equals("doStop")));
            resume.countDown();
            sender.join(TimeUnit.SECONDS.toMillis(20));
            stopper.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(sender.isAlive() || stopper.isAlive()).as("sender or stop stuck").isFalse();
            assertThat(senderFailed.get()).isNull();

            BitSet missing = new BitSet();
            int sent;
            synchronized (succeeded) {
                sent = succeeded.cardinality();
            }
            try {
                Waits.until(
                        "every put that returned at the subscriber",
                        Duration.ofSeconds(20),
                        () -> {
                            synchronized (succeeded) {
                                missing.clear();
                                missing.or(succeeded);
                            }
                            synchronized (arrived) {
                                missing.andNot(arrived);
                            }
                            return missing.isEmpty();
                        });
            } catch (AssertionError e) {
                throw new AssertionError(
                        missing.cardinality()
                                + " of "
                                + sent
                                + " puts that returned never arrived (first "
                                + missing.nextSetBit(0)
                                + ", last "
                                + missing.previousSetBit(missing.length())
                                + ")",
                        e);
            }
            assertThat(sent).as("puts that returned").isPositive();
        }
    }
}
