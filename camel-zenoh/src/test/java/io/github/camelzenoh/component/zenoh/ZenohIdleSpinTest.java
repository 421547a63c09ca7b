/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Qos;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * idleSpinMicros: an idle route thread keeps polling the hand-off (RUNNABLE) for that long after
 * its last sample, then parks; samples arrive in order either way, and a spinning route stops at
 * once.
 */
class ZenohIdleSpinTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:spin/long?idleSpinMicros=1000000")
                        .routeId("spinLong")
                        .to("mock:spinLong");
                from("zenoh:spin/short?idleSpinMicros=3000")
                        .routeId("spinShort")
                        .to("mock:spinShort");
                from("zenoh:spin/off").routeId("spinOff").to("mock:spinOff");
            }
        };
    }

    private static void put(String key, int i) {
        peer.put(key, String.valueOf(i).getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
    }

    /**
     * The state of the route thread of the consumer on {@code key} (Camel names it after the key).
     */
    private static Thread.State routeThreadState(String key) {
        List<Thread> threads =
                Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.getName().contains("ZenohConsumer[" + key + "]"))
                        .toList();
        assertThat(threads).as("route thread of " + key).hasSize(1);
        return threads.get(0).getState();
    }

    /**
     * Puts a sample on spin/long and looks at its route thread 150 ms after the sample is routed
     * (past the end of the exchange, within the 1 s spin): true once it is seen polling (RUNNABLE).
     * A loaded machine can spend the whole spin before the test thread looks, so up to 5 samples
     * are tried; a thread that parks after its exchange is not RUNNABLE 150 ms later.
     */
    private static boolean spinsAfterASample(MockEndpoint spinning) throws Exception {
        int before = spinning.getReceivedCounter();
        for (int i = 1; i <= 5; i++) {
            put("spin/long", i);
            int routed = before + i;
            Waits.until("sample " + i + " routed", () -> spinning.getReceivedCounter() == routed);
            Thread.sleep(150);
            if (routeThreadState("spin/long") == Thread.State.RUNNABLE) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aRouteThreadSpinsAfterASampleThenParks() throws Exception {
        awaitConnected();
        MockEndpoint spinning = getMockEndpoint("mock:spinLong");
        MockEndpoint parked = getMockEndpoint("mock:spinOff");
        // the route thread without spin parks at once after its sample
        put("spin/off", 1);
        Waits.until("the sample without spin routed", () -> parked.getReceivedCounter() == 1);
        Waits.until(
                "the route thread without spin to park",
                () -> routeThreadState("spin/off") == Thread.State.TIMED_WAITING);
        // within the second after its sample the spinning thread polls (RUNNABLE)
        assertThat(spinsAfterASample(spinning)).as("the route thread seen spinning").isTrue();
        // after the spin it parks too
        Waits.until(
                "the spinning thread to park after 1 s",
                Duration.ofSeconds(5),
                () -> routeThreadState("spin/long") == Thread.State.TIMED_WAITING);
    }

    @Test
    void samplesArriveInOrderWhetherTheyComeWithinTheSpinOrAfterIt() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:spinShort");
        for (int i = 0; i < 60; i++) {
            put("spin/short", i);
            // a third within the 3 ms spin, a third just after it, a third well after it
            TimeUnit.MICROSECONDS.sleep(i % 3 == 0 ? 200 : i % 3 == 1 ? 4000 : 20_000);
        }
        Waits.until("60 samples routed", () -> mock.getReceivedCounter() == 60);
        assertThat(
                        mock.getExchanges().stream()
                                .map(e -> Integer.valueOf(e.getMessage().getBody(String.class))))
                .containsExactlyElementsOf(IntStream.range(0, 60).boxed().toList());
    }

    @Test
    void aSpinningRouteStopsAtOnce() throws Exception {
        awaitConnected();
        assertThat(spinsAfterASample(getMockEndpoint("mock:spinLong")))
                .as("the route thread seen spinning")
                .isTrue();
        long t0 = System.nanoTime();
        context.getRouteController().stopRoute("spinLong");
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        // a stop takes a few ms; one that waited for the rest of the 1 s spin (at least 1 s from
        // the sample, 150 ms of it spent looking) took about 800 ms in a review
        assertThat(ms).as("stop of a route whose thread is spinning (spin 1 s)").isLessThan(400);
    }
}
