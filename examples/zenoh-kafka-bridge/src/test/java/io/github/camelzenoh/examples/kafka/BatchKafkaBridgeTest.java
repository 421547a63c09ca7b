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
import io.github.camelzenoh.zenoh.Session;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.camel.main.Main;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * zenoh → Kafka with {@code toKafka.batchSize}: the bridge (its own embedded KRaft broker) writes
 * the samples a zenoh peer puts as fast as it can in batches, each sample one record, in order per
 * key, with the same record key, value and headers as one sample per write.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BatchKafkaBridgeTest {

    static final Qos BLOCK = Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK);

    @Test
    void samplesAreWrittenInBatchesInOrder() throws Exception {
        int zenohPort = Loopback.freePort();
        Main main =
                ZenohKafkaBridge.create(
                        "--zenoh.listen=" + Loopback.endpoint(zenohPort),
                        "--kafka.embedded.port=" + Loopback.freePort(),
                        "--toKafka.keyExprs=batch/**",
                        "--toKafka.batchSize=50",
                        "--toZenoh.enabled=false",
                        "--bridge.statsInterval=0");
        main.start();
        try (Session peer = Session.open(Loopback.connector(zenohPort))) {
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> !peer.info().peers().isEmpty(),
                    "a zenoh peer to reach the bridge");
            // the bridge's subscriber reaches the peer some time after the two connect: until it
            // has, the peer's puts go nowhere
            Loopback.awaitRemoteSubscriber(peer, "batch/k0");
            BridgeStats stats =
                    main.getCamelContext()
                            .getRegistry()
                            .lookupByNameAndType("bridgeStats", BridgeStats.class);
            String bootstrap =
                    main.getCamelContext()
                            .getRegistry()
                            .lookupByNameAndType("embeddedKafka", EmbeddedKafka.class)
                            .bootstrapServers();
            int n = 1500;
            Map<String, List<Integer>> sent = new HashMap<>();
            for (int i = 0; i < n; i++) {
                String key = "batch/k" + i % 3;
                Encoding enc = i % 2 == 0 ? Encoding.ZENOH_BYTES : Encoding.APPLICATION_JSON;
                byte[] att = i % 5 == 0 ? ("att-" + i).getBytes(StandardCharsets.UTF_8) : null;
                peer.put(key, payload(i), enc, att, BLOCK);
                sent.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            }
            peer.delete("batch/k0", null, BLOCK);

            List<ConsumerRecord<String, byte[]>> records =
                    read(bootstrap, Pattern.compile("batch\\.k[0-2]"), n + 1);
            assertThat(records).hasSize(n + 1);
            Map<String, List<Integer>> received = new HashMap<>();
            for (ConsumerRecord<String, byte[]> r : records) {
                String key = "batch/k" + r.topic().charAt(r.topic().length() - 1);
                assertThat(r.key()).isEqualTo(key);
                assertThat(header(r, RecordMapping.KEY)).isEqualTo(key);
                if (r.value() == null) {
                    assertThat(key).isEqualTo("batch/k0");
                    assertThat(header(r, RecordMapping.KIND)).isEqualTo("DELETE");
                    continue;
                }
                int i = ByteBuffer.wrap(r.value()).getInt();
                assertThat(r.value()).as("record of sample %d", i).isEqualTo(payload(i));
                assertThat(header(r, RecordMapping.KIND)).isEqualTo("PUT");
                assertThat(header(r, RecordMapping.ENCODING_ID)).isEqualTo(i % 2 == 0 ? "0" : "5");
                assertThat(header(r, RecordMapping.ATTACHMENT))
                        .isEqualTo(i % 5 == 0 ? "att-" + i : null);
                received.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            }
            assertThat(received).as("per key, every sample once, in order").isEqualTo(sent);
            List<ConsumerRecord<String, byte[]>> k0 =
                    records.stream().filter(r -> r.topic().equals("batch.k0")).toList();
            assertThat(k0.get(k0.size() - 1).value()).as("the delete comes last").isNull();

            assertThat(stats.toKafkaSent.sum()).isEqualTo(n + 1);
            assertThat(stats.toKafkaFailures.sum()).isZero();
            assertThat(stats.toKafkaBatches.sum())
                    .as("Kafka writes for %d samples put back to back", n + 1)
                    .isPositive()
                    .isLessThan(n / 2);
        } finally {
            main.stop();
        }
    }

    /** Sample i: its number, then i % 300 bytes of every value (so sizes 4 to 303 bytes). */
    static byte[] payload(int i) {
        ByteBuffer b = ByteBuffer.allocate(4 + i % 300).putInt(i);
        while (b.hasRemaining()) {
            b.put((byte) b.position());
        }
        return b.array();
    }

    static String header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    /** Records of the topics, each partition in offset order, once {@code expected} are there. */
    static List<ConsumerRecord<String, byte[]>> read(
            String bootstrap, Pattern topics, int expected) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
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
        return all.values().stream()
                .sorted(
                        java.util.Comparator.comparing(
                                        (ConsumerRecord<String, byte[]> r) -> r.topic())
                                .thenComparingInt(ConsumerRecord::partition)
                                .thenComparingLong(ConsumerRecord::offset))
                .toList();
    }
}
