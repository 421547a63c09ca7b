/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.ConsolidationMode;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An endpoint's options checked and turned into zenoh values once, when the endpoint is created: a
 * bad value fails there, naming the option, the value and what is allowed — and no message ever
 * parses an option again.
 */
record ZenohOptions(
        ConsumerType consumerType,
        Operation operation,
        Locality origin,
        Overflow overflow,
        Qos qos,
        Qos getQos,
        Encoding encoding,
        QueryTarget target,
        ConsolidationMode consolidation) {

    enum ConsumerType {
        SUBSCRIBER,
        QUERYABLE,
        LIVELINESS
    }

    enum Operation {
        PUT,
        DELETE,
        GET
    }

    enum Overflow {
        BLOCK,
        DROP_OLDEST,
        DROP_NEWEST
    }

    static ZenohOptions of(ZenohConfiguration c) {
        // fix (issue 6, bad-input suite): mode used to be checked only when the session opened, at
        // route start; it is known at endpoint creation, so it fails there like every other option
        String mode = c.getMode();
        check(
                mode == null || mode.isBlank() || MODES.contains(mode.trim()),
                "mode",
                mode,
                "one of peer, client, router");
        check(c.getQueueSize() > 0, "queueSize", c.getQueueSize(), "a positive number");
        check(
                c.getConcurrentConsumers() > 0,
                "concurrentConsumers",
                c.getConcurrentConsumers(),
                "a positive number");
        check(
                c.getIdleSpinMicros() >= 0 && c.getIdleSpinMicros() <= 1_000_000,
                "idleSpinMicros",
                c.getIdleSpinMicros(),
                "0 to 1000000 microseconds");
        check(
                c.getMaxPendingBytes() >= SubscriberOptions.MIN_MAX_PENDING_BYTES
                        && c.getMaxPendingBytes() <= SubscriberOptions.MAX_MAX_PENDING_BYTES,
                "maxPendingBytes",
                c.getMaxPendingBytes(),
                SubscriberOptions.MIN_MAX_PENDING_BYTES
                        + " to "
                        + SubscriberOptions.MAX_MAX_PENDING_BYTES
                        + " bytes");
        check(c.getTimeout() > 0, "timeout", c.getTimeout(), "a positive number of milliseconds");
        check(c.getHistorySize() > 0, "historySize", c.getHistorySize(), "a positive number");
        check(c.getCacheSize() >= 0, "cacheSize", c.getCacheSize(), "0 or more");
        check(c.getHeartbeat() >= 0, "heartbeat", c.getHeartbeat(), "0 or more milliseconds");
        check(
                c.getRecoveryPeriod() >= 0,
                "recoveryPeriod",
                c.getRecoveryPeriod(),
                "0 or more milliseconds");
        // congestionControl unset: zenoh's defaults, drop for put/delete and block for get (see
        // GetOptions.DEFAULT: a get's final response travels with the query's congestion control)
        String cc = c.getCongestionControl();
        Qos qos =
                new Qos(
                        cc == null
                                ? CongestionControl.DROP
                                : parse(CongestionControl.class, "congestionControl", cc),
                        parse(Priority.class, "priority", c.getPriority()),
                        c.isExpress(),
                        parse(Reliability.class, "reliability", c.getReliability()),
                        Locality.ANY);
        Qos getQos = cc == null ? qos.withCongestionControl(CongestionControl.BLOCK) : qos;
        return new ZenohOptions(
                parse(ConsumerType.class, "consumerType", c.getConsumerType()),
                parse(Operation.class, "operation", c.getOperation()),
                parse(Locality.class, "allowedOrigin", c.getAllowedOrigin()),
                parse(Overflow.class, "overflowPolicy", c.getOverflowPolicy()),
                qos,
                getQos,
                encoding(c.getEncoding()),
                parse(QueryTarget.class, "target", c.getTarget()),
                parse(ConsolidationMode.class, "consolidation", c.getConsolidation()));
    }

    private static final List<String> MODES = List.of("peer", "client", "router");

    /**
     * Numeric options: false = a count (int), true = milliseconds (long; a duration such as 5s or
     * 1m30s also works).
     */
    private static final Map<String, Boolean> NUMBERS =
            Map.of(
                    "queueSize",
                    false,
                    "concurrentConsumers",
                    false,
                    "idleSpinMicros",
                    false,
                    "maxPendingBytes",
                    false,
                    "historySize",
                    false,
                    "cacheSize",
                    false,
                    "timeout",
                    true,
                    "heartbeat",
                    true,
                    "recoveryPeriod",
                    true);

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,19}");
    private static final Pattern DURATION =
            Pattern.compile("(?=\\d)(\\d+d)?(\\d+h)?(\\d+m)?(\\d+s)?");

    /**
     * Checks the numeric options of an endpoint URI before Camel binds them. Fix (issue 6,
     * bad-input suite): Camel binds a String to an int/long option leniently, as a duration —
     * {@code queueSize=abc} became 0 and {@code cacheSize=1O} silently 0 (off), an overflowing
     * value was truncated — so a typo went unnoticed or was reported with a value the user never
     * wrote.
     */
    static void checkNumbers(Map<String, Object> parameters) {
        for (Map.Entry<String, Object> e : parameters.entrySet()) {
            NUMBERS.forEach(
                    (option, millis) -> {
                        if (option.equalsIgnoreCase(e.getKey())
                                && e.getValue() instanceof String text) {
                            String v = text.trim();
                            boolean ok;
                            if (INTEGER.matcher(v).matches()) {
                                try {
                                    long n = Long.parseLong(v);
                                    ok =
                                            millis
                                                    || (n >= Integer.MIN_VALUE
                                                            && n <= Integer.MAX_VALUE);
                                    e.setValue(Long.toString(n)); // " 5" or "+5" would bind as 0
                                } catch (NumberFormatException overflow) {
                                    ok = false;
                                }
                            } else {
                                ok = millis && DURATION.matcher(v).matches();
                            }
                            check(
                                    ok,
                                    option,
                                    text,
                                    millis
                                            ? "a number of milliseconds (or a duration such as 5s)"
                                            : "a whole number up to " + Integer.MAX_VALUE);
                        }
                    });
        }
    }

    private static Encoding encoding(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Encoding.parse(text.trim());
        } catch (IllegalArgumentException e) { // a schema longer than zenoh carries (255 bytes)
            throw new IllegalArgumentException(
                    "Invalid value for zenoh option encoding: " + e.getMessage(), e);
        }
    }

    /**
     * "blockFirst" → BLOCK_FIRST; accepts the camelCase form users write and the enum's own name.
     */
    static <E extends Enum<E>> E parse(Class<E> type, String option, String value) {
        if (value != null) {
            String v = value.trim();
            for (E e : type.getEnumConstants()) {
                if (name(e).equals(v) || e.name().equalsIgnoreCase(v)) {
                    return e;
                }
            }
        }
        throw new IllegalArgumentException(
                "Invalid value '"
                        + value
                        + "' for zenoh option "
                        + option
                        + ": expected one of "
                        + Arrays.stream(type.getEnumConstants())
                                .map(ZenohOptions::name)
                                .collect(Collectors.joining(", ")));
    }

    /** REAL_TIME → "realTime": the contract's spelling, used in options and headers. */
    static String name(Enum<?> e) {
        String[] parts = e.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.toString();
    }

    private static void check(boolean ok, String option, Object value, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(
                    "Invalid value '"
                            + value
                            + "' for zenoh option "
                            + option
                            + ": expected "
                            + expected);
        }
    }
}
