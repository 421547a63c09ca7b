/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.AcceptReplies;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.ConsolidationMode;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Reliability;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Expression;
import org.apache.camel.NoSuchEndpointException;
import org.apache.camel.builder.EndpointConsumerBuilder;
import org.apache.camel.builder.EndpointProducerBuilder;
import org.apache.camel.support.ExpressionAdapter;

/**
 * Type-safe zenoh endpoints for the Java DSL, in the spirit of Camel's Endpoint DSL:
 *
 * <pre>{@code
 * import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;
 *
 * from(zenoh("sensors/**").consumerType("queryable"))...
 * to(zenoh("cmd/robot1").encoding("application/json").priority("realTime"))
 * }</pre>
 *
 * Each method sets the option of the same name (see {@link ZenohConfiguration} for what it does);
 * an enum option takes its enum or its text. The builder produces the same URI as the string form,
 * and values are checked in the same place: when the endpoint is created. A null value unsets the
 * option, as if its method had not been called (the endpoint keeps the component's value). A text
 * value is written as given, in {@code RAW(...)} when it needs it, or {@code RAW{...}} when it
 * holds ')'; one holding both ')' and '}' cannot be written in a URI and is refused when set.
 * ZenohEndpointBuilderTest fails when an option of the generated metadata has no method here, or a
 * method no option.
 */
public final class ZenohEndpointBuilder
        implements EndpointConsumerBuilder, EndpointProducerBuilder {

    private final String keyExpr;
    private final Map<String, Object> options = new LinkedHashMap<>();

    private ZenohEndpointBuilder(String keyExpr) {
        this.keyExpr = keyExpr;
    }

    /** A zenoh endpoint on {@code keyExpr}. */
    public static ZenohEndpointBuilder zenoh(String keyExpr) {
        return new ZenohEndpointBuilder(keyExpr);
    }

    /** Sets the option, or unsets it for null; refuses text no RAW form can hold. */
    private ZenohEndpointBuilder set(String name, Object value) {
        if (value == null) {
            options.remove(name);
            return this;
        }
        if (value instanceof String text && text.indexOf(')') >= 0 && text.indexOf('}') >= 0) {
            // the value is not quoted: it may be a secret (config, link configuration)
            throw new IllegalArgumentException(
                    "zenoh option "
                            + name
                            + ": a value holding both ')' and '}' cannot be written in an endpoint"
                            + " URI (RAW(...) and RAW{...} would both end inside it); set it on the"
                            + " component, or in a file (configFile) for a zenoh configuration");
        }
        options.put(name, value);
        return this;
    }

    // ---- session ----------------------------------------------------------------------------
    /** {@code peer}, {@code client} or {@code router}. */
    public ZenohEndpointBuilder mode(String mode) {
        return set("mode", mode);
    }

    public ZenohEndpointBuilder mode(Mode mode) {
        return set("mode", mode);
    }

    /** Comma-separated zenoh endpoints to connect to. */
    public ZenohEndpointBuilder connect(String endpoints) {
        return set("connect", endpoints);
    }

    /** Comma-separated zenoh endpoints to listen on. */
    public ZenohEndpointBuilder listen(String endpoints) {
        return set("listen", endpoints);
    }

    public ZenohEndpointBuilder configFile(String path) {
        return set("configFile", path);
    }

    /** Inline JSON5 zenoh configuration. */
    public ZenohEndpointBuilder config(String json5) {
        return set("config", json5);
    }

    public ZenohEndpointBuilder multicastScouting(boolean enabled) {
        return set("multicastScouting", enabled);
    }

    /** A session bean of the registry, e.g. {@code "#mySession"}. */
    public ZenohEndpointBuilder session(String reference) {
        return set("session", reference);
    }

    public ZenohEndpointBuilder autocanonize(boolean autocanonize) {
        return set("autocanonize", autocanonize);
    }

    // ---- consumer ---------------------------------------------------------------------------
    /** {@code subscriber}, {@code queryable} or {@code liveliness}. */
    public ZenohEndpointBuilder consumerType(String type) {
        return set("consumerType", type);
    }

    public ZenohEndpointBuilder consumerType(ZenohConsumerType type) {
        return set("consumerType", type);
    }

    public ZenohEndpointBuilder complete(boolean complete) {
        return set("complete", complete);
    }

    public ZenohEndpointBuilder history(boolean history) {
        return set("history", history);
    }

    public ZenohEndpointBuilder historySize(int samples) {
        return set("historySize", samples);
    }

    public ZenohEndpointBuilder recovery(boolean recovery) {
        return set("recovery", recovery);
    }

    public ZenohEndpointBuilder recoveryPeriod(long millis) {
        return set("recoveryPeriod", millis);
    }

    /** {@code any}, {@code sessionLocal} or {@code remote}. */
    public ZenohEndpointBuilder allowedOrigin(String origin) {
        return set("allowedOrigin", origin);
    }

    public ZenohEndpointBuilder allowedOrigin(Locality origin) {
        return set("allowedOrigin", origin);
    }

    public ZenohEndpointBuilder queueSize(int size) {
        return set("queueSize", size);
    }

    /** {@code block}, {@code dropOldest} or {@code dropNewest}. */
    public ZenohEndpointBuilder overflowPolicy(String policy) {
        return set("overflowPolicy", policy);
    }

    public ZenohEndpointBuilder overflowPolicy(ZenohOverflowPolicy policy) {
        return set("overflowPolicy", policy);
    }

    public ZenohEndpointBuilder concurrentConsumers(int threads) {
        return set("concurrentConsumers", threads);
    }

    public ZenohEndpointBuilder idleSpinMicros(int micros) {
        return set("idleSpinMicros", micros);
    }

    public ZenohEndpointBuilder maxPendingBytes(int bytes) {
        return set("maxPendingBytes", bytes);
    }

    /** Samples per Exchange (body {@code List<ZenohSample>}); 0 = one Exchange per sample. */
    public ZenohEndpointBuilder batchSize(int samples) {
        return set("batchSize", samples);
    }

    public ZenohEndpointBuilder batchTimeout(long millis) {
        return set("batchTimeout", millis);
    }

    /** Declares a liveliness token on this key while the consumer runs. */
    public ZenohEndpointBuilder livelinessKey(String keyExpr) {
        return set("livelinessKey", keyExpr);
    }

    /** Consumer group name (subscriber): each sample to one live member. */
    public ZenohEndpointBuilder group(String name) {
        return set("group", name);
    }

    public ZenohEndpointBuilder groupReplayMillis(int millis) {
        return set("groupReplayMillis", millis);
    }

    public ZenohEndpointBuilder groupReplayMaxBytes(int bytes) {
        return set("groupReplayMaxBytes", bytes);
    }

    public ZenohEndpointBuilder bridgeErrorHandler(boolean bridge) {
        return set("bridgeErrorHandler", bridge);
    }

    // ---- producer ---------------------------------------------------------------------------
    /** {@code put}, {@code delete}, {@code get} or {@code livelinessGet}. */
    public ZenohEndpointBuilder operation(String operation) {
        return set("operation", operation);
    }

    public ZenohEndpointBuilder operation(ZenohOperation operation) {
        return set("operation", operation);
    }

    /** zenoh text form, e.g. {@code application/json} or {@code text/plain;charset=utf-8}. */
    public ZenohEndpointBuilder encoding(String encoding) {
        return set("encoding", encoding);
    }

    /** {@code drop}, {@code block} or {@code blockFirst}. */
    public ZenohEndpointBuilder congestionControl(String cc) {
        return set("congestionControl", cc);
    }

    public ZenohEndpointBuilder congestionControl(CongestionControl cc) {
        return set("congestionControl", cc);
    }

    /**
     * {@code realTime}, {@code interactiveHigh}, {@code interactiveLow}, {@code dataHigh}, {@code
     * data}, {@code dataLow}, {@code background}.
     */
    public ZenohEndpointBuilder priority(String priority) {
        return set("priority", priority);
    }

    public ZenohEndpointBuilder priority(Priority priority) {
        return set("priority", priority);
    }

    public ZenohEndpointBuilder express(boolean express) {
        return set("express", express);
    }

    /** {@code reliable} or {@code bestEffort}. */
    public ZenohEndpointBuilder reliability(String reliability) {
        return set("reliability", reliability);
    }

    public ZenohEndpointBuilder reliability(Reliability reliability) {
        return set("reliability", reliability);
    }

    /** {@code bestMatching}, {@code all} or {@code allComplete}. */
    public ZenohEndpointBuilder target(String target) {
        return set("target", target);
    }

    public ZenohEndpointBuilder target(QueryTarget target) {
        return set("target", target);
    }

    /** {@code auto}, {@code none}, {@code monotonic} or {@code latest}. */
    public ZenohEndpointBuilder consolidation(String consolidation) {
        return set("consolidation", consolidation);
    }

    public ZenohEndpointBuilder consolidation(ConsolidationMode consolidation) {
        return set("consolidation", consolidation);
    }

    /** {@code matching} or {@code any}. */
    public ZenohEndpointBuilder acceptReplies(String accept) {
        return set("acceptReplies", accept);
    }

    public ZenohEndpointBuilder acceptReplies(AcceptReplies accept) {
        return set("acceptReplies", accept);
    }

    public ZenohEndpointBuilder timeout(long millis) {
        return set("timeout", millis);
    }

    /** get: replies a get holds at most; one more fails its exchange. */
    public ZenohEndpointBuilder maxReplies(int replies) {
        return set("maxReplies", replies);
    }

    /** get: bytes of replies a get holds at most; more fail its exchange. */
    public ZenohEndpointBuilder maxReplyBytes(int bytes) {
        return set("maxReplyBytes", bytes);
    }

    public ZenohEndpointBuilder parameters(String parameters) {
        return set("parameters", parameters);
    }

    /** put/delete: fail instead of sending when no subscriber matches (see the component docs). */
    public ZenohEndpointBuilder failIfNoSubscribers(boolean fail) {
        return set("failIfNoSubscribers", fail);
    }

    /** A List/Iterable body sends each element as one put, in order. */
    public ZenohEndpointBuilder batch(boolean batch) {
        return set("batch", batch);
    }

    public ZenohEndpointBuilder cacheSize(int samples) {
        return set("cacheSize", samples);
    }

    public ZenohEndpointBuilder heartbeat(long millis) {
        return set("heartbeat", millis);
    }

    public ZenohEndpointBuilder lazyStartProducer(boolean lazy) {
        return set("lazyStartProducer", lazy);
    }

    // ---- advanced ---------------------------------------------------------------------------
    /** A HeaderFilterStrategy bean of the registry, e.g. {@code "#myFilter"}. */
    public ZenohEndpointBuilder headerFilterStrategy(String reference) {
        return set("headerFilterStrategy", reference);
    }

    // ---- EndpointConsumerBuilder / EndpointProducerBuilder ----------------------------------
    /**
     * The URI, e.g. {@code zenoh:cmd/robot1?encoding=application/json}; values needing it are
     * RAW(...), or RAW{...} when they hold ')'.
     */
    @Override
    public String getRawUri() {
        StringBuilder b = new StringBuilder("zenoh:").append(keyExpr);
        char sep = '?';
        for (Map.Entry<String, Object> o : options.entrySet()) {
            b.append(sep)
                    .append(o.getKey())
                    .append('=')
                    .append(value(String.valueOf(o.getValue())));
            sep = '&';
        }
        return b.toString();
    }

    private static String value(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "-._~:/,*$@#".indexOf(c) >= 0)) {
                // Camel ends RAW(...) at a ")" followed by "&" or the end, RAW{...} at a "}"
                return v.indexOf(')') >= 0 ? "RAW{" + v + "}" : "RAW(" + v + ")";
            }
        }
        return v;
    }

    @Override
    public String toString() {
        return getRawUri();
    }

    @Override
    public void doSetProperty(String name, Object value) {
        set(name, value);
    }

    @Override
    public void doSetMultiValueProperty(String name, String key, Object value) {
        set(name + key, value);
    }

    @Override
    public void doSetMultiValueProperties(String name, String prefix, Map<String, Object> values) {
        values.forEach((k, v) -> set(prefix + k, v));
    }

    /**
     * The URI with its key as a simple expression: {@code toD(zenoh("robots/${header.id}/cmd"))}
     * sends each message to the key its header names, as {@code
     * toD("zenoh:robots/${header.id}/cmd")} does. The options set here are values, written as they
     * are: a {@code config} or {@code configFile} is never read as an expression (a {@code ${} in
     * it failed with the whole URI, its secrets too, in the message, and backslashes went), and a
     * value per message goes in a header (e.g. {@code CamelZenohEncodingId}) or in the string form
     * {@code toD("zenoh:k?encoding=${header.type}")}.
     */
    @Override
    public Expression expr(CamelContext camelContext) {
        String scheme = "zenoh:" + keyExpr;
        Expression key = camelContext.resolveLanguage("simple").createExpression(scheme);
        String options = getRawUri().substring(scheme.length());
        return new ExpressionAdapter() {
            @Override
            public Object evaluate(Exchange exchange) {
                return key.evaluate(exchange, String.class) + options;
            }

            @Override
            public void init(CamelContext context) {
                key.init(context);
            }

            @Override
            public String toString() {
                return scheme + options;
            }
        };
    }

    @Override
    public Endpoint resolve(CamelContext context) throws NoSuchEndpointException {
        return context.getEndpoint(getRawUri());
    }

    @Override
    public <T extends Endpoint> T resolve(CamelContext context, Class<T> endpointType)
            throws NoSuchEndpointException {
        return context.getEndpoint(getRawUri(), endpointType);
    }
}
