/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Kafka's side of bench/kafka.sh.
 *
 * <ul>
 *   <li>{@code produce}: Kafka's own producer ceiling, the loop of kafka-producer-perf-test
 *       (asynchronous sends of one payload as fast as the client takes them, acknowledgements
 *       counted in the callback) with the producer settings of the bridge's Kafka endpoint. {@code
 *       --shape bridge} adds the record key and headers the bridge writes for a zenoh sample (the
 *       same bytes on the wire), {@code --shape plain} sends the value alone, as
 *       kafka-producer-perf-test does.
 *   <li>{@code count}: records/s arriving in a topic (the sum of its partitions' end offsets over a
 *       window), with the CPU time per record of the given processes.
 * </ul>
 *
 * Prints {@code RATE <records/s>} and {@code CPU_NS_PER_REC <name> <ns>} lines, then {@code DONE}.
 */
public final class KafkaPerf {

    private KafkaPerf() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            throw Out.fail("usage: KafkaPerf produce|count --bootstrap B --topic T ...");
        }
        Opts o = Opts.parse(args, 1);
        switch (args[0]) {
            case "produce" -> produce(o);
            case "count" -> count(o);
            default -> throw Out.fail("unknown command " + args[0]);
        }
        Out.say("DONE");
        System.exit(0);
    }

    /** The bridge's Kafka endpoint settings (application.properties + camel-kafka defaults). */
    static Properties producerSettings(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");
        p.put(ProducerConfig.RETRIES_CONFIG, Integer.toString(Integer.MAX_VALUE));
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
        // camel-kafka's defaults for the rest
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, "16384");
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        p.put(ProducerConfig.BUFFER_MEMORY_CONFIG, "33554432");
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, "1048576");
        return p;
    }

    private static void produce(Opts o) throws Exception {
        String topic = o.str("topic", "perf");
        int size = (int) o.num("size", 8);
        long warmupMs = o.num("warmup-ms", 3000);
        long windowMs = o.num("window-ms", 10000);
        boolean bridgeShape = o.str("shape", "bridge").equals("bridge");
        String key = o.str("key", "bench/kafka/" + size);
        byte[] value = new byte[size];
        for (int i = 0; i < size; i++) {
            value[i] = (byte) ('a' + i % 26);
        }
        RecordHeaders headers = new RecordHeaders();
        if (bridgeShape) {
            // what RecordMapping.toKafka writes for a PUT sample of encoding zenoh/bytes
            headers.add("zenoh.key", bytes(key));
            headers.add("zenoh.kind", bytes("PUT"));
            headers.add("zenoh.encoding.id", bytes("0"));
            headers.add("zenoh.encoding", bytes("zenoh/bytes"));
        }
        AtomicLong acked = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(
                        producerSettings(o.str("bootstrap", "127.0.0.1:9092")),
                        new StringSerializer(),
                        new ByteArraySerializer())) {
            producer.partitionsFor(topic); // the topic exists (auto-created) before the clock runs
            long start = System.nanoTime();
            long warmEnd = start + warmupMs * 1_000_000;
            long end = warmEnd + windowMs * 1_000_000;
            long acked0 = -1;
            long cpu0 = 0;
            long broker0 = 0;
            long brokerPid = o.num("broker-pid", 0);
            long now;
            while ((now = System.nanoTime()) < end) {
                if (acked0 < 0 && now >= warmEnd) {
                    acked0 = acked.get();
                    cpu0 = Out.cpuNanos();
                    broker0 = procCpuNanos(brokerPid);
                }
                producer.send(
                        new ProducerRecord<>(topic, null, bridgeShape ? key : null, value, headers),
                        (md, e) -> {
                            if (e == null) {
                                acked.incrementAndGet();
                            } else {
                                failed.incrementAndGet();
                            }
                        });
            }
            long n = acked.get() - acked0;
            long cpu = Out.cpuNanos() - cpu0;
            long broker = procCpuNanos(brokerPid) - broker0;
            double secs = (System.nanoTime() - warmEnd) / 1e9;
            Out.say("RATE " + Math.round(n / secs));
            Out.say("CPU_NS_PER_REC producer " + Math.round(cpu / (double) n));
            if (brokerPid > 0) {
                Out.say("CPU_NS_PER_REC broker " + Math.round(broker / (double) n));
            }
            producer.flush();
        }
        if (failed.get() > 0) {
            throw Out.fail(failed.get() + " sends failed");
        }
    }

    private static void count(Opts o) throws Exception {
        String topic = o.str("topic", "perf");
        long warmupMs = o.num("warmup-ms", 3000);
        long windowMs = o.num("window-ms", 10000);
        List<String> names = new ArrayList<>();
        List<Long> pids = new ArrayList<>();
        for (String np : o.str("pids", "").split(",")) {
            if (!np.isBlank()) {
                String[] kv = np.split("=");
                names.add(kv[0]);
                pids.add(Long.parseLong(kv[1]));
            }
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, o.str("bootstrap", "127.0.0.1:9092"));
        try (KafkaConsumer<byte[], byte[]> c =
                new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            List<TopicPartition> parts = new ArrayList<>();
            while (parts.isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw Out.fail("topic " + topic + " did not appear within 60 s");
                }
                List<PartitionInfo> info = c.listTopics(Duration.ofSeconds(5)).get(topic);
                if (info != null) {
                    info.forEach(i -> parts.add(new TopicPartition(topic, i.partition())));
                } else {
                    Thread.sleep(200);
                }
            }
            Thread.sleep(warmupMs);
            long e0 = end(c, parts);
            long t0 = System.nanoTime();
            long[] cpu0 = pids.stream().mapToLong(KafkaPerf::procCpuNanos).toArray();
            Thread.sleep(windowMs);
            long e1 = end(c, parts);
            long t1 = System.nanoTime();
            long n = e1 - e0;
            Out.say("RATE " + Math.round(n / ((t1 - t0) / 1e9)));
            for (int i = 0; i < pids.size(); i++) {
                long cpu = procCpuNanos(pids.get(i)) - cpu0[i];
                Out.say(
                        "CPU_NS_PER_REC "
                                + names.get(i)
                                + " "
                                + (n == 0 ? -1 : Math.round(cpu / (double) n)));
            }
        }
    }

    private static long end(KafkaConsumer<?, ?> c, List<TopicPartition> parts) {
        Map<TopicPartition, Long> ends = c.endOffsets(parts, Duration.ofSeconds(10));
        return ends.values().stream().mapToLong(Long::longValue).sum();
    }

    /** CPU time (user + system) of a process from /proc, in ns; 0 when unknown. */
    static long procCpuNanos(long pid) {
        if (pid <= 0) {
            return 0;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // fields 14 and 15 of stat (utime, stime), counted after the command name
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
            return ticks * 10_000_000L; // USER_HZ = 100
        } catch (Exception e) {
            return 0;
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
