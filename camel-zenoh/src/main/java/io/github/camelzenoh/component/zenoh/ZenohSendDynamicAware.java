/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.KeyExpr;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.spi.SendDynamicAware;
import org.apache.camel.spi.annotations.SendDynamic;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.camel.util.URISupport;

/**
 * {@code toD("zenoh:robots/${header.id}/cmd")} without one endpoint (session use, declared key,
 * publisher) per key: the key's static part names one endpoint, {@code zenoh:robots/**} with the
 * URI's options unchanged, and each message goes to its evaluated key through header {@code
 * CamelZenohOverrideKeyExpr}.
 *
 * <p>The static part is the template's key up to the last '/' before its first dynamic expression
 * ({@code ${...}}, {@code $simple{...}}), with its property placeholders resolved, followed by
 * {@code **}. Options stay in the endpoint URI (each distinct option set is its own endpoint, as
 * endpoint options must be). No optimisation (one endpoint per evaluated URI, as without this
 * class) when the key has no dynamic part, when the evaluated key does not start with the static
 * part, when the operation is not put, delete or get (only those honour the override header), or
 * when the endpoint would need its own publisher for the key ({@code failIfNoSubscribers=true},
 * {@code cacheSize}, {@code heartbeat}, in the URI or the component: a put through the override
 * header has no publisher, so it would silently skip the check, the history cache or the
 * heartbeat). A message that already carries the override header keeps it, as with {@code to}.
 */
@SendDynamic("zenoh")
public class ZenohSendDynamicAware extends ServiceSupport implements SendDynamicAware {

    private CamelContext camelContext;
    private String scheme;

    @Override
    public String getScheme() {
        return scheme;
    }

    @Override
    public void setScheme(String scheme) {
        this.scheme = scheme;
    }

    @Override
    public CamelContext getCamelContext() {
        return camelContext;
    }

    @Override
    public void setCamelContext(CamelContext camelContext) {
        this.camelContext = camelContext;
    }

    @Override
    public boolean isLenientProperties() {
        return false;
    }

    @Override
    public DynamicAwareEntry prepare(Exchange exchange, String uri, String originalUri) {
        return new DynamicAwareEntry(uri, originalUri, null, null);
    }

    @Override
    public String resolveStaticUri(Exchange exchange, DynamicAwareEntry entry) throws Exception {
        Parts evaluated = Parts.of(entry.getUri());
        Parts template = Parts.of(entry.getOriginalUri());
        if (evaluated == null || template == null) {
            return null;
        }
        String prefix = resolvePlaceholders(staticPrefix(template.key()));
        if (prefix == null
                || pathAsCamelReadsIt(entry.getUri()) == null
                || !(prefix.isEmpty() || evaluated.key().startsWith(prefix + "/"))
                || !overridable(exchange, evaluated.query())
                || needsPublisher(evaluated.query())) {
            return null;
        }
        String staticKey = prefix.isEmpty() ? "**" : prefix + "/**";
        return scheme
                + ":"
                + staticKey
                + (evaluated.query() == null ? "" : "?" + evaluated.query());
    }

    @Override
    public Processor createPreProcessor(Exchange exchange, DynamicAwareEntry entry)
            throws Exception {
        if (exchange.getMessage().getHeader(ZenohConstants.OVERRIDE_KEY_EXPR) != null
                || resolveStaticUri(exchange, entry) == null) {
            return null;
        }
        Parts evaluated = Parts.of(entry.getUri());
        String key = pathAsCamelReadsIt(entry.getUri());
        if (evaluated.query() != null
                && "true"
                        .equalsIgnoreCase(
                                String.valueOf(
                                        URISupport.parseQuery(evaluated.query())
                                                .get("autocanonize")))) {
            key = KeyExpr.canonize(key);
        }
        String destination = key;
        return e -> e.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, destination);
    }

    /**
     * The evaluated URI's key as Camel gives an endpoint its path: the URI normalised, then its
     * path percent-decoded once ({@code a%20b} is {@code a b}, {@code p%2Fq} is {@code p/q}), so
     * the optimised toD sends where {@code to} with the same URI would. Null when the URI cannot be
     * read so: then no optimisation, and the evaluated URI makes its endpoint, which reports it.
     */
    static String pathAsCamelReadsIt(String uri) {
        // a '#' starts a URI fragment there, cutting the key short (to keeps it, and zenoh refuses
        // it)
        if (uri.indexOf('#') >= 0) {
            return null;
        }
        try {
            return URISupport.extractRemainderPath(new URI(URISupport.normalizeUri(uri)), false);
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public Processor createPostProcessor(Exchange exchange, DynamicAwareEntry entry) {
        return null; // the producer removes the override header when it reads it
    }

    /**
     * The template key's chunks before the one holding its first dynamic expression ("" when that
     * is the first chunk), or null when the key has no dynamic expression.
     */
    static String staticPrefix(String templateKey) {
        int dynamic = templateKey.indexOf("${");
        int simple = templateKey.indexOf("$simple{");
        if (simple >= 0 && (dynamic < 0 || simple < dynamic)) {
            dynamic = simple;
        }
        if (dynamic < 0) {
            return null;
        }
        int slash = templateKey.lastIndexOf('/', dynamic);
        return slash < 0 ? "" : templateKey.substring(0, slash);
    }

    /**
     * The static part as the evaluated URI has it: property placeholders ({@code {{fleet}}/${...}})
     * are resolved there, not in the template. Null (no optimisation) when one does not resolve:
     * the endpoint made from the evaluated URI reports it.
     */
    private String resolvePlaceholders(String prefix) {
        if (prefix == null || !prefix.contains("{{")) {
            return prefix;
        }
        try {
            return camelContext.resolvePropertyPlaceholders(prefix);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * True when the message's operation (header, else the URI's option, else put) honours the
     * override header. An operation that does not parse gets no optimisation: the endpoint made
     * from the evaluated URI reports it.
     */
    private static boolean overridable(Exchange exchange, String query) throws Exception {
        Object op = exchange.getMessage().getHeader(ZenohConstants.OPERATION);
        if (op == null && query != null) {
            Map<String, Object> params = URISupport.parseQuery(query);
            op = params.get("operation");
        }
        if (op == null) {
            return true;
        }
        try {
            ZenohOperation o = ZenohOptions.parse(ZenohOperation.class, "operation", op.toString());
            return o == ZenohOperation.PUT || o == ZenohOperation.DELETE || o == ZenohOperation.GET;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * True when the endpoint's puts need a publisher on their own key: failIfNoSubscribers=true
     * (the matching check), cacheSize or heartbeat above 0 (an advanced publisher), from the URI's
     * options, else the component's.
     */
    private boolean needsPublisher(String query) throws Exception {
        Map<String, Object> params = query == null ? Map.of() : URISupport.parseQuery(query);
        ZenohConfiguration defaults =
                camelContext.getComponent(scheme) instanceof ZenohComponent c
                        ? c.getConfiguration()
                        : new ZenohConfiguration();
        Object fail = params.get("failIfNoSubscribers");
        if (fail != null
                ? "true".equalsIgnoreCase(fail.toString().trim())
                : defaults.isFailIfNoSubscribers()) {
            return true;
        }
        Object cache = params.get("cacheSize");
        if (cache != null ? !isZero(cache) : defaults.getCacheSize() > 0) {
            return true;
        }
        Object heartbeat = params.get("heartbeat");
        return heartbeat != null ? !isZero(heartbeat) : defaults.getHeartbeat() > 0;
    }

    /** An option value that is 0 in any spelling Camel accepts for a number or duration. */
    private static boolean isZero(Object value) {
        String v = value.toString().trim();
        return v.matches("0+(\\.0*)?(ms|s|m|h|d)?") || v.equalsIgnoreCase("PT0S");
    }

    /** A zenoh URI's key (no leading "//") and query (or null). */
    private record Parts(String key, String query) {

        static Parts of(String uri) {
            if (uri == null) {
                return null;
            }
            int colon = uri.indexOf(':');
            if (colon < 0) {
                return null;
            }
            String rest = uri.substring(colon + 1);
            if (rest.startsWith("//")) {
                rest = rest.substring(2);
            }
            int q = rest.indexOf('?');
            return q < 0
                    ? new Parts(rest, null)
                    : new Parts(rest.substring(0, q), rest.substring(q + 1));
        }
    }
}
