/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.Sample;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Message;
import org.apache.camel.NoTypeConversionAvailableException;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.TypeConversionException;

/**
 * zenoh values ↔ Camel messages, both ways: the headers a consumer sets, and how a producer
 * resolves a payload, its encoding and its attachment from a message (the contract's precedence).
 */
final class ZenohMessages {

    /** Header texts of each enum value, computed once (no string building per message). */
    static final String[] PRIORITY = names(Priority.values());

    static final String[] CONGESTION = names(CongestionControl.values());

    private ZenohMessages() {}

    private static String[] names(Enum<?>[] values) {
        String[] out = new String[values.length];
        for (Enum<?> v : values) {
            out[v.ordinal()] = ZenohOptions.name(v);
        }
        return out;
    }

    /**
     * Every header a received sample may set, in the order a bulk copy into Camel's headers map
     * needs.
     */
    private static final SortedHeaders.Names SAMPLE_HEADERS =
            new SortedHeaders.Names(
                    ZenohConstants.KEY_EXPR,
                    ZenohConstants.ENCODING_ID,
                    ZenohConstants.ENCODING_SCHEMA,
                    Exchange.CONTENT_TYPE,
                    ZenohConstants.SAMPLE_KIND,
                    ZenohConstants.TIMESTAMP,
                    ZenohConstants.PRIORITY,
                    ZenohConstants.CONGESTION_CONTROL,
                    ZenohConstants.EXPRESS,
                    ZenohConstants.ATTACHMENT);

    private static final int H_KEY_EXPR = SAMPLE_HEADERS.slot(ZenohConstants.KEY_EXPR);
    private static final int H_ENCODING_ID = SAMPLE_HEADERS.slot(ZenohConstants.ENCODING_ID);
    private static final int H_ENCODING_SCHEMA =
            SAMPLE_HEADERS.slot(ZenohConstants.ENCODING_SCHEMA);
    private static final int H_CONTENT_TYPE = SAMPLE_HEADERS.slot(Exchange.CONTENT_TYPE);
    private static final int H_SAMPLE_KIND = SAMPLE_HEADERS.slot(ZenohConstants.SAMPLE_KIND);
    private static final int H_TIMESTAMP = SAMPLE_HEADERS.slot(ZenohConstants.TIMESTAMP);
    private static final int H_PRIORITY = SAMPLE_HEADERS.slot(ZenohConstants.PRIORITY);
    private static final int H_CONGESTION_CONTROL =
            SAMPLE_HEADERS.slot(ZenohConstants.CONGESTION_CONTROL);
    private static final int H_EXPRESS = SAMPLE_HEADERS.slot(ZenohConstants.EXPRESS);
    private static final int H_ATTACHMENT = SAMPLE_HEADERS.slot(ZenohConstants.ATTACHMENT);

    /**
     * A received sample's headers per the contract, put into {@code headers}. Into an empty map of
     * Camel's default kind they go in one linear bulk copy (see {@link SortedHeaders}: one {@code
     * setHeader} each measured ~2.5x slower, ~10 % of a route thread's time).
     */
    static void sampleHeaders(Sample s, Map<String, Object> headers) {
        Encoding e = s.encoding();
        SortedHeaders h = SAMPLE_HEADERS.newHeaders();
        h.set(H_KEY_EXPR, s.keyExpr());
        h.set(H_ENCODING_ID, e.id());
        h.set(H_ENCODING_SCHEMA, e.schema());
        if (e.isMimeType()) {
            h.set(H_CONTENT_TYPE, e.toString());
        }
        h.set(H_SAMPLE_KIND, s.kind().name());
        h.set(H_TIMESTAMP, s.timestamp());
        h.set(H_PRIORITY, PRIORITY[s.priority().ordinal()]);
        h.set(H_CONGESTION_CONTROL, CONGESTION[s.congestionControl().ordinal()]);
        h.set(H_EXPRESS, s.express());
        h.set(H_ATTACHMENT, s.attachment());
        headers.putAll(h);
    }

    /** Encoding headers, plus Content-Type when the encoding is a MIME type. */
    static void setEncoding(Message m, Encoding e) {
        m.setHeader(ZenohConstants.ENCODING_ID, e.id());
        if (e.schema() != null) {
            m.setHeader(ZenohConstants.ENCODING_SCHEMA, e.schema());
        } else {
            m.removeHeader(ZenohConstants.ENCODING_SCHEMA);
        }
        if (e.isMimeType()) {
            m.setHeader(Exchange.CONTENT_TYPE, e.toString());
        }
    }

    static ZenohReply toReply(Reply r) {
        if (r.ok()) {
            Sample s = r.sample();
            return new ZenohReply(
                    true,
                    s.keyExpr(),
                    s.payload(),
                    s.encoding().id(),
                    s.encoding().schema(),
                    s.encoding().toString(),
                    s.kind().name(),
                    s.timestamp(),
                    s.attachment());
        }
        Encoding e = r.errorEncoding();
        return new ZenohReply(
                false, null, r.errorPayload(), e.id(), e.schema(), e.toString(), null, null);
    }

    /**
     * Body → payload: byte[] as is, String as UTF-8, null as empty, else Camel type conversion (a
     * converter's failure, e.g. a File that cannot be read, surfaces as the cause).
     */
    static byte[] payload(Exchange exchange, Object body, String what)
            throws InvalidPayloadException {
        if (body == null) {
            return new byte[0];
        }
        if (body instanceof byte[] b) {
            return b;
        }
        if (body instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return exchange.getContext()
                    .getTypeConverter()
                    .mandatoryConvertTo(byte[].class, exchange, body);
        } catch (NoTypeConversionAvailableException e) {
            throw new InvalidPayloadException(exchange, byte[].class, exchange.getMessage(), e);
        } catch (TypeConversionException e) {
            // a converter that failed (e.g. a File that does not exist): its own cause, not
            // Camel's wrapper, which quotes the body's value (it may hold a secret)
            throw new InvalidPayloadException(
                    exchange, byte[].class, exchange.getMessage(), conversionCause(e));
        }
    }

    private static Throwable conversionCause(TypeConversionException e) {
        Throwable cause = e;
        while (cause instanceof RuntimeCamelException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * The contract's precedence: the endpoint's encoding option, then headers CamelZenohEncodingId
     * (+ Schema, an empty one meaning none), then Content-Type (unless blank), then by body type
     * (String → zenoh/string, a {@link ZenohSample} — an element of a split batch — its own
     * encoding, else zenoh/bytes).
     */
    static Encoding encoding(Message m, Object body, Encoding endpointEncoding) {
        if (endpointEncoding != null) {
            return endpointEncoding;
        }
        Object id = m.getHeader(ZenohConstants.ENCODING_ID);
        if (id != null) {
            int value = encodingId(id);
            Object schema = m.getHeader(ZenohConstants.ENCODING_SCHEMA);
            if (schema != null && !(schema instanceof String)) {
                throw new IllegalArgumentException(
                        "Header "
                                + ZenohConstants.ENCODING_SCHEMA
                                + " must be a String,"
                                + " got "
                                + schema.getClass().getName());
            }
            // an empty (or blank) schema is no schema: "application/json", not "application/json;"
            return schema == null || ((String) schema).isBlank()
                    ? Encoding.ofId(value)
                    : encoding(value, (String) schema);
        }
        Object contentType = contentType(m);
        if (contentType != null) {
            return contentTypeEncoding(contentType);
        }
        if (body instanceof String) {
            return Encoding.ZENOH_STRING;
        }
        return body instanceof ZenohSample s ? s.encoding() : Encoding.ZENOH_BYTES;
    }

    /**
     * A queryable reply's encoding: as {@link #encoding}, except that encoding headers still
     * holding the query's own encoding give way to a Content-Type the route set (one other than the
     * query's): those headers came with the query, the Content-Type is the route's answer.
     */
    static Encoding replyEncoding(
            Message m, Object body, Encoding endpointEncoding, Encoding queryEncoding) {
        if (endpointEncoding == null && queryEncoding != null) {
            Object contentType = contentType(m);
            if (contentType != null
                    && !contentType.equals(
                            queryEncoding.isMimeType() ? queryEncoding.toString() : null)
                    && Integer.valueOf(queryEncoding.id())
                            .equals(m.getHeader(ZenohConstants.ENCODING_ID))
                    && Objects.equals(
                            queryEncoding.schema(), m.getHeader(ZenohConstants.ENCODING_SCHEMA))) {
                return contentTypeEncoding(contentType);
            }
        }
        return encoding(m, body, endpointEncoding);
    }

    /** The Content-Type header, or null when absent or blank: then the body type decides. */
    private static Object contentType(Message m) {
        Object contentType = m.getHeader(Exchange.CONTENT_TYPE);
        return contentType instanceof String s && s.isBlank() ? null : contentType;
    }

    private static Encoding contentTypeEncoding(Object contentType) {
        try {
            return fromContentType(contentType.toString());
        } catch (
                IllegalArgumentException e) { // e.g. a schema longer than zenoh carries (255 bytes)
            throw new IllegalArgumentException(
                    "Header " + Exchange.CONTENT_TYPE + ": " + e.getMessage(), e);
        }
    }

    private static Encoding encoding(int id, String schema) {
        try {
            return new Encoding(id, schema);
        } catch (IllegalArgumentException e) { // a schema longer than zenoh carries (255 bytes)
            throw new IllegalArgumentException(
                    "Header " + ZenohConstants.ENCODING_SCHEMA + ": " + e.getMessage(), e);
        }
    }

    private static int encodingId(Object id) {
        int value;
        if (id instanceof Number n) {
            if (!integral(n) || n.longValue() < 0 || n.longValue() > 0xFFFF) {
                throw new IllegalArgumentException(
                        "Header "
                                + ZenohConstants.ENCODING_ID
                                + " must be an integer in"
                                + " 0..65535, got "
                                + id);
            }
            value = n.intValue();
        } else if (id instanceof String s) {
            try {
                value = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "Header "
                                + ZenohConstants.ENCODING_ID
                                + " must be an integer in"
                                + " 0..65535, got '"
                                + s
                                + "'");
            }
            return encodingId(value);
        } else {
            throw new IllegalArgumentException(
                    "Header "
                            + ZenohConstants.ENCODING_ID
                            + " must be an Integer, got "
                            + id.getClass().getName());
        }
        return value;
    }

    /**
     * Whether {@code n} is a whole number that fits a long. A BigDecimal or BigInteger is checked
     * exactly: via double, 5.0000000000000000001 would pass as 5.
     */
    private static boolean integral(Number n) {
        if (n instanceof BigDecimal b) {
            try {
                b.longValueExact();
                return true;
            } catch (ArithmeticException e) {
                return false;
            }
        }
        if (n instanceof BigInteger b) {
            return b.bitLength() < Long.SIZE;
        }
        return n.longValue() == n.doubleValue();
    }

    /** "application/json; charset=UTF-8" → zenoh (application/json, "charset=UTF-8"). */
    static Encoding fromContentType(String contentType) {
        String ct = contentType.trim();
        int semi = ct.indexOf(';');
        if (semi > 0) {
            ct = ct.substring(0, semi).trim() + ";" + ct.substring(semi + 1).trim();
        }
        return Encoding.parse(ct);
    }

    /**
     * Attachment header → bytes: byte[] as is, String as UTF-8, else Camel conversion; without the
     * header, a {@link ZenohSample} body's own attachment (an element of a split batch, as its
     * encoding); else null.
     */
    static byte[] attachment(Exchange exchange) {
        Message m = exchange.getMessage();
        Object a = m.getHeader(ZenohConstants.ATTACHMENT);
        if (a == null) {
            return m.getBody() instanceof ZenohSample s ? s.attachment() : null;
        }
        if (a instanceof byte[]) {
            return (byte[]) a;
        }
        if (a instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        byte[] b = exchange.getContext().getTypeConverter().tryConvertTo(byte[].class, exchange, a);
        if (b == null) {
            throw new IllegalArgumentException(
                    "Header "
                            + ZenohConstants.ATTACHMENT
                            + " must be byte[] or String, got "
                            + a.getClass().getName());
        }
        return b;
    }
}
