package it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.examples.kafka.ZenohKafkaBridge;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Session;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
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

/**
 * The installed zenoh-kafka-bridge, end to end: a Python eclipse-zenoh publisher → the bridge →
 * a plain Kafka consumer gets every record with key, payload and encoding headers; and back, Kafka
 * records → the bridge → a Python subscriber gets samples with their original encoding. The bridge
 * starts its own real KRaft broker (child process) on a free loopback port.
 */
class KafkaBridgeEndToEndTest {

    static final int N = 100;
    static Main bridge;
    static String zenohEndpoint;
    static String bootstrap;

    @BeforeAll
    static void start() throws Exception {
        int kafkaPort = Loopback.freePort();
        zenohEndpoint = Loopback.endpoint(Loopback.freePort());
        bootstrap = "127.0.0.1:" + kafkaPort;
        bridge = ZenohKafkaBridge.create("--zenoh.listen=" + zenohEndpoint, "--kafka.embedded.port=" + kafkaPort,
                "--kafka.embedded.lib=" + System.getProperty("kafka.broker.lib"), "--toKafka.keyExprs=it/kafka/**",
                "--toZenoh.topics=it.back");
        bridge.start();
    }

    @AfterAll
    static void stop() {
        if (bridge != null) {
            bridge.stop();
        }
    }

    static String header(ConsumerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    /**
     * Waits until the bridge's zenoh session (bound as zenohSession) sees a subscriber of another session on
     * {@code key}: a declaration reaches it some time after the Python peer's READY, and until it has, the bridge's
     * puts on the key go nowhere.
     */
    static void awaitBridgeSubscriber(String key) {
        Loopback.awaitRemoteSubscriber(
                bridge.getCamelContext().getRegistry().lookupByNameAndType("zenohSession", Session.class), key);
    }

    @Test
    void pythonSamplesBecomeKafkaRecordsNoneLost() throws Exception {
        try (PythonPeer pub = PythonPeer.start("pub", "--connect", zenohEndpoint, "--key", "it/kafka/sensor",
                "--count", String.valueOf(N), "--payload", "{\"n\":{i}}", "--encoding", "application/json;v1",
                "--attachment", "py", "--delay", "2")) {
            List<ConsumerRecord<String, byte[]>> records = consume("it.kafka.sensor", N, Duration.ofSeconds(60));
            assertEquals(N, records.size());
            for (int i = 0; i < N; i++) {
                ConsumerRecord<String, byte[]> r = records.get(i);
                assertEquals("it/kafka/sensor", r.key());
                assertEquals("{\"n\":" + i + "}", new String(r.value(), StandardCharsets.UTF_8));
                assertEquals("5", header(r, "zenoh.encoding.id"));
                assertEquals("v1", header(r, "zenoh.encoding.schema"));
                assertEquals("py", header(r, "zenoh.attachment"));
            }
        }
    }

    @Test
    void kafkaRecordsBecomeZenohSamplesWithTheirEncoding() throws Exception {
        try (PythonPeer sub = PythonPeer.start("sub", "--connect", zenohEndpoint, "--key", "it/kafka/back/**",
                "--count", "10", "--timeout", "60")) {
            awaitBridgeSubscriber("it/kafka/back/x");
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(),
                    new ByteArraySerializer())) {
                for (int i = 0; i < 10; i++) {
                    ProducerRecord<String, byte[]> r = new ProducerRecord<>("it.back", "k" + i,
                            ("<m>" + i + "</m>").getBytes(StandardCharsets.UTF_8));
                    r.headers().add("zenoh.key", "it/kafka/back/x".getBytes(StandardCharsets.UTF_8));
                    r.headers().add("zenoh.encoding.id", "21".getBytes(StandardCharsets.UTF_8));
                    r.headers().add("zenoh.encoding.schema", "charset=utf-8".getBytes(StandardCharsets.UTF_8));
                    producer.send(r).get();
                }
            }
            for (int i = 0; i < 10; i++) {
                JsonNode s = sub.nextJson(60);
                assertNotNull(s);
                assertEquals("it/kafka/back/x", s.get("key").asText());
                assertEquals("<m>" + i + "</m>", PythonPeer.text(s.get("payload")));
                assertEquals("application/xml;charset=utf-8", s.get("encoding").asText());
            }
        }
    }

    static List<ConsumerRecord<String, byte[]>> consume(String topic, int n, Duration timeout) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            while (out.size() < n && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            // read on until a quiet second: records beyond n (duplicates, strays) must show
            long quietUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            long cap = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (out.size() >= n && System.nanoTime() < Math.min(quietUntil, cap)) {
                int before = out.size();
                c.poll(Duration.ofMillis(200)).forEach(out::add);
                if (out.size() > before) {
                    quietUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
                }
            }
        }
        return out;
    }
}
