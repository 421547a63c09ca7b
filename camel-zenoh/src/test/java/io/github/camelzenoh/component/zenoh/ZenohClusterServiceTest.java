/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.camel.ServiceStatus;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterMember;
import org.apache.camel.cluster.CamelClusterView;
import org.apache.camel.impl.cluster.ClusteredRoutePolicy;
import org.junit.jupiter.api.Test;

/**
 * {@link ZenohClusterService} in one JVM, members as {@link ClusterMembersTestBase} starts them.
 */
class ZenohClusterServiceTest extends ClusterMembersTestBase {

    private Member member(
            String id, int quorum, RouteBuilder routes, java.util.function.LongSupplier clock)
            throws Exception {
        return member(id, quorum, routes, clock, true);
    }

    @Test
    void oneMasterRouteRunsAndTheNextOldestTakesOverWhenTheLeaderDies() throws Exception {
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        AtomicInteger ticksC = new AtomicInteger();
        Member a = member("a", 1, masterTimer("ns1", ticksA));
        Waits.until("a leads alone", () -> a.leads("ns1"));
        Member b = member("b", 1, masterTimer("ns1", ticksB));
        Member c = member("c", 1, masterTimer("ns1", ticksC));
        for (Member m : List.of(a, b, c)) {
            Waits.until(m.id() + " sees 3 members", () -> m.view("ns1").getMembers().size() == 3);
        }
        // a joined first: the members that joined later never take leadership from it
        for (Member m : List.of(a, b, c)) {
            Waits.until(
                    m.id() + " sees a lead",
                    () ->
                            m.view("ns1")
                                    .getLeader()
                                    .map(CamelClusterMember::getId)
                                    .orElse("")
                                    .equals("a"));
        }
        assertThat(b.leads("ns1")).isFalse();
        assertThat(c.leads("ns1")).isFalse();
        Waits.until("a's master route runs", () -> ticksA.get() > 5);
        assertThat(ticksB.get()).as("b's master route never ran").isZero();
        assertThat(ticksC.get()).as("c's master route never ran").isZero();

        a.session().close();
        Waits.until("b (the next oldest) leads", () -> b.leads("ns1"));
        Waits.until("b's master route runs", () -> ticksB.get() > 5);
        Waits.until(
                "c sees b as leader",
                () ->
                        c.view("ns1")
                                .getLeader()
                                .map(CamelClusterMember::getId)
                                .orElse("")
                                .equals("b"));
        assertThat(c.leads("ns1")).isFalse();
        assertThat(ticksC.get()).as("c's master route never ran").isZero();
        assertThat(b.view("ns1").getMembers())
                .extracting(CamelClusterMember::getId)
                .containsExactlyInAnyOrder("b", "c");
    }

    @Test
    void stoppingTheLeadersServiceStopsItsMasterRouteAndTheNextOldestLeads() throws Exception {
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        Member a = member("sta", 1, masterTimer("ns8", ticksA));
        Waits.until("sta's master route runs", () -> ticksA.get() > 0);
        Member b = member("stb", 1, masterTimer("ns8", ticksB));
        Waits.until("stb sees sta", () -> b.view("ns8").getMembers().size() == 2);
        assertThat(ticksB.get()).isZero();

        a.service().stop();
        assertThat(a.leads("ns8")).isFalse();
        Waits.until("stb leads", () -> b.leads("ns8"));
        Waits.until("stb's master route runs", () -> ticksB.get() > 10);
        // "leadership lost" reaches sta's master consumer on a thread of its own, so a tick may
        // still land just after stop() returns: by the time stb runs, sta's route has stopped
        int stopped = ticksA.get();
        int running = ticksB.get();
        Waits.until("stb's master route runs on", () -> ticksB.get() > running + 10);
        assertThat(ticksA.get())
                .as("sta's master route stopped with its service")
                .isEqualTo(stopped);

        // started again, sta joins as the youngest member: stb keeps leading
        a.service().start();
        CamelClusterView va = a.view("ns8");
        Waits.until("sta sees stb", () -> va.getMembers().size() == 2);
        // a view counts a member first and decides after: the leader follows a moment later
        Waits.until(
                "sta sees stb lead",
                () -> va.getLeader().map(CamelClusterMember::getId).orElse("").equals("stb"));
        int before = ticksB.get();
        Waits.until("stb's master route keeps running", () -> ticksB.get() > before + 10);
        assertThat(ticksA.get()).isEqualTo(stopped);
    }

    @Test
    void aRestartedMemberNeverCountsItsOwnPreviousToken() throws Exception {
        // the restarted view's liveliness query can still be answered with the token its previous
        // run just undeclared, the undeclaration reaching no subscriber of the new run: without
        // care that token stays a member for good (CI: 3 members, the stale one leading)
        Member a = member("rsa", 1, null);
        Member b = member("rsb", 1, null);
        a.view("ns9"); // views are created when first asked for
        CamelClusterView vb = b.view("ns9");
        Waits.until("rsb sees rsa", () -> vb.getMembers().size() == 2);
        for (int i = 0; i < 12; i++) {
            a.service().stop();
            Waits.until("rsb sees rsa go", () -> vb.getMembers().size() == 1);
            a.service().start();
            CamelClusterView va = a.view("ns9");
            Waits.until("rsa sees rsb", () -> va.getMembers().size() >= 2);
            try {
                Waits.until(
                        "rsa's view settles on rsa and rsb (restart " + i + ")",
                        java.time.Duration.ofSeconds(3),
                        () -> va.getMembers().size() == 2);
            } catch (AssertionError e) {
                throw new AssertionError(
                        e.getMessage()
                                + "; rsa's view: "
                                + va.getMembers()
                                + ", rsb's: "
                                + vb.getMembers()
                                + "; "
                                + clusterLog(),
                        e);
            }
            Waits.until("rsb sees rsa again", () -> vb.getMembers().size() == 2);
        }
    }

    /** What the views logged (the captured log is the JVM's; its cluster lines only). */
    private static List<String> clusterLog() {
        return CapturedLogs.lines().stream().filter(l -> l.contains("zenoh cluster")).toList();
    }

    @Test
    void twoMembersWithTheSameIdElectOneLeader() throws Exception {
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        Member a = member("dup", 1, masterTimer("ns7", ticksA));
        Waits.until("the first dup's master route runs", () -> ticksA.get() > 0);
        Member b = member("dup", 1, masterTimer("ns7", ticksB));
        Waits.until("the second dup sees both", () -> b.view("ns7").getMembers().size() == 2);
        Waits.until("the first dup's master route keeps running", () -> ticksA.get() > 20);
        assertThat(a.leads("ns7")).isTrue();
        assertThat(b.leads("ns7")).isFalse();
        assertThat(ticksB.get()).as("the second dup's master route never ran").isZero();

        a.session().close();
        Waits.until("the second dup leads", () -> b.leads("ns7"));
        Waits.until("the second dup's master route runs", () -> ticksB.get() > 5);
    }

    /**
     * Two members that share an id (e.g. {@code ${env:HOSTNAME}} on one host) and join in the same
     * millisecond: with one token key between them each took the other's token for its own, saw one
     * member and led, for good.
     */
    @Test
    void twoMembersWithTheSameIdJoiningInTheSameMillisecondElectOneLeader() throws Exception {
        java.util.function.LongSupplier sameMillisecond = () -> 1_700_000_000_000L;
        Member a = member("twin", 1, null, sameMillisecond);
        Member b = member("twin", 1, null, sameMillisecond);
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
        java.util.concurrent.ExecutorService starts =
                java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<CamelClusterView>> views = new ArrayList<>();
            for (Member m : List.of(a, b)) {
                views.add(
                        starts.submit(
                                () -> {
                                    together.await();
                                    return m.view("same-ms");
                                }));
            }
            CamelClusterView va = views.get(0).get(10, java.util.concurrent.TimeUnit.SECONDS);
            CamelClusterView vb = views.get(1).get(10, java.util.concurrent.TimeUnit.SECONDS);
            Waits.until("the first twin sees both", () -> va.getMembers().size() == 2);
            Waits.until("the second twin sees both", () -> vb.getMembers().size() == 2);
            Waits.until("exactly one twin leads", () -> a.leads("same-ms") != b.leads("same-ms"));
            Thread.sleep(500); // and it stays so
            assertThat(a.leads("same-ms")).isNotEqualTo(b.leads("same-ms"));
        } finally {
            starts.shutdownNow();
        }
    }

    @Test
    void clusteredRoutePolicyStartsTheRouteOnTheLeaderOnly() throws Exception {
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        Member a = member("pa", 1, policyTimer("ns2", ticksA));
        Waits.until("pa leads", () -> a.leads("ns2"));
        Member b = member("pb", 1, policyTimer("ns2", ticksB));
        Waits.until("pb sees pa", () -> b.view("ns2").getMembers().size() == 2);
        Waits.until(
                "pa's route started",
                () ->
                        a.context().getRouteController().getRouteStatus("policed")
                                == ServiceStatus.Started);
        assertThat(b.context().getRouteController().getRouteStatus("policed"))
                .isNotEqualTo(ServiceStatus.Started);
        Waits.until("pa's route runs", () -> ticksA.get() > 3);
        assertThat(ticksB.get()).isZero();

        a.context().stop();
        Waits.until("pb leads", () -> b.leads("ns2"));
        Waits.until(
                "pb's route started",
                () ->
                        b.context().getRouteController().getRouteStatus("policed")
                                == ServiceStatus.Started);
        Waits.until("pb's route runs", () -> ticksB.get() > 3);
    }

    private static RouteBuilder policyTimer(String ns, AtomicInteger ticks) {
        return new RouteBuilder() {
            @Override
            public void configure() throws Exception {
                from("timer:policed?period=20")
                        .routeId("policed")
                        .routePolicy(ClusteredRoutePolicy.forNamespace(ns))
                        .process(e -> ticks.incrementAndGet());
            }
        };
    }

    @Test
    void withAQuorumOfTwoALoneMemberDoesNotLead() throws Exception {
        Member a = member("qa", 2, null);
        CamelClusterView va = a.view("ns3");
        Waits.until("qa's view sees itself", () -> va.getMembers().size() == 1);
        assertThat(va.getLeader()).isEmpty();
        assertThat(a.leads("ns3")).isFalse();
        Member b = member("qb", 2, null);
        CamelClusterView vb = b.view("ns3");
        Waits.until("qa leads with a quorum", () -> a.leads("ns3"));
        Waits.until(
                "qb sees qa lead",
                () -> vb.getLeader().map(CamelClusterMember::getId).orElse("").equals("qa"));
        assertThat(b.leads("ns3")).isFalse();

        // below the quorum again: the survivor does not lead
        a.session().close();
        Waits.until("qb sees qa gone", () -> vb.getMembers().size() == 1);
        // the view's thread removes the member, then decides: the leader follows a moment later
        Waits.until("qb to see no leader", () -> vb.getLeader().isEmpty());
        assertThat(b.leads("ns3")).isFalse();
    }

    /**
     * A member joins whose wall clock is behind the leader's (here: "in 1970"): it joins as the
     * youngest of the members it has heard of, so it never takes leadership from a live leader.
     */
    @Test
    void aJoiningMemberWhoseClockIsBehindDoesNotTakeLeadershipFromALiveLeader() throws Exception {
        Member a = member("sa", 1, null);
        CamelClusterView va = a.view("skew");
        Waits.until("sa leads", () -> a.leads("skew"));
        Member b = member("sb", 1, null, () -> 1L);
        CamelClusterView vb = b.view("skew");
        Waits.until("sa sees sb join", () -> va.getMembers().size() == 2);
        Waits.until("sb sees sa", () -> vb.getMembers().size() == 2);
        assertThat(va.getLeader().map(CamelClusterMember::getId)).contains("sa");
        // a view counts a member first and decides after (sb's view decides once its start-up
        // query is in): the leader follows a moment later
        Waits.until(
                "sb sees sa lead",
                () -> vb.getLeader().map(CamelClusterMember::getId).orElse("").equals("sa"));
        assertThat(a.leads("skew")).isTrue();
        assertThat(b.leads("skew")).isFalse();
    }

    /**
     * A member is held between reading its clock and declaring its token (a GC pause, a loaded
     * host) while another starts and leads: its token would be the older one. It joins again behind
     * the leader instead of taking leadership (and the clustered route) over.
     */
    @Test
    void aMemberHeldBeforeItsTokenDoesNotTakeOverFromOneThatLedMeanwhile() throws Exception {
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        CountDownLatch clockRead = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        java.util.function.LongSupplier held =
                () -> {
                    long now = System.currentTimeMillis();
                    clockRead.countDown();
                    try {
                        resume.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return now;
                };
        ExecutorService starting = Executors.newSingleThreadExecutor();
        try {
            Future<Member> startingA =
                    starting.submit(() -> member("ha", 1, policyTimer("held", ticksA), held));
            assertThat(clockRead.await(20, TimeUnit.SECONDS)).isTrue();
            Member b = member("hb", 1, policyTimer("held", ticksB));
            Waits.until("hb leads", () -> b.leads("held"));
            Waits.until("hb's route runs", () -> ticksB.get() > 0);
            CamelClusterView vb = b.view("held");
            List<String> leadersSeenByB = new java.util.concurrent.CopyOnWriteArrayList<>();
            vb.addEventListener(
                    (org.apache.camel.cluster.CamelClusterEventListener.Leadership)
                            (view, leader) ->
                                    leadersSeenByB.add(leader == null ? "none" : leader.getId()));
            resume.countDown();
            Member a = startingA.get(30, TimeUnit.SECONDS);
            CamelClusterView va = a.view("held");
            Waits.until(
                    "ha sees hb lead",
                    () -> va.getLeader().map(CamelClusterMember::getId).orElse("").equals("hb"));
            Waits.until("hb sees two members", () -> vb.getMembers().size() == 2);
            Thread.sleep(500);
            assertThat(b.leads("held")).isTrue();
            assertThat(a.leads("held")).isFalse();
            assertThat(vb.getLeader().map(CamelClusterMember::getId)).contains("hb");
            assertThat(ticksA.get()).as("ha's clustered route never ran").isZero();
            assertThat(leadersSeenByB)
                    .as("hb's leadership never moved, not even for a moment")
                    .containsOnly("hb");
            assertThat(b.context().getRouteController().getRouteStatus("policed"))
                    .isEqualTo(ServiceStatus.Started);
        } finally {
            starting.shutdownNow();
        }
    }

    @Test
    void namespacesAreIndependentAndReleasingAViewHandsLeadershipOver() throws Exception {
        Member a = member("ra", 1, null);
        CamelClusterView a1 = a.view("x1");
        Waits.until("ra leads x1", () -> a.leads("x1"));
        Member b = member("rb", 1, null);
        CamelClusterView b2 = b.view("x2");
        CamelClusterView b1 = b.view("x1");
        Waits.until("rb leads x2", () -> b.leads("x2"));
        Waits.until("rb sees ra in x1", () -> b1.getMembers().size() == 2);
        assertThat(b.leads("x1")).isFalse();
        assertThat(b2.getMembers()).hasSize(1);

        a.service().releaseView(a1);
        Waits.until("rb leads x1 once ra left it", () -> b.leads("x1"));
        assertThat(a.leads("x1")).isFalse();
    }

    @Test
    void aNamespaceOrIdThatIsNotOneKeyChunkIsRefusedByName() throws Exception {
        Member a = member("ok", 1, null);
        assertThatThrownBy(() -> a.service().getView("a/b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a/b'");
        ZenohClusterService bad = new ZenohClusterService();
        bad.setId("x*y");
        bad.setSession(a.session());
        bad.setCamelContext(a.context());
        assertThatThrownBy(bad::start)
                .satisfies(
                        t -> {
                            Throwable root = t;
                            while (root.getCause() != null) {
                                root = root.getCause();
                            }
                            assertThat(root)
                                    .isInstanceOf(IllegalArgumentException.class)
                                    .hasMessageContaining("'x*y'");
                        });
        ZenohClusterService negative = new ZenohClusterService();
        negative.setLivelinessTimeoutMillis(-1);
        negative.setSession(a.session());
        negative.setCamelContext(a.context());
        assertThatThrownBy(negative::start)
                .satisfies(
                        t -> {
                            Throwable root = t;
                            while (root.getCause() != null) {
                                root = root.getCause();
                            }
                            assertThat(root)
                                    .isInstanceOf(IllegalArgumentException.class)
                                    .hasMessageContaining("livelinessTimeoutMillis")
                                    .hasMessageContaining("-1");
                        });
    }

    @Test
    void aKeyPrefixOrNamespaceZenohRefusesFailsTheViewNamingTheKey() throws Exception {
        Member a = member("kp", 1, null);
        for (String prefix : List.of("/lead", "a//b", "a/$x", "a?b")) {
            ZenohClusterService bad = new ZenohClusterService();
            bad.setKeyPrefix(prefix);
            bad.setSession(a.session());
            bad.setCamelContext(a.context());
            assertThatThrownBy(
                            () -> {
                                bad.start();
                                try {
                                    bad.getView("ns");
                                } finally {
                                    bad.stop();
                                }
                            })
                    .as(prefix)
                    .satisfies(
                            t -> {
                                StringBuilder all = new StringBuilder();
                                for (Throwable c = t; c != null; c = c.getCause()) {
                                    all.append(c.getMessage()).append('\n');
                                }
                                assertThat(all.toString()).contains(prefix);
                            });
        }
        // a namespace longer than a key expression may be
        assertThatThrownBy(() -> a.service().getView("n".repeat(70_000)))
                .satisfies(
                        t -> {
                            StringBuilder all = new StringBuilder();
                            for (Throwable c = t; c != null; c = c.getCause()) {
                                all.append(c.getClass().getSimpleName())
                                        .append(": ")
                                        .append(
                                                c.getMessage() == null
                                                        ? ""
                                                        : c.getMessage()
                                                                .substring(
                                                                        0,
                                                                        Math.min(
                                                                                200,
                                                                                c.getMessage()
                                                                                        .length())))
                                        .append('\n');
                            }
                            assertThat(all.toString()).containsIgnoringCase("key");
                        });
        // the member's own views still work
        a.view("ns");
        Waits.until("kp leads", () -> a.leads("ns"));
    }

    @Test
    void camelMainUsesTheServiceBeanConfiguredByProperties() throws Exception {
        Member a = member("older", 1, null);
        CamelClusterView va = a.view("main-ns");
        Waits.until("older leads", () -> a.leads("main-ns"));
        AtomicInteger ticks = new AtomicInteger();
        org.apache.camel.main.Main main = new org.apache.camel.main.Main();
        main.configure().addRoutesBuilder(masterTimer("main-ns", ticks));
        // a bean of the registry (as a Spring bean is) with its settings from properties
        main.bind("zenohCluster", new ZenohClusterService());
        main.addInitialProperty("camel.beans.zenohCluster.id", "from-main");
        main.addInitialProperty("camel.beans.zenohCluster.mode", "client");
        main.addInitialProperty("camel.beans.zenohCluster.connect", Loopback.endpoint(port));
        main.addInitialProperty("camel.beans.zenohCluster.multicastScouting", "false");
        main.start();
        try {
            Waits.until("older sees the Main's member", () -> va.getMembers().size() == 2);
            assertThat(va.getMembers())
                    .extracting(CamelClusterMember::getId)
                    .containsExactlyInAnyOrder("older", "from-main");
            ZenohClusterService bound =
                    main.getCamelContext().hasService(ZenohClusterService.class);
            assertThat(bound).as("the bean became the context's cluster service").isNotNull();
            assertThat(bound.isLeader("main-ns")).isFalse();
            assertThat(ticks.get()).isZero();

            a.session().close();
            Waits.until("the Main's member leads", () -> bound.isLeader("main-ns"));
            Waits.until("the Main's master route runs", () -> ticks.get() > 3);
        } finally {
            main.stop();
        }
    }

    /**
     * The router between the members goes away (a partition that leaves each member alone): with
     * quorum 1 each side elects itself, two leaders at once; with quorum 2 neither leads.
     */
    @Test
    void aPartitionGivesEachSideItsOwnLeaderUnlessAQuorumIsRequired() throws Exception {
        Member a = member("pa1", 1, null);
        Member b = member("pb1", 1, null);
        Member qa = member("pa2", 2, null);
        Member qb = member("pb2", 2, null);
        a.view("split1");
        b.view("split1");
        qa.view("split2");
        qb.view("split2");
        Waits.until("pb1 sees pa1", () -> b.view("split1").getMembers().size() == 2);
        Waits.until("pa1 sees pb1", () -> a.view("split1").getMembers().size() == 2);
        Waits.until("pb2 sees pa2", () -> qb.view("split2").getMembers().size() == 2);
        Waits.until("pa2 sees pb2", () -> qa.view("split2").getMembers().size() == 2);
        Waits.until("pa1 leads", () -> a.leads("split1"));
        Waits.until("pa2 leads", () -> qa.leads("split2"));
        assertThat(b.leads("split1")).isFalse();
        assertThat(qb.leads("split2")).isFalse();

        router.close();
        Waits.until("pb1 leads its side", () -> b.leads("split1"));
        assertThat(a.leads("split1")).as("two leaders: zenoh liveliness has no quorum").isTrue();
        Waits.until("pa2 steps down below the quorum", () -> !qa.leads("split2"));
        assertThat(qb.leads("split2")).isFalse();
        Waits.until("pb2 to see no leader", () -> qb.view("split2").getLeader().isEmpty());

        // the partition heals (the router is back on its port, the clients reconnect): one leader
        // again, the oldest
        startRouter();
        Duration reconnect = Duration.ofSeconds(20);
        Waits.until(
                "pb1 sees pa1 again", reconnect, () -> b.view("split1").getMembers().size() == 2);
        Waits.until("pb1 steps down", () -> !b.leads("split1"));
        assertThat(a.leads("split1")).isTrue();
        Waits.until(
                "pa2 sees pb2 again", reconnect, () -> qa.view("split2").getMembers().size() == 2);
        Waits.until("pa2 leads again", () -> qa.leads("split2"));
        assertThat(qb.leads("split2")).isFalse();
    }

    @Test
    void aMasterZenohConsumerReceivesOnTheLeaderOnly() throws Exception {
        String key = "cluster-test/" + port + "/in";
        java.util.Queue<String> gotA = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.Queue<String> gotB = new java.util.concurrent.ConcurrentLinkedQueue<>();
        Member a = member("za", 1, masterZenoh("zns", key, gotA));
        Waits.until("za leads", () -> a.leads("zns"));
        Member b = member("zb", 1, masterZenoh("zns", key, gotB));
        Waits.until("zb sees za", () -> b.view("zns").getMembers().size() == 2);
        Session probe =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withMulticastScouting(false)
                                .withConnect(Loopback.endpoint(port)));
        sessions.add(probe);
        // camel-master starts the delegate consumer 1 s after leadership: publish until it is in
        AtomicInteger n = new AtomicInteger();
        Waits.until(
                "za's zenoh consumer receives",
                () -> {
                    probe.put(
                            key,
                            ("a" + n.incrementAndGet()).getBytes(StandardCharsets.UTF_8),
                            io.github.camelzenoh.zenoh.Encoding.ZENOH_STRING,
                            null,
                            io.github.camelzenoh.zenoh.Qos.DEFAULT);
                    return !gotA.isEmpty();
                });
        assertThat(gotB).as("the follower's delegate consumer is not declared").isEmpty();

        a.session().close();
        a.context().stop();
        Waits.until("zb leads", () -> b.leads("zns"));
        Waits.until(
                "zb's zenoh consumer receives",
                () -> {
                    probe.put(
                            key,
                            ("b" + n.incrementAndGet()).getBytes(StandardCharsets.UTF_8),
                            io.github.camelzenoh.zenoh.Encoding.ZENOH_STRING,
                            null,
                            io.github.camelzenoh.zenoh.Qos.DEFAULT);
                    return !gotB.isEmpty();
                });
    }

    private static RouteBuilder masterZenoh(String ns, String key, java.util.Queue<String> got) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("master:" + ns + ":zenoh:" + key)
                        .routeId("zlead")
                        .process(e -> got.add(e.getIn().getBody(String.class)));
            }
        };
    }
}
