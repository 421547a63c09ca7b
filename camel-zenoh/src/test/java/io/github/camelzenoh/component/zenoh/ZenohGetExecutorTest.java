/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A get sent from the executor its exchange names (CamelZenohGetExecutor) when that executor runs
 * the start late, after a restart of the producer, or takes the task and throws (cold review of
 * 706de22: each failed before its fix).
 */
class ZenohGetExecutorTest extends ZenohTestSupport {

    private final List<AutoCloseable> declared = new CopyOnWriteArrayList<>();
    final AtomicInteger completions = new AtomicInteger();
    final AtomicInteger after = new AtomicInteger();

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:tw").to("zenoh:svc/tw?operation=get&timeout=1000");
                from("direct:stale")
                        .routeId("stale")
                        .to("zenoh:svc/stale?operation=get&timeout=1000");
                from("direct:twice")
                        .onCompletion()
                        .process(e -> completions.incrementAndGet())
                        .end()
                        .to("zenoh:svc/twice?operation=get&timeout=1000")
                        .process(e -> after.incrementAndGet());
            }
        };
    }

    @Override
    protected void awaitConnected() {
        super.awaitConnected();
        Waits.awaitDeclarationsKnownByRoutes(peer, context);
    }

    @AfterEach
    void undeclare() throws Exception {
        for (AutoCloseable c : declared) {
            c.close();
        }
    }

    private void queryable(String key, io.github.camelzenoh.zenoh.QueryListener l) {
        Queryable q = peer.declareQueryable(key, QueryableOptions.DEFAULT, l);
        declared.add(q);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A queryable's own "Timeout" error answered at once is an error reply, also when the start
     * waited 960 ms on the executor (of a 1000 ms timeout): the marker window counts from the start
     * (it counted from process(), and took the reply for zenoh's timeout).
     */
    @Test
    void theTimeoutWindowCountsFromWhenTheGetIsSent() throws Exception {
        queryable(
                "svc/tw",
                q -> {
                    q.replyError(utf8("Timeout"), Encoding.ZENOH_STRING);
                    q.finish();
                });
        awaitConnected();
        Exchange control = template.request("direct:tw", x -> {});
        assertThat(control.getException()).isInstanceOf(ZenohReplyException.class);

        ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger n = new AtomicInteger();
        // a busy event loop: the start task waits 960 ms behind other work, then runs
        Executor busy =
                task -> {
                    if (n.getAndIncrement() == 0) {
                        loop.schedule(task, 960, TimeUnit.MILLISECONDS);
                    } else {
                        loop.execute(task);
                    }
                };
        try {
            Exchange e =
                    template.request(
                            "direct:tw", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, busy));
            assertThat(e.getException())
                    .as("the queryable answered 'Timeout' at once, well inside the 1000 ms")
                    .isInstanceOf(ZenohReplyException.class);
            assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT)).isNull();
        } finally {
            loop.shutdownNow();
        }
    }

    /**
     * The start handed over, the route stopped (forced) and restarted, then the start runs: it
     * sends with the running producer's querier (it used the stopped one's: ClosedException).
     */
    @Test
    void aStartRunAfterARestartUsesTheRunningQuerier() throws Exception {
        queryable(
                "svc/stale",
                q -> {
                    q.reply("svc/stale", utf8("here"), Encoding.TEXT_PLAIN, null);
                    q.finish();
                });
        awaitConnected();
        BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
        Executor holding = tasks::add;
        Future<Exchange> f =
                template.asyncSend(
                        "direct:stale", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, holding));
        Runnable start = tasks.poll(10, TimeUnit.SECONDS);
        assertThat(start).isNotNull();
        context.getRouteController().stopRoute("stale", 1, TimeUnit.SECONDS);
        context.getRouteController().startRoute("stale");
        awaitConnected();
        // the route and its producer run again
        Exchange ok = template.request("direct:stale", x -> {});
        assertThat(ok.getException()).isNull();
        start.run();
        Runnable rest = tasks.poll(3, TimeUnit.SECONDS);
        if (rest != null) {
            rest.run();
        }
        Exchange e = f.get(10, TimeUnit.SECONDS);
        assertThat(e.getException()).as("the producer is running again").isNull();
    }

    /**
     * An executor that queues the task and then throws (a hook failing after the hand-over): the
     * query is sent once and the exchange completes once (it was sent twice, completed four times).
     */
    @Test
    void anExecutorThatThrowsAfterTakingTheTaskRunsItOnce() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        queryable(
                "svc/twice",
                q -> {
                    asked.incrementAndGet();
                    q.reply("svc/twice", utf8("here"), Encoding.TEXT_PLAIN, null);
                    q.finish();
                });
        awaitConnected();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Executor leaky =
                task -> {
                    pool.execute(task);
                    throw new IllegalStateException("hook failed after hand-over");
                };
        try {
            Exchange e =
                    template.request(
                            "direct:twice", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, leaky));
            Thread.sleep(1000);
            assertThat(completions.get()).as("onCompletion runs").isEqualTo(1);
            assertThat(asked.get()).as("queries sent").isEqualTo(1);
            assertThat(after.get()).as("route continued").isEqualTo(1);
        } finally {
            pool.shutdown();
        }
    }
}
