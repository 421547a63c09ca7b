/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two bridge instances (separate JVMs, as users run them) in one {@code toKafka.group} against a
 * real KRaft broker, both zenoh clients of a router in this JVM that also publishes: in steady
 * state each sample becomes exactly one Kafka record; one instance killed with SIGKILL mid-stream,
 * the other carries on and no sample is lost (duplicates measured, within what it replayed).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ScaledKafkaBridgeTest {

    private static final Qos BLOCK = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);
    private static final Pattern REPLAYED = Pattern.compile("groupReplayed=(\\d+)");
    private static final Pattern MEMBERS = Pattern.compile("sees (\\d+) members");
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int KEYS = 20;
    private static final int STEADY = 1000;
    private static final int MORE = 1000;

    private final int zenohPort = Loopback.freePort();
    private final String topic = "scaled" + ProcessHandle.current().pid();
    private EmbeddedKafka broker;
    private Session router;
    private final List<Bridge> bridges = new ArrayList<>();

    /** One bridge application in its own JVM; its log (stderr) kept and searched. */
    private final class Bridge {
        final Process process;
        final List<String> log = new CopyOnWriteArrayList<>();

        Bridge() throws IOException {
            process =
                    new ProcessBuilder(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-Xmx256m",
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    ZenohKafkaBridge.class.getName(),
                                    "--kafka.brokers=" + broker.bootstrapServers(),
                                    "--zenoh.mode=client",
                                    "--zenoh.connect=" + Loopback.endpoint(zenohPort),
                                    "--zenoh.listen=",
                                    "--toKafka.keyExprs=" + topic + "/**",
                                    "--toKafka.topicMap=" + topic + "/**=" + topic,
                                    "--toKafka.group=" + topic,
                                    "--toZenoh.enabled=false",
                                    "--bridge.statsInterval=200")
                            .redirectErrorStream(true)
                            .start();
            bridges.add(this);
            Thread pump =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    for (String l; (l = r.readLine()) != null; ) {
                                        log.add(l);
                                    }
                                } catch (IOException e) {
                                    // the process ended
                                }
                            });
            pump.setDaemon(true);
            pump.start();
        }

        boolean logged(String text) {
            return log.stream().anyMatch(l -> l.contains(text));
        }

        /** The last groupReplayed the bridge's stats line reported. */
        long replayed() {
            long last = 0;
            for (String l : log) {
                Matcher m = REPLAYED.matcher(l);
                if (m.find()) {
                    last = Long.parseLong(m.group(1));
                }
            }
            return last;
        }

        /**
         * Every hand-over the bridge's group logged as started has ended: it no longer takes the
         * keys it handed to the other (it does for groupReplayMillis after seeing it appear).
         */
        boolean handoversEnded() {
            return log.stream().filter(l -> l.contains("hand-over started")).count()
                    == log.stream().filter(l -> l.contains("hand-over ended")).count();
        }

        /** The group size the bridge logged last (0 before any). */
        int members() {
            int last = 0;
            for (String l : log) {
                Matcher m = MEMBERS.matcher(l);
                if (m.find()) {
                    last = Integer.parseInt(m.group(1));
                }
            }
            return last;
        }

        String tail() {
            int n = log.size();
            return String.join("\n", log.subList(Math.max(0, n - 30), n));
        }
    }

    @AfterEach
    void stop() throws Exception {
        for (Bridge b : bridges) {
            b.process.destroyForcibly();
            b.process.waitFor(30, TimeUnit.SECONDS);
        }
        if (router != null) {
            router.close();
        }
        if (broker != null) {
            broker.stop();
        }
    }

    private void put(int i) {
        int key = i % KEYS;
        router.put(
                topic + "/k" + key,
                ("k" + key + ":" + i / KEYS).getBytes(StandardCharsets.UTF_8),
                Encoding.ZENOH_STRING,
                null,
                BLOCK);
    }

    /**
     * Record values of the topic until {@code distinct} different ones were read, then 1 s more.
     */
    private List<String> records(int distinct) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "check-" + System.nanoTime());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> c =
                new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            c.subscribe(List.of(topic));
            long deadline = System.nanoTime() + WAIT.toNanos();
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, quietUntil)) {
                int before = values.size();
                c.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
                if (values.stream().distinct().count() >= distinct
                        && (values.size() > before || quietUntil == Long.MAX_VALUE)) {
                    quietUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
                }
            }
        }
        return values;
    }

    private static Map<String, Integer> counts(List<String> values) {
        Map<String, Integer> n = new HashMap<>();
        values.forEach(v -> n.merge(v, 1, Integer::sum));
        return n;
    }

    @Test
    void twoInstancesWriteEachSampleOnceAndTheSurvivorLosesNothing() throws Exception {
        broker =
                new EmbeddedKafka(
                        EmbeddedKafka.defaultLib(), null, 0, "512m", Duration.ofSeconds(90), null);
        broker.start();
        router =
                Session.open(
                        SessionConfig.DEFAULT
                                .withMode("router")
                                .withMulticastScouting(false)
                                .withListen(Loopback.endpoint(zenohPort)));
        Bridge a = new Bridge();
        Bridge b = new Bridge();
        Loopback.await(
                WAIT,
                () -> a.members() == 2 && b.members() == 2,
                "both bridges to see each other in the group");
        Loopback.await(
                WAIT,
                () -> a.handoversEnded() && b.handoversEnded(),
                "both bridges to end their hand-overs");
        Loopback.await(
                WAIT,
                () -> {
                    List<Reply> tokens =
                            router.livelinessGet("@camel-zenoh/group/" + topic + "-1/**", 2000)
                                    .join();
                    return tokens.size() == 2;
                },
                "the router to know both members");

        // steady state: exactly once
        for (int i = 0; i < STEADY; i++) {
            put(i);
        }
        List<String> steady = records(STEADY);
        Map<String, Integer> n = counts(steady);
        assertThat(n)
                .as("distinct samples in Kafka\n" + a.tail() + "\n" + b.tail())
                .hasSize(STEADY);
        assertThat(n.values()).as("records per sample").containsOnly(1);
        assertThat(a.logged("sent=")).isTrue();

        // one instance killed mid-stream: the other takes over its keys
        AtomicInteger sent = new AtomicInteger(STEADY);
        Thread publisher =
                new Thread(
                        () -> {
                            for (int i = STEADY; i < STEADY + MORE; i++) {
                                put(i);
                                sent.incrementAndGet();
                                if (i % 10 == 0) {
                                    try {
                                        Thread.sleep(5); // about 2000 samples per second
                                    } catch (InterruptedException e) {
                                        return;
                                    }
                                }
                            }
                        });
        publisher.start();
        Loopback.await(WAIT, () -> sent.get() >= STEADY + MORE / 3, "a third sent");
        b.process.destroyForcibly();
        assertThat(b.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        publisher.join();
        Loopback.await(
                WAIT, () -> a.logged("sees 1 members"), "the survivor to see the other leave");
        List<String> all = records(STEADY + MORE);
        Map<String, Integer> total = counts(all);
        long duplicates = all.size() - total.size();
        Loopback.await(WAIT, () -> a.replayed() > 0, "the survivor to report its replays");
        long replayed = a.replayed();
        System.out.printf(
                "FIGURE scaled-kafka-bridge samples=%d records=%d lost=%d duplicates=%d replayed=%d%n",
                STEADY + MORE, all.size(), STEADY + MORE - total.size(), duplicates, replayed);
        assertThat(total)
                .as("distinct samples in Kafka after the kill\n" + a.tail())
                .hasSize(STEADY + MORE);
        assertThat(duplicates).as("duplicates").isLessThanOrEqualTo(replayed);
    }
}
