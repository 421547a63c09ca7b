/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.SynchronizationAdapter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A get's exchange continues on the producer's pool, never on the zenoh thread that completed the
 * get (in client mode the completion comes on zenoh's receiving thread): a put from the
 * continuation goes through, a slow continuation holds up no other put — also when the pool is
 * saturated (Camel's default pools run a rejected task on the caller) or already shut down. Client
 * sessions through an in-JVM router.
 */
class ZenohGetCompletionTest extends ZenohTestSupport {

    static int routerPort;
    static Session router;

    @BeforeAll
    static void startRouter() {
        routerPort = Loopback.freePort();
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("router")
                                .withMulticastScouting(false)
                                .withListen(Loopback.endpoint(routerPort)));
    }

    @AfterAll
    static void stopRouter() {
        if (router != null) {
            router.close();
        }
    }

    private static String client(String key, String options) {
        return "zenoh:"
                + key
                + "?mode=client&connect="
                + Loopback.endpoint(routerPort)
                + (options.isEmpty() ? "" : "&" + options);
    }

    private static boolean onOurPool(String thread) {
        return thread.contains("ZenohGet[");
    }

    @Test
    void continuationsPutAndNeverHoldUpOtherPutsWhenThePoolIsSaturated() throws Exception {
        // a small pool whose queue fills: Camel's default policy would run the rest on the caller
        ThreadPoolProfile defaults =
                context.getExecutorServiceManager().getDefaultThreadPoolProfile();
        defaults.setPoolSize(1);
        defaults.setMaxPoolSize(1);
        defaults.setMaxQueueSize(1);
        int gets = 6;
        AtomicInteger answered = new AtomicInteger();
        Queue<String> threads = new ConcurrentLinkedQueue<>();
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        BlockingQueue<Sample> after = new LinkedBlockingQueue<>();
        try (Queryable q =
                        router.declareQueryable(
                                "cmpl/q",
                                QueryableOptions.DEFAULT,
                                (Query query) -> {
                                    try {
                                        query.reply(
                                                "cmpl/q",
                                                "answer".getBytes(StandardCharsets.UTF_8),
                                                Encoding.ZENOH_STRING,
                                                null);
                                    } finally {
                                        query.finish();
                                        answered.incrementAndGet();
                                    }
                                });
                Subscriber sub =
                        router.declareSubscriber(
                                "cmpl/after/**", SubscriberOptions.DEFAULT, after::add)) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:get")
                                    .to(client("cmpl/q", "operation=get&timeout=20000"))
                                    .process(
                                            e -> {
                                                threads.add(Thread.currentThread().getName());
                                                firstStarted.countDown();
                                                release.await(30, TimeUnit.SECONDS);
                                            })
                                    // the continuation puts on the session that completed the get
                                    .to(client("cmpl/after/get", ""));
                            from("direct:put").to(client("cmpl/after/other", ""));
                        }
                    });
            Loopback.settle();
            List<CompletableFuture<Object>> exchanges = new ArrayList<>();
            for (int i = 0; i < gets; i++) {
                exchanges.add(template.asyncRequestBody("direct:get", null));
            }
            assertThat(firstStarted.await(20, TimeUnit.SECONDS)).isTrue();
            Loopback.await(Duration.ofSeconds(20), () -> answered.get() == gets, "all answered");
            // the completions have had time to arrive: on zenoh's threads or in the pool's queue
            Loopback.settle();

            // a put from another thread while every continuation waits
            CompletableFuture.runAsync(() -> template.sendBody("direct:put", "other"))
                    .get(20, TimeUnit.SECONDS);
            Sample other = after.poll(20, TimeUnit.SECONDS);
            assertThat(other).as("the other put reached the router").isNotNull();
            assertThat(other.keyExpr()).isEqualTo("cmpl/after/other");

            release.countDown();
            for (CompletableFuture<Object> f : exchanges) {
                f.get(30, TimeUnit.SECONDS);
            }
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> after.size() == gets,
                    "the continuations' puts at the router");
            assertThat(threads).hasSize(gets).allMatch(ZenohGetCompletionTest::onOurPool);
        } finally {
            release.countDown();
        }
    }

    /**
     * A get in flight when its producer stops is ended by zenoh as the querier is undeclared (on
     * the stopping thread, or zenoh's): the exchange fails saying so, and it completes on the
     * producer's pool, never on zenoh's thread. The queryable's late reply reaches no one. The
     * completion is watched, not a step after the get: Camel's forced stop refuses to run a
     * stopping route's further steps (RejectedExecutionException) once it has begun forcing, so
     * whether such a step runs depends on when the continuation comes.
     */
    @Test
    void aGetEndedByItsProducersStopContinuesOffZenohsThread() throws Exception {
        BlockingQueue<Query> held = new LinkedBlockingQueue<>();
        Queue<String> threads = new ConcurrentLinkedQueue<>();
        context.getShutdownStrategy().setTimeout(1);
        try (Queryable q =
                router.declareQueryable("cmpl/held", QueryableOptions.DEFAULT, held::add)) {
            context.addRoutes(
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("direct:held")
                                    .routeId("held")
                                    .to(client("cmpl/held", "operation=get&timeout=20000"));
                        }
                    });
            Loopback.settle();
            CompletableFuture<Exchange> exchange =
                    template.asyncSend(
                            "direct:held",
                            e -> {
                                e.setPattern(ExchangePattern.InOut);
                                e.getExchangeExtension()
                                        .addOnCompletion(
                                                new SynchronizationAdapter() {
                                                    @Override
                                                    public void onDone(Exchange done) {
                                                        threads.add(
                                                                Thread.currentThread().getName());
                                                    }
                                                });
                            });
            Query query = held.poll(20, TimeUnit.SECONDS);
            assertThat(query).as("the query reached the queryable").isNotNull();
            // forced stop: the exchange is in flight, the producer and its pool stop
            context.getRouteController().stopRoute("held");
            query.reply(
                    "cmpl/held",
                    "late".getBytes(StandardCharsets.UTF_8),
                    Encoding.ZENOH_STRING,
                    null);
            query.finish();
            Exchange done = exchange.get(20, TimeUnit.SECONDS);
            assertThat(done.getException())
                    .as("the get's failure")
                    .isNotNull()
                    .hasMessageContaining("was ended by its querier or session closing");
            Loopback.await(Duration.ofSeconds(20), () -> !threads.isEmpty(), "the completion");
            assertThat(threads).singleElement().matches(ZenohGetCompletionTest::onOurPool);
        }
    }
}
