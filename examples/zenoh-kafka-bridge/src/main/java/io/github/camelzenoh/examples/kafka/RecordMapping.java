/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import io.github.camelzenoh.component.zenoh.ZenohConstants;
import io.github.camelzenoh.component.zenoh.ZenohSample;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.component.kafka.KafkaConstants;
import org.apache.camel.support.DefaultMessage;

/**
 * How a zenoh sample becomes a Kafka record and back.
 *
 * <p>zenoh → Kafka: the record key is the zenoh key; the topic is the first rule of {@code
 * toKafka.topicMap} whose key expression includes the key, else the key with {@code /} → {@code .}
 * and every character Kafka does not allow in a topic name → {@code _}; the value is the payload
 * (null for a DELETE: a tombstone); the sample's metadata travels in record headers ({@link #KEY},
 * {@link #ENCODING_ID}, {@link #ENCODING_SCHEMA}, {@link #ENCODING}, {@link #ATTACHMENT}, {@link
 * #KIND}, {@link #TIMESTAMP}).
 *
 * <p>Kafka → zenoh: the key is header {@link #KEY}, else the topic's entry in {@code
 * toZenoh.keyMap}, else the topic with {@code .} → {@code /}; the encoding is {@link #ENCODING_ID}
 * (+ {@link #ENCODING_SCHEMA}), else {@link #ENCODING} text, else {@code content-type}, else
 * zenoh/bytes; {@link #ATTACHMENT} becomes the attachment; a null value or {@link #KIND} {@code
 * DELETE} is a zenoh delete. So a record the bridge wrote, sent back, is the original sample again.
 * A record that cannot become a put fails with {@link BadRecordException}.
 */
public final class RecordMapping {

    /** Record header: the zenoh key (UTF-8). */
    public static final String KEY = "zenoh.key";

    /** Record header: the zenoh encoding id, decimal text ("5"). */
    public static final String ENCODING_ID = "zenoh.encoding.id";

    /**
     * Record header: the encoding's schema, the bytes zenoh carried (UTF-8 text as a rule), absent
     * when it has none.
     */
    public static final String ENCODING_SCHEMA = "zenoh.encoding.schema";

    /**
     * Record header: the encoding's text form ("text/plain;charset=utf-8"), for readers of the
     * topic.
     */
    public static final String ENCODING = "zenoh.encoding";

    /** Record header: the sample's attachment bytes, absent when it has none. */
    public static final String ATTACHMENT = "zenoh.attachment";

    /** Record header: PUT or DELETE. */
    public static final String KIND = "zenoh.kind";

    /** Record header: the sample's zenoh timestamp, when it has one. */
    public static final String TIMESTAMP = "zenoh.timestamp";

    /** Dead-letter record header: why the record could not be put on zenoh. */
    public static final String ERROR = "zenoh.error";

    /** Dead-letter record header: topic/partition@offset of the record. */
    public static final String ERROR_SOURCE = "zenoh.error.source";

    /** Exchange property: samples in the batch being written to Kafka. */
    static final String BATCH_SIZE = "zenohBridgeBatchSize";

    private static final Pattern ILLEGAL_TOPIC_CHARS = Pattern.compile("[^a-zA-Z0-9._-]");
    private static final int MAX_TOPIC_LENGTH = 249;
    private static final int CACHE_LIMIT = 10_000;

    private final List<TopicRule> topicRules;
    private final Map<String, String> keyMap;
    private final Map<String, String> topicCache = new ConcurrentHashMap<>();

    record TopicRule(String keyExpr, String topic) {}

    RecordMapping(List<TopicRule> topicRules, Map<String, String> keyMap) {
        this.topicRules = List.copyOf(topicRules);
        this.keyMap = Map.copyOf(keyMap);
    }

    /**
     * @param topicMap comma-separated {@code keyExpr=topic} rules, first match wins, e.g. {@code
     *     sensors/**=sensors,demo/cmd/*=commands}
     * @param keyMap comma-separated {@code topic=key} entries, e.g. {@code commands=robot/cmd}
     */
    public static RecordMapping of(String topicMap, String keyMap) {
        List<TopicRule> rules = new ArrayList<>();
        for (String rule : entries(topicMap)) {
            int eq = rule.lastIndexOf('='); // key expressions may contain '=', topic names cannot
            if (eq <= 0 || eq == rule.length() - 1) {
                throw new IllegalArgumentException(
                        "toKafka.topicMap: '" + rule + "' is not keyExpr=topic");
            }
            String keyExpr = rule.substring(0, eq).trim();
            String topic = rule.substring(eq + 1).trim();
            try {
                KeyExpr.validate(keyExpr);
            } catch (KeyExprException e) {
                throw new IllegalArgumentException("toKafka.topicMap: " + e.getMessage(), e);
            }
            checkTopic(topic, "toKafka.topicMap");
            rules.add(new TopicRule(keyExpr, topic));
        }
        Map<String, String> keys = new LinkedHashMap<>();
        for (String entry : entries(keyMap)) {
            int eq = entry.indexOf('=');
            if (eq <= 0 || eq == entry.length() - 1) {
                throw new IllegalArgumentException(
                        "toZenoh.keyMap: '" + entry + "' is not topic=key");
            }
            String key = entry.substring(eq + 1).trim();
            checkPutKey(key, "toZenoh.keyMap");
            keys.put(entry.substring(0, eq).trim(), key);
        }
        return new RecordMapping(rules, keys);
    }

    /** The topic of a zenoh key. */
    public String topicFor(String key) {
        String topic = topicCache.get(key);
        if (topic == null) {
            topic = defaultTopic(key);
            for (TopicRule r : topicRules) {
                if (KeyExpr.includes(r.keyExpr(), key)) {
                    topic = r.topic();
                    break;
                }
            }
            if (topicCache.size() >= CACHE_LIMIT) {
                topicCache.clear();
            }
            topicCache.put(key, topic);
        }
        return topic;
    }

    /**
     * {@code demo/example/a b} → {@code demo.example.a_b}: Kafka allows [a-zA-Z0-9._-], at most 249
     * of them.
     */
    public static String defaultTopic(String key) {
        String topic = ILLEGAL_TOPIC_CHARS.matcher(key.replace('/', '.')).replaceAll("_");
        if (topic.equals(".") || topic.equals("..")) {
            topic = topic.replace('.', '_');
        }
        return topic.length() > MAX_TOPIC_LENGTH ? topic.substring(0, MAX_TOPIC_LENGTH) : topic;
    }

    /** The zenoh key for a record of {@code topic} that has no {@link #KEY} header. */
    public String keyFor(String topic) {
        String key = keyMap.get(topic);
        return key != null ? key : topic.replace('.', '/');
    }

    /** Processor: a zenoh sample exchange becomes the record the Kafka producer sends. */
    public void toKafka(Exchange exchange) {
        Message m = exchange.getMessage();
        String key = m.getHeader(ZenohConstants.KEY_EXPR, String.class);
        Integer id = m.getHeader(ZenohConstants.ENCODING_ID, Integer.class);
        String schema = m.getHeader(ZenohConstants.ENCODING_SCHEMA, String.class);
        byte[] attachment = m.getHeader(ZenohConstants.ATTACHMENT, byte[].class);
        String kind = m.getHeader(ZenohConstants.SAMPLE_KIND, "PUT", String.class);
        String timestamp = m.getHeader(ZenohConstants.TIMESTAMP, String.class);
        byte[] value = "DELETE".equals(kind) ? null : m.getBody(byte[].class);

        m.getHeaders().clear(); // the record carries exactly the headers below
        record(m, key, id, schema, attachment, kind, timestamp, value);
    }

    /**
     * Processor for the batch consumer ({@code toKafka.batchSize}): the body's {@code
     * List<ZenohSample>} becomes a List of messages, one record each, with what {@link #toKafka}
     * gives a single sample; the Kafka producer sends them all and waits for every acknowledgement.
     */
    public void toKafkaBatch(Exchange exchange) {
        Message m = exchange.getMessage();
        List<?> samples = m.getBody(List.class);
        List<Message> records = new ArrayList<>(samples.size());
        for (Object o : samples) {
            ZenohSample s = (ZenohSample) o;
            Message r = new DefaultMessage(exchange);
            record(
                    r,
                    s.key(),
                    s.encodingId(),
                    s.encodingSchema(),
                    s.attachment(),
                    s.kind(),
                    s.timestamp(),
                    "DELETE".equals(s.kind()) ? null : s.payload());
            records.add(r);
        }
        m.getHeaders().clear();
        m.setBody(records);
        exchange.setProperty(BATCH_SIZE, records.size());
    }

    private void record(
            Message m,
            String key,
            Integer id,
            String schema,
            byte[] attachment,
            String kind,
            String timestamp,
            byte[] value) {
        m.setBody(value);
        m.setHeader(KafkaConstants.KEY, key);
        m.setHeader(KafkaConstants.OVERRIDE_TOPIC, topicFor(key));
        m.setHeader(KEY, key);
        m.setHeader(KIND, kind);
        Encoding encoding = new Encoding(id == null ? 0 : id, schema);
        m.setHeader(ENCODING_ID, Integer.toString(encoding.id()));
        // as bytes: a schema zenoh carried that is not UTF-8 (escaped bytes, see schemaBytes)
        // arrives as it was, where a String header would be written lossily
        if (schema != null) {
            m.setHeader(ENCODING_SCHEMA, schemaBytes(schema));
        }
        String text = encoding.toString();
        if (!text.isEmpty()) {
            m.setHeader(ENCODING, schemaBytes(text));
        }
        if (attachment != null) {
            m.setHeader(ATTACHMENT, attachment);
        }
        if (timestamp != null) {
            m.setHeader(TIMESTAMP, timestamp);
        }
    }

    /**
     * Processor: a consumed record becomes a zenoh put (or delete); {@link BadRecordException} when
     * it cannot.
     */
    public void toZenoh(Exchange exchange) {
        Message m = exchange.getMessage();
        String topic = m.getHeader(KafkaConstants.TOPIC, String.class);
        String key = text(m.getHeader(KEY));
        if (key == null) {
            key = keyFor(topic);
        }
        checkPutKey(key, "record of " + topic);
        Encoding encoding = encoding(m);
        byte[] attachment = bytes(m.getHeader(ATTACHMENT));
        boolean delete = m.getBody() == null || "DELETE".equalsIgnoreCase(text(m.getHeader(KIND)));
        Object body = m.getBody();

        m.getHeaders()
                .clear(); // nothing of the record but what is set below reaches the zenoh producer
        m.setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, key);
        if (attachment != null) {
            m.setHeader(ZenohConstants.ATTACHMENT, attachment);
        }
        if (delete) {
            m.setHeader(ZenohConstants.OPERATION, "delete");
            m.setBody(null);
            return;
        }
        m.setBody(body);
        if (encoding != null) {
            m.setHeader(ZenohConstants.ENCODING_ID, encoding.id());
            if (encoding.schema() != null) {
                m.setHeader(ZenohConstants.ENCODING_SCHEMA, encoding.schema());
            }
        }
    }

    /**
     * A consumed record as the zenoh sample to put (or delete), its key in {@link
     * ZenohSample#key()}; the message is left as it was. {@link BadRecordException} when it cannot
     * become a put. The same mapping as {@link #toZenoh}: without an encoding header the sample
     * gets the one a single put of the body would get, zenoh/bytes (zenoh/string for a String
     * value).
     */
    public ZenohSample toSample(Exchange exchange) throws Exception {
        Message m = exchange.getMessage();
        String topic = m.getHeader(KafkaConstants.TOPIC, String.class);
        String key = text(m.getHeader(KEY));
        if (key == null) {
            key = keyFor(topic);
        }
        checkPutKey(key, "record of " + topic);
        Encoding encoding = encoding(m);
        byte[] attachment = bytes(m.getHeader(ATTACHMENT));
        Object body = m.getBody();
        if (body == null || "DELETE".equalsIgnoreCase(text(m.getHeader(KIND)))) {
            return new ZenohSample(
                    key, null, 0, null, "DELETE", null, attachment, null, null, false);
        }
        if (encoding == null) {
            encoding = body instanceof String ? Encoding.ZENOH_STRING : Encoding.ZENOH_BYTES;
        }
        byte[] payload =
                body instanceof byte[] b
                        ? b
                        : exchange.getContext()
                                .getTypeConverter()
                                .mandatoryConvertTo(byte[].class, exchange, body);
        return new ZenohSample(
                key,
                payload,
                encoding.id(),
                encoding.schema(),
                "PUT",
                null,
                attachment,
                null,
                null,
                false);
    }

    private static Encoding encoding(Message m) {
        String id = text(m.getHeader(ENCODING_ID));
        if (id != null) {
            try {
                return new Encoding(
                        Integer.parseInt(id.trim()), schemaText(m.getHeader(ENCODING_SCHEMA)));
            } catch (IllegalArgumentException e) { // NumberFormatException or out of 0..65535
                throw new BadRecordException(
                        "header " + ENCODING_ID + " '" + id + "' is not an encoding id (0..65535)");
            }
        }
        String text = schemaText(m.getHeader(ENCODING));
        if (text == null) {
            text =
                    m.getHeaders().entrySet().stream()
                            .filter(h -> h.getKey().equalsIgnoreCase("content-type"))
                            .map(h -> text(h.getValue()))
                            .findFirst()
                            .orElse(null);
        }
        return text == null || text.isBlank() ? null : Encoding.parse(text.trim());
    }

    private static void checkPutKey(String key, String where) {
        try {
            KeyExpr.validate(key);
        } catch (KeyExprException e) {
            throw new BadRecordException(where + ": " + e.getMessage());
        }
        if (KeyExpr.hasWildcard(key)) {
            throw new BadRecordException(
                    where + ": key '" + key + "' has wildcards; a put needs a plain key");
        }
    }

    private static void checkTopic(String topic, String where) {
        if (ILLEGAL_TOPIC_CHARS.matcher(topic).find()
                || topic.length() > MAX_TOPIC_LENGTH
                || topic.equals(".")
                || topic.equals("..")) {
            throw new IllegalArgumentException(
                    where
                            + ": '"
                            + topic
                            + "' is not a Kafka topic name"
                            + " (at most 249 of [a-zA-Z0-9._-])");
        }
    }

    private static List<String> entries(String csv) {
        List<String> out = new ArrayList<>();
        if (csv != null) {
            for (String s : csv.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }

    /** Record header values arrive as byte[] (camel-kafka's default header deserializer). */
    private static String text(Object v) {
        if (v == null) {
            return null;
        }
        return v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString();
    }

    /**
     * The bytes zenoh carries for a schema (or an encoding's text): the binding's String for it
     * stands for each byte that is not UTF-8 with a lone surrogate ({@link Encoding#schemaBytes}).
     */
    static byte[] schemaBytes(String s) {
        return Encoding.schemaBytes(s);
    }

    /** A schema header's value as the binding represents it ({@link Encoding#schemaText}). */
    static String schemaText(Object v) {
        return v instanceof byte[] bytes ? Encoding.schemaText(bytes) : text(v);
    }

    private static byte[] bytes(Object v) {
        if (v == null) {
            return null;
        }
        return v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8);
    }
}
