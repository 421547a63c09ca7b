/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.camel.component.kafka.KafkaComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.BrokerNotAvailableException;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnknownServerException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.junit.jupiter.api.Test;

/**
 * Which failed writes {@link WriteFailures} gives up on at once: only errors about the record
 * itself. Errors Kafka raises about the broker or the producer, retriable or not, are retried like
 * an outage (a cold review found UnknownServerException and three others dead-lettered, which with
 * no dead-letter URI is dropped).
 */
class WriteFailuresTest {

    @Test
    void onlyErrorsAboutTheRecordMakeItUnwritable() throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        context.addComponent("kafka", new KafkaComponent());
        context.start();
        WriteFailures failures = new WriteFailures(context);
        try {
            for (Throwable retried :
                    List.of(
                            new UnknownServerException("unexpected error on the server"),
                            new ExecutionException(new UnknownServerException("wrapped")),
                            new BrokerNotAvailableException("x"),
                            new UnsupportedVersionException("x"),
                            new OutOfOrderSequenceException("x"),
                            new ClusterAuthorizationException("x"),
                            new NotEnoughReplicasException("x"),
                            new KafkaException("Producer closed while send in progress"))) {
                assertThat(failures.unwritable(retried)).as("%s", retried).isNull();
            }
            for (Throwable unwritable :
                    List.of(
                            new RecordTooLargeException("2097325 bytes"),
                            new ExecutionException(new RecordTooLargeException("wrapped")),
                            new RecordBatchTooLargeException("x"),
                            new InvalidTopicException("x"),
                            new InvalidRecordException("x"),
                            new SerializationException("x"))) {
                assertThat(failures.unwritable(unwritable))
                        .as("%s", unwritable)
                        .isNotNull()
                        .contains(
                                (unwritable instanceof ExecutionException
                                                ? unwritable.getCause()
                                                : unwritable)
                                        .getClass()
                                        .getSimpleName());
            }
        } finally {
            context.stop();
        }
    }
}
