/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import org.apache.camel.Exchange;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Tells a failed Kafka write worth retrying (Kafka down or slow: retried until it succeeds) from a
 * sample Kafka can never take as it is (dead-lettered at once, the route goes on).
 *
 * <p>Kafka's own hierarchy decides: an {@link ApiException} that is not a {@link
 * RetriableException} ({@code RecordTooLargeException}, {@code InvalidTopicException}, ...), or a
 * {@link SerializationException}, is about the record. Authentication and authorization failures
 * are not: they concern every record until the cluster's settings are fixed, so they are retried
 * like an outage.
 */
class WriteFailures {

    /** Exchange property: true when the sample can never be written (no retry). */
    static final String UNWRITABLE = "zenohBridgeUnwritable";

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
                    || t instanceof ApiException
                            && !(t instanceof RetriableException
                                    || t instanceof AuthenticationException
                                    || t instanceof AuthorizationException)) {
                return t.getClass().getSimpleName() + ": " + t.getMessage();
            }
        }
        return null;
    }
}
