/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.impl.health.ProducersHealthCheckRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Router-mesh failover: two Python eclipse-zenoh routers meshed (each connects to the other); a
 * Camel app in client mode with both in {@code connect}. The router the app is attached to is
 * killed with SIGKILL: the app attaches to the other router and traffic into its consumer route and
 * out of its producer route resumes, with the routes untouched. The killed router is restarted
 * (meshed again) before the next cycle, which kills the other one. The client moves within
 * milliseconds, so readiness is DOWN only that long (a 2 ms sampler reports it when it sees it); at
 * the end both routers are killed: readiness must go DOWN, and UP again when one comes back.
 * Figures: the time from the kill to DOWN (when seen), to resumed traffic, to UP. CI: 2 cycles;
 * full form: {@code camelzenoh.meshCycles} (default 10).
 */
class ZenohRouterMeshFailoverIT {

    private static final String SUITE = "mesh-failover";
    private static final Duration RESUME_BUDGET = Duration.ofSeconds(5);

    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final PythonPeer[] routers = new PythonPeer[2];
    private final String[] zids = new String[2];
    private CamelContext context;
    private ProducerTemplate template;
    private Session probe;
    private final BlockingQueue<String> consumed = new LinkedBlockingQueue<>();

    private void startRouter(int i) {
        routers[i] =
                PythonPeer.start(
                        "router",
                        "--mode",
                        "router",
                        "--listen",
                        Loopback.endpoint(ports[i]),
                        "--connect",
                        Loopback.endpoint(ports[1 - i]));
        zids[i] = routers[i].skippedJson("zid").get("zid").asText().toLowerCase(Locale.ROOT);
    }

    @AfterEach
    void stopEverything() {
        if (context != null) {
            context.stop();
        }
        if (probe != null) {
            probe.close();
        }
        for (PythonPeer r : routers) {
            if (r != null) {
                r.kill();
            }
        }
    }

    @Test
    void trafficMovesToTheOtherRouterWhenTheAttachedOneIsKilled() throws Exception {
        startRouter(0);
        startRouter(1);
        context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setMode(Mode.CLIENT);
        zenoh.getConfiguration()
                .setConnect(Loopback.endpoint(ports[0]) + "," + Loopback.endpoint(ports[1]));
        zenoh.getConfiguration().setMulticastScouting(false);
        context.addComponent("zenoh", zenoh);
        HealthCheckRegistry registry = HealthCheckRegistry.get(context);
        registry.register(new ConsumersHealthCheckRepository());
        ProducersHealthCheckRepository producers = new ProducersHealthCheckRepository();
        producers.setEnabled(true);
        registry.register(producers);
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:mesh/in")
                                .routeId("mesh-in")
                                .process(e -> consumed.add(e.getIn().getBody(String.class)));
                        from("direct:out").routeId("mesh-out").to("zenoh:mesh/out");
                    }
                });
        context.start();
        template = context.createProducerTemplate();
        awaitReady(HealthCheck.State.UP, Duration.ofSeconds(10));

        int cycles = ReliabilitySuite.scale("meshCycles", 2, 10);
        List<String> figures = new ArrayList<>();
        long worstResume = 0;
        for (int cycle = 1; cycle <= cycles; cycle++) {
            int attached = attachedRouter();
            int other = 1 - attached;
            // the probe sits on the router that survives: it sees the app only through the mesh
            // now, and directly once the app moved over
            if (probe != null) {
                probe.close();
            }
            probe =
                    Session.open(
                            SessionConfig.DEFAULT
                                    .withMode("client")
                                    .withMulticastScouting(false)
                                    .withConnect(Loopback.endpoint(ports[other])));
            BlockingQueue<String> outSeen = new LinkedBlockingQueue<>();
            try (Subscriber outSub =
                            probe.declareSubscriber(
                                    "mesh/out",
                                    SubscriberOptions.DEFAULT,
                                    s ->
                                            outSeen.add(
                                                    new String(
                                                            s.payload(), StandardCharsets.UTF_8)));
                    Publisher in = probe.declarePublisher("mesh/in", PublisherOptions.DEFAULT)) {
                resume(in, outSeen, "through the mesh, cycle " + cycle);

                Trace trace = new Trace();
                long killed = System.nanoTime();
                routers[attached].kill();
                routers[attached] = null;
                long resumeMs = ms(System.nanoTime() - killed);
                resumeMs += resume(in, outSeen, "after the kill, cycle " + cycle);
                awaitReady(HealthCheck.State.UP, Duration.ofSeconds(10));
                long upMs = ms(System.nanoTime() - killed);
                trace.stop();
                System.out.println("cycle " + cycle + " trace: " + trace.events);
                long downMs = trace.firstDownMs(killed);
                assertThat(attachedRouter()).as("attached to the survivor").isEqualTo(other);
                worstResume = Math.max(worstResume, resumeMs);
                String f =
                        "cycle "
                                + cycle
                                + (downMs < 0
                                        ? ": DOWN not seen (2 ms sampling)"
                                        : ": DOWN seen after " + downMs + " ms")
                                + ", traffic resumed after "
                                + resumeMs
                                + " ms, UP after "
                                + upMs
                                + " ms";
                figures.add(f);
                ReliabilitySuite.figure(SUITE, "cycle" + cycle, f);
            }
            // the killed router comes back into the mesh for the next cycle
            startRouter(attached);
        }
        ReliabilitySuite.figure(SUITE, "worstResumeMs", worstResume);

        // both routers gone: DOWN for as long as no router is there, UP once one is back
        probe.close();
        probe = null;
        for (int i = 0; i < 2; i++) {
            routers[i].kill();
            routers[i] = null;
        }
        awaitReady(HealthCheck.State.DOWN, Duration.ofSeconds(10));
        startRouter(0);
        // the client's reconnect back-off (1 s, doubling) bounds this wait
        awaitReady(HealthCheck.State.UP, Duration.ofSeconds(15));
        probe =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withMulticastScouting(false)
                                .withConnect(Loopback.endpoint(ports[0])));
        BlockingQueue<String> outSeen = new LinkedBlockingQueue<>();
        try (Subscriber outSub =
                        probe.declareSubscriber(
                                "mesh/out",
                                SubscriberOptions.DEFAULT,
                                s -> outSeen.add(new String(s.payload(), StandardCharsets.UTF_8)));
                Publisher in = probe.declarePublisher("mesh/in", PublisherOptions.DEFAULT)) {
            resume(in, outSeen, "after both routers were away");
        }
        assertThat(context.getRouteController().getRouteStatus("mesh-in").isStarted()).isTrue();
        System.out.println(String.join("\n", figures));
    }

    /** The index of the router the app's session is attached to (exactly one). */
    private int attachedRouter() {
        Session s = context.getEndpoint("zenoh:mesh/out", ZenohEndpoint.class).session();
        List<String> routersNow =
                s.info().routers().stream().map(z -> z.toLowerCase(Locale.ROOT)).toList();
        assertThat(routersNow).as("routers the app is attached to").hasSize(1);
        int i = List.of(zids).indexOf(routersNow.get(0));
        assertThat(i)
                .as("attached to one of ours: %s vs %s", routersNow, List.of(zids))
                .isNotNegative();
        return i;
    }

    /**
     * Publishes into the consumer route and sends through the producer route every 50 ms until both
     * arrive; fails beyond {@link #RESUME_BUDGET}. Returns the time it took.
     */
    private long resume(Publisher in, BlockingQueue<String> outSeen, String label)
            throws Exception {
        consumed.clear();
        outSeen.clear();
        long start = System.nanoTime();
        long deadline = start + RESUME_BUDGET.toNanos();
        List<String> sentIn = new ArrayList<>();
        List<String> sentOut = new ArrayList<>();
        boolean inOk = false;
        boolean outOk = false;
        for (int i = 0; !(inOk && outOk); i++) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        label
                                + ": traffic did not resume within "
                                + RESUME_BUDGET
                                + " (in: "
                                + inOk
                                + ", out: "
                                + outOk
                                + ")");
            }
            if (!inOk) {
                String p = label + " in " + i;
                sentIn.add(p);
                in.put(p.getBytes(StandardCharsets.UTF_8));
            }
            if (!outOk) {
                String p = label + " out " + i;
                sentOut.add(p);
                template.sendBody("direct:out", p);
            }
            Thread.sleep(50);
            inOk = inOk || consumed.stream().anyMatch(sentIn::contains);
            outOk = outOk || outSeen.stream().anyMatch(sentOut::contains);
        }
        return ms(System.nanoTime() - start);
    }

    private HealthCheck.State state(String repository, String id) {
        return HealthCheckHelper.getHealthCheckRepository(context, repository).stream()
                .filter(h -> h.getId().equals(id) || h.getId().startsWith(id + "#"))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError("no health check " + id + " in " + repository))
                .call()
                .getState();
    }

    private void awaitReady(HealthCheck.State state, Duration timeout) {
        Waits.until(
                "readiness " + state,
                timeout,
                () ->
                        state("consumers", "consumer:mesh-in") == state
                                && state("producers", "zenoh-producer-mesh/out") == state);
    }

    /** Samples readiness and the attached routers every 2 ms, keeping the changes. */
    private final class Trace {
        final List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<long[]> downs = new java.util.concurrent.CopyOnWriteArrayList<>();
        private volatile boolean running = true;
        private final Thread thread;

        Trace() {
            thread =
                    new Thread(
                            () -> {
                                String last = null;
                                while (running) {
                                    String now;
                                    try {
                                        HealthCheck.State st =
                                                state("consumers", "consumer:mesh-in");
                                        Session s =
                                                context.getEndpoint(
                                                                "zenoh:mesh/out",
                                                                ZenohEndpoint.class)
                                                        .session();
                                        now = st + " " + s.info().routers();
                                        if (st == HealthCheck.State.DOWN) {
                                            downs.add(new long[] {System.nanoTime()});
                                        }
                                    } catch (RuntimeException e) {
                                        now = e.toString();
                                    }
                                    if (!now.equals(last)) {
                                        events.add(System.nanoTime() / 1_000_000 + " " + now);
                                        last = now;
                                    }
                                    try {
                                        Thread.sleep(2);
                                    } catch (InterruptedException e) {
                                        return;
                                    }
                                }
                            },
                            "mesh-trace");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(5000);
        }

        long firstDownMs(long since) {
            return downs.isEmpty() ? -1 : ms(downs.get(0)[0] - since);
        }
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
