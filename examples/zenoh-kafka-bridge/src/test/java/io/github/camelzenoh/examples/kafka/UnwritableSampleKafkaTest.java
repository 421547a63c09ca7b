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
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.main.Main;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Samples Kafka can never take, and metadata Kafka must carry byte for byte: one bridge (its own
 * embedded KRaft broker, default retry settings: {@code toKafka.maximumRedeliveries=-1}, a dead
 * letter endpoint the test reads), a zenoh peer on loopback, plain kafka-clients on the Kafka side.
 * Each case has its own key expression, so its own route: one that stalls stalls alone.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UnwritableSampleKafkaTest {

    static final Qos BLOCK = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);

    /** A dead-lettered sample as the bridge's dead-letter endpoint received it. */
    record Dead(String key, byte[] value, String reason) {}

    static final BlockingQueue<Dead> dead = new LinkedBlockingQueue<>();
    static Main main;
    static int zenohPort;
    static Session peer;
    static BridgeStats stats;
    static String bootstrap;

    @BeforeAll
    static void start() {
        zenohPort = Loopback.freePort();
        main =
                ZenohKafkaBridge.create(
                        "--zenoh.listen=" + Loopback.endpoint(zenohPort),
                        "--kafka.embedded.port=" + Loopback.freePort(),
                        "--toKafka.keyExprs=coll/**,size/**,schema/**",
                        "--toKafka.deadLetterUri=direct:test-dead",
                        "--toZenoh.topics=back",
                        // a topic Kafka does not create is seen after maxBlockMs (long enough that
                        // a
                        // second wait for it stands clear of a slow pass on a loaded machine)
                        "--camel.component.kafka.maxBlockMs=5000",
                        "--toKafka.redeliveryDelay=200",
                        "--toKafka.maximumRedeliveryDelay=1000",
                        "--bridge.statsInterval=0");
        main.configure()
                .addRoutesBuilder(
                        new RouteBuilder() {
                            @Override
                            public void configure() {
                                from("direct:test-dead")
                                        .process(
                                                e ->
                                                        dead.add(
                                                                new Dead(
                                                                        e.getMessage()
                                                                                .getHeader(
                                                                                        RecordMapping
                                                                                                .KEY,
                                                                                        String
                                                                                                .class),
                                                                        e.getMessage()
                                                                                .getBody(
                                                                                        byte[]
                                                                                                .class),
                                                                        String.valueOf(
                                                                                e.getProperty(
                                                                                        Exchange
                                                                                                .EXCEPTION_CAUGHT)))));
                            }
                        });
        main.start();
        stats =
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType("bridgeStats", BridgeStats.class);
        bootstrap =
                main.getCamelContext()
                        .getRegistry()
                        .lookupByNameAndType("embeddedKafka", EmbeddedKafka.class)
                        .bootstrapServers();
        peer = Session.open(Loopback.connector(zenohPort));
        for (String key : List.of("coll/x", "size/x", "schema/x")) {
            Loopback.awaitRemoteSubscriber(peer, key);
        }
    }

    @AfterAll
    static void stop() {
        if (peer != null) {
            peer.close();
        }
        if (main != null) {
            main.stop();
        }
    }

    /**
     * {@code coll/a/b} and {@code coll/a_b} map to topics {@code coll.a.b} and {@code coll.a_b},
     * which Kafka refuses to hold together ('.' and '_' collide in its metric names): the second is
     * never created, and the producer only sees its metadata never come. The sample is
     * dead-lettered with the reason, the next sample written; a later sample for that topic goes
     * the same way at once.
     */
    @Test
    void aSampleForATopicKafkaCannotCreateIsDeadLetteredAndTheStreamGoesOn() throws Exception {
        try (KafkaConsumer<String, byte[]> c = consumer("coll.a.b", "coll.ok")) {
            put("coll/a/b", "first");
            assertThat(poll(c, 1, Duration.ofSeconds(20))).hasSize(1);
            long dead0 = stats.toKafkaDeadLettered.sum();
            long t0 = System.nanoTime();
            put("coll/a_b", "collides");
            put("coll/ok", "after");
            List<ConsumerRecord<String, byte[]>> after = poll(c, 1, Duration.ofSeconds(20));
            assertThat(after)
                    .as("the sample after the one Kafka refuses is written")
                    .extracting(ConsumerRecord::key)
                    .containsExactly("coll/ok");
            System.out.printf(
                    "coll/ok written %d ms after coll/a_b%n", (System.nanoTime() - t0) / 1_000_000);
            Dead d = dead.poll(5, TimeUnit.SECONDS);
            assertThat(d).as("the refused sample at the dead-letter endpoint").isNotNull();
            assertThat(d.key()).isEqualTo("coll/a_b");
            assertThat(new String(d.value(), StandardCharsets.UTF_8)).isEqualTo("collides");
            assertThat(d.reason()).contains("coll.a_b").contains("collides with existing topic");
            assertThat(stats.toKafkaDeadLettered.sum() - dead0).isEqualTo(1);

            // known now: the next sample for that topic does not wait maxBlockMs again
            long t1 = System.nanoTime();
            put("coll/a_b", "again");
            put("coll/ok", "after again");
            assertThat(poll(c, 1, Duration.ofSeconds(20)))
                    .extracting(ConsumerRecord::key)
                    .containsExactly("coll/ok");
            assertThat(Duration.ofNanos(System.nanoTime() - t1))
                    .as("not another maxBlockMs (5 s)")
                    .isLessThan(Duration.ofMillis(3500));
            Dead again = dead.poll(5, TimeUnit.SECONDS);
            assertThat(again).isNotNull();
            assertThat(again.key()).isEqualTo("coll/a_b");
            assertThat(stats.toKafkaDeadLettered.sum() - dead0).isEqualTo(2);
        }
    }

    /**
     * A sample larger than the producer's max.request.size (1 MiB by default): Kafka's
     * RecordTooLargeException is not retriable, so the sample is dead-lettered at once, the next
     * one written.
     */
    @Test
    void aSampleOverKafkasSizeLimitIsDeadLetteredAtOnce() throws Exception {
        try (KafkaConsumer<String, byte[]> c = consumer("size.small")) {
            long dead0 = stats.toKafkaDeadLettered.sum();
            long failed0 = stats.toKafkaFailures.sum();
            long t0 = System.nanoTime();
            peer.put("size/big", new byte[2 << 20], Encoding.ZENOH_BYTES, null, BLOCK);
            put("size/small", "after");
            List<ConsumerRecord<String, byte[]>> after = poll(c, 1, Duration.ofSeconds(20));
            assertThat(after).extracting(ConsumerRecord::key).containsExactly("size/small");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("size/small written %d ms after size/big%n", ms);
            Dead d = dead.poll(5, TimeUnit.SECONDS);
            assertThat(d).isNotNull();
            assertThat(d.key()).isEqualTo("size/big");
            assertThat(d.value()).hasSize(2 << 20);
            assertThat(d.reason()).contains("RecordTooLargeException");
            assertThat(stats.toKafkaDeadLettered.sum() - dead0).isEqualTo(1);
            assertThat(stats.toKafkaFailures.sum() - failed0)
                    .as("one failed attempt: not retried")
                    .isEqualTo(1);
            assertThat(ms).as("not retried with back-off").isLessThan(3000);
        }
    }

    /**
     * zenoh carries a schema as arbitrary bytes; the Java binding surfaces bytes that are not UTF-8
     * as lone surrogates U+DC80..U+DCFF. The record's headers hold the original bytes, and the
     * record sent back to zenoh becomes a sample with the very same encoding.
     */
    @Test
    void aSchemaThatIsNotUtf8ComesBackExactly() throws Exception {
        Encoding odd = new Encoding(4, "charset=\uDCFF\uDCFE");
        byte[] schemaBytes = {'c', 'h', 'a', 'r', 's', 'e', 't', '=', (byte) 0xFF, (byte) 0xFE};
        ConsumerRecord<String, byte[]> r;
        try (KafkaConsumer<String, byte[]> c = consumer("schema.x")) {
            peer.put("schema/x", "s".getBytes(StandardCharsets.UTF_8), odd, null, BLOCK);
            List<ConsumerRecord<String, byte[]>> records = poll(c, 1, Duration.ofSeconds(20));
            assertThat(records).hasSize(1);
            r = records.get(0);
        }
        assertThat(header(r, RecordMapping.ENCODING_SCHEMA))
                .as("the schema's bytes, as zenoh carried them")
                .isEqualTo(schemaBytes);
        byte[] text = new byte[11 + schemaBytes.length];
        System.arraycopy("text/plain;".getBytes(StandardCharsets.US_ASCII), 0, text, 0, 11);
        System.arraycopy(schemaBytes, 0, text, 11, schemaBytes.length);
        assertThat(header(r, RecordMapping.ENCODING)).isEqualTo(text);

        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Session s = Session.open(Loopback.connector(zenohPort));
                Subscriber sub =
                        s.declareSubscriber("schema/**", SubscriberOptions.DEFAULT, got::add);
                KafkaProducer<String, byte[]> producer =
                        new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            Loopback.awaitRemoteSubscriber(
                    main.getCamelContext()
                            .getRegistry()
                            .lookupByNameAndType("zenohSession", Session.class),
                    "schema/x");
            producer.send(new ProducerRecord<>("back", null, r.key(), r.value(), r.headers()));
            producer.flush();
            Sample x = got.poll(20, TimeUnit.SECONDS);
            assertThat(x).as("the record back on zenoh").isNotNull();
            assertThat(x.keyExpr()).isEqualTo("schema/x");
            assertThat(x.encoding()).isEqualTo(odd);
        }
    }

    static void put(String key, String payload) {
        peer.put(key, payload.getBytes(StandardCharsets.UTF_8), Encoding.ZENOH_BYTES, null, BLOCK);
    }

    static byte[] header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : h.value();
    }

    static KafkaConsumer<String, byte[]> consumer(String... topics) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
        KafkaConsumer<String, byte[]> c =
                new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer());
        c.subscribe(List.of(topics));
        return c;
    }

    /** The next {@code n} records (fewer if they do not come within {@code wait}). */
    static List<ConsumerRecord<String, byte[]>> poll(
            KafkaConsumer<String, byte[]> c, int n, Duration wait) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        long deadline = System.nanoTime() + wait.toNanos();
        while (out.size() < n && System.nanoTime() < deadline) {
            c.poll(Duration.ofMillis(100)).forEach(out::add);
        }
        return out;
    }
}
