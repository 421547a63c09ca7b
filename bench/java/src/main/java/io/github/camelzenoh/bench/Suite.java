/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The benchmark: starts the peers (Rust, Python, our Java binding, Camel routes) as processes on
 * loopback, peer to peer with multicast scouting off, and prints one line per figure, then the
 * {@code RATIO <name> <value>} lines. Everything is measured in this one run, interleaved pass by
 * pass, so the ratios hold even when the machine's absolute speed drifts.
 *
 * <pre>
 * Suite --quick|--full|--smoke --rust-bin P --python P --python-script P --classpath CP --log-dir D
 *       [--passes N] [--rounds N] [--round-ms MS] [--sizes 8,1024] [--only sub,pub,putcost,rtt,rate,rss]
 *       [--kinds rust,binding,camel,python] [--rss-messages N] [--ping-samples N]
 *       [--before-classpath CP]   (adds kinds binding@before, camel@before: an earlier build, same run)
 * </pre>
 */
public final class Suite {

    /** What a run measures and for how long. */
    public record Settings(
            String name,
            List<Integer> sizes,
            int passes,
            int warmup,
            int rounds,
            int roundMs,
            int pingSize,
            int pingWarmup,
            int pingSamples,
            long rssMessages,
            Set<String> sections,
            List<String> kinds) {

        static final Set<String> ALL_SECTIONS =
                Set.of("sub", "pub", "putcost", "rtt", "rate", "rss");
        static final List<String> ALL_KINDS =
                List.of(
                        "rust",
                        "binding",
                        "camel",
                        "python",
                        "camel-floor",
                        "camel-floor-pub",
                        "camel-batch",
                        "camel-batch-pub");

        /** A minute or two: one pass, short rounds. */
        public static Settings quick() {
            return new Settings(
                    "quick",
                    List.of(8, 1024),
                    1,
                    2,
                    4,
                    500,
                    8,
                    3000,
                    3000,
                    0,
                    ALL_SECTIONS,
                    ALL_KINDS);
        }

        /**
         * What docs/performance.md records: five interleaved passes (each kind's place in a pass
         * rotates) and the 10 M-message RSS runs. Ping-pong warms up for 10,000 round trips (~3 s,
         * like z_ping's 1 s default and then some): with 1,000 the JIT was still compiling Camel's
         * route on the 2 cores and its C2 compilations showed up as the p99 (3.5 ms; 0.7 ms after a
         * 20,000 round-trip warm-up).
         */
        public static Settings full() {
            return new Settings(
                    "full",
                    List.of(8, 1024),
                    5,
                    2,
                    3,
                    1000,
                    8,
                    10_000,
                    4000,
                    10_000_000,
                    ALL_SECTIONS,
                    ALL_KINDS);
        }

        /**
         * Seconds: proves every piece works (the test suite runs this), measures nothing worth
         * keeping.
         */
        public static Settings smoke() {
            return new Settings(
                    "smoke", List.of(8), 1, 1, 2, 200, 8, 50, 500, 0, ALL_SECTIONS, ALL_KINDS);
        }
    }

    /** Where the peers are. */
    /**
     * Where the peers are. {@code beforeClasspath}, when not null, is the classpath of an earlier
     * build of the binding and component: kinds {@code binding@before} and {@code camel@before}
     * then run the same Java peers on it, interleaved with the others (before/after in one run).
     */
    public record Tools(
            Path rustBin,
            Path python,
            Path pythonScript,
            Path java,
            String classpath,
            List<String> javaOpts,
            Path logDir,
            String beforeClasspath) {}

    /**
     * Everything a run produced. Keys: "sub rust 8B", "pub camel 1KiB", "rtt binding", "alloc camel
     * 8B", ...
     */
    public record Report(
            Map<String, List<Double>> samples,
            Map<String, List<Double>> stats,
            Map<String, Double> ratios,
            List<String> lines,
            List<String> failures) {

        public double median(String key) {
            List<Double> v = samples.getOrDefault(key, List.of());
            return v.isEmpty() ? Double.NaN : percentile(v, 50);
        }

        public List<Double> stat(String key) {
            return stats.getOrDefault(key, List.of());
        }
    }

    /**
     * The Java peers: our binding and Camel routes, and the same on an earlier build
     * (--before-classpath).
     */
    static final List<String> JAVA_KINDS =
            List.of("binding", "camel", "binding@before", "camel@before");

    /**
     * Ping-pong only: the Camel routes with the consumer option idleSpinMicros, the setting for
     * request/response latency (route threads poll a little before they park), next to the
     * defaults.
     */
    static final String CAMEL_SPIN = "camel-spin";

    /**
     * The kinds of {@link BatchPeer}: Camel's floor without zenoh (measured in their own process,
     * no publisher feeds them) and the batch options (camel-batch-pub in the publisher section
     * only, the others in the subscriber section only).
     */
    static final List<String> BATCH_KINDS =
            List.of("camel-floor", "camel-floor-pub", "camel-batch", "camel-batch-pub");

    static final Set<String> SELF_FED = Set.of("camel-floor", "camel-floor-pub");

    static final Set<String> PUB_KINDS =
            Set.of("binding", "camel", "binding@before", "camel@before", "camel-batch-pub");

    static final int CAMEL_SPIN_MICROS = 2000;

    /**
     * Section "rate": ping-pong at these rates (pings per second) besides back to back (the smoke
     * run only the fastest).
     */
    static final List<Integer> RATES = List.of(100, 1000);

    private List<Integer> rates() {
        return settings.name().equals("smoke") ? List.of(1000) : RATES;
    }

    /** The kinds ping-ponged at a rate: rust, binding, camel and camel-spin of {@code kinds}. */
    static List<String> rateKinds(List<String> kinds) {
        List<String> r = new ArrayList<>();
        for (String k : kinds) {
            if (!k.equals("python") && !BATCH_KINDS.contains(k)) {
                r.add(k);
            }
            if (k.equals("camel")) {
                r.add(CAMEL_SPIN);
            }
        }
        return r;
    }

    static final List<String> DEFAULT_JAVA_OPTS =
            List.of(
                    "-Xms512m",
                    "-Xmx512m",
                    "-XX:+AlwaysPreTouch",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");

    private final Settings settings;
    private final Tools tools;
    private final Consumer<String> out;
    private final Consumer<String> progress;
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();
    private final Map<String, List<Double>> stats = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public Suite(Settings settings, Tools tools, Consumer<String> out, Consumer<String> progress) {
        this.settings = settings;
        this.tools = tools;
        this.out = out;
        this.progress = progress;
    }

    public static void main(String[] args) throws Exception {
        Settings s = Settings.quick();
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> s = Settings.quick();
                case "--full" -> s = Settings.full();
                case "--smoke" -> s = Settings.smoke();
                default -> {
                    if (!args[i].startsWith("--") || i + 1 >= args.length) {
                        throw new IllegalArgumentException("unknown argument " + args[i]);
                    }
                    o.put(args[i].substring(2), args[++i]);
                }
            }
        }
        s =
                new Settings(
                        s.name(),
                        o.containsKey("sizes") ? ints(o.get("sizes")) : s.sizes(),
                        num(o, "passes", s.passes()),
                        num(o, "warmup", s.warmup()),
                        num(o, "rounds", s.rounds()),
                        num(o, "round-ms", s.roundMs()),
                        num(o, "ping-size", s.pingSize()),
                        num(o, "ping-warmup", s.pingWarmup()),
                        num(o, "ping-samples", s.pingSamples()),
                        o.containsKey("rss-messages")
                                ? Long.parseLong(o.get("rss-messages"))
                                : s.rssMessages(),
                        o.containsKey("only") ? Set.of(o.get("only").split(",")) : s.sections(),
                        o.containsKey("kinds") ? List.of(o.get("kinds").split(",")) : s.kinds());
        String javaOpts = System.getProperty("bench.javaOpts");
        Tools t =
                new Tools(
                        Path.of(required(o, "rust-bin")),
                        Path.of(required(o, "python")),
                        Path.of(required(o, "python-script")),
                        Path.of(System.getProperty("java.home"), "bin", "java"),
                        o.getOrDefault("classpath", System.getProperty("java.class.path")),
                        javaOpts == null || javaOpts.isBlank()
                                ? DEFAULT_JAVA_OPTS
                                : List.of(javaOpts.trim().split("\\s+")),
                        Path.of(o.getOrDefault("log-dir", "bench-logs")),
                        o.get("before-classpath"));
        if (t.beforeClasspath() != null && !o.containsKey("kinds")) {
            s =
                    new Settings(
                            s.name(),
                            s.sizes(),
                            s.passes(),
                            s.warmup(),
                            s.rounds(),
                            s.roundMs(),
                            s.pingSize(),
                            s.pingWarmup(),
                            s.pingSamples(),
                            s.rssMessages(),
                            s.sections(),
                            Stream.concat(
                                            Stream.of(
                                                    "rust",
                                                    "binding",
                                                    "binding@before",
                                                    "camel",
                                                    "camel@before",
                                                    "python"),
                                            BATCH_KINDS.stream())
                                    .toList());
        }
        Report r = new Suite(s, t, System.out::println, System.err::println).run();
        System.exit(r.failures().isEmpty() ? 0 : 1);
    }

    private static String required(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return v;
    }

    private static int num(Map<String, String> o, String name, int dflt) {
        return o.containsKey(name) ? Integer.parseInt(o.get(name)) : dflt;
    }

    private static List<Integer> ints(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }

    // ---- the run ------------------------------------------------------------------------------

    public Report run() throws IOException {
        Settings s = settings;
        progress.accept(
                String.format(
                        Locale.ROOT,
                        "# bench %s: sizes %s, %d pass(es), %d warm-up + %d rounds of %d ms;"
                                + " ping-pong %d B x %d (+%d warm-up); RSS over %d msgs; logs in %s",
                        s.name(),
                        s.sizes(),
                        s.passes(),
                        s.warmup(),
                        s.rounds(),
                        s.roundMs(),
                        s.pingSize(),
                        s.pingSamples(),
                        s.pingWarmup(),
                        s.rssMessages(),
                        tools.logDir()));
        for (int pass = 1; pass <= s.passes(); pass++) {
            String p = " (pass " + pass + "/" + s.passes() + ")";
            // each pass starts one kind later, so no kind is always measured first or last
            List<String> kinds = rotated(s.kinds(), pass - 1);
            if (s.sections().contains("sub")) {
                for (int size : s.sizes()) {
                    for (String kind : kinds) {
                        if (!kind.equals("camel-batch-pub")) {
                            throughput("sub", kind, "rust", size, p, 0);
                        }
                    }
                }
            }
            if (s.sections().contains("pub")) {
                for (int size : s.sizes()) {
                    for (String kind : kinds) {
                        if (PUB_KINDS.contains(kind)) {
                            throughput("pub", "rust", kind, size, p, 0);
                        }
                    }
                }
            }
            if (s.sections().contains("rtt")) {
                for (String kind : kinds) {
                    if (BATCH_KINDS.contains(kind)) {
                        continue; // throughput kinds
                    }
                    pingPong(kind, p);
                    if (kind.equals("camel")) {
                        pingPong(CAMEL_SPIN, p);
                    }
                }
            }
            if (s.sections().contains("putcost")) {
                for (int size : s.sizes()) {
                    for (String kind : kinds) {
                        if (!kind.equals("python") && !BATCH_KINDS.contains(kind)) {
                            putAlone(kind, size, p);
                        }
                    }
                }
            }
            if (s.sections().contains("rate")) {
                for (int rate : rates()) {
                    for (String kind : rateKinds(kinds)) {
                        pingPongAtRate(kind, rate, p);
                    }
                }
            }
        }
        if (s.sections().contains("rss") && s.rssMessages() > 0) {
            for (String kind : List.of("binding", "camel")) {
                if (s.kinds().contains(kind)) {
                    throughput("rss", kind, "rust", 8, "", s.rssMessages());
                }
            }
        }
        report();
        return new Report(samples, stats, ratios, lines, failures);
    }

    /**
     * One publisher → one subscriber at {@code size} bytes. section "sub": {@code sub} is measured
     * (fed by the Rust publisher); "pub": {@code pub} is measured at the Rust subscriber; "rss":
     * {@code sub} runs {@code rssMessages} more messages after warm-up and reports its RSS.
     */
    private void throughput(
            String section, String sub, String pub, int size, String pass, long rssMessages) {
        String measured = section.equals("pub") ? pub : sub;
        String what = section + " " + measured + " " + label(size);
        progress.accept("# " + what + pass);
        int port = freePort();
        List<String> subArgs =
                new ArrayList<>(
                        List.of(
                                "--listen",
                                endpoint(port),
                                "--warmup",
                                Integer.toString(settings.warmup()),
                                "--rounds",
                                Integer.toString(rssMessages > 0 ? 0 : settings.rounds()),
                                "--round-ms",
                                Integer.toString(settings.roundMs())));
        if (rssMessages > 0) {
            subArgs.addAll(List.of("--rss-messages", Long.toString(rssMessages)));
        }
        long seconds =
                90
                        + (settings.warmup() + settings.rounds() + 1L) * settings.roundMs() / 1000
                        + rssMessages / 20_000;
        if (SELF_FED.contains(sub)) {
            subArgs.addAll(List.of("--size", Integer.toString(size)));
        }
        try (Proc s = start(sub + "-sub-" + size, sub, "sub", subArgs)) {
            s.await("READY", 90);
            try (Proc p =
                    SELF_FED.contains(sub)
                            ? null
                            : start(
                                    pub + "-pub-" + size,
                                    pub,
                                    "pub",
                                    List.of(
                                            "--connect",
                                            endpoint(port),
                                            "--size",
                                            Integer.toString(size),
                                            "--report-ms",
                                            Integer.toString(settings.roundMs())))) {
                if (p != null) {
                    p.await("READY", 90);
                }
                // a Java publisher's CPU per message: its process CPU time from the end of the
                // first measured round to the end of the last / the messages received meanwhile
                boolean pubCpu = section.equals("pub") && p != null && PUB_KINDS.contains(pub);
                List<String> got = new ArrayList<>();
                if (pubCpu) {
                    long cpuFirst = -1;
                    long cpuLast = -1;
                    double msgs = 0;
                    for (int r = 0; r < settings.rounds(); r++) {
                        List<String> upTo = s.until("ROUND", seconds);
                        long cpu = p.cpuNanos();
                        got.addAll(upTo);
                        String[] f = upTo.get(upTo.size() - 1).split(" ");
                        if (r == 0) {
                            cpuFirst = cpu;
                        } else {
                            msgs += Double.parseDouble(f[1]) * settings.roundMs() / 1000.0;
                            cpuLast = cpu;
                        }
                    }
                    if (msgs > 0 && cpuFirst >= 0 && cpuLast >= 0) {
                        add(
                                stats,
                                "pub " + pub + " " + label(size) + " cpu_ns_per_msg",
                                (cpuLast - cpuFirst) / msgs);
                    }
                }
                got.addAll(s.until("DONE", seconds));
                for (String line : got) {
                    String[] f = line.split(" ");
                    if (f[0].equals("ROUND")) {
                        add(samples, what, Double.parseDouble(f[1]));
                    } else if (f[0].equals("STAT") && f.length == 3 && !section.equals("pub")) {
                        add(stats, sub + " " + label(size) + " " + f[1], Double.parseDouble(f[2]));
                    }
                }
                if (p != null
                        && (section.equals("pub")
                                || (section.equals("sub") && sub.equals("rust")))) {
                    putCost(pub + " " + label(size) + " ", p.drain());
                }
            }
        } catch (Proc.BenchException | IOException | RuntimeException e) {
            fail(what + pass, e);
        }
    }

    /**
     * A publisher's cost per put from its {@code PUTS <puts> <cpu ns> [<bytes allocated>]} lines,
     * one per round: the median over the rounds after the warm-up ones.
     */
    private void putCost(String key, List<String> lines) {
        List<long[]> reports = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            if (f[0].equals("PUTS") && f.length >= 3) {
                reports.add(
                        new long[] {
                            Long.parseLong(f[1]),
                            Long.parseLong(f[2]),
                            f.length > 3 ? Long.parseLong(f[3]) : -1
                        });
            }
        }
        List<Double> cpu = new ArrayList<>();
        List<Double> alloc = new ArrayList<>();
        for (int i = settings.warmup() + 1; i < reports.size(); i++) {
            long[] a = reports.get(i - 1);
            long[] b = reports.get(i);
            long puts = b[0] - a[0];
            if (puts > 0) {
                cpu.add((b[1] - a[1]) / (double) puts);
                if (a[2] >= 0) {
                    alloc.add((b[2] - a[2]) / (double) puts);
                }
            }
        }
        if (!cpu.isEmpty()) {
            add(stats, key + "cpu_ns_per_put", percentile(cpu, 50));
        }
        if (!alloc.isEmpty()) {
            add(stats, key + "alloc_bytes_per_put", percentile(alloc, 50));
        }
    }

    /**
     * A publisher's put loop with no subscriber anywhere (no link): what one put costs the
     * publishing process by itself, without back-pressure from a subscriber.
     */
    private void putAlone(String kind, int size, String pass) {
        String what = "putcost " + kind + " " + label(size);
        progress.accept("# " + what + pass);
        try (Proc p =
                start(
                        kind + "-pub-alone-" + size,
                        kind,
                        "pub",
                        List.of(
                                "--size",
                                Integer.toString(size),
                                "--report-ms",
                                Integer.toString(settings.roundMs())))) {
            p.await("READY", 90);
            // one report per round: the warm-up's, the measured rounds' and the one before them
            // (waited for line by line, not slept over: a loaded machine starts the JVM late)
            List<String> reports = new ArrayList<>();
            long perReport = 30 + settings.roundMs() / 1000;
            for (int i = 0; i < settings.warmup() + settings.rounds() + 1; i++) {
                reports.addAll(p.until("PUTS", perReport));
            }
            putCost(kind + " " + label(size) + " alone ", reports);
        } catch (Proc.BenchException | IOException | RuntimeException e) {
            fail(what + pass, e);
        }
    }

    /**
     * Ping-pong at {@code rate} pings per second (after a back-to-back warm-up): the processes idle
     * between pings, as at a real message rate, so what waking up costs is in the round trip.
     */
    private void pingPongAtRate(String kind, int rate, String pass) {
        String what = "rtt@" + rate + " " + kind;
        progress.accept("# " + what + pass);
        int port = freePort();
        List<String> spin =
                kind.equals(CAMEL_SPIN)
                        ? List.of("--idle-spin-micros", Integer.toString(CAMEL_SPIN_MICROS))
                        : List.of();
        int n = rateSamples(rate);
        List<String> pongArgs = new ArrayList<>(List.of("--listen", endpoint(port)));
        pongArgs.addAll(spin);
        List<String> pingArgs =
                new ArrayList<>(
                        List.of(
                                "--connect",
                                endpoint(port),
                                "--size",
                                Integer.toString(settings.pingSize()),
                                "--warmup",
                                Integer.toString(settings.pingWarmup()),
                                "--samples",
                                Integer.toString(n),
                                "--rate",
                                Integer.toString(rate)));
        pingArgs.addAll(spin);
        try (Proc pong = start(kind + "-pong-" + rate, kind, "pong", pongArgs)) {
            pong.await("READY", 90);
            try (Proc ping = start(kind + "-ping-" + rate, kind, "ping", pingArgs)) {
                ping.await("READY", 90);
                String rtts = ping.await("RTT_NS", 90 + settings.pingWarmup() / 100 + n / rate);
                for (String v : rtts.substring("RTT_NS ".length()).split(",")) {
                    add(samples, what, Double.parseDouble(v));
                }
                ping.until("DONE", 30);
            }
        } catch (Proc.BenchException | IOException | RuntimeException e) {
            fail(what + pass, e);
        }
    }

    /**
     * Round trips measured at {@code rate}/s per pass: what fits in 4 s (full run: 6 s per pass of
     * five; smoke: 1 s), at most pingSamples.
     */
    private int rateSamples(int rate) {
        int seconds = settings.name().equals("full") ? 6 : settings.name().equals("smoke") ? 1 : 4;
        return Math.max(10, Math.min(settings.pingSamples(), rate * seconds));
    }

    private void pingPong(String kind, String pass) {
        String what = "rtt " + kind;
        progress.accept("# " + what + pass);
        int port = freePort();
        List<String> spin =
                kind.equals(CAMEL_SPIN)
                        ? List.of("--idle-spin-micros", Integer.toString(CAMEL_SPIN_MICROS))
                        : List.of();
        List<String> pongArgs = new ArrayList<>(List.of("--listen", endpoint(port)));
        pongArgs.addAll(spin);
        List<String> pingArgs =
                new ArrayList<>(
                        List.of(
                                "--connect",
                                endpoint(port),
                                "--size",
                                Integer.toString(settings.pingSize()),
                                "--warmup",
                                Integer.toString(settings.pingWarmup()),
                                "--samples",
                                Integer.toString(settings.pingSamples())));
        pingArgs.addAll(spin);
        try (Proc pong = start(kind + "-pong", kind, "pong", pongArgs)) {
            pong.await("READY", 90);
            try (Proc ping = start(kind + "-ping", kind, "ping", pingArgs)) {
                ping.await("READY", 90);
                String rtts = ping.await("RTT_NS", 90 + settings.pingSamples() / 100);
                for (String v : rtts.substring("RTT_NS ".length()).split(",")) {
                    add(samples, what, Double.parseDouble(v));
                }
                ping.until("DONE", 30);
            }
        } catch (Proc.BenchException | IOException | RuntimeException e) {
            fail(what + pass, e);
        }
    }

    private Proc start(String name, String kind, String command, List<String> args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        switch (kind) {
            case "rust" -> cmd.addAll(List.of(tools.rustBin().toString(), command));
            case "python" ->
                    cmd.addAll(
                            List.of(
                                    tools.python().toString(),
                                    "-u",
                                    tools.pythonScript().toString(),
                                    command));
            case "camel-floor", "camel-floor-pub", "camel-batch", "camel-batch-pub" -> {
                cmd.add(tools.java().toString());
                cmd.addAll(tools.javaOpts());
                cmd.addAll(
                        List.of(
                                "-cp",
                                tools.classpath(),
                                BatchPeer.class.getName(),
                                kind,
                                command));
            }
            case "binding", "camel", CAMEL_SPIN, "binding@before", "camel@before" -> {
                boolean before = kind.endsWith("@before");
                if (before && tools.beforeClasspath() == null) {
                    throw new IllegalArgumentException(kind + " needs --before-classpath");
                }
                cmd.add(tools.java().toString());
                cmd.addAll(tools.javaOpts());
                cmd.addAll(
                        List.of(
                                "-cp",
                                before ? tools.beforeClasspath() : tools.classpath(),
                                JavaPeer.class.getName(),
                                kind.replace("@before", "").replace("-spin", ""),
                                command));
            }
            default -> throw new IllegalArgumentException("unknown peer kind " + kind);
        }
        cmd.addAll(args);
        return new Proc(name, cmd, tools.logDir());
    }

    private void fail(String what, Exception e) {
        String text = "FAILED " + what.trim() + ": " + e.getMessage();
        failures.add(text);
        progress.accept(text);
    }

    // ---- the figures ----------------------------------------------------------------------------

    private final Map<String, Double> ratios = new LinkedHashMap<>();

    private void report() {
        Settings s = settings;
        section(
                "subscriber throughput: one Rust publisher (BLOCK) -> subscriber; median msg/s over rounds of "
                        + s.roundMs()
                        + " ms");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                thr("sub_thr", "sub " + kind + " " + label(size), kind, size);
            }
        }
        section(
                "subscriber CPU: CPU time of the whole subscriber process per message over the measured rounds"
                        + " (less sensitive to other load on the machine than msg/s)");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                List<Double> cpu =
                        stats.getOrDefault(kind + " " + label(size) + " cpu_ns_per_msg", List.of());
                if (!cpu.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "cpu      %-5s %-14s %8.0f ns/msg  (median of %d runs)",
                                    label(size),
                                    kind,
                                    percentile(cpu, 50),
                                    cpu.size()));
                }
            }
        }
        section(
                "publisher throughput: publisher -> Rust subscriber; median msg/s (rust = the run above)");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                if (!kind.equals("python")) {
                    thr(
                            "pub_thr",
                            (kind.equals("rust") ? "sub rust " : "pub " + kind + " ") + label(size),
                            kind,
                            size);
                }
            }
        }
        section(
                "publisher CPU: CPU time of the whole Java publisher process per message received by"
                        + " the Rust subscriber over the measured rounds (camel-floor-pub: per message"
                        + " of its own loop, from the subscriber CPU above)");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                List<Double> cpu =
                        stats.getOrDefault(
                                "pub " + kind + " " + label(size) + " cpu_ns_per_msg", List.of());
                if (!cpu.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "pub_cpu  %-5s %-14s %8.0f ns/msg  (median of %d runs)",
                                    label(size),
                                    kind,
                                    percentile(cpu, 50),
                                    cpu.size()));
                }
            }
        }
        section(
                "latency: ping-pong round trip, "
                        + s.pingSize()
                        + " B, express, ping and pong of the same kind"
                        + (s.kinds().contains("camel")
                                ? "; "
                                        + CAMEL_SPIN
                                        + " = camel with idleSpinMicros="
                                        + CAMEL_SPIN_MICROS
                                : ""));
        List<String> rttKinds = new ArrayList<>(s.kinds());
        if (rttKinds.contains("camel")) {
            rttKinds.add(rttKinds.indexOf("camel") + 1, CAMEL_SPIN);
        }
        for (String kind : rttKinds) {
            List<Double> v = samples.getOrDefault("rtt " + kind, List.of());
            if (!v.isEmpty()) {
                line(
                        String.format(
                                Locale.ROOT,
                                "rtt      %-14s median %8.1f us   p99 %8.1f us   (%d round trips)",
                                kind,
                                percentile(v, 50) / 1000,
                                percentile(v, 99) / 1000,
                                v.size()));
            }
        }
        if (s.sections().contains("rate")) {
            section(
                    "latency at a rate: the same ping-pong, one ping every 1/rate s after a back-to-back"
                            + " warm-up (processes idle between pings)");
            for (int rate : rates()) {
                for (String kind : rateKinds(s.kinds())) {
                    List<Double> v = samples.getOrDefault("rtt@" + rate + " " + kind, List.of());
                    if (!v.isEmpty()) {
                        line(
                                String.format(
                                        Locale.ROOT,
                                        "rtt@%-5d %-14s median %8.1f us   p99 %8.1f us   (%d round trips)",
                                        rate,
                                        kind,
                                        percentile(v, 50) / 1000,
                                        percentile(v, 99) / 1000,
                                        v.size()));
                    }
                }
            }
        }
        section(
                "cost per put (publishers): CPU time of the whole publisher process and bytes allocated by all"
                        + " its threads per put, median over the measured rounds (rust: its publisher"
                        + " feeding the Rust subscriber)");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                List<Double> cpu =
                        stats.getOrDefault(kind + " " + label(size) + " cpu_ns_per_put", List.of());
                List<Double> alloc =
                        stats.getOrDefault(
                                kind + " " + label(size) + " alloc_bytes_per_put", List.of());
                if (!cpu.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "put      %-5s %-14s %8.0f ns/put%s  (median of %d runs)",
                                    label(size),
                                    kind,
                                    percentile(cpu, 50),
                                    alloc.isEmpty()
                                            ? ""
                                            : String.format(
                                                    Locale.ROOT,
                                                    ", %.1f B/put",
                                                    percentile(alloc, 50)),
                                    cpu.size()));
                }
            }
        }
        section(
                "cost per put, publisher alone (no subscriber, no link): CPU time of the publisher process per put");
        for (int size : s.sizes()) {
            for (String kind : s.kinds()) {
                List<Double> cpu =
                        stats.getOrDefault(
                                kind + " " + label(size) + " alone cpu_ns_per_put", List.of());
                if (!cpu.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "putalone %-5s %-14s %8.0f ns/put  (median of %d runs)",
                                    label(size),
                                    kind,
                                    percentile(cpu, 50),
                                    cpu.size()));
                }
            }
        }
        section(
                "cost per message (Java peers): bytes allocated by all threads per received message over the measured"
                        + " rounds; JNI crossings per received sample; native objects alive");
        for (int size : s.sizes()) {
            for (String kind : JAVA_KINDS) {
                String k = kind + " " + label(size) + " ";
                List<Double> alloc = stats.getOrDefault(k + "alloc_bytes_per_msg", List.of());
                if (!alloc.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "alloc    %-5s %-14s %8.1f B/msg   (median of %d runs)",
                                    label(size),
                                    kind,
                                    percentile(alloc, 50),
                                    alloc.size()));
                }
                List<Double> up = stats.getOrDefault(k + "upcalls_per_sample", List.of());
                List<Double> jni = stats.getOrDefault(k + "jni_calls_per_sample", List.of());
                if (!up.isEmpty()) {
                    line(
                            String.format(
                                    Locale.ROOT,
                                    "jni      %-5s %-14s %8.3f upcalls/sample, %.3f JNI calls/sample",
                                    label(size),
                                    kind,
                                    percentile(up, 50),
                                    percentile(jni, 50)));
                }
            }
        }
        for (String kind : JAVA_KINDS) {
            List<Double> running = new ArrayList<>();
            List<Double> closed = new ArrayList<>();
            stats.forEach(
                    (k, v) -> {
                        if (k.startsWith(kind + " ")
                                && k.endsWith(" live_native_objects_running")) {
                            running.addAll(v);
                        }
                        if (k.startsWith(kind + " ")
                                && k.endsWith(" live_native_objects_after_close")) {
                            closed.addAll(v);
                        }
                    });
            if (!running.isEmpty()) {
                line(
                        String.format(
                                Locale.ROOT,
                                "native   %-14s live objects while receiving: max %.0f; after close: max %.0f"
                                        + " (%d runs)",
                                kind,
                                Collections.max(running),
                                closed.isEmpty() ? -1 : Collections.max(closed),
                                running.size()));
            }
        }
        for (String kind : List.of("binding", "camel")) {
            List<Double> before = stats.getOrDefault(kind + " 8B rss_before_kb", List.of());
            List<Double> after = stats.getOrDefault(kind + " 8B rss_after_kb", List.of());
            List<Double> n = stats.getOrDefault(kind + " 8B rss_messages", List.of());
            List<Double> live =
                    stats.getOrDefault(kind + " 8B live_native_objects_after_rss", List.of());
            List<Double> rate = stats.getOrDefault(kind + " 8B rss_msgs_per_s", List.of());
            if (!before.isEmpty() && !after.isEmpty()) {
                double drift = (after.get(0) - before.get(0)) / 1024;
                line(
                        String.format(
                                Locale.ROOT,
                                "rss      8B    %-8s before %.1f MB, after %.1f MB: drift %+.1f MB over %.0f"
                                        + " msgs (%.0f msg/s; live native objects after: %.0f)",
                                kind,
                                before.get(0) / 1024,
                                after.get(0) / 1024,
                                drift,
                                n.get(0),
                                rate.isEmpty() ? 0 : rate.get(0),
                                live.isEmpty() ? -1 : live.get(0)));
            }
        }

        for (String when : List.of("", "@before")) {
            String n = when.isEmpty() ? "" : "before_";
            for (int size : s.sizes()) {
                String l = label(size);
                ratio(n + "binding_vs_rust_" + l, "sub binding" + when + " " + l, "sub rust " + l);
                ratio(n + "camel_vs_rust_" + l, "sub camel" + when + " " + l, "sub rust " + l);
                if (when.isEmpty()) {
                    ratio("python_vs_rust_" + l, "sub python " + l, "sub rust " + l);
                }
                ratio(
                        n + "binding_vs_python_" + l,
                        "sub binding" + when + " " + l,
                        "sub python " + l);
                ratio(n + "camel_vs_python_" + l, "sub camel" + when + " " + l, "sub python " + l);
                ratio(
                        n + "binding_pub_vs_rust_" + l,
                        "pub binding" + when + " " + l,
                        "sub rust " + l);
                ratio(n + "camel_pub_vs_rust_" + l, "pub camel" + when + " " + l, "sub rust " + l);
            }
            ratio(n + "binding_rtt_vs_rust", "rtt binding" + when, "rtt rust");
            ratio(n + "camel_rtt_vs_rust", "rtt camel" + when, "rtt rust");
            if (when.isEmpty()) {
                ratio("camel_spin_rtt_vs_rust", "rtt " + CAMEL_SPIN, "rtt rust");
                rateRatios();
            }
            if (when.isEmpty()) {
                ratio("python_rtt_vs_rust", "rtt python", "rtt rust");
            }
        }
        // Camel's share over its floor: the route's CPU per message / (Camel's minimal loop + the
        // binding doing the same zenoh work); the same for the publisher
        for (int size : s.sizes()) {
            String l = label(size);
            overFloor(
                    "camel_overhead_vs_floor_" + l,
                    "camel " + l + " cpu_ns_per_msg",
                    "camel-floor " + l + " cpu_ns_per_msg",
                    "binding " + l + " cpu_ns_per_msg");
            overFloor(
                    "camel_pub_overhead_vs_floor_" + l,
                    "pub camel " + l + " cpu_ns_per_msg",
                    "camel-floor-pub " + l + " cpu_ns_per_msg",
                    "pub binding " + l + " cpu_ns_per_msg");
            ratio("camel_batch_vs_rust_" + l, "sub camel-batch " + l, "sub rust " + l);
            ratio("camel_batch_pub_vs_rust_" + l, "pub camel-batch-pub " + l, "sub rust " + l);
        }
        if (!failures.isEmpty()) {
            section("failures");
            failures.forEach(this::line);
        }
        ratios.forEach((name, v) -> line(String.format(Locale.ROOT, "RATIO %s %.3f", name, v)));
    }

    private void thr(String figure, String key, String kind, int size) {
        List<Double> v = samples.getOrDefault(key, List.of());
        if (!v.isEmpty()) {
            line(
                    String.format(
                            Locale.ROOT,
                            "%-8s %-5s %-14s %,11.0f msg/s   (median of %d rounds; min %,.0f, max %,.0f)",
                            figure,
                            label(size),
                            kind,
                            percentile(v, 50),
                            v.size(),
                            Collections.min(v),
                            Collections.max(v)));
        }
    }

    /**
     * Round trips against Rust's, median and p99: back to back ({@code _b2b}) and at each rate
     * ({@code _100hz}, ...); and a publisher's CPU per put against Rust's.
     */
    private void rateRatios() {
        for (String kind : List.of("binding", "camel", CAMEL_SPIN)) {
            String n = kind.replace('-', '_');
            ratioAt(n + "_rtt_p99_vs_rust_b2b", "rtt " + kind, "rtt rust", 99);
            for (int rate : rates()) {
                String a = "rtt@" + rate + " " + kind;
                String b = "rtt@" + rate + " rust";
                ratioAt(n + "_rtt_vs_rust_" + rate + "hz", a, b, 50);
                ratioAt(n + "_rtt_p99_vs_rust_" + rate + "hz", a, b, 99);
            }
        }
        for (int size : settings.sizes()) {
            String l = label(size);
            for (String kind : List.of("binding", "camel")) {
                for (String alone : List.of("", "alone ")) {
                    List<Double> x =
                            stats.getOrDefault(
                                    kind + " " + l + " " + alone + "cpu_ns_per_put", List.of());
                    List<Double> y =
                            stats.getOrDefault(
                                    "rust " + l + " " + alone + "cpu_ns_per_put", List.of());
                    if (!x.isEmpty() && !y.isEmpty()) {
                        // Rust's CPU over ours: like the throughput ratios, higher is better
                        ratios.put(
                                kind + "_pub_" + alone.replace(" ", "_") + "cpu_vs_rust_" + l,
                                percentile(y, 50) / percentile(x, 50));
                    }
                }
            }
        }
    }

    private void ratioAt(String name, String a, String b, double p) {
        List<Double> x = samples.getOrDefault(a, List.of());
        List<Double> y = samples.getOrDefault(b, List.of());
        if (!x.isEmpty() && !y.isEmpty()) {
            ratios.put(name, percentile(x, p) / percentile(y, p));
        }
    }

    private void ratio(String name, String a, String b) {
        List<Double> x = samples.getOrDefault(a, List.of());
        List<Double> y = samples.getOrDefault(b, List.of());
        if (!x.isEmpty() && !y.isEmpty()) {
            ratios.put(name, percentile(x, 50) / percentile(y, 50));
        }
    }

    /** median(a) / (median(floor) + median(binding)) of the stats, when all three exist. */
    private void overFloor(String name, String a, String floor, String binding) {
        List<Double> x = stats.getOrDefault(a, List.of());
        List<Double> f = stats.getOrDefault(floor, List.of());
        List<Double> b = stats.getOrDefault(binding, List.of());
        if (!x.isEmpty() && !f.isEmpty() && !b.isEmpty()) {
            ratios.put(name, percentile(x, 50) / (percentile(f, 50) + percentile(b, 50)));
        }
    }

    private void section(String title) {
        line("# " + title);
    }

    private void line(String text) {
        lines.add(text);
        out.accept(text);
    }

    // ---- helpers --------------------------------------------------------------------------------

    static List<String> rotated(List<String> list, int by) {
        List<String> r = new ArrayList<>(list);
        Collections.rotate(r, -(by % Math.max(1, r.size())));
        return r;
    }

    static String label(int size) {
        return size % 1024 == 0 ? size / 1024 + "KiB" : size + "B";
    }

    private static void add(Map<String, List<Double>> m, String key, double v) {
        m.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
    }

    /** Nearest-rank percentile (50 = median, the mean of the middle two for an even count). */
    static double percentile(List<Double> values, double p) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        if (p == 50) {
            int n = v.size();
            return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
        }
        int rank = (int) Math.ceil(p / 100 * v.size());
        return v.get(Math.max(0, Math.min(v.size() - 1, rank - 1)));
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String endpoint(int port) {
        return "tcp/127.0.0.1:" + port;
    }

    /**
     * The classpath bench/run.sh and the smoke test give the Java peers: classes +
     * target/classpath.txt.
     */
    public static String classpath(Path classes, Path classpathFile) throws IOException {
        return classes + java.io.File.pathSeparator + Files.readString(classpathFile).trim();
    }
}
