/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.AcceptReplies;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.ConsolidationMode;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.EnumNames;
import io.github.camelzenoh.zenoh.KeyExpr;
import io.github.camelzenoh.zenoh.KeyExprException;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.support.EndpointHelper;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;

/**
 * An endpoint's options checked and turned into zenoh values once, when the endpoint is created: a
 * bad value fails there, naming the option, the value and what is allowed — and no message ever
 * parses an option again. What is allowed comes from the component's generated metadata (option
 * types and enum values); only the ranges are written here.
 */
record ZenohOptions(
        ZenohConsumerType consumerType,
        ZenohOperation operation,
        Locality origin,
        ZenohOverflowPolicy overflow,
        Qos qos,
        Qos getQos,
        Encoding encoding,
        QueryTarget target,
        ConsolidationMode consolidation,
        AcceptReplies acceptReplies,
        String livelinessKey) {

    /**
     * Route threads per consumer: each is started with the consumer and polls its hand-off, so
     * {@code concurrentConsumers=2147483647} tried to start threads until the system refused.
     */
    static final int MAX_CONCURRENT_CONSUMERS = 1000;

    static ZenohOptions of(ZenohConfiguration c) {
        check(
                c.getQueueSize() > 0 && c.getQueueSize() <= 10_000_000,
                "queueSize",
                c.getQueueSize(),
                "1 to 10000000 (the queue's array is allocated at start)");
        check(
                c.getConcurrentConsumers() > 0
                        && c.getConcurrentConsumers() <= MAX_CONCURRENT_CONSUMERS,
                "concurrentConsumers",
                c.getConcurrentConsumers(),
                "1 to " + MAX_CONCURRENT_CONSUMERS + " (a thread each, started with the consumer)");
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
        check(
                c.getBatchSize() >= 0 && c.getBatchSize() <= 1_000_000,
                "batchSize",
                c.getBatchSize(),
                "0 (one Exchange per sample) to 1000000");
        check(
                c.getBatchTimeout() >= 0 && c.getBatchTimeout() <= 3_600_000,
                "batchTimeout",
                c.getBatchTimeout(),
                "0 to 3600000 milliseconds");
        check(
                c.getBatchSize() == 0 || c.getConsumerType() == ZenohConsumerType.SUBSCRIBER,
                "batchSize",
                c.getBatchSize(),
                "0 unless consumerType=subscriber (queries and liveliness events are routed one"
                        + " by one)");
        check(
                c.getGroup() == null || c.getBatchSize() == 0,
                "group",
                c.getGroup(),
                "set only with batchSize=0 (a group member routes its samples one by one)");
        check(
                c.getGroup() == null || ZenohGroup.validName(c.getGroup()),
                "group",
                c.getGroup(),
                "one key-expression chunk without / * $ ? # or blanks");
        check(
                c.getGroup() == null || c.getConsumerType() == ZenohConsumerType.SUBSCRIBER,
                "group",
                c.getGroup(),
                "set only with consumerType=subscriber");
        check(
                c.getGroupReplayMillis() >= 0 && c.getGroupReplayMillis() <= 3_600_000,
                "groupReplayMillis",
                c.getGroupReplayMillis(),
                "0 to 3600000 milliseconds");
        check(
                c.getGroupReplayMaxBytes() >= 0,
                "groupReplayMaxBytes",
                c.getGroupReplayMaxBytes(),
                "0 or more bytes");
        check(c.getTimeout() > 0, "timeout", c.getTimeout(), "a positive number of milliseconds");
        check(
                c.getMaxReplies() > 0 && c.getMaxReplies() <= ZenohConfiguration.MAX_MAX_REPLIES,
                "maxReplies",
                c.getMaxReplies(),
                "1 to " + ZenohConfiguration.MAX_MAX_REPLIES);
        check(
                c.getMaxReplyBytes() >= ZenohConfiguration.MIN_MAX_REPLY_BYTES
                        && c.getMaxReplyBytes() <= ZenohConfiguration.MAX_MAX_REPLY_BYTES,
                "maxReplyBytes",
                c.getMaxReplyBytes(),
                ZenohConfiguration.MIN_MAX_REPLY_BYTES
                        + " to "
                        + ZenohConfiguration.MAX_MAX_REPLY_BYTES
                        + " bytes");
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
        CongestionControl cc = c.getCongestionControl();
        Qos qos =
                new Qos(
                        cc == null ? CongestionControl.DROP : cc,
                        required(c.getPriority(), "priority"),
                        c.isExpress(),
                        required(c.getReliability(), "reliability"),
                        Locality.ANY);
        Qos getQos = cc == null ? qos.withCongestionControl(CongestionControl.BLOCK) : qos;
        return new ZenohOptions(
                required(c.getConsumerType(), "consumerType"),
                required(c.getOperation(), "operation"),
                required(c.getAllowedOrigin(), "allowedOrigin"),
                required(c.getOverflowPolicy(), "overflowPolicy"),
                qos,
                getQos,
                encoding(c.getEncoding()),
                required(c.getTarget(), "target"),
                required(c.getConsolidation(), "consolidation"),
                required(c.getAcceptReplies(), "acceptReplies"),
                livelinessKey(c.getLivelinessKey()));
    }

    /**
     * A liveliness token's key: a valid key expression without wildcards (a token on a/* would
     * answer a liveliness query for every key it matches), or null for none.
     */
    private static String livelinessKey(String key) {
        if (key == null || key.isBlank()) {
            return null;
        }
        if (key.contains("*") || key.contains("$")) {
            throw new IllegalArgumentException(
                    "Invalid value for zenoh option livelinessKey: "
                            + ZenohEndpoint.quote(key)
                            + " has a wildcard; a route's token names one key (a token on a"
                            + " wildcard would answer a liveliness query for every key it"
                            + " matches)");
        }
        try {
            KeyExpr.validate(key);
        } catch (KeyExprException e) {
            // zenoh's reason without the key, which the binding and zenoh each quote whole (the
            // exception is not chained for that reason), the key quoted short
            throw new IllegalArgumentException(
                    "Invalid value for zenoh option livelinessKey: "
                            + ZenohEndpoint.quote(key)
                            + " is not a valid key expression: "
                            + reasonWithoutKey(e.getMessage(), key));
        }
        return key;
    }

    /**
     * The binding's "invalid key expression '<key>': " and zenoh's "Invalid Key Expr `<key>`: "
     * taken off a refusal (exactly those, the key being known), leaving zenoh's reason.
     */
    static String reasonWithoutKey(String message, String key) {
        String reason = message;
        for (String prefix :
                new String[] {
                    "invalid key expression '" + key + "': ", "Invalid Key Expr `" + key + "`: "
                }) {
            if (reason.startsWith(prefix)) {
                reason = reason.substring(prefix.length());
            }
        }
        int at = reason.lastIndexOf(" at /"); // zenoh's source location on the build machine
        if (at > 0) {
            reason = reason.substring(0, at);
        }
        return key.length() > ZenohEndpoint.QUOTED_CHARS && reason.contains(key)
                ? reason.replace(key, "<the key>")
                : reason;
    }

    /**
     * An option of the generated metadata: its JSON type and Java type, its enum values (the
     * spelling the metadata shows) and, for an enum, its Java class.
     */
    record Option(
            String name, String type, String javaType, List<String> enums, Class<?> enumType) {}

    /**
     * The endpoint options of {@link ZenohConfiguration}, read once from the generated metadata
     * (Camel's own options, such as exchangePattern, are Camel's to check).
     */
    private static final class Metadata {
        static final String JSON = "/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json";
        static final Map<String, Option> OPTIONS = load();

        @SuppressWarnings("unchecked")
        private static Map<String, Option> load() {
            try (InputStream in = ZenohOptions.class.getResourceAsStream(JSON)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + JSON);
                }
                JsonObject root =
                        (JsonObject)
                                Jsoner.deserialize(
                                        new String(in.readAllBytes(), StandardCharsets.UTF_8));
                Map<String, Option> out = new HashMap<>();
                JsonObject properties = (JsonObject) root.get("properties");
                properties.forEach(
                        (name, value) -> {
                            JsonObject o = (JsonObject) value;
                            if (ZenohConfiguration.class
                                    .getName()
                                    .equals(o.get("configurationClass"))) {
                                Object enums = o.get("enum");
                                String javaType = (String) o.get("javaType");
                                out.put(
                                        name.toLowerCase(Locale.ROOT),
                                        new Option(
                                                name,
                                                (String) o.get("type"),
                                                javaType,
                                                enums == null
                                                        ? List.of()
                                                        : List.copyOf((Collection<String>) enums),
                                                "enum".equals(o.get("type"))
                                                        ? enumClass(javaType)
                                                        : null));
                            }
                        });
                return Map.copyOf(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (org.apache.camel.util.json.DeserializationException e) {
                throw new IllegalStateException("unreadable " + JSON, e);
            }
        }
    }

    private static Class<?> enumClass(String javaType) {
        try {
            return Class.forName(javaType, false, ZenohOptions.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("enum type " + javaType + " of " + Metadata.JSON, e);
        }
    }

    /** The option {@code name} (any case) of the generated metadata, or null. */
    static Option option(String name) {
        return Metadata.OPTIONS.get(name.toLowerCase(Locale.ROOT));
    }

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,19}");

    /**
     * Camel's duration text (TimeUtils): 1d2h3m4s5ms, each part optional, in that order, a unit
     * also written out (5sec, 2min, 1hour, 1day, 250msec; lower case: 1M is not a month). The value
     * is the text's own: Camel's converter reads some of these wrong (250milli as 250 minutes,
     * 2days as nothing), and this check hands Camel the milliseconds.
     */
    private static final Pattern DURATION =
            Pattern.compile(
                    "(?=\\d)(?:(\\d+)(?:d|days?))?(?:(\\d+)(?:h|hours?))?"
                            + "(?:(\\d+)(?:m|mins?|minutes?))?(?:(\\d+)(?:s|secs?|seconds?))?"
                            + "(?:(\\d+)(?:ms|msecs?|millis?|milliseconds?))?");

    /**
     * Checks the option values of an endpoint URI against their type in the generated metadata
     * before Camel binds them, and puts the checked value in their place ({@link #checkValue}).
     */
    static void checkUriValues(Map<String, Object> parameters) {
        for (Map.Entry<String, Object> e : parameters.entrySet()) {
            e.setValue(checkValue(e.getKey(), e.getValue()));
        }
    }

    /**
     * The value of option {@code name} (any case) given as text, checked against its type in the
     * generated metadata and put in the form Camel binds exactly: an integer option takes a whole
     * number in its Java type's range, a duration a number of milliseconds or a duration (5s,
     * 1m30s, 250ms, PT5S) and becomes milliseconds, an enum one of its values. Anything else
     * (another option, a value that is not text, a {@code #bean:name} reference, which Camel takes
     * for any option) is returned as it is. Camel alone would bind a String to an int/long option
     * leniently, as a duration ({@code queueSize=abc} becomes 0, an overflowing number is
     * truncated), and would refuse an enum value without saying what is allowed. Used for URI
     * parameters and for every component option set as text (the component's configurer), so that
     * both are checked alike. Only integer, duration and enum values are ever quoted in a refusal:
     * no secret option has those types.
     */
    static Object checkValue(String name, Object value) {
        Option o = option(name);
        if (o == null
                || !(value instanceof String text)
                || EndpointHelper.isReferenceParameter(text)) {
            // a #bean:name / #name reference: Camel resolves it to a typed value (never read
            // leniently), which ZenohOptions.of then checks like any other
            return value;
        }
        String v = text.trim();
        return switch (o.type()) {
            case "enum" -> enumValue(o, text);
            case "integer" -> {
                boolean isInt = o.javaType().equals("int") || o.javaType().endsWith("Integer");
                Long n = integer(v);
                check(
                        n != null && (!isInt || (n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE)),
                        o.name(),
                        text,
                        "a whole number up to " + (isInt ? Integer.MAX_VALUE : Long.MAX_VALUE));
                yield n.toString(); // " 5" or "+5" would bind as 0
            }
            case "duration" -> {
                Long n = durationMillis(v);
                check(
                        n != null,
                        o.name(),
                        text,
                        "a number of milliseconds (or a duration such as 5s, 1m30s, 250ms)");
                yield n.toString();
            }
            default -> value;
        };
    }

    /**
     * Milliseconds of {@code v}: a whole number, Camel's duration text (1m30s, 250ms) or an
     * ISO-8601 duration (PT5S), as Camel's converter reads them; null for anything else or a value
     * beyond a long of milliseconds.
     */
    private static Long durationMillis(String v) {
        Long n = integer(v);
        if (n != null) {
            return n;
        }
        try {
            Matcher m = DURATION.matcher(v);
            if (m.matches()) {
                long millis = 0;
                long[] unit = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
                for (int g = 1; g <= unit.length; g++) {
                    String part = m.group(g);
                    if (part != null) {
                        long count = Long.parseLong(part);
                        millis = Math.addExact(millis, Math.multiplyExact(count, unit[g - 1]));
                    }
                }
                return millis;
            }
            if (v.startsWith("P") || v.startsWith("p")) {
                return Duration.parse(v).toMillis();
            }
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
            return null;
        }
        return null;
    }

    private static Long integer(String v) {
        if (!INTEGER.matcher(v).matches()) {
            return null;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException overflow) {
            return null;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Option o, String text) {
        Class<?> type = o.enumType();
        Object v = type.isEnum() ? EnumNames.parse((Class) type, text) : null;
        check(v != null, o.name(), text, "one of " + String.join(", ", o.enums()));
        return v;
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
     * The constant written {@code value} ({@code blockFirst} or {@code BLOCK_FIRST}), for headers
     * naming an option's value; fails naming the option, the value and what is allowed.
     */
    static <E extends Enum<E>> E parse(Class<E> type, String option, String value) {
        E e = EnumNames.parse(type, value);
        check(e != null, option, value, "one of " + EnumNames.allowed(type));
        return e;
    }

    /** REAL_TIME → "realTime": the contract's spelling, used in options and headers. */
    static String name(Enum<?> e) {
        return EnumNames.camelCase(e.name());
    }

    private static <E extends Enum<E>> E required(E value, String option) {
        if (value == null) {
            throw new IllegalArgumentException("zenoh option " + option + " must not be null");
        }
        return value;
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
