/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohDevConsole;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.camel.console.DevConsole;
import org.apache.camel.main.Main;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The bridge application end to end, started as users start it (only --name=value arguments): its
 * own embedded KRaft broker (a real Kafka child process) on a free loopback port, its zenoh peer
 * listening on another; zenoh peers on the other side (Java sessions and a Python eclipse-zenoh
 * process, multicast scouting off), plain kafka-clients consumers and producers on the Kafka side.
 * The last test takes the broker away and brings it back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZenohKafkaBridgeTest {

    static final Qos BLOCK = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);

    /**
     * Text with a schema, JSON, raw bytes, a predefined id with a schema, and a custom encoding.
     */
    static final Encoding[] ENCODINGS = {
        new Encoding(4, "charset=utf-8"),
        Encoding.APPLICATION_JSON,
        Encoding.ZENOH_BYTES,
        new Encoding(13, "example.Reading"),
        Encoding.parse("vnd.example.reading;v=2")
    };

    static Main main;
    static Session peer;
    static int zenohPort;
    static String bootstrap;
    static BridgeStats stats;
    static EmbeddedKafka broker;
    static KafkaProducer<String, byte[]> producer;

    record Pub(String key, byte[] payload, Encoding encoding, byte[] attachment) {
        String id() {
            return Base64.getEncoder().encodeToString(payload);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        zenohPort = Loopback.freePort();
        int kafkaPort = Loopback.freePort();
        main =
                ZenohKafkaBridge.create(
                        "--zenoh.listen=" + Loopback.endpoint(zenohPort),
                        "--kafka.embedded.port=" + kafkaPort,
                        "--toKafka.keyExprs=test/**",
                        "--toKafka.topicMap=test/mapped/**=test-mapped",
                        "--toZenoh.topics=zenoh.out,test.commands",
                        "--toZenoh.keyMap=test.commands=test/in/commands",
                        "--camel.main.routesIncludePattern=file:routes.yaml",
                        // so the outage test sees failures within seconds
                        "--camel.component.kafka.maxBlockMs=5000",
                        "--camel.component.kafka.requestTimeoutMs=3000",
                        "--camel.component.kafka.deliveryTimeoutMs=6000",
                        "--toKafka.redeliveryDelay=200",
                        "--toKafka.maximumRedeliveryDelay=1000",
                        // a small hand-off queue: samples outrun Kafka writes, so zenoh's delivery
                        // has to wait (block)
                        "--toKafka.queueSize=20",
                        "--bridge.statsInterval=0");
        main.start();
        stats =
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType("bridgeStats", BridgeStats.class);
        broker =
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType("embeddedKafka", EmbeddedKafka.class);
        bootstrap = broker.bootstrapServers();
        assertThat(bootstrap).isEqualTo("127.0.0.1:" + kafkaPort);
        peer = connect();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        if (peer != null) {
            peer.close();
        }
        if (main != null) {
            main.stop();
        }
        if (broker != null) {
            assertThat(broker.isRunning())
                    .as("the embedded broker stops with the bridge")
                    .isFalse();
            assertThat(broker.directory())
                    .as("its temporary data directory is deleted")
                    .doesNotExist();
        }
    }

    static Session connect() {
        Session s = Session.open(Loopback.connector(zenohPort));
        Loopback.await(
                Duration.ofSeconds(10),
                () -> !s.info().peers().isEmpty(),
                "a zenoh peer to reach the bridge");
        return s;
    }

    /**
     * Waits until the bridge's session knows a subscriber of another session on {@code keyExpr}: a
     * subscriber's declaration reaches the bridge some time after declareSubscriber returns, and
     * until it has, the bridge's puts on the key go nowhere.
     */
    static void awaitBridgeSees(String keyExpr) {
        Loopback.awaitRemoteSubscriber(
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType("zenohSession", Session.class),
                keyExpr);
    }

    @Test
    @Order(1)
    void zenohSamplesBecomeKafkaRecordsNoneLost() throws Exception {
        int n = 300;
        List<Pub> pubs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String key = i % 10 == 9 ? "test/mapped/m" + i % 3 : "test/s/k" + i % 3;
            pubs.add(pub(key, i, ENCODINGS[i % ENCODINGS.length], i % 2 == 0));
        }
        pubs.add(pub("test/odd/t°C x", n, Encoding.TEXT_PLAIN, true));
        // the bridge's subscriber reaches the peer some time after the two connect: until it
        // has, the peer's puts go nowhere
        Loopback.awaitRemoteSubscriber(peer, "test/s/k0");
        for (Pub p : pubs) {
            peer.put(p.key(), p.payload(), p.encoding(), p.attachment(), BLOCK);
        }
        peer.delete("test/s/k0", null, BLOCK);
        int fromPython = 50;
        try (PythonPeer py =
                PythonPeer.start(
                        "pub",
                        "--connect",
                        Loopback.endpoint(zenohPort),
                        "--key",
                        "test/py/sensor",
                        "--count",
                        String.valueOf(fromPython),
                        "--payload",
                        "py {i}",
                        "--encoding",
                        "text/plain;charset=utf-8",
                        "--attachment",
                        "from-python",
                        "--delay",
                        "1.0")) {
            py.awaitLine("END", 30);
        }
        int total = pubs.size() + 1 + fromPython;

        List<ConsumerRecord<String, byte[]>> records =
                read(Pattern.compile("test\\..*|test-mapped"), total);
        assertThat(records).hasSize(total);
        assertThat(records.stream().map(ConsumerRecord::topic).distinct())
                .containsExactlyInAnyOrder(
                        "test.s.k0",
                        "test.s.k1",
                        "test.s.k2",
                        "test-mapped",
                        "test.odd.t_C_x",
                        "test.py.sensor");

        Map<String, Pub> byPayload = pubs.stream().collect(Collectors.toMap(Pub::id, p -> p));
        Map<String, List<String>> receivedOrder = new HashMap<>();
        for (ConsumerRecord<String, byte[]> r : records) {
            if (r.topic().equals("test.py.sensor") || r.value() == null) {
                continue;
            }
            Pub p = byPayload.remove(Base64.getEncoder().encodeToString(r.value()));
            assertThat(p).as("record %s is one published sample, received once", r).isNotNull();
            assertThat(r.topic())
                    .isEqualTo(
                            p.key().startsWith("test/mapped/")
                                    ? "test-mapped"
                                    : RecordMapping.defaultTopic(p.key()));
            assertThat(r.key()).isEqualTo(p.key());
            assertSampleHeaders(r, p);
            receivedOrder.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p.id());
        }
        assertThat(byPayload).as("samples that never reached Kafka").isEmpty();
        Map<String, List<String>> sentOrder = new HashMap<>();
        pubs.forEach(p -> sentOrder.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p.id()));
        assertThat(receivedOrder)
                .as("per key, Kafka holds the samples in publication order")
                .isEqualTo(sentOrder);

        List<ConsumerRecord<String, byte[]>> k0 =
                records.stream().filter(r -> r.topic().equals("test.s.k0")).toList();
        ConsumerRecord<String, byte[]> tombstone = k0.get(k0.size() - 1);
        assertThat(tombstone.value()).as("a zenoh delete is a tombstone").isNull();
        assertThat(tombstone.key()).isEqualTo("test/s/k0");
        assertThat(header(tombstone, RecordMapping.KIND)).isEqualTo("DELETE");

        List<ConsumerRecord<String, byte[]>> py =
                records.stream().filter(r -> r.topic().equals("test.py.sensor")).toList();
        assertThat(py)
                .extracting(r -> new String(r.value(), StandardCharsets.UTF_8))
                .containsExactlyElementsOf(
                        java.util.stream.IntStream.range(0, fromPython)
                                .mapToObj(i -> "py " + i)
                                .toList());
        assertThat(py)
                .allSatisfy(
                        r -> {
                            assertThat(r.key()).isEqualTo("test/py/sensor");
                            assertThat(header(r, RecordMapping.ENCODING_ID)).isEqualTo("4");
                            assertThat(header(r, RecordMapping.ENCODING_SCHEMA))
                                    .isEqualTo("charset=utf-8");
                            assertThat(header(r, RecordMapping.ENCODING))
                                    .isEqualTo("text/plain;charset=utf-8");
                            assertThat(header(r, RecordMapping.ATTACHMENT))
                                    .isEqualTo("from-python");
                        });
        assertThat(stats.toKafkaSent.sum()).isEqualTo(total);
        assertThat(stats.toKafkaFailures.sum()).isZero();
    }

    @Test
    @Order(2)
    void kafkaRecordsBecomeZenohSamplesWithTheirEncoding() throws Exception {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session s = connect();
                Subscriber sub =
                        s.declareSubscriber("test/in/**", SubscriberOptions.DEFAULT, got::add)) {
            awaitBridgeSees("test/in/r0");
            int m = 100;
            List<Pub> pubs = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                Pub p = pub("test/in/r" + i % 4, i, ENCODINGS[i % ENCODINGS.length], i % 2 == 1);
                pubs.add(p);
                producer.send(
                        record(
                                "zenoh.out",
                                "rec-" + i,
                                p.payload(),
                                p.key(),
                                p.encoding(),
                                p.attachment()));
                if (i == 40) { // a put needs a plain key: dead letter, and the records after it
                    // still flow
                    producer.send(
                            record(
                                    "zenoh.out",
                                    "bad-key",
                                    bytes("x"),
                                    "test/in/**",
                                    Encoding.TEXT_PLAIN,
                                    null));
                }
                if (i == 60) {
                    RecordHeaders h = new RecordHeaders();
                    h.add(RecordMapping.KEY, bytes("test/in/r0"));
                    h.add(RecordMapping.ENCODING_ID, bytes("not-a-number"));
                    producer.send(
                            new ProducerRecord<>("zenoh.out", null, "bad-encoding", bytes("y"), h));
                }
            }
            RecordHeaders del = new RecordHeaders();
            del.add(RecordMapping.KEY, bytes("test/in/r0"));
            producer.send(new ProducerRecord<>("zenoh.out", null, "gone", null, del));
            // no zenoh.key header: the key comes from toZenoh.keyMap, the encoding from
            // content-type
            RecordHeaders ct = new RecordHeaders();
            ct.add("content-type", bytes("application/json"));
            producer.send(
                    new ProducerRecord<>(
                            "test.commands", null, "c1", bytes("{\"cmd\":\"go\"}"), ct));
            producer.flush();

            List<Sample> samples = take(got, m + 2);
            Sample command =
                    samples.stream()
                            .filter(x -> x.keyExpr().equals("test/in/commands"))
                            .findFirst()
                            .orElseThrow();
            assertThat(command.encoding()).isEqualTo(Encoding.APPLICATION_JSON);
            assertThat(new String(command.payload(), StandardCharsets.UTF_8))
                    .isEqualTo("{\"cmd\":\"go\"}");
            List<Sample> out = samples.stream().filter(x -> x != command).toList();
            for (int i = 0; i < m; i++) {
                Pub p = pubs.get(i);
                Sample x = out.get(i);
                assertThat(x.kind()).isEqualTo(SampleKind.PUT);
                assertThat(x.keyExpr()).isEqualTo(p.key());
                assertThat(x.payload()).isEqualTo(p.payload());
                assertThat(x.encoding()).isEqualTo(p.encoding());
                assertThat(x.attachment()).isEqualTo(p.attachment());
            }
            assertThat(out.get(m).kind())
                    .as("a tombstone is a zenoh delete")
                    .isEqualTo(SampleKind.DELETE);
            assertThat(out.get(m).keyExpr()).isEqualTo("test/in/r0");
        }

        List<ConsumerRecord<String, byte[]>> dead = read(Pattern.compile("zenoh\\.out\\.dlq"), 2);
        assertThat(dead).extracting(ConsumerRecord::key).containsExactly("bad-key", "bad-encoding");
        assertThat(header(dead.get(0), RecordMapping.ERROR))
                .contains("test/in/**")
                .contains("wildcards");
        assertThat(header(dead.get(1), RecordMapping.ERROR))
                .contains("zenoh.encoding.id")
                .contains("not-a-number");
        assertThat(header(dead.get(0), RecordMapping.ERROR_SOURCE)).startsWith("zenoh.out/0@");
        assertThat(header(dead.get(0), RecordMapping.KEY))
                .as("the original headers are kept")
                .isEqualTo("test/in/**");
        assertThat(stats.toZenohDeadLettered.sum()).isEqualTo(2);
        assertThat(stats.toZenohSent.sum()).isEqualTo(102);
        assertThat(stats.toZenohFailures.sum()).isZero();
    }

    @Test
    @Order(3)
    void zenohToKafkaToZenohRestoresTheOriginalSamples() throws Exception {
        int r = 20;
        List<Pub> pubs = new ArrayList<>();
        for (int i = 0; i < r; i++) {
            pubs.add(
                    pub(
                            "test/rt/x" + i % 2,
                            1000 + i,
                            ENCODINGS[i % ENCODINGS.length],
                            i % 3 != 0));
        }
        pubs.forEach(p -> peer.put(p.key(), p.payload(), p.encoding(), p.attachment(), BLOCK));
        Pattern rtTopics = Pattern.compile("test\\.rt\\..*");
        List<ConsumerRecord<String, byte[]>> records = read(rtTopics, r);
        assertThat(records).as("records on %s", rtTopics).hasSize(r);

        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session s = connect();
                Subscriber sub =
                        s.declareSubscriber("test/rt/**", SubscriberOptions.DEFAULT, got::add)) {
            awaitBridgeSees("test/rt/x0");
            for (ConsumerRecord<String, byte[]> rec :
                    records) { // sent back as they are: key, value, headers
                producer.send(
                        new ProducerRecord<>(
                                "zenoh.out", null, rec.key(), rec.value(), rec.headers()));
            }
            producer.flush();
            Map<String, Pub> byPayload = pubs.stream().collect(Collectors.toMap(Pub::id, p -> p));
            for (Sample x : take(got, r)) {
                Pub p = byPayload.remove(Base64.getEncoder().encodeToString(x.payload()));
                assertThat(p).as("sample %s is one of the originals", x).isNotNull();
                assertThat(x.keyExpr()).isEqualTo(p.key());
                assertThat(x.encoding()).isEqualTo(p.encoding());
                assertThat(x.attachment()).isEqualTo(p.attachment());
            }
            assertThat(byPayload).isEmpty();
        }
        // the bridge's own puts (allowedOrigin=remote) did not come back to Kafka
        assertThat(read(rtTopics, r)).hasSize(r);
    }

    /**
     * Records that arrive together (the Kafka → zenoh consumer stopped while they are written, so
     * its first poll holds them all) are put as batch puts: few exchanges to the zenoh endpoint
     * with batch=true, which counts one put per record; a zenoh subscriber gets every record,
     * byte-exact, in order.
     */
    @Test
    @Order(4)
    void recordsOfOnePollArePutAsOneBatch() throws Exception {
        int n = 400;
        java.util.Random random = new java.util.Random(14);
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] p = new byte[i % 7 == 0 ? 0 : 1 + random.nextInt(i % 5 == 0 ? 4000 : 64)];
            random.nextBytes(p);
            payloads.add(p);
        }
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session s = connect();
                Subscriber sub =
                        s.declareSubscriber(
                                "test/in/batch/*", SubscriberOptions.DEFAULT, got::add)) {
            awaitBridgeSees("test/in/batch/0");
            main.getCamelContext().getRouteController().stopRoute("kafka-to-zenoh");
            long sent0 = stats.toZenohSent.sum();
            long batches0 = stats.toZenohBatches.sum();
            long puts0 = batchEndpointSent();
            for (int i = 0; i < n; i++) {
                // two keys, in runs of 100: 4 runs
                String key = "test/in/batch/" + (i / 100 % 2);
                producer.send(
                        record(
                                "zenoh.out",
                                "b" + i,
                                payloads.get(i),
                                key,
                                Encoding.ZENOH_BYTES,
                                null));
            }
            producer.flush();
            main.getCamelContext().getRouteController().startRoute("kafka-to-zenoh");

            List<Sample> samples = take(got, n);
            for (int i = 0; i < n; i++) {
                Sample x = samples.get(i);
                assertThat(x.keyExpr()).isEqualTo("test/in/batch/" + (i / 100 % 2));
                assertThat(x.payload()).as("record %d", i).isEqualTo(payloads.get(i));
                assertThat(x.encoding()).isEqualTo(Encoding.ZENOH_BYTES);
            }
            assertThat(stats.toZenohSent.sum() - sent0).isEqualTo(n);
            long batches = stats.toZenohBatches.sum() - batches0;
            assertThat(batches)
                    .as("batch puts for %d records in runs of 100", n)
                    .isBetween(4L, 20L);
            assertThat(batchEndpointSent() - puts0)
                    .as("puts counted by the batch=true endpoint")
                    .isEqualTo(n);
        }
    }

    /** Puts of the bridge's batch=true zenoh endpoint, as camel-zenoh's dev console counts them. */
    static long batchEndpointSent() {
        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(main.getCamelContext());
        Map<?, ?> json = (Map<?, ?>) console.call(DevConsole.MediaType.JSON);
        return ((List<?>) json.get("endpoints"))
                .stream()
                        .map(e -> (Map<?, ?>) e)
                        .filter(e -> String.valueOf(e.get("uri")).contains("batch=true"))
                        .mapToLong(e -> ((Number) e.get("sent")).longValue())
                        .sum();
    }

    @Test
    @Order(5)
    void yamlRoutesRunBesideTheBridge() throws Exception {
        peer.put(
                "alerts/fire/room1",
                bytes("{\"level\":3}"),
                Encoding.APPLICATION_JSON,
                null,
                BLOCK);
        List<ConsumerRecord<String, byte[]>> alerts = read(Pattern.compile("zenoh\\.alerts"), 1);
        assertThat(alerts.get(0).key()).isEqualTo("alerts/fire/room1");
        assertThat(header(alerts.get(0), RecordMapping.ENCODING_ID)).isEqualTo("5");

        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Session s = connect();
                Subscriber sub =
                        s.declareSubscriber("robot/*/cmd", SubscriberOptions.DEFAULT, got::add)) {
            awaitBridgeSees("robot/r2d2/cmd");
            producer.send(new ProducerRecord<>("robot.commands", "r2d2", bytes("{\"go\":1}")))
                    .get(10, TimeUnit.SECONDS);
            Sample x = take(got, 1).get(0);
            assertThat(x.keyExpr()).isEqualTo("robot/r2d2/cmd");
            assertThat(x.encoding()).isEqualTo(Encoding.APPLICATION_JSON);
        }
    }

    /**
     * Kafka goes away while samples arrive: failures are counted, nothing is lost, order is kept.
     * (Only the sample being written when the broker returns can be stored twice.)
     */
    @Test
    @Order(6)
    void samplesWaitForKafkaWhileItIsDown() throws Exception {
        peer.put(
                "test/outage/k",
                bytes("before"),
                Encoding.TEXT_PLAIN,
                null,
                BLOCK); // the topic exists
        assertThat(read(Pattern.compile("test\\.outage\\.k"), 1)).hasSize(1);
        long sent = stats.toKafkaSent.sum();
        long failures = stats.toKafkaFailures.sum();

        broker.stopProcess();
        int m = 30;
        for (int i = 0; i < m; i++) {
            peer.put("test/outage/k", bytes("during " + i), Encoding.TEXT_PLAIN, null, BLOCK);
        }
        Loopback.await(
                Duration.ofSeconds(30),
                () -> stats.toKafkaFailures.sum() > failures,
                "the bridge to report a failed write");
        assertThat(stats.toKafkaSent.sum())
                .as("nothing counts as sent while Kafka is down")
                .isEqualTo(sent);
        broker.startProcess();

        List<ConsumerRecord<String, byte[]>> records =
                read(Pattern.compile("test\\.outage\\.k"), m + 1);
        List<String> expected = new ArrayList<>(List.of("before"));
        for (int i = 0; i < m; i++) {
            expected.add("during " + i);
        }
        // at least once: a write that timed out just as the broker came back may have been stored
        // before the retry stored it again, right after it; nothing is missing, nothing out of
        // order
        List<String> values =
                records.stream().map(x -> new String(x.value(), StandardCharsets.UTF_8)).toList();
        List<String> once = new ArrayList<>();
        values.forEach(
                v -> {
                    if (once.isEmpty() || !once.get(once.size() - 1).equals(v)) {
                        once.add(v);
                    }
                });
        assertThat(once).containsExactlyElementsOf(expected);
        assertThat(values.size() - once.size()).as("adjacent duplicates").isLessThanOrEqualTo(1);
        assertThat(stats.toKafkaSent.sum()).isEqualTo(sent + m);
        assertThat(stats.toKafkaDeadLettered.sum()).isZero();
        // camel-zenoh's own counters for the subscription: everything received was routed, nothing
        // dropped by its 20-sample hand-off queue although samples outran Kafka all along
        Map<?, ?> counters = zenohEndpoint("test/**");
        assertThat(counters.get("received")).isEqualTo(stats.toKafkaSent.sum());
        assertThat(counters.get("dropped")).isEqualTo(0L);
        assertThat(counters.get("failed")).isEqualTo(0L);
    }

    // ---------------------------------------------------------------------------------------------

    /** An endpoint's counters, as camel-zenoh's dev console reports them. */
    static Map<?, ?> zenohEndpoint(String keyExpr) {
        ZenohDevConsole console = new ZenohDevConsole();
        console.setCamelContext(main.getCamelContext());
        Map<?, ?> json = (Map<?, ?>) console.call(DevConsole.MediaType.JSON);
        return ((List<?>) json.get("endpoints"))
                .stream()
                        .map(e -> (Map<?, ?>) e)
                        .filter(e -> keyExpr.equals(e.get("keyExpr")))
                        .findFirst()
                        .orElseThrow();
    }

    static Pub pub(String key, int i, Encoding encoding, boolean attachment) {
        byte[] payload =
                encoding.equals(Encoding.ZENOH_BYTES)
                        ? ByteBuffer.allocate(6).putInt(i).put((byte) 0).put((byte) 0xFF).array()
                        : bytes(
                                encoding.equals(Encoding.APPLICATION_JSON)
                                        ? "{\"i\":" + i + "}"
                                        : "sample " + i);
        return new Pub(key, payload, encoding, attachment ? bytes("att-" + i) : null);
    }

    static ProducerRecord<String, byte[]> record(
            String topic,
            String key,
            byte[] value,
            String zenohKey,
            Encoding e,
            byte[] attachment) {
        RecordHeaders h = new RecordHeaders();
        h.add(RecordMapping.KEY, bytes(zenohKey));
        h.add(RecordMapping.ENCODING_ID, bytes(Integer.toString(e.id())));
        if (e.schema() != null) {
            h.add(RecordMapping.ENCODING_SCHEMA, bytes(e.schema()));
        }
        if (attachment != null) {
            h.add(RecordMapping.ATTACHMENT, attachment);
        }
        return new ProducerRecord<>(topic, null, key, value, h);
    }

    static void assertSampleHeaders(ConsumerRecord<String, byte[]> r, Pub p) {
        assertThat(header(r, RecordMapping.KEY)).isEqualTo(p.key());
        assertThat(header(r, RecordMapping.KIND)).isEqualTo("PUT");
        assertThat(header(r, RecordMapping.ENCODING_ID))
                .isEqualTo(Integer.toString(p.encoding().id()));
        assertThat(header(r, RecordMapping.ENCODING_SCHEMA)).isEqualTo(p.encoding().schema());
        assertThat(header(r, RecordMapping.ENCODING)).isEqualTo(p.encoding().toString());
        Header a = r.headers().lastHeader(RecordMapping.ATTACHMENT);
        assertThat(a == null ? null : a.value()).isEqualTo(p.attachment());
    }

    static String header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Everything on the topics matching {@code topics}, from the beginning, once at least {@code
     * expected} records are there and a further second brought no more (so duplicates the bridge
     * wrote would show). Each record once: a pattern subscription rebalances when topics appear,
     * and this consumer, committing nothing, then reads its partitions again.
     */
    static List<ConsumerRecord<String, byte[]>> read(Pattern topics, int expected) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
        Map<String, ConsumerRecord<String, byte[]>> all = new java.util.LinkedHashMap<>();
        try (KafkaConsumer<String, byte[]> c =
                new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(topics);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, quietUntil)) {
                int before = all.size();
                c.poll(Duration.ofMillis(200))
                        .forEach(
                                r ->
                                        all.putIfAbsent(
                                                r.topic() + "/" + r.partition() + "@" + r.offset(),
                                                r));
                if (all.size() >= expected
                        && (all.size() > before || quietUntil == Long.MAX_VALUE)) {
                    quietUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
                }
            }
        }
        assertThat(all.size())
                .as("records on %s after 60 s", topics)
                .isGreaterThanOrEqualTo(expected);
        // in offset order per partition, as a consumer that read each once would have them
        return all.values().stream()
                .sorted(
                        java.util.Comparator.comparing(
                                        (ConsumerRecord<String, byte[]> r) -> r.topic())
                                .thenComparingInt(ConsumerRecord::partition)
                                .thenComparingLong(ConsumerRecord::offset))
                .toList();
    }

    static List<Sample> take(BlockingQueue<Sample> q, int n) throws InterruptedException {
        List<Sample> out = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (out.size() < n && System.nanoTime() < deadline) {
            Sample s = q.poll(100, TimeUnit.MILLISECONDS);
            if (s != null) {
                out.add(s);
            }
        }
        assertThat(out).as("zenoh samples after 30 s").hasSize(n);
        Sample extra = q.poll(500, TimeUnit.MILLISECONDS);
        assertThat(extra).as("no more samples than sent").isNull();
        return out;
    }
}
