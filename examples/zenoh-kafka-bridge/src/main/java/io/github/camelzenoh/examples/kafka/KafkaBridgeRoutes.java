/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import java.util.Arrays;
import java.util.List;
import org.apache.camel.BeanInject;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.PropertyInject;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.kafka.KafkaConstants;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge's routes.
 *
 * <ul>
 *   <li>zenoh → Kafka, one route per key expression of {@code toKafka.keyExprs}: each sample is
 *       written with the Kafka component's settings (acks=all, idempotent) and the route waits for
 *       the broker's acknowledgement before taking the next sample, so order is kept and a sample
 *       counts as sent only once Kafka has it. A failed write is logged, counted and retried with
 *       back-off ({@code toKafka.maximumRedeliveries}, -1 = until it succeeds); meanwhile samples
 *       wait in the zenoh consumer's bounded hand-off queue, and when that is full ({@code
 *       overflowPolicy=block}) zenoh's delivery waits too: back-pressure, not loss. With {@code
 *       toKafka.group} set, instances of the bridge split the keys of each subscription
 *       (camel-zenoh consumer groups): each sample written by one live instance.
 *   <li>Kafka → zenoh: records of {@code toZenoh.topics} are put on zenoh; offsets are committed
 *       only after the put (at-least-once); a failed put is retried, then the consumer seeks back
 *       to the record and tries again (breakOnFirstError); a record that can never be put goes to
 *       the dead-letter topic with header {@code zenoh.error}. With {@code toZenoh.batchSize} > 0
 *       (the default) the records of a poll arrive together and each run of records with the same
 *       zenoh key is one batch put ({@link BatchPut}).
 * </ul>
 *
 * <p>With {@code toKafka.batchSize} > 0 a zenoh → Kafka route takes up to that many queued samples
 * per exchange (camel-zenoh batch consumer) and writes them as one record each, waiting for all
 * their acknowledgements.
 */
public class KafkaBridgeRoutes extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaBridgeRoutes.class);
    static final String TO_KAFKA_DEAD_LETTER = "direct:zenoh-to-kafka-dead-letter";

    @PropertyInject(value = "toKafka.enabled", defaultValue = "true")
    private boolean toKafka;

    @PropertyInject(value = "toKafka.keyExprs", defaultValue = "demo/**")
    private String keyExprs;

    @PropertyInject(value = "toKafka.queueSize", defaultValue = "10000")
    private int queueSize;

    @PropertyInject(value = "toKafka.batchSize", defaultValue = "0")
    private int batchSize;

    @PropertyInject(value = "toKafka.group", defaultValue = "")
    private String group;

    @PropertyInject(value = "toKafka.groupReplayMillis", defaultValue = "2000")
    private int groupReplayMillis;

    @PropertyInject(value = "toKafka.maximumRedeliveries", defaultValue = "-1")
    private int maximumRedeliveries;

    @PropertyInject(value = "toKafka.redeliveryDelay", defaultValue = "1000")
    private long redeliveryDelay;

    @PropertyInject(value = "toKafka.maximumRedeliveryDelay", defaultValue = "30000")
    private long maximumRedeliveryDelay;

    @PropertyInject(value = "toKafka.deadLetterUri", defaultValue = "")
    private String deadLetterUri;

    @PropertyInject(value = "toZenoh.enabled", defaultValue = "true")
    private boolean toZenoh;

    @PropertyInject(value = "toZenoh.deadLetterTopic", defaultValue = "zenoh.out.dlq")
    private String deadLetterTopic;

    @PropertyInject(value = "toZenoh.maximumRedeliveries", defaultValue = "3")
    private int toZenohRedeliveries;

    @PropertyInject(value = "toZenoh.batchSize", defaultValue = "500")
    private int toZenohBatch;

    @BeanInject("bridgeStats")
    BridgeStats stats;

    @BeanInject("recordMapping")
    RecordMapping mapping;

    private WriteFailures failures;

    @Override
    public void configure() throws Exception {
        if (toKafka) {
            failures = new WriteFailures(getContext());
            getContext().addService(failures, true, true);
            zenohToKafka();
        }
        if (toZenoh) {
            kafkaToZenoh();
        }
    }

    private void zenohToKafka() {
        List<String> keys =
                Arrays.stream(keyExprs.split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .toList();
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(
                    "toKafka.keyExprs is empty: give the zenoh key expressions to bridge"
                            + " (e.g. demo/**), or set toKafka.enabled=false");
        }
        if (batchSize > 0 && !group.isBlank()) {
            throw new IllegalArgumentException(
                    "toKafka.batchSize="
                            + batchSize
                            + " cannot be combined with toKafka.group: a consumer group member"
                            + " routes one sample per exchange; set toKafka.batchSize=0");
        }
        for (int i = 0; i < keys.size(); i++) {
            stats.watch(keys.get(i));
            from("zenoh:"
                            + keys.get(i)
                            + "?session=#zenohSession&allowedOrigin={{toKafka.allowedOrigin}}"
                            + "&overflowPolicy={{toKafka.overflowPolicy}}"
                            // a batch consumer's queue items hold up to batchSize samples each:
                            // about toKafka.queueSize samples either way
                            + (batchSize > 0
                                    ? "&batchSize="
                                            + batchSize
                                            + "&queueSize="
                                            + Math.max(1, queueSize / batchSize)
                                    : "&queueSize=" + queueSize)
                            + groupOptions(i))
                    .routeId("zenoh-to-kafka-" + (i + 1))
                    .routeDescription("zenoh " + keys.get(i) + " → Kafka")
                    .routePolicy(stats.finalCounts())
                    .errorHandler(toKafkaErrorHandler())
                    .process(batchSize > 0 ? mapping::toKafkaBatch : mapping::toKafka)
                    // one sample: a topic Kafka refused fails at once (a batch is sent: the
                    // other records of it are written)
                    .process(
                            e -> {
                                if (batchSize == 0) {
                                    failures.checkTopic(
                                            e.getMessage()
                                                    .getHeader(
                                                            KafkaConstants.OVERRIDE_TOPIC,
                                                            String.class));
                                }
                            })
                    // the topic comes from header kafka.OVERRIDE_TOPIC, set by the mapping for
                    // every record (of a batch: each message's own headers)
                    .to(
                            batchSize > 0
                                    ? "kafka:zenoh?batchWithIndividualHeaders=true"
                                    : "kafka:zenoh")
                    .process(
                            e -> {
                                if (batchSize > 0) {
                                    stats.toKafkaSent.add(
                                            e.getProperty(
                                                    RecordMapping.BATCH_SIZE, 0, Integer.class));
                                    stats.toKafkaBatches.increment();
                                } else {
                                    stats.toKafkaSent.increment();
                                }
                            });
        }

        RouteDefinition dead =
                from(TO_KAFKA_DEAD_LETTER)
                        .routeId("zenoh-to-kafka-dead-letter")
                        .process(
                                e -> {
                                    stats.toKafkaDeadLettered.increment();
                                    Exception cause =
                                            e.getProperty(
                                                    Exchange.EXCEPTION_CAUGHT, Exception.class);
                                    Object body = e.getMessage().getBody();
                                    String what =
                                            body instanceof List<?> batch
                                                    ? "a batch of " + batch.size() + " samples"
                                                    : "the sample of "
                                                            + e.getMessage()
                                                                    .getHeader(RecordMapping.KEY)
                                                            + " to Kafka topic "
                                                            + mapping.topicFor(
                                                                    e.getMessage()
                                                                            .getHeader(
                                                                                    RecordMapping
                                                                                            .KEY,
                                                                                    String.class));
                                    if (e.getProperty(
                                            WriteFailures.UNWRITABLE, false, Boolean.class)) {
                                        LOG.error(
                                                "Cannot write {}, not retried: {}",
                                                what,
                                                cause == null ? "?" : cause.getMessage());
                                    } else {
                                        LOG.error(
                                                "Gave up writing {} after {} retries: {}",
                                                what,
                                                maximumRedeliveries,
                                                cause == null ? "?" : cause.getMessage());
                                    }
                                });
        if (!deadLetterUri.isBlank()) {
            dead.to(deadLetterUri);
        }
    }

    /**
     * A failed write is counted, then retried with back-off (until it succeeds by default) unless
     * Kafka can never take the sample ({@link WriteFailures}): that one goes to the dead-letter
     * path at once.
     */
    private DefaultErrorHandlerDefinition toKafkaErrorHandler() {
        DefaultErrorHandlerDefinition handler =
                deadLetterChannel(TO_KAFKA_DEAD_LETTER)
                        .maximumRedeliveries(maximumRedeliveries)
                        .redeliveryDelay(redeliveryDelay)
                        .useExponentialBackOff()
                        .backOffMultiplier(2)
                        .maximumRedeliveryDelay(maximumRedeliveryDelay)
                        .retryAttemptedLogLevel(LoggingLevel.WARN)
                        .onExceptionOccurred(
                                e -> {
                                    stats.toKafkaFailures.increment();
                                    failures.classify(e);
                                });
        // replaces maximumRedeliveries, so it applies that limit too
        handler.setRetryWhilePredicate(e -> WriteFailures.retry(e, maximumRedeliveries));
        return handler;
    }

    /**
     * Instances run with the same {@code toKafka.group} share the samples of each subscription: a
     * consumer group per subscription (the group name with its number), so that instances with the
     * same {@code toKafka.keyExprs} split each key expression's keys among themselves.
     */
    private String groupOptions(int i) {
        if (group.isBlank()) {
            return "";
        }
        return "&group=" + group.trim() + "-" + (i + 1) + "&groupReplayMillis=" + groupReplayMillis;
    }

    private static final String KAFKA_IN =
            "kafka:{{toZenoh.topics}}?topicIsPattern={{toZenoh.topicIsPattern}}&groupId={{toZenoh.groupId}}"
                    + "&autoOffsetReset={{toZenoh.autoOffsetReset}}"
                    // commit each partition's offsets after its records were put, synchronously;
                    // on a failure go back to the failed record and try it again: at-least-once,
                    // in order
                    + "&autoCommitEnable=false&allowManualCommit=true&breakOnFirstError=true"
                    + "&kafkaManualCommitFactory=#class:org.apache.camel.component.kafka.consumer.DefaultKafkaManualCommitFactory";

    static final String ZENOH_OUT =
            "zenoh:kafka/bridge?session=#zenohSession&congestionControl={{toZenoh.congestionControl}}";

    private void kafkaToZenoh() {
        boolean batching = toZenohBatch > 0;
        RouteDefinition route =
                from(
                        batching
                                // the records of a poll as one exchange (a List of one exchange
                                // per record), dispatched when the next poll returns: at once
                                // under load, after at most toZenoh.batchWaitMs when idle
                                ? KAFKA_IN
                                        + "&batching=true&batchingIntervalMs=0"
                                        + "&maxPollRecords={{toZenoh.batchSize}}&pollTimeoutMs={{toZenoh.batchWaitMs}}"
                                : KAFKA_IN);
        route.routeId("kafka-to-zenoh")
                .routeDescription("Kafka {{toZenoh.topics}} → zenoh")
                .errorHandler(
                        defaultErrorHandler()
                                .maximumRedeliveries(toZenohRedeliveries)
                                .redeliveryDelay(1000)
                                .retryAttemptedLogLevel(LoggingLevel.WARN)
                                .onExceptionOccurred(
                                        e -> {
                                            if (!(e.getProperty(Exchange.EXCEPTION_CAUGHT)
                                                    instanceof BadRecordException)) {
                                                stats.toZenohFailures.increment();
                                            }
                                        }));
        if (batching) {
            // a failed batch is retried from the record that failed (the puts before it are not
            // repeated); when its retries run out the consumer reconnects and starts again after
            // the last committed record
            route.process(new BatchPut(this));
            return;
        }
        route.onException(BadRecordException.class)
                .handled(true)
                .maximumRedeliveries(0)
                .useOriginalMessage()
                .process(this::deadLetter)
                .to("kafka:{{toZenoh.deadLetterTopic}}")
                .end()
                .process(mapping::toZenoh)
                // the key comes from header CamelZenohOverrideKeyExpr, set by the mapping for every
                // record
                .to(ZENOH_OUT)
                .process(e -> stats.toZenohSent.increment());
    }

    String deadLetterUri() {
        return "kafka:" + deadLetterTopic;
    }

    /** The original record, bound for the dead-letter topic, with why and where it came from. */
    private void deadLetter(Exchange e) {
        deadLetter(e, e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class));
    }

    void deadLetter(Exchange e, Exception cause) {
        stats.toZenohDeadLettered.increment();
        String why = cause == null ? "unknown" : cause.getMessage();
        String source =
                e.getMessage().getHeader(KafkaConstants.TOPIC)
                        + "/"
                        + e.getMessage().getHeader(KafkaConstants.PARTITION)
                        + "@"
                        + e.getMessage().getHeader(KafkaConstants.OFFSET);
        LOG.error(
                "Record {} cannot be put on zenoh, sending it to the dead-letter topic {}: {}",
                source,
                deadLetterTopic,
                why);
        e.getMessage().setHeader(RecordMapping.ERROR, why);
        e.getMessage().setHeader(RecordMapping.ERROR_SOURCE, source);
    }
}
