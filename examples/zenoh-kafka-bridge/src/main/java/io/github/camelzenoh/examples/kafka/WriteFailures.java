/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.component.kafka.KafkaComponent;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a failed Kafka write worth retrying (Kafka down or slow: retried until it succeeds) from a
 * sample Kafka can never take as it is (dead-lettered at once, the route goes on).
 *
 * <p>Only errors about the record itself make it unwritable: {@code RecordTooLargeException},
 * {@code RecordBatchTooLargeException}, {@code InvalidTopicException}, {@code
 * InvalidRecordException} and a {@link SerializationException}. Every other error is retried like
 * an outage, the non-retriable ones Kafka raises about the broker or the producer too ({@code
 * UnknownServerException}, {@code BrokerNotAvailableException}, {@code
 * UnsupportedVersionException}, {@code OutOfOrderSequenceException}; a cold review found them
 * dead-lettered, i.e. dropped by default), and authentication and authorization failures, which
 * concern every record until the cluster's settings are fixed.
 *
 * <p>A topic Kafka cannot create (its name collides with an existing topic's: {@code a.b} and
 * {@code a_b}) shows only as the producer's metadata wait timing out ({@code Topic a_b not present
 * in metadata after 10000 ms}), as when Kafka is down. On that timeout the bridge asks Kafka
 * whether the topic could be created (an admin CreateTopics with validateOnly: nothing is created):
 * {@code InvalidTopicException} makes the sample unwritable, and the topic is remembered for a
 * minute so that later samples for it fail at once (then Kafka is asked again: an operator may have
 * removed the colliding topic); a Kafka that does not answer (down), or any other answer, leaves
 * the sample retried.
 */
class WriteFailures extends ServiceSupport {

    private static final Logger LOG = LoggerFactory.getLogger(WriteFailures.class);
    private static final Pattern NO_METADATA =
            Pattern.compile("Topic (\\S+) not present in metadata after");
    private static final int REFUSED_LIMIT = 10_000;

    /** Exchange property: true when the sample can never be written (no retry). */
    static final String UNWRITABLE = "zenohBridgeUnwritable";

    private final CamelContext context;

    /** How long a topic Kafka refused to create is refused without asking Kafka again. */
    static final long REFUSAL_KEPT_NANOS = TimeUnit.MINUTES.toNanos(1);

    private record Refusal(String why, long atNanos) {
        boolean current() {
            return System.nanoTime() - atNanos < REFUSAL_KEPT_NANOS;
        }
    }

    /** Topics Kafka refused to create, with its reason and when. */
    private final Map<String, Refusal> refusedTopics = new ConcurrentHashMap<>();

    private Admin admin;

    WriteFailures(CamelContext context) {
        this.context = context;
    }

    /**
     * Before a sample is written: one for a topic Kafka refused to create fails at once, instead of
     * waiting maxBlockMs for metadata that will not come.
     */
    void checkTopic(String topic) {
        Refusal r = topic == null ? null : refusedTopics.get(topic);
        if (r != null) {
            if (r.current()) {
                throw new UnwritableSampleException(r.why(), null);
            }
            refusedTopics.remove(topic, r);
        }
    }

    /**
     * The error handler's onExceptionOccurred: marks an exchange whose sample Kafka can never take
     * and makes its exception say why.
     */
    void classify(Exchange e) {
        Exception ex = e.getException();
        String why = unwritable(ex);
        if (why == null) {
            return;
        }
        UnwritableSampleException u =
                ex instanceof UnwritableSampleException x
                        ? x
                        : new UnwritableSampleException(why, ex);
        e.setException(u);
        e.setProperty(Exchange.EXCEPTION_CAUGHT, u);
        e.setProperty(UNWRITABLE, true);
    }

    /**
     * The error handler's retryWhile: retry unless the sample is unwritable or {@code
     * maximumRedeliveries} (-1 = no limit) is reached.
     */
    static boolean retry(Exchange e, int maximumRedeliveries) {
        if (e.getProperty(UNWRITABLE, false, Boolean.class)) {
            return false;
        }
        int attempt = e.getIn().getHeader(Exchange.REDELIVERY_COUNTER, 0, Integer.class);
        return maximumRedeliveries < 0 || attempt <= maximumRedeliveries;
    }

    /** Why the write can never succeed, or null when it is worth retrying. */
    String unwritable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnwritableSampleException) {
                return t.getMessage();
            }
            if (t instanceof SerializationException
                    || t instanceof RecordTooLargeException
                    || t instanceof RecordBatchTooLargeException
                    || t instanceof InvalidTopicException
                    || t instanceof InvalidRecordException) {
                return t.getClass().getSimpleName() + ": " + t.getMessage();
            }
            if (t instanceof TimeoutException && t.getMessage() != null) {
                Matcher m = NO_METADATA.matcher(t.getMessage());
                if (m.find()) {
                    return refused(m.group(1));
                }
            }
        }
        return null;
    }

    /**
     * Why Kafka will not create {@code topic}, or null when it could (or does not answer within the
     * producer's request timeout).
     */
    private String refused(String topic) {
        Refusal known = refusedTopics.get(topic);
        if (known != null && known.current()) {
            return known.why();
        }
        int timeoutMs = requestTimeoutMs();
        try {
            admin().createTopics(
                            List.of(new NewTopic(topic, Optional.empty(), Optional.empty())),
                            new CreateTopicsOptions().validateOnly(true).timeoutMs(timeoutMs))
                    .all()
                    .get(timeoutMs + 1000L, TimeUnit.MILLISECONDS);
            LOG.warn(
                    "Kafka topic {} does not exist and was not created for the producer; Kafka could"
                            + " create it (auto.create.topics.enable=false?): create it, the sample"
                            + " is retried meanwhile",
                    topic);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InvalidTopicException invalid) {
                String why = "Kafka cannot create topic " + topic + ": " + invalid.getMessage();
                if (refusedTopics.size() >= REFUSED_LIMIT) {
                    refusedTopics.clear();
                }
                refusedTopics.put(topic, new Refusal(why, System.nanoTime()));
                return why;
            }
            if (!(e.getCause() instanceof TopicExistsException)) {
                LOG.debug("Could not check topic {}: {}", topic, e.getCause().toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.TimeoutException e) { // Kafka does not answer: down?
            LOG.debug("Could not check topic {}: {}", topic, e.toString());
        } catch (RuntimeException e) {
            LOG.warn("Could not check whether Kafka can create topic {}: {}", topic, e.toString());
        }
        return null;
    }

    private int requestTimeoutMs() {
        Integer t = kafka().getConfiguration().getRequestTimeoutMs();
        return t == null ? 10_000 : t;
    }

    private KafkaComponent kafka() {
        return context.getComponent("kafka", KafkaComponent.class);
    }

    /** An admin client with the Kafka component's settings (brokers, security). */
    private synchronized Admin admin() {
        if (admin == null) {
            Properties producer = kafka().getConfiguration().createProducerProperties();
            Properties p = new Properties();
            for (String name : AdminClientConfig.configNames()) {
                if (producer.containsKey(name)) {
                    p.put(name, producer.get(name));
                }
            }
            // the component's brokers are not among its producer properties
            p.put(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    kafka().getConfiguration().getBrokers());
            p.put(AdminClientConfig.CLIENT_ID_CONFIG, "zenoh-kafka-bridge-topic-check");
            admin = Admin.create(p);
        }
        return admin;
    }

    @Override
    protected synchronized void doStop() {
        if (admin != null) {
            admin.close(java.time.Duration.ofSeconds(5));
            admin = null;
        }
    }
}
