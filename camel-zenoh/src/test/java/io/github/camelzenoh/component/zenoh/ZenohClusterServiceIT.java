/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ZenohClusterService} across processes: three member JVMs ({@link ClusterMemberMain}), each
 * a zenoh client of one Python eclipse-zenoh router, run a {@code master:} route that publishes the
 * member's id every 50 ms. Exactly one member publishes; the leader is killed with SIGKILL (no
 * goodbye: its router link drops when the kernel closes its socket) and the next oldest member
 * takes over. Figures: the election time (from the kill to the successor's leadership event) and
 * the takeover time (to the first tick of its route: Camel's master consumer adds a fixed 1 s), CI:
 * 2 kills, full form ({@code -Dcamelzenoh.full=true}): {@code camelzenoh.clusterRounds} rounds of
 * kill and restart.
 */
class ZenohClusterServiceIT {

    private static final String SUITE = "cluster";
    private static final String LEASE_MS = "2000";

    /**
     * Kill to election: a killed member's link closes at once; should the close go unnoticed, the
     * lease (2 s after the last keep-alive, sent every 0.5 s) still bounds it, with time left for
     * propagation and a loaded CI.
     */
    private static final Duration ELECTION_BUDGET = Duration.ofSeconds(4);

    /** Kill to the successor's first tick: the election, camel-master's fixed 1 s, a loaded CI. */
    private static final Duration ROUTE_BUDGET = Duration.ofSeconds(6);

    private final int port = Loopback.freePort();
    private final String ticksKey = "cluster-it/" + port + "/ticks";
    private final BlockingQueue<String> ticks = new LinkedBlockingQueue<>();
    private final List<MemberJvm> members = new ArrayList<>();
    private PythonPeer router;
    private Session probe;
    private Subscriber watch;

    /** A member JVM; close() ends it in order (stdin closed), kill() with SIGKILL. */
    private static final class MemberJvm implements AutoCloseable {
        final String id;
        final Process process;
        final StringBuilder output = new StringBuilder();
        final CountDownLatch ready = new CountDownLatch(1);
        final BlockingQueue<Long> elected = new LinkedBlockingQueue<>();

        MemberJvm(String id, List<String> cmd) throws IOException {
            this.id = id;
            this.process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            Thread pump =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    for (String l; (l = r.readLine()) != null; ) {
                                        synchronized (output) {
                                            output.append(l).append('\n');
                                        }
                                        if (l.equals("READY")) {
                                            ready.countDown();
                                        } else if (l.startsWith("LEADS ")) {
                                            elected.add(Long.parseLong(l.substring(6)));
                                        }
                                    }
                                } catch (IOException gone) {
                                    // process ended
                                }
                            },
                            "member-" + id);
            pump.setDaemon(true);
            pump.start();
        }

        void awaitReady() throws InterruptedException {
            if (!ready.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("member " + id + " not ready; output:\n" + output());
            }
        }

        String output() {
            synchronized (output) {
                return output.toString();
            }
        }

        void kill() throws InterruptedException {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            try {
                process.getOutputStream().close();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (IOException | InterruptedException e) {
                process.destroyForcibly();
            }
        }
    }

    private MemberJvm startMember(String id) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx128m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ClusterMemberMain.class.getName());
        cmd.addAll(List.of(Loopback.endpoint(port), id, "it", LEASE_MS, ticksKey));
        MemberJvm m = new MemberJvm(id, cmd);
        members.add(m);
        m.awaitReady();
        return m;
    }

    @AfterEach
    void stopEverything() {
        members.forEach(MemberJvm::close);
        if (watch != null) {
            watch.close();
        }
        if (probe != null) {
            probe.close();
        }
        if (router != null) {
            router.close();
        }
    }

    @Test
    void exactlyOneMemberRunsTheMasterRouteAndAnotherTakesOverWhenTheLeaderIsKilled()
            throws Exception {
        router =
                PythonPeer.start("router", "--mode", "router", "--listen", Loopback.endpoint(port));
        probe =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("client")
                                .withMulticastScouting(false)
                                .withConnect(Loopback.endpoint(port)));
        watch =
                probe.declareSubscriber(
                        ticksKey,
                        SubscriberOptions.DEFAULT,
                        s -> ticks.add(new String(s.payload(), StandardCharsets.UTF_8)));

        int rounds = ReliabilitySuite.scale("clusterRounds", 2, 10);
        // m0 joins first and leads; the others join once it does
        startMember("m0");
        assertThat(nextTick(Duration.ofSeconds(30))).as("first leader").isEqualTo("m0");
        startMember("m1");
        startMember("m2");
        String leader = steadyLeader();
        assertThat(leader).isEqualTo("m0");

        List<Long> takeovers = new ArrayList<>();
        List<Long> elections = new ArrayList<>();
        int next = 3;
        for (int round = 0; round < rounds; round++) {
            MemberJvm dying = member(leader);
            long wall0 = System.currentTimeMillis();
            long t0 = System.nanoTime();
            dying.kill();
            members.remove(dying);
            String successor = firstTickNotFrom(leader, Duration.ofSeconds(30));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            // the next oldest of the survivors leads, and it alone
            assertThat(successor).isEqualTo(members.get(0).id);
            Long electedAt = member(successor).elected.poll(10, TimeUnit.SECONDS);
            assertThat(electedAt).as(successor + " reported its election").isNotNull();
            long election = electedAt - wall0;
            takeovers.add(ms);
            elections.add(election);
            System.out.printf(
                    "cluster takeover %d: %s -> %s elected after %d ms, its route ran after %d ms%n",
                    round, leader, successor, election, ms);
            assertThat(steadyLeader()).isEqualTo(successor);
            leader = successor;
            // a member rejoins: it does not take leadership from the live leader
            startMember("m" + next++);
            assertThat(steadyLeader()).isEqualTo(leader);
        }
        long max = takeovers.stream().mapToLong(Long::longValue).max().orElseThrow();
        ReliabilitySuite.figure(SUITE, "takeoverMillisMax", max);
        ReliabilitySuite.figure(
                SUITE,
                "electionMillisMax",
                elections.stream().mapToLong(Long::longValue).max().orElseThrow());
        ReliabilitySuite.figure(SUITE, "electionMillis", elections);
        ReliabilitySuite.figure(SUITE, "takeoverMillis", takeovers);
        ReliabilitySuite.figure(SUITE, "transportLeaseMillis", LEASE_MS);
        members.forEach(m -> System.out.println("--- member " + m.id + "\n" + m.output()));
        assertThat(
                        Duration.ofMillis(
                                elections.stream().mapToLong(Long::longValue).max().orElseThrow()))
                .as("election after a kill")
                .isLessThan(ELECTION_BUDGET);
        assertThat(Duration.ofMillis(max))
                .as("route running again after a kill")
                .isLessThan(ROUTE_BUDGET);
    }

    private MemberJvm member(String id) {
        return members.stream().filter(m -> m.id.equals(id)).findFirst().orElseThrow();
    }

    /**
     * The member that publishes the next 20 ticks (after the ticks already queued are dropped),
     * failing if any other member publishes among them.
     */
    private String steadyLeader() throws InterruptedException {
        // members joining or a takeover in flight: let the ticks of the moment drain
        ticks.clear();
        Map<String, Integer> by = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            by.merge(nextTick(Duration.ofSeconds(10)), 1, Integer::sum);
        }
        assertThat(by).as("ticks by member: exactly one member runs the route").hasSize(1);
        return by.keySet().iterator().next();
    }

    private String firstTickNotFrom(String old, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        for (; ; ) {
            String t = nextTick(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (!t.equals(old)) {
                return t;
            }
        }
    }

    private String nextTick(Duration within) throws InterruptedException {
        String t = ticks.poll(within.toMillis(), TimeUnit.MILLISECONDS);
        if (t == null) {
            StringBuilder b = new StringBuilder("no tick within " + within + "; members:\n");
            members.forEach(m -> b.append("--- ").append(m.id).append('\n').append(m.output()));
            throw new AssertionError(b.toString());
        }
        return t;
    }
}
