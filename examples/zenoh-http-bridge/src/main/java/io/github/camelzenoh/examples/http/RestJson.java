/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.camelzenoh.component.zenoh.ZenohReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The zenohd REST plugin's JSON shape: {@code {key, value, encoding, timestamp}} per sample, where
 * value is parsed JSON for JSON encodings (as serde_json parses and writes it: {@link SerdeJson}),
 * text for text encodings and base64 otherwise; error replies appear with key "ERROR".
 */
final class RestJson {

    /** Nodes and the error body; payloads are parsed by {@link SerdeJson}, not by Jackson. */
    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * For the streaming renderers: characters beyond the BMP as their UTF-8 bytes, as a String's
     * getBytes gives them (Jackson's UTF-8 generator would write them as two escaped surrogates).
     */
    static final ObjectMapper UTF8 =
            JsonMapper.builder()
                    .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                    .build();

    private RestJson() {}

    /**
     * The replies' JSON list as UTF-8 bytes, written by one streaming generator: the bytes of
     * {@link #replies} without its tree and string.
     */
    static byte[] repliesUtf8(List<ZenohReply> replies) {
        ByteArrayBuilder out = new ByteArrayBuilder(256 + replies.size() * 256);
        try (JsonGenerator json = UTF8.createGenerator(out)) {
            json.writeStartArray();
            for (ZenohReply r : replies) {
                writeSample(
                        json,
                        r.ok() ? r.keyExpr() : "ERROR",
                        r.payload(),
                        r.encoding(),
                        r.ok() ? r.timestamp() : null);
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // ByteArrayBuilder does not throw
        }
        return out.toByteArray();
    }

    /** One sample's object, as {@link #sample} renders it, written without building a node. */
    static void writeSample(
            JsonGenerator json, String key, byte[] payload, String encoding, String timestamp)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("key", key);
        json.writeFieldName("value");
        Object parsed = parsedValue(payload, encoding);
        if (parsed != null) {
            SerdeJson.write(json, parsed);
        } else if (payload == null || payload.length == 0) {
            json.writeNull();
        } else if (isText(encoding) && Utf8.isPlainJsonString(payload)) {
            // nothing in it that JSON escapes: its bytes as they are, between quotes
            json.writeRawUTF8String(payload, 0, payload.length);
        } else if (isText(encoding) && Utf8.isValid(payload)) {
            // the payload's own bytes, escaped where JSON needs it: what writeString(textValue)
            // writes, without decoding them into a String and encoding that again
            json.writeUTF8String(payload, 0, payload.length);
        } else {
            json.writeBinary(payload); // base64 with padding, no line feeds: Base64.getEncoder
        }
        json.writeStringField("encoding", encoding);
        if (timestamp == null) {
            json.writeNullField("timestamp");
        } else {
            json.writeStringField("timestamp", timestamp);
        }
        json.writeEndObject();
    }

    /** The reference rendering (a tree), whose bytes {@link #repliesUtf8} writes. */
    static String replies(List<ZenohReply> replies) {
        ArrayNode list = JSON.createArrayNode();
        for (ZenohReply r : replies) {
            list.add(
                    sample(
                            r.ok() ? r.keyExpr() : "ERROR",
                            r.payload(),
                            r.encoding(),
                            r.ok() ? r.timestamp() : null));
        }
        return list.toString();
    }

    static ObjectNode sample(String key, byte[] payload, String encoding, String timestamp) {
        ObjectNode n = JSON.createObjectNode();
        n.put("key", key);
        n.set("value", value(payload, encoding));
        n.put("encoding", encoding);
        if (timestamp == null) {
            n.putNull("timestamp");
        } else {
            n.put("timestamp", timestamp);
        }
        return n;
    }

    private static final Set<String> JSON_ENCODINGS =
            Set.of("application/json", "text/json", "text/json5");
    private static final Set<String> TEXT_ENCODINGS = Set.of("text/plain", "zenoh/string");

    /**
     * The value as the REST plugin renders it: {@code null} for an empty payload; parsed JSON for
     * exactly application/json, text/json or text/json5 (no schema), base64 if it does not parse; a
     * string for exactly text/plain or zenoh/string if it is UTF-8, base64 if not; base64 for every
     * other encoding.
     */
    static JsonNode value(byte[] payload, String encoding) {
        if (payload == null || payload.length == 0) {
            return JSON.getNodeFactory().nullNode();
        }
        Object parsed = parsedValue(payload, encoding);
        if (parsed != null) {
            return SerdeJson.toNode(parsed);
        }
        String text = textValue(payload, encoding);
        return text != null ? JSON.getNodeFactory().textNode(text) : base64(payload);
    }

    /**
     * The parsed payload of a non-empty sample of a JSON encoding, as {@link SerdeJson} reads it
     * (exactly what serde_json accepts, values as it holds them); null if not JSON.
     */
    static Object parsedValue(byte[] payload, String encoding) {
        if (payload == null
                || payload.length == 0
                || encoding == null
                || !JSON_ENCODINGS.contains(encoding)) {
            return null;
        }
        return SerdeJson.parse(payload);
    }

    /** Exactly text/plain or zenoh/string: rendered as text when the payload is UTF-8. */
    private static boolean isText(String encoding) {
        return encoding != null && TEXT_ENCODINGS.contains(encoding);
    }

    /**
     * The payload as text for a text encoding when it is UTF-8; null otherwise (base64). The tree
     * rendering's; the streaming one tests {@link Utf8#isValid} and writes the bytes.
     */
    static String textValue(byte[] payload, String encoding) {
        if (payload == null || !isText(encoding)) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException notUtf8) {
            return null;
        }
    }

    private static JsonNode base64(byte[] payload) {
        return JSON.getNodeFactory().textNode(Base64.getEncoder().encodeToString(payload));
    }

    /**
     * {@code Accept: text/html}: the REST plugin's {@code <dl>} list (key, payload as text decoded
     * as from_utf8_lossy does, {@link Utf8#decodeLossy}; errors as key ERROR). Unlike the plugin,
     * {@code <}, {@code >} and {@code &} in keys and payloads are escaped: a payload is data from
     * any zenoh peer and must not run as script on the bridge's page origin.
     */
    static String html(List<ZenohReply> replies) {
        StringBuilder b = new StringBuilder("<dl>\n");
        for (ZenohReply r : replies) {
            String payload = r.payload() == null ? "" : Utf8.decodeLossy(r.payload());
            b.append("<dt>")
                    .append(escape(r.ok() ? r.keyExpr() : "ERROR"))
                    .append("</dt>\n<dd>")
                    .append(escape(payload))
                    .append("</dd>\n");
        }
        return b.append("</dl>\n").toString();
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String CONTENT_ENCODING_PARAM = "content-encoding=";

    /** What axum sends for a byte body without a Content-Type of its own. */
    static final String OCTET_STREAM = "application/octet-stream";

    /**
     * {@code _raw}: the REST plugin's headers for the reply's encoding. A {@code content-encoding=}
     * parameter (a zenoh convention; the first, anywhere in the string) is taken out as the
     * Content-Encoding header, when it is a valid header value. The rest is the Content-Type when
     * the {@code mime} crate parses it ({@link #mimeParses}; wildcards such as {@code text/*} too);
     * otherwise the plugin sends none and axum's default for bytes applies, {@code
     * application/octet-stream}. Values are the encoding's UTF-8 bytes on the wire (as ISO-8859-1
     * characters, which the HTTP server writes as bytes).
     */
    static Map<String, String> rawContentType(String encoding) {
        Map<String, String> headers = new LinkedHashMap<>();
        String contentType = encoding == null ? "" : encoding;
        String contentEncoding = null;
        int start = 0; // of the chunk
        for (String chunk : contentType.split(";", -1)) {
            String trimmed = chunk.substring(rustWhitespaceEnd(chunk, 0));
            if (trimmed.startsWith(CONTENT_ENCODING_PARAM)) {
                contentEncoding = rustTrimEnd(trimmed.substring(CONTENT_ENCODING_PARAM.length()));
                // without the chunk and the ';' before it (the one after it stays)
                contentType =
                        contentType.substring(0, Math.max(0, start - 1))
                                + contentType.substring(start + chunk.length());
                break;
            }
            start += chunk.length() + 1;
        }
        headers.put(
                "Content-Type", mimeParses(contentType) ? wireBytes(contentType) : OCTET_STREAM);
        if (contentEncoding != null && isHeaderValue(contentEncoding)) {
            headers.put("Content-Encoding", wireBytes(contentEncoding));
        }
        return headers;
    }

    /**
     * Whether the mime crate (0.3.18, {@code Mime::from_str}) parses this: the any-type wildcard,
     * or token "/" token-or-empty, then parameters after ';': spaces before a name are skipped,
     * name = token, then '=', then a token (possibly empty at the end) or a quoted string (any
     * characters but controls and DEL, no escapes; {@code ""} is not an empty one), parameters
     * separated by ';' (only spaces between a closing quote and ';'). No space before ';', no tab
     * anywhere, no non-ASCII outside quotes.
     */
    static boolean mimeParses(String s) {
        if (s.equals("*/*")) {
            return true;
        }
        int n = s.length();
        int i = 0;
        while (true) { // type
            if (i >= n) {
                return false;
            }
            char c = s.charAt(i);
            if (c == '/' && i > 0) {
                i++;
                break;
            } else if (!isToken(c)) {
                return false;
            }
            i++;
        }
        int start = i;
        while (true) { // subtype
            if (i >= n) {
                return true;
            }
            char c = s.charAt(i);
            if (c == ';' && i > start) {
                i++;
                break;
            } else if (!isToken(c)) {
                return false;
            }
            i++;
        }
        start = i;
        params:
        while (start < n) {
            while (true) { // name
                if (i >= n) {
                    return false;
                }
                char c = s.charAt(i);
                if (c == ' ' && i == start) {
                    start = ++i;
                    continue params;
                } else if (c == '=' && i > start) {
                    start = ++i;
                    break;
                } else if (!isToken(c)) {
                    return false;
                }
                i++;
            }
            boolean quoted = false;
            while (true) { // value
                if (i >= n) {
                    if (quoted) {
                        return false;
                    }
                    start = n;
                    break;
                }
                char c = s.charAt(i);
                if (quoted) {
                    if (c == '"' && i > start) {
                        i++;
                        break;
                    } else if (c < 32 || c == 127) {
                        return false;
                    }
                } else if (c == '"' && i == start) {
                    quoted = true;
                    start = i + 1;
                } else if (c == ';' && i > start) {
                    start = ++i;
                    break;
                } else if (!isToken(c)) {
                    return false;
                }
                i++;
            }
            if (quoted) {
                while (true) { // after the closing quote
                    if (i >= n) {
                        start = n;
                        break;
                    }
                    char c = s.charAt(i);
                    if (c == ';') {
                        start = ++i;
                        break;
                    } else if (c != ' ') {
                        return false;
                    }
                    i++;
                }
            }
        }
        return true;
    }

    /** RFC 7230 tchar, the mime crate's token bytes. */
    private static boolean isToken(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }

    /** The http crate's HeaderValue::from_str: visible ASCII, space, tab and any non-ASCII. */
    private static boolean isHeaderValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** A header value whose characters are its UTF-8 bytes, as the plugin sends it. */
    private static String wireBytes(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) >= 0x80) {
                return new String(
                        value.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            }
        }
        return value;
    }

    /** Rust's trim_end (char::is_whitespace: Unicode White_Space). */
    private static String rustTrimEnd(String s) {
        int end = s.length();
        while (end > 0) {
            int cp = s.codePointBefore(end);
            if (!isRustWhitespace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(0, end);
    }

    /** The index after the leading Unicode White_Space of s, from i (Rust's trim_start). */
    private static int rustWhitespaceEnd(String s, int i) {
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (!isRustWhitespace(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    /** Unicode's White_Space property (Rust's char::is_whitespace; Java's differs). */
    static boolean isRustWhitespace(int cp) {
        return (cp >= 0x09 && cp <= 0x0d)
                || cp == 0x20
                || cp == 0x85
                || cp == 0xa0
                || cp == 0x1680
                || (cp >= 0x2000 && cp <= 0x200a)
                || cp == 0x2028
                || cp == 0x2029
                || cp == 0x202f
                || cp == 0x205f
                || cp == 0x3000;
    }

    static String error(String message) {
        try {
            return JSON.writeValueAsString(java.util.Map.of("error", message));
        } catch (JsonProcessingException e) {
            return "{\"error\":\"unprintable\"}";
        }
    }
}
