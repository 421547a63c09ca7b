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
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.Consumer;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.ServiceStatus;
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
 * Reliability item 1 (docs/reliability.md) — router faults. A client-mode consumer route and
 * producer routes reach each other's peers only through a router on a fixed loopback port; the
 * router is killed and restarted again and again (CI: 3 times per router kind, full: 20). The
 * routes are never touched: each time traffic must resume within 7 s of the router's restart, both
 * readiness checks go DOWN and back UP, and while the router is away the producer's behaviour is
 * the documented one:
 *
 * <ul>
 *   <li>default: the put is accepted (zenoh drops it, there is nobody to deliver to) and counted as
 *       {@code unmatched} on the endpoint — no exception, no silent loss;
 *   <li>{@code failIfNoSubscribers=true}: the exchange fails with {@link
 *       ZenohNoSubscribersException} (counted as failed and unmatched) and nothing is sent.
 * </ul>
 *
 * Two router kinds: a Python eclipse-zenoh router killed with SIGKILL (a crash: no goodbye on the
 * wire), and our in-JVM router session closed (an orderly shutdown).
 */
class ZenohRouterFaultReliabilityIT {

    private static final String SUITE = "router-faults";

    /** zenoh's reconnect back-off (up to 4 s between attempts), a handshake, a loaded machine. */
    private static final Duration RESUME_BUDGET = Duration.ofSeconds(7);

    private static final int OUTAGE_SENDS = 10;

    private final int port = Loopback.freePort();
    private Router router;
    private CamelContext context;
    private ProducerTemplate template;
    private Session probe;
    private final BlockingQueue<String> consumed = new LinkedBlockingQueue<>();

    /** A router that can be killed and started again on the same port. */
    private interface Router extends AutoCloseable {
        void start();

        void kill();

        @Override
        void close();
    }

    /** tools/zpeer.py router, killed with SIGKILL. */
    private final class PythonRouter implements Router {
        private PythonPeer process;

        @Override
        public void start() {
            process =
                    PythonPeer.start(
                            "router", "--mode", "router", "--listen", Loopback.endpoint(port));
        }

        @Override
        public void kill() {
            process.kill();
            assertThat(process.isAlive()).isFalse();
            process = null;
        }

        @Override
        public void close() {
            if (process != null) {
                process.kill();
                process = null;
            }
        }
    }

    /**
     * Our binding's router-mode session in this JVM, closed (zenoh says goodbye to its clients).
     */
    private final class JvmRouter implements Router {
        private Session session;

        @Override
        public void start() {
            session =
                    Session.open(
                            SessionConfig.DEFAULT
                                    .withMode("router")
                                    .withMulticastScouting(false)
                                    .withListen(Loopback.endpoint(port)));
        }

        @Override
        public void kill() {
            session.close();
            session = null;
        }

        @Override
        public void close() {
            if (session != null) {
                session.close();
                session = null;
            }
        }
    }

    private CamelContext createCamelContext() {
        CamelContext c = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setMode(Mode.CLIENT);
        zenoh.getConfiguration().setConnect(Loopback.endpoint(port));
        zenoh.getConfiguration().setMulticastScouting(false);
        c.addComponent("zenoh", zenoh);
        HealthCheckRegistry registry = HealthCheckRegistry.get(c);
        registry.register(new ConsumersHealthCheckRepository());
        ProducersHealthCheckRepository producers = new ProducersHealthCheckRepository();
        producers.setEnabled(true);
        registry.register(producers);
        return c;
    }

    private RouteBuilder routes() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:rf/in")
                        .routeId("rf-in")
                        .process(e -> consumed.add(e.getIn().getBody(String.class)));
                from("direct:out").routeId("rf-out").to("zenoh:rf/out");
                from("direct:strict")
                        .routeId("rf-strict")
                        .to("zenoh:rf/strict?failIfNoSubscribers=true");
            }
        };
    }

    @AfterEach
    void stopEverything() {
        if (context != null) {
            context.stop();
        }
        if (probe != null) {
            probe.close();
        }
        if (router != null) {
            router.close();
        }
    }

    @Test
    void pythonRouterKilledWithSigkill() throws Exception {
        survive(
                new PythonRouter(),
                "python-sigkill",
                ReliabilitySuite.scale("routerRestarts", 3, 20));
    }

    @Test
    void inJvmRouterClosed() throws Exception {
        survive(new JvmRouter(), "jvm-close", ReliabilitySuite.scale("routerRestarts", 2, 20));
    }

    private void survive(Router r, String kind, int restarts) throws Exception {
        router = r;
        // the router must be up before the routes start: a client session that reaches no router
        // fails to open (zenoh's connect/exit_on_failure for clients)
        router.start();
        context = createCamelContext();
        context.addRoutes(routes());
        context.start();
        template = context.createProducerTemplate();
        probe =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withConnect(Loopback.endpoint(port))
                                .withMulticastScouting(false));
        BlockingQueue<String> outSeen = new LinkedBlockingQueue<>();
        BlockingQueue<String> strictSeen = new LinkedBlockingQueue<>();
        try (Subscriber outSub =
                        probe.declareSubscriber(
                                "rf/out", SubscriberOptions.DEFAULT, s -> outSeen.add(text(s)));
                Subscriber strictSub =
                        probe.declareSubscriber(
                                "rf/strict",
                                SubscriberOptions.DEFAULT,
                                s -> strictSeen.add(text(s)));
                Publisher in = probe.declarePublisher("rf/in", PublisherOptions.DEFAULT)) {
            Consumer consumer = context.getRoute("rf-in").getConsumer();
            ZenohEndpoint out = context.getEndpoint("zenoh:rf/out", ZenohEndpoint.class);
            ZenohEndpoint strict =
                    context.getEndpoint(
                            "zenoh:rf/strict?failIfNoSubscribers=true", ZenohEndpoint.class);

            awaitReady(HealthCheck.State.UP, Duration.ofSeconds(10));
            resume(in, outSeen, "warm-up");
            assertThat(strictExchange("strict warm-up").getException()).isNull();
            assertThat(strictSeen.poll(5, TimeUnit.SECONDS)).isEqualTo("strict warm-up");

            long worstResume = 0;
            long worstDown = 0;
            for (int cycle = 1; cycle <= restarts; cycle++) {
                // --- the router goes away
                long killed = System.nanoTime();
                router.kill();
                awaitReady(HealthCheck.State.DOWN, Duration.ofSeconds(15));
                long downMs = ms(System.nanoTime() - killed);
                worstDown = Math.max(worstDown, downMs);
                // zenoh's matching status is cached by the producer for up to 100 ms
                Thread.sleep(
                        2 * TimeUnit.NANOSECONDS.toMillis(ZenohProducer.MATCHING_REFRESH_NANOS));

                // default producer: accepted, nothing thrown, each put counted as unmatched
                long unmatched = out.unmatched.sum();
                long failed = out.failed.sum();
                for (int i = 0; i < OUTAGE_SENDS; i++) {
                    Exchange e =
                            template.send(
                                    "direct:out", x -> x.getMessage().setBody("lost while away"));
                    assertThat(e.getException())
                            .as("default producer while the router is away")
                            .isNull();
                }
                assertThat(out.unmatched.sum() - unmatched)
                        .as("unmatched puts, cycle %d", cycle)
                        .isEqualTo(OUTAGE_SENDS);
                assertThat(out.failed.sum()).isEqualTo(failed);

                // failIfNoSubscribers=true: each put fails with ZenohNoSubscribersException,
                // nothing sent
                long strictFailed = strict.failed.sum();
                for (int i = 0; i < OUTAGE_SENDS; i++) {
                    Exchange e = strictExchange("refused while away");
                    assertThat(e.getException())
                            .as("strict producer while the router is away")
                            .isInstanceOf(ZenohNoSubscribersException.class)
                            .hasMessageContaining("rf/strict")
                            .hasMessageContaining("failIfNoSubscribers");
                }
                assertThat(strict.failed.sum() - strictFailed).isEqualTo(OUTAGE_SENDS);

                // --- the router comes back on the same port; the routes are left alone. Outages of
                // 0.5 to 3.5 s, so that the clients' reconnect back-off (1 s, doubling to 4 s) is
                // in play
                long outage = 500 + ((cycle - 1) % 4) * 1000L;
                Thread.sleep(Math.max(0, outage - ms(System.nanoTime() - killed)));
                router.start();
                long restarted = System.nanoTime();
                long resumeMs = resume(in, outSeen, "cycle " + cycle);
                worstResume = Math.max(worstResume, resumeMs);
                awaitReady(HealthCheck.State.UP, Duration.ofSeconds(10));
                long upMs = ms(System.nanoTime() - restarted);
                assertThat(strictExchange("strict after " + cycle).getException()).isNull();
                assertThat(strictSeen)
                        .as("nothing refused was sent")
                        .doesNotContain("refused while away");
                assertThat(outSeen)
                        .as("nothing sent while the router was away arrived")
                        .doesNotContain("lost while away");

                assertThat(context.getRouteController().getRouteStatus("rf-in"))
                        .isEqualTo(ServiceStatus.Started);
                assertThat(context.getRoute("rf-in").getConsumer())
                        .as("the consumer was never recreated")
                        .isSameAs(consumer);
                ReliabilitySuite.figure(
                        SUITE,
                        kind + ".cycle" + cycle,
                        "outage "
                                + outage
                                + " ms, DOWN after "
                                + downMs
                                + " ms, resumed "
                                + resumeMs
                                + " ms, ready "
                                + upMs
                                + " ms after restart");
            }
            ReliabilitySuite.figure(SUITE, kind + ".restartsSurvived", restarts);
            ReliabilitySuite.figure(SUITE, kind + ".worstResumeMs", worstResume);
            ReliabilitySuite.figure(SUITE, kind + ".worstDownDetectionMs", worstDown);
            ReliabilitySuite.figure(SUITE, kind + ".unmatchedCounted", out.unmatched.sum());
        }
    }

    private Exchange strictExchange(String body) {
        return template.send("direct:strict", x -> x.getMessage().setBody(body));
    }

    /**
     * Publishes a probe into the consumer route and sends one through the producer route every 50
     * ms until both arrive; fails when that takes longer than the 7 s budget. Returns the time both
     * directions took.
     */
    private long resume(Publisher in, BlockingQueue<String> outSeen, String label)
            throws Exception {
        consumed.clear();
        outSeen.clear();
        long start = System.nanoTime();
        long deadline = start + RESUME_BUDGET.toNanos();
        boolean inOk = false;
        boolean outOk = false;
        List<String> expectedIn = new ArrayList<>();
        List<String> expectedOut = new ArrayList<>();
        for (int i = 0; !(inOk && outOk); i++) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        label
                                + ": traffic did not resume within "
                                + RESUME_BUDGET
                                + " (into the consumer route: "
                                + inOk
                                + ", out of the producer route: "
                                + outOk
                                + ")");
            }
            if (!inOk) {
                String p = label + " in " + i;
                expectedIn.add(p);
                try {
                    in.put(p.getBytes(StandardCharsets.UTF_8));
                } catch (RuntimeException e) {
                    // the probe's own session may still be reconnecting
                }
            }
            if (!outOk) {
                String p = label + " out " + i;
                expectedOut.add(p);
                template.sendBody("direct:out", p);
            }
            Thread.sleep(50);
            inOk = inOk || consumed.stream().anyMatch(expectedIn::contains);
            outOk = outOk || outSeen.stream().anyMatch(expectedOut::contains);
        }
        return ms(System.nanoTime() - start);
    }

    /**
     * A readiness check as Camel's "consumers" / "producers" repository holds it (every state, not
     * just DOWN ones).
     */
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
                        state("consumers", "consumer:rf-in") == state
                                && state("producers", "zenoh-producer-rf/out") == state
                                && state("producers", "zenoh-producer-rf/strict") == state);
    }

    private static String text(Sample s) {
        return new String(s.payload(), StandardCharsets.UTF_8);
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
