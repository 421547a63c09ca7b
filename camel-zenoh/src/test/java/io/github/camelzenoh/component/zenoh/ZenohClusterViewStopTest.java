/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterEventListener;
import org.apache.camel.cluster.CamelClusterMember;
import org.apache.camel.cluster.CamelClusterView;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cluster view stopped while its thread is still applying a change, or stopped by one of its own
 * listeners: nothing of the stopped run lands after the stop, the stop does not wait for that
 * thread (it runs under Camel's service lock, which a listener may need), and the last leadership a
 * listener reads is "not leading". Found by a cold review of the first fix, which waited.
 */
class ZenohClusterViewStopTest {

    private final int port = Loopback.freePort();
    private Session router;
    private final List<CamelContext> contexts = new ArrayList<>();
    private final List<Session> sessions = new ArrayList<>();

    @BeforeEach
    void startRouter() {
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("router")
                                .withMulticastScouting(false)
                                .withListen(Loopback.endpoint(port)));
    }

    @AfterEach
    void stopAll() {
        contexts.forEach(CamelContext::stop);
        sessions.forEach(Session::close);
        router.close();
    }

    private record M(String id, CamelContext context, ZenohClusterService service) {
        CamelClusterView view(String ns) throws Exception {
            return service.getView(ns);
        }
    }

    private M member(String id, RouteBuilder routes) throws Exception {
        return member(id, routes, true);
    }

    /** {@code stoppedAfter}: false when the test stops it and a hang must not hang the cleanup. */
    private M member(String id, RouteBuilder routes, boolean stoppedAfter) throws Exception {
        Session s =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withMulticastScouting(false)
                                .withConnect(Loopback.endpoint(port)));
        sessions.add(s);
        ZenohClusterService service = new ZenohClusterService();
        service.setId(id);
        service.setSession(s);
        service.setQuorum(1);
        CamelContext c = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setMode(io.github.camelzenoh.zenoh.Mode.CLIENT);
        zenoh.getConfiguration().setConnect(Loopback.endpoint(port));
        zenoh.getConfiguration().setMulticastScouting(false);
        c.addComponent("zenoh", zenoh);
        c.addService(service);
        if (routes != null) {
            c.addRoutes(routes);
        }
        if (stoppedAfter) {
            contexts.add(c);
        }
        c.start();
        return new M(id, c, service);
    }

    /** Records, per leadership event, whether the local member leads (what Camel's users read). */
    private static List<String> recordLeadership(CamelClusterView v) {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        v.addEventListener(
                (CamelClusterEventListener.Leadership)
                        (view, leader) ->
                                seen.add(
                                        (leader == null ? "none" : leader.getId())
                                                + "/localLeads="
                                                + view.getLocalMember().isLeader()));
        return seen;
    }

    private static void awaitIgnoringInterrupts(CountDownLatch l) {
        boolean interrupted = false;
        while (l.getCount() > 0) {
            try {
                l.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private abstract static class OnMember implements CamelClusterEventListener.Membership {
        @Override
        public void memberAdded(CamelClusterView view, CamelClusterMember member) {}

        @Override
        public void memberRemoved(CamelClusterView view, CamelClusterMember member) {}
    }

    /** A listener on the view thread stops the service: the thread then decides nothing. */
    @Test
    void aListenerThatStopsTheServiceLeavesNoLeaderBehind() throws Exception {
        M a = member("sca", null);
        CamelClusterView va = a.view("rv1");
        Waits.until("sca leads", () -> va.getLeader().isPresent());
        List<String> events = recordLeadership(va);
        CountDownLatch stopped = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberAdded(CamelClusterView view, CamelClusterMember member) {
                        if (member.getId().equals("scb") && stopped.getCount() > 0) {
                            a.service().stop();
                            stopped.countDown();
                        }
                    }
                });
        M b = member("scb", null);
        b.view("rv1");
        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(500);
        System.out.println(
                "after a listener's stop: status="
                        + a.service().getStatus()
                        + " members="
                        + va.getMembers()
                        + " leader="
                        + va.getLeader()
                        + " isLeader(rv1)="
                        + a.service().isLeader("rv1")
                        + " events="
                        + events);
        assertThat(va.getMembers()).as("members of a stopped view").isEmpty();
        assertThat(va.getLeader()).as("leader of a stopped view").isEmpty();
        assertThat(events.get(events.size() - 1)).endsWith("localLeads=false");
    }

    /**
     * The leader leaves and, while this view's thread is busy with that (a listener), the service
     * stops: the master: route must not run after the stop, and the last leadership event a
     * listener gets reads "not leading".
     */
    @Test
    void aStopWhileTheThreadMakesThisMemberLeaderEndsWithLeadershipLost() throws Exception {
        M b = member("sdb", null);
        CamelClusterView vb = b.view("rv2");
        Waits.until("sdb leads", () -> vb.getLeader().isPresent());
        AtomicInteger ticks = new AtomicInteger();
        M a =
                member(
                        "sda",
                        new RouteBuilder() {
                            @Override
                            public void configure() {
                                from("master:rv2:timer:tick?period=20")
                                        .routeId("lead")
                                        .process(e -> ticks.incrementAndGet());
                            }
                        });
        CamelClusterView va = a.view("rv2");
        Waits.until(
                "sda sees sdb lead",
                () ->
                        va.getMembers().size() == 2
                                && va.getLeader()
                                        .map(CamelClusterMember::getId)
                                        .orElse("")
                                        .equals("sdb"));
        List<String> events = recordLeadership(va);
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberRemoved(CamelClusterView view, CamelClusterMember member) {
                        if (member.getId().equals("sdb") && busy.getCount() > 0) {
                            busy.countDown();
                            awaitIgnoringInterrupts(goOn);
                        }
                    }
                });
        b.service().stop();
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        long t0 = System.nanoTime();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> a.service().stop());
        Thread.sleep(300);
        goOn.countDown();
        stopping.get(15, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        Thread.sleep(3000); // camel-master 4.18 starts the delegate ~1 s later on its own thread
        int t1 = ticks.get();
        Thread.sleep(1000);
        int t2 = ticks.get();
        System.out.println(
                "after the stop ("
                        + ms
                        + " ms): status="
                        + a.service().getStatus()
                        + " members="
                        + va.getMembers()
                        + " leader="
                        + va.getLeader()
                        + " events="
                        + events
                        + " master ticks during 1 s after stop: "
                        + (t2 - t1)
                        + " total ticks: "
                        + t2);
        assertThat(events.get(events.size() - 1))
                .as("last leadership event a listener got")
                .endsWith("localLeads=false");
        assertThat(t2 - t1).as("master consumer ticks after the service stopped").isZero();
    }

    /** A listener that calls getView (a master: route added from it) while the service stops. */
    @Test
    void aListenerThatNeedsTheServiceLockDoesNotStallTheStop() throws Exception {
        M a = member("sea", null);
        CamelClusterView va = a.view("rv3");
        Waits.until("sea leads", () -> va.getLeader().isPresent());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberAdded(CamelClusterView view, CamelClusterMember member) {
                        if (member.getId().equals("seb") && busy.getCount() > 0) {
                            busy.countDown();
                            awaitIgnoringInterrupts(goOn);
                            try {
                                // e.g. a listener adding a master:/ClusteredRoutePolicy route
                                a.service().getView("rv3other");
                            } catch (Exception e) {
                                throw new RuntimeException(e);
                            }
                        }
                    }
                });
        M b = member("seb", null);
        b.view("rv3");
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        long t0 = System.nanoTime();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> a.service().stop());
        Thread.sleep(300);
        goOn.countDown();
        stopping.get(30, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        Thread.sleep(500);
        System.out.println(
                "the stop took "
                        + ms
                        + " ms; after stop: members="
                        + va.getMembers()
                        + " leader="
                        + va.getLeader());
        assertThat(ms).as("stop duration ms").isLessThan(3000);
    }

    /** The stopping thread is interrupted: the change in hand still does not land. */
    @Test
    void aStopOnAnInterruptedThreadLeavesNoMembers() throws Exception {
        M a = member("sfa", null);
        CamelClusterView va = a.view("rv4");
        Waits.until("sfa leads", () -> va.getLeader().isPresent());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberAdded(CamelClusterView view, CamelClusterMember member) {
                        if (member.getId().equals("sfb") && busy.getCount() > 0) {
                            busy.countDown();
                            awaitIgnoringInterrupts(goOn);
                        }
                    }
                });
        M b = member("sfb", null);
        b.view("rv4");
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> stopping =
                CompletableFuture.runAsync(
                        () -> {
                            Thread.currentThread().interrupt();
                            a.service().stop();
                            Thread.interrupted();
                        });
        stopping.get(15, TimeUnit.SECONDS);
        goOn.countDown();
        Thread.sleep(500);
        System.out.println(
                "after an interrupted stop: status="
                        + a.service().getStatus()
                        + " members="
                        + va.getMembers()
                        + " leader="
                        + va.getLeader());
        assertThat(va.getMembers()).isEmpty();
    }

    /** One stop from outside, one from a listener, at once. */
    @Test
    void aStopFromAListenerDuringAnotherStopDoesNotStallIt() throws Exception {
        M a = member("sga", null);
        CamelClusterView va = a.view("rv5");
        Waits.until("sga leads", () -> va.getLeader().isPresent());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberAdded(CamelClusterView view, CamelClusterMember member) {
                        if (member.getId().equals("sgb") && busy.getCount() > 0) {
                            busy.countDown();
                            awaitIgnoringInterrupts(goOn);
                            a.service().stop(); // e.g. "leave the cluster when X joins"
                        }
                    }
                });
        M b = member("sgb", null);
        b.view("rv5");
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        long t0 = System.nanoTime();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> a.service().stop());
        Thread.sleep(300);
        goOn.countDown();
        stopping.get(30, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("the outer stop took " + ms + " ms");
        assertThat(ms).as("stop duration ms").isLessThan(3000);
    }

    /**
     * The view restarts while a membership listener holds the thread of the run before, in the
     * start-up task that announces the members it found: that thread must not go on announcing the
     * stopped run's members (its own old member among them) into the restarted view.
     */
    @Test
    void aRestartWhileTheStartUpAnnouncementsAreHeldAnnouncesOnlyTheNewRun() throws Exception {
        M b = member("rxb", null);
        CamelClusterView vb = b.view("rv6");
        Waits.until("rxb leads", () -> vb.getLeader().isPresent());
        M a = member("rxa", null);
        CamelClusterView va = a.view("rv6");
        Waits.until("rxa sees rxb", () -> va.getMembers().size() == 2);
        a.service().stopView("rv6");
        java.util.Set<String> tracked =
                Collections.synchronizedSet(new java.util.TreeSet<String>());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        va.addEventListener(
                new OnMember() {
                    @Override
                    public void memberAdded(CamelClusterView view, CamelClusterMember member) {
                        tracked.add(member.toString().replace(" (leader)", ""));
                        if (busy.getCount() > 0) {
                            busy.countDown();
                            awaitIgnoringInterrupts(goOn);
                        }
                    }

                    @Override
                    public void memberRemoved(CamelClusterView view, CamelClusterMember member) {
                        tracked.remove(member.toString().replace(" (leader)", ""));
                    }
                });
        a.service().startView("rv6");
        assertThat(busy.await(10, TimeUnit.SECONDS))
                .as("the start-up announcement is held")
                .isTrue();
        a.service().stopView("rv6");
        a.service().startView("rv6");
        Waits.until(
                "the restarted view sees rxa and rxb",
                () -> va.getMembers().size() == 2 && va.getLeader().isPresent());
        goOn.countDown();
        Thread.sleep(1000); // what the held thread would announce, it has by now
        assertThat(tracked)
                .as("the members a listener tracks from the events (view: " + va.getMembers() + ")")
                .hasSize(2);
    }

    /**
     * The service stops while this member leads, and a leadership listener needs Camel's service
     * lock when told it lost (getView here; releaseView when it stops a master: route): the
     * stopping thread holds that lock (a StampedLock, not reentrant), so the event must not be
     * fired on it.
     */
    @Test
    void aLostListenerThatNeedsTheServiceLockDoesNotHangTheStop() throws Exception {
        M a = member("rya", null, false);
        CamelClusterView va = a.view("rv7");
        Waits.until("rya leads", () -> va.getLeader().isPresent());
        CountDownLatch lost = new CountDownLatch(1);
        va.addEventListener(
                (CamelClusterEventListener.Leadership)
                        (view, leader) -> {
                            if (leader == null) {
                                try {
                                    a.service().getView("rv7-other");
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                                lost.countDown();
                            }
                        });
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> a.service().stop());
        try {
            stopping.get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the service's stop hangs (a listener of 'lost' waits)", e);
        }
        assertThat(lost.await(10, TimeUnit.SECONDS)).as("'leadership lost' told").isTrue();
        a.context().stop();
    }
}
