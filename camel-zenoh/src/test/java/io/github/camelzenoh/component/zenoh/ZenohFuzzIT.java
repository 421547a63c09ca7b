/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.component.zenoh.ZenohLifecycleReliabilityIT.Resources;
import io.github.camelzenoh.zenoh.Loopback;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The adversarial peer: {@code camel-zenoh/src/test/rust/fuzz-peer} (built by this module's build)
 * connects over loopback to a CamelContext holding every consumer type — subscribers plain, with
 * history and with recovery, two with dropping hand-offs, queryables (one dropping), liveliness
 * subscribers — and put, delete and get producers, and sends randomized, wire-legal traffic for a
 * bounded time (CI: 30 s; {@code -Dcamelzenoh.full=true}: 10 min; {@code
 * -Dcamelzenoh.fuzzSeconds=N}), seeded ({@code -Dcamelzenoh.fuzzSeed=N} replays a run; the seed is
 * printed). What it sends is described in the peer's source and docs/reliability.md (A12).
 *
 * <p>Invariants, each asserted under its own name so that a failure says which one broke: the JVM
 * is alive and the context started; the peer stayed connected; every sample the peer sent is
 * delivered to the route or counted as dropped by its endpoint (the dev console's counters); no
 * sample arrives corrupt; every liveliness change arrives or is counted; no get is left unanswered
 * (the peer counts gets that ended in zenoh's timeout); every reply the peer sent to the context's
 * gets arrives; RSS stays bounded; live native objects, threads and sockets return to their
 * baseline once the context stops.
 *
 * <p>Some invariants fail on code with known defects of the native boundary audit (docs/
 * reliability.md, A3 and A7). Those are switched by {@code -Dcamelzenoh.fuzz.assertA3} and {@code
 * -Dcamelzenoh.fuzz.assertA7} (default true; the module's pom says when they are off); off, the
 * invariant is asserted exactly minus what that defect is known to lose, so everything else stays
 * checked.
 */
class ZenohFuzzIT {

    private static final String SUITE = "fuzz";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Non-UTF-8 encoding schemas from a remote peer are lost uncounted / leak the query (A3). */
    private static final boolean ASSERT_A3 =
            Boolean.parseBoolean(System.getProperty("camelzenoh.fuzz.assertA3", "true"));

    /** Queries dropped by a queryable's hand-off are never answered (A7). */
    private static final boolean ASSERT_A7 =
            Boolean.parseBoolean(System.getProperty("camelzenoh.fuzz.assertA7", "true"));

    /**
     * Most chunks in the key of a liveliness token the peer declares (keys up to 65,000 bytes of
     * 1-3 byte chunks). Deep token keys once killed the JVM (stack overflow, docs/reliability.md
     * R5); they are refused above 1,024 chunks when declared through the binding and tested by
     * DeepTokenKeyTest. {@code -Dcamelzenoh.fuzzTokenKeyChunks=65535} lets the peer declare them.
     */
    private static final int TOKEN_KEY_CHUNKS =
            Integer.getInteger("camelzenoh.fuzzTokenKeyChunks", 64);

    /** Sample consumers the peer counts exactly, by the peer's name for them. */
    private static final Map<String, String> COUNTED = new LinkedHashMap<>();

    static {
        COUNTED.put("sub", "zenoh:fuzz/sub/**?queueSize=16");
        COUNTED.put("hist", "zenoh:fuzz/hist/**?history=true&queueSize=16");
        COUNTED.put("rec", "zenoh:fuzz/rec/**?recovery=true&queueSize=16");
        COUNTED.put("dropnew", "zenoh:fuzz/dropnew/**?queueSize=4&overflowPolicy=dropNewest");
        COUNTED.put("dropold", "zenoh:fuzz/dropold/**?queueSize=4&overflowPolicy=dropOldest");
        COUNTED.put("livemain", "zenoh:fuzz/live/main/**?consumerType=liveliness");
    }

    private final Map<String, LongAdder> delivered = new LinkedHashMap<>();
    private final LongAdder corrupt = new LongAdder();
    private final LongAdder getReplies = new LongAdder();
    private final LongAdder getExchanges = new LongAdder();

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void adversarialPeerBreaksNoInvariant() throws Exception {
        int seconds = ReliabilitySuite.scale("fuzzSeconds", 30, 600);
        long seed =
                Long.getLong(
                        "camelzenoh.fuzzSeed", ThreadLocalRandom.current().nextLong(1, 1L << 48));
        Path peerBin = Path.of(System.getProperty("camelzenoh.fuzzPeer"));
        assertThat(peerBin).as("fuzz peer binary (built by the module's build)").isExecutable();
        System.out.println(
                "FUZZ seed="
                        + seed
                        + " seconds="
                        + seconds
                        + " (replay: -Dcamelzenoh.fuzzSeed="
                        + seed
                        + ")");
        for (String name :
                List.of(
                        "sub",
                        "hist",
                        "rec",
                        "dropnew",
                        "dropold",
                        "livemain",
                        "livestorm",
                        "storm",
                        "q",
                        "qdrop")) {
            delivered.put(name, new LongAdder());
        }

        // warm-up: zenoh's runtime threads, Camel's classes and their jar files exist from now on
        // and attached (a short run of the peer: every zenoh thread that delivers attaches once)
        int warmPort = Loopback.freePort();
        CamelContext warm = newContext(warmPort);
        warm.start();
        try {
            runPeer(warm, warmPort, seed + 1, 3, peerBin);
        } finally {
            warm.stop();
        }
        delivered.values().forEach(LongAdder::reset);
        corrupt.reset();
        getReplies.reset();
        getExchanges.reset();
        Resources baseline = settle(Resources.now());
        long rssBefore = rssKiB();

        int port = Loopback.freePort();
        CamelContext context = newContext(port);
        context.start();
        try {
            run(context, port, seed, seconds, peerBin, baseline, rssBefore);
        } finally {
            // never leave a session open at JVM exit
            if (!context.isStopped()) {
                context.stop();
            }
        }
    }

    private void run(
            CamelContext context,
            int port,
            long seed,
            int seconds,
            Path peerBin,
            Resources baseline,
            long rssBefore)
            throws Exception {
        AtomicLong rssPeak = new AtomicLong(rssBefore);
        Thread rssSampler = new Thread(() -> sampleRss(rssPeak), "fuzz-rss");
        rssSampler.setDaemon(true);
        rssSampler.start();

        PeerRun run;
        try {
            run = runPeer(context, port, seed, seconds, peerBin);
        } finally {
            rssSampler.interrupt();
        }
        JsonNode sent = run.sent();
        JsonNode result = run.result();
        long runMillis = run.runMillis();

        SoftAssertions softly = new SoftAssertions();
        Map<String, Long> counters = endpointCounters(context);

        // I1: the JVM is alive (we are here) and the context still runs every route
        softly.assertThat(context.getStatus().isStarted())
                .as("I1 context started after the run")
                .isTrue();
        softly.assertThat(run.exitValue()).as("I1 peer exited normally").isZero();

        // I2: the peer's counted session stayed connected, none of its sends failed
        softly.assertThat(num(sent, "connectedPeersAtEnd"))
                .as("I2 peer still connected at the end")
                .isPositive();
        softly.assertThat(errors(sent)).as("I2 peer sends that failed").isEmpty();

        // I3: every sample the peer sent is delivered or counted as dropped, per consumer
        for (String name : List.of("sub", "hist", "rec", "dropnew", "dropold")) {
            long expected = num(sent, "sent." + name);
            long lostToA3 = num(sent, "sent." + name + ".nonutf8long");
            long accounted = accounted(counters, name);
            if (ASSERT_A3) {
                softly.assertThat(accounted)
                        .as(
                                "I3 %s: delivered + dropped == sent by the peer (A3: %d of them had"
                                        + " non-UTF-8 schemas over 255 bytes once decoded lossily)",
                                name, lostToA3)
                        .isEqualTo(expected);
            } else {
                // TODO(A3): drop this branch once non-UTF-8 schemas are delivered or counted
                softly.assertThat(accounted)
                        .as(
                                "I3 %s: delivered + dropped == sent minus the non-UTF-8-schema samples"
                                        + " A3 loses",
                                name)
                        .isEqualTo(expected - lostToA3);
            }
        }
        softly.assertThat(corrupt.sum()).as("I4 corrupt samples (length/hash mismatch)").isZero();

        // I5: liveliness tokens of the counted session: each declare and undeclare arrives
        softly.assertThat(accounted(counters, "livemain"))
                .as("I5 liveliness changes delivered + dropped == declared + undeclared")
                .isEqualTo(num(sent, "sent.live.declared") + num(sent, "sent.live.undeclared"));

        // I6: no get left unanswered. The peer counts how each get ended: replied, timed out
        // (zenoh's own "Timeout"), or finalized without any reply — which a queryable route that
        // ran never does (it replies, or sends an error reply): the query was dropped unanswered
        softly.assertThat(num(sent, "get.timedout.q.ok") + num(sent, "get.final.q.ok"))
                .as(
                        "I6 gets to the queryable left unanswered (timed out or finalized without reply)")
                .isZero();
        softly.assertThat(num(sent, "get.stillInFlight")).as("I6 gets never ended").isZero();
        if (ASSERT_A7) {
            softly.assertThat(num(sent, "get.timedout.qdrop.ok") + num(sent, "get.final.qdrop.ok"))
                    .as(
                            "I6-A7 gets dropped by a queryable's hand-off left unanswered (timed"
                                    + " out or finalized without reply)")
                    .isZero();
        }
        if (ASSERT_A3) {
            softly.assertThat(
                            num(sent, "get.timedout.q.nonutf8long")
                                    + num(sent, "get.timedout.qdrop.nonutf8long")
                                    + num(sent, "get.final.q.nonutf8long"))
                    .as("I6-A3 gets with non-UTF-8 encoding schemas left unanswered")
                    .isZero();
        }

        // I7: every reply the peer gave to the context's gets arrived
        long peerReplies =
                num(result, "peerq.replies.ok")
                        + num(result, "peerq.replies.err")
                        - num(result, "peerq.replies.failed");
        long lostRepliesToA3 = num(result, "peerq.replies.nonutf8long");
        softly.assertThat(getReplies.sum())
                .as(
                        "I7 replies received by the context's gets == replies the peer sent%s",
                        ASSERT_A3 ? "" : " minus the non-UTF-8-schema replies A3 loses")
                .isEqualTo(ASSERT_A3 ? peerReplies : peerReplies - lostRepliesToA3);

        // I8: RSS bounded
        long rssGrowthMiB = (rssPeak.get() - rssBefore) / 1024;
        long rssLimitMiB = Long.getLong("camelzenoh.fuzzMaxRssGrowthMiB", 3072);
        softly.assertThat(rssGrowthMiB)
                .as("I8 peak RSS growth (MiB)")
                .isLessThanOrEqualTo(rssLimitMiB);

        context.stop();

        // I9: native objects, threads and sockets back to their baseline
        // known leaks while their fixes are not merged: A3, the native query of each get with a
        // non-UTF-8 schema (never finished nor freed); A7, dropped queries (until collected)
        long leakA3 =
                ASSERT_A3
                        ? 0
                        : num(sent, "get.sent.q.nonutf8long")
                                + num(sent, "get.sent.qdrop.nonutf8long");
        long leakA7 = ASSERT_A7 ? 0 : counters.getOrDefault("qdrop.dropped", 0L);
        Resources expected =
                new Resources(
                        baseline.nativeObjects() + leakA3 + leakA7,
                        baseline.threads(),
                        baseline.osThreads(),
                        baseline.fds());
        Resources after = settle(expected);
        if (leakA3 + leakA7 == 0) {
            softly.assertThat(after.nativeObjects())
                    .as("I9 live native objects after the context stopped == baseline")
                    .isEqualTo(baseline.nativeObjects());
        } else {
            // TODO(A3, A7): back to the exact check above once both are fixed
            softly.assertThat(after.nativeObjects())
                    .as(
                            "I9 live native objects after the context stopped <= baseline %d + at"
                                    + " most %d queries A3 leaks + %d A7 drops",
                            baseline.nativeObjects(), leakA3, leakA7)
                    .isLessThanOrEqualTo(expected.nativeObjects());
        }
        softly.assertThat(
                        new Resources(
                                        baseline.nativeObjects(),
                                        after.threads(),
                                        after.osThreads(),
                                        after.fds())
                                .within(baseline))
                .as(
                        "I9 threads and sockets back to baseline: %s vs %s; threads %s; fds %s;"
                                + " sockets %s",
                        after,
                        baseline,
                        ReliabilitySuite.threadNames(),
                        nonFiles(ReliabilitySuite.fdKinds()),
                        ZenohLifecycleReliabilityIT.sockets())
                .isTrue();

        figures(seed, seconds, runMillis, sent, result, counters, rssGrowthMiB, after, baseline);
        softly.assertAll();
    }

    /** What the peer reported: its counts after the traffic and at its end. */
    record PeerRun(JsonNode sent, JsonNode result, long runMillis, int exitValue) {}

    /** Runs the peer against {@code context} for {@code seconds}; returns its counts. */
    private PeerRun runPeer(CamelContext context, int port, long seed, int seconds, Path peerBin)
            throws Exception {
        Path logDir = Path.of("target", "fuzz");
        Files.createDirectories(logDir);
        List<String> command =
                new java.util.ArrayList<>(
                        List.of(
                                peerBin.toString(),
                                "--connect",
                                "tcp/127.0.0.1:" + port,
                                "--seed",
                                Long.toString(seed),
                                "--duration-ms",
                                Long.toString(seconds * 1000L),
                                "--max-token-key-chunks",
                                Integer.toString(TOKEN_KEY_CHUNKS)));
        // more peer options (see the peer's usage), e.g. -Dcamelzenoh.fuzzPeerArgs="--max-payload
        // 1024"
        String extra = System.getProperty("camelzenoh.fuzzPeerArgs", "").trim();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        System.out.println("FUZZ peer command " + command);
        ProcessBuilder peerProcess =
                new ProcessBuilder(command)
                        .redirectError(logDir.resolve("peer-" + seed + ".stderr.log").toFile());
        // zenoh's threads in the peer walk deep token keys recursively, as in the JVM (R5)
        peerProcess.environment().putIfAbsent("RUST_MIN_STACK", Integer.toString(64 << 20));
        Process peer = peerProcess.start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readLines(peer, lines), "fuzz-peer-stdout");
        reader.setDaemon(true);
        reader.start();
        JsonNode sent;
        JsonNode result;
        long started = System.nanoTime();
        try (OutputStream peerStdin = peer.getOutputStream()) {
            expect(lines, "READY", 60, peer);
            System.out.println("FUZZ phase: traffic");
            sent = JSON.readTree(expect(lines, "SENT ", seconds + 120, peer));
            System.out.println("FUZZ peer sent " + sent);

            // let the context take in what is still in flight (large payloads, slow routes)
            System.out.println("FUZZ phase: draining");
            awaitAccounted(context, sent);
            System.out.println("FUZZ phase: stopping producers");
            for (String id : List.of("fuzz-put", "fuzz-delete", "fuzz-get")) {
                context.getRouteController().stopRoute(id, 30, TimeUnit.SECONDS);
            }
            System.out.println("FUZZ phase: peer closing");
            peerStdin.close();
            result = JSON.readTree(expect(lines, "RESULT ", 60, peer));
        } finally {
            if (!peer.waitFor(30, TimeUnit.SECONDS)) {
                peer.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        long runMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.println("FUZZ peer result " + result);
        return new PeerRun(sent, result, runMillis, peer.exitValue());
    }

    /** Endpoint counters through the dev console (what an operator sees), by the peer's names. */
    private Map<String, Long> endpointCounters(CamelContext context) {
        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(context);
        @SuppressWarnings("unchecked")
        Map<String, Object> json =
                (Map<String, Object>)
                        console.call(org.apache.camel.console.DevConsole.MediaType.JSON);
        Map<String, Long> out = new LinkedHashMap<>();
        for (Object o : (List<?>) json.get("endpoints")) {
            Map<?, ?> e = (Map<?, ?>) o;
            String key = String.valueOf(e.get("keyExpr"));
            String name = nameOf(key);
            if (name != null) {
                out.merge(name + ".received", ((Number) e.get("received")).longValue(), Long::sum);
                out.merge(name + ".dropped", ((Number) e.get("dropped")).longValue(), Long::sum);
                out.merge(name + ".failed", ((Number) e.get("failed")).longValue(), Long::sum);
            }
        }
        for (Map.Entry<String, LongAdder> d : delivered.entrySet()) {
            out.put(d.getKey() + ".delivered", d.getValue().sum());
        }
        return out;
    }

    private static String nameOf(String keyExpr) {
        return switch (keyExpr) {
            case "fuzz/sub/**" -> "sub";
            case "fuzz/hist/**" -> "hist";
            case "fuzz/rec/**" -> "rec";
            case "fuzz/dropnew/**" -> "dropnew";
            case "fuzz/dropold/**" -> "dropold";
            case "fuzz/live/main/**" -> "livemain";
            case "fuzz/live/storm/**" -> "livestorm";
            case "fuzz/storm/**" -> "storm";
            case "fuzz/q/**" -> "q";
            case "fuzz/qdrop/**" -> "qdrop";
            default -> null;
        };
    }

    private static long accounted(Map<String, Long> counters, String name) {
        return counters.getOrDefault(name + ".delivered", 0L)
                + counters.getOrDefault(name + ".dropped", 0L);
    }

    /**
     * Waits until every counted consumer has accounted for all the peer sent, or its counts stopped
     * moving for 5 s (what is lost stays lost: the assertions then say where), at most 180 s.
     */
    private void awaitAccounted(CamelContext context, JsonNode sent) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        long stableSince = System.nanoTime();
        Map<String, Long> last = Map.of();
        while (System.nanoTime() < deadline) {
            Map<String, Long> c = endpointCounters(context);
            boolean all = true;
            for (String name : List.of("sub", "hist", "rec", "dropnew", "dropold")) {
                all &= accounted(c, name) >= num(sent, "sent." + name);
            }
            if (all) {
                return;
            }
            if (!c.equals(last)) {
                last = c;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > TimeUnit.SECONDS.toNanos(5)) {
                return;
            }
            Thread.sleep(100);
        }
    }

    private CamelContext newContext(int port) throws Exception {
        CamelContext c = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setListen(Loopback.endpoint(port));
        zenoh.getConfiguration().setMulticastScouting(false);
        c.addComponent("zenoh", zenoh);
        c.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        for (Map.Entry<String, String> e : COUNTED.entrySet()) {
                            String name = e.getKey();
                            boolean slow = name.startsWith("drop");
                            from(e.getValue())
                                    .routeId("fuzz-" + name)
                                    .process(x -> received(name, x, slow));
                        }
                        from("zenoh:fuzz/live/storm/**?consumerType=liveliness")
                                .routeId("fuzz-livestorm")
                                .process(x -> delivered.get("livestorm").increment());
                        from("zenoh:fuzz/storm/**")
                                .routeId("fuzz-storm")
                                .process(x -> delivered.get("storm").increment());
                        // queryables: echo the query's payload; every 7th payload length fails the
                        // route (an error reply)
                        from("zenoh:fuzz/q/**?consumerType=queryable")
                                .routeId("fuzz-q")
                                .process(x -> answer("q", x, false));
                        from("zenoh:fuzz/qdrop/**?consumerType=queryable&queueSize=1&overflowPolicy=dropNewest")
                                .routeId("fuzz-qdrop")
                                .process(x -> answer("qdrop", x, true));
                        // producers towards the peer
                        from("timer:fuzz-put?period=20")
                                .routeId("fuzz-put")
                                .process(x -> x.getMessage().setBody(randomBytes(8192)))
                                .to("zenoh:fuzz/fromcamel/put?congestionControl=block");
                        from("timer:fuzz-delete?period=100")
                                .routeId("fuzz-delete")
                                .to("zenoh:fuzz/fromcamel/delete?operation=delete");
                        from("timer:fuzz-get?period=50")
                                .routeId("fuzz-get")
                                .onException(Exception.class)
                                .handled(true)
                                .process(ZenohFuzzIT.this::countReplies)
                                .end()
                                .process(x -> x.getMessage().setBody(randomBytes(1024)))
                                .to(
                                        "zenoh:fuzz/peerq/get?operation=get&consolidation=none&timeout=5000")
                                .process(ZenohFuzzIT.this::countReplies);
                    }
                });
        return c;
    }

    private void received(String name, Exchange x, boolean slow) throws InterruptedException {
        byte[] body = x.getIn().getBody(byte[].class);
        if (body != null && body.length >= 16 && !intact(body)) {
            corrupt.increment();
        }
        delivered.get(name).increment();
        if (slow) {
            Thread.sleep(2);
        }
    }

    private void answer(String name, Exchange x, boolean slow) throws InterruptedException {
        delivered.get(name).increment();
        byte[] body = x.getIn().getBody(byte[].class);
        if (slow) {
            Thread.sleep(20);
        }
        if (body != null && body.length % 7 == 3) {
            throw new IllegalStateException("fuzz: this payload length fails the route");
        }
        x.getMessage().setBody(body == null ? new byte[0] : body);
    }

    private void countReplies(Exchange x) {
        getExchanges.increment();
        List<?> replies = x.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        if (replies != null) {
            getReplies.add(replies.size());
        }
    }

    /** The peer's payload check: first 8 bytes its length, next 8 the FNV-1a hash of the rest. */
    static boolean intact(byte[] b) {
        long len = 0;
        long hash = 0;
        for (int i = 7; i >= 0; i--) {
            len = (len << 8) | (b[i] & 0xFF);
            hash = (hash << 8) | (b[8 + i] & 0xFF);
        }
        long h = 0xcbf29ce484222325L;
        for (int i = 16; i < b.length; i++) {
            h ^= b[i] & 0xFF;
            h *= 0x100000001b3L;
        }
        return len == b.length && hash == h;
    }

    private static byte[] randomBytes(int max) {
        byte[] b = new byte[ThreadLocalRandom.current().nextInt(max + 1)];
        ThreadLocalRandom.current().nextBytes(b);
        return b;
    }

    /** Descriptors other than regular files (sockets, pipes, epolls...). */
    private static Map<String, Integer> nonFiles(Map<String, Integer> kinds) {
        Map<String, Integer> m = new java.util.TreeMap<>(kinds);
        m.keySet().removeIf(k -> k.startsWith("/"));
        return m;
    }

    private static long num(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null ? 0 : v.asLong();
    }

    private static Map<String, Long> errors(JsonNode n) {
        Map<String, Long> m = new LinkedHashMap<>();
        n.fields()
                .forEachRemaining(
                        e -> {
                            if (e.getKey().startsWith("error.")) {
                                m.put(e.getKey(), e.getValue().asLong());
                            }
                        });
        return m;
    }

    /** Waits for the peer's line starting with {@code prefix}; returns the rest of it. */
    private static String expect(
            BlockingQueue<String> lines, String prefix, long seconds, Process peer)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!peer.isAlive() && lines.isEmpty()) {
                    throw new AssertionError(
                            "fuzz peer ended (exit "
                                    + peer.exitValue()
                                    + ") before "
                                    + prefix.trim()
                                    + "; see target/fuzz/");
                }
                continue;
            }
            System.out.println(
                    "PEER " + (line.length() > 2000 ? line.substring(0, 2000) + "..." : line));
            if (line.startsWith("ERROR")) {
                throw new AssertionError("fuzz peer: " + line);
            }
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
        }
        throw new AssertionError(
                "no " + prefix.trim() + " from the fuzz peer within " + seconds + " s");
    }

    private static void readLines(Process p, BlockingQueue<String> lines) {
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add(l);
            }
        } catch (IOException e) {
            lines.add("ERROR reading the peer's output: " + e);
        }
    }

    /** Resident set of this process in KiB (/proc/self/status VmRSS); 0 where there is no /proc. */
    static long rssKiB() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS:")) {
                    return Long.parseLong(l.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private static void sampleRss(AtomicLong peak) {
        while (!Thread.currentThread().isInterrupted()) {
            peak.accumulateAndGet(rssKiB(), Math::max);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Waits (up to 30 s, collecting garbage: queries and samples are freed by their cleaners) until
     * the resources are within tolerance of {@code target}; returns them as they are then.
     */
    private static Resources settle(Resources target) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Resources r = Resources.now();
        while (!(r.nativeObjects() <= target.nativeObjects()
                        && new Resources(
                                        target.nativeObjects(), r.threads(), r.osThreads(), r.fds())
                                .within(target))
                && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
            r = Resources.now();
        }
        Thread.sleep(500);
        return Resources.now();
    }

    private void figures(
            long seed,
            int seconds,
            long runMillis,
            JsonNode sent,
            JsonNode result,
            Map<String, Long> counters,
            long rssGrowthMiB,
            Resources after,
            Resources baseline) {
        ReliabilitySuite.figure(SUITE, "seed", seed);
        ReliabilitySuite.figure(SUITE, "seconds", seconds);
        ReliabilitySuite.figure(SUITE, "run_ms", runMillis);
        ReliabilitySuite.figure(SUITE, "peer_sent", sent);
        ReliabilitySuite.figure(SUITE, "peer_result", result);
        ReliabilitySuite.figure(SUITE, "endpoints", counters);
        ReliabilitySuite.figure(SUITE, "corrupt", corrupt.sum());
        ReliabilitySuite.figure(SUITE, "context_gets", getExchanges.sum());
        ReliabilitySuite.figure(SUITE, "context_get_replies", getReplies.sum());
        ReliabilitySuite.figure(SUITE, "rss_growth_mib", rssGrowthMiB);
        ReliabilitySuite.figure(SUITE, "resources_baseline", baseline);
        ReliabilitySuite.figure(SUITE, "resources_after", after);
    }
}
