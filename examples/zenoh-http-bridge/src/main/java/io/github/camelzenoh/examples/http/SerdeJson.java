/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON as the zenohd REST plugin reads a payload: {@code serde_json::from_slice::<Value>}
 * (serde_json 1.0.154, default features), and the value written back as serde_json writes it.
 *
 * <p>Accepted: exactly one RFC 8259 value between whitespace (space, tab, CR, LF only) and nothing
 * else: no comments, single quotes, unquoted names, trailing commas or trailing content, no empty
 * or whitespace-only document, no byte order mark; strings of well-formed UTF-8 without raw control
 * characters, {@code \\u} surrogates only in pairs; at most 127 nested arrays and objects (serde's
 * recursion limit is 128); a number whose value overflows a double ({@code 1e400}) is rejected.
 *
 * <p>Values as a {@code serde_json::Value} holds them: an integer is a u64 or (negative) an i64
 * when it fits, else a double ({@code -0} is {@code -0.0}); a number with a fraction or exponent is
 * a double computed as serde_json computes it without its {@code float_roundtrip} feature (up to 19
 * significant digits, then scaled by powers of ten in double arithmetic; not always the nearest
 * double, and the plugin's value is this one); objects are a BTreeMap: keys sorted by their UTF-8
 * bytes, the last of duplicate keys wins. Doubles are written as serde_json 1.0.154 writes them,
 * with the zmij crate ({@code 2.5}, {@code 1e-7}, {@code 1e+16}, {@code 1.8446744073709552e+19},
 * {@code -0.0}).
 *
 * <p>Parsed values: {@link #NULL}, {@link Boolean}, {@link Long} (an i64, or a u64 up to 2^63-1),
 * {@link U64} (a u64 above), {@link Double}, {@link String}, {@link List}, {@link Map} (sorted).
 */
final class SerdeJson {

    /** JSON null (Java's null means "not JSON"). */
    static final Object NULL =
            new Object() {
                @Override
                public String toString() {
                    return "null";
                }
            };

    /** An unsigned 64-bit integer above Long.MAX_VALUE, in a long's bits. */
    record U64(long bits) {
        @Override
        public String toString() {
            return Long.toUnsignedString(bits);
        }
    }

    /** serde's recursion limit: the 128th nested array or object is an error. */
    private static final int RECURSION_LIMIT = 128;

    /** serde_json's POW10 table: 1e0 ..= 1e308, each the nearest double. */
    private static final double[] POW10 = new double[309];

    static {
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = Double.parseDouble("1e" + i);
        }
    }

    /** Rust's String order: by UTF-8 bytes, which is code point order (not UTF-16 unit order). */
    static final Comparator<String> UTF8_ORDER = SerdeJson::compareCodePoints;

    private SerdeJson() {}

    /** The payload's value, or null if serde_json rejects it. */
    static Object parse(byte[] json) {
        try {
            Parser p = new Parser(json);
            p.whitespace();
            Object v = p.value();
            p.whitespace();
            return p.i == json.length ? v : null;
        } catch (Rejected notJson) {
            return null;
        }
    }

    /** Writes a parsed value as serde_json would (up to string escapes: Jackson's). */
    static void write(JsonGenerator json, Object v) throws IOException {
        if (v instanceof String s) {
            json.writeString(s);
        } else if (v instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                json.writeFieldName((String) e.getKey());
                write(json, e.getValue());
            }
            json.writeEndObject();
        } else if (v instanceof List<?> list) {
            json.writeStartArray();
            for (Object e : list) {
                write(json, e);
            }
            json.writeEndArray();
        } else if (v instanceof Long l) {
            json.writeNumber(l.longValue());
        } else if (v instanceof Double d) {
            json.writeNumber(f64(d)); // the text as is: a number, not a string
        } else if (v instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (v instanceof U64 u) {
            json.writeNumber(u.toString());
        } else {
            json.writeNull();
        }
    }

    /** A parsed value as a tree that writes itself as {@link #write} does. */
    static JsonNode toNode(Object v) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (v instanceof String s) {
            return f.textNode(s);
        } else if (v instanceof Map<?, ?> map) {
            ObjectNode o = f.objectNode();
            map.forEach((k, e) -> o.set((String) k, toNode(e)));
            return o;
        } else if (v instanceof List<?> list) {
            ArrayNode a = f.arrayNode(list.size());
            list.forEach(e -> a.add(toNode(e)));
            return a;
        } else if (v instanceof Long l) {
            return f.numberNode(l.longValue());
        } else if (v instanceof Double d) {
            return f.rawValueNode(new RawValue(f64(d))); // written as serde_json writes it
        } else if (v instanceof Boolean b) {
            return f.booleanNode(b);
        } else if (v instanceof U64 u) {
            return f.numberNode(new BigInteger(u.toString()));
        }
        return f.nullNode();
    }

    /**
     * A finite double as serde_json writes it ({@code zmij::Buffer::format_finite}): the shortest
     * decimal that reads back as the same double (the nearest of those), plain from 1e-5 up to 1e16
     * ({@code 0.00001}, {@code 2.5}, {@code 100.0}), else with a signed exponent ({@code 1e-7},
     * {@code 1e+16}, {@code 1.8446744073709552e+19}).
     *
     * <p>The same text as {@link #f64Exact}, without its BigDecimal work: the few digits of most
     * doubles found in double arithmetic ({@link #fewDigits}), else Schubfach's digits (which are
     * zmij's for every double but the twenty smallest, held in a table).
     */
    static String f64(double d) {
        long bits = Double.doubleToRawLongBits(d);
        long abs = bits & Long.MAX_VALUE;
        boolean negative = bits < 0;
        if (abs <= TINY.length - 1) {
            // 0, and m * 2^-1074 for m <= 20: Java picks a nearer two-digit decimal (4.9E-324)
            // where zmij writes the one digit that reads back too (5e-324)
            String s = abs == 0 ? "0.0" : TINY[(int) abs];
            return negative ? "-" + s : s;
        }
        double x = Double.longBitsToDouble(abs);
        char[] digits = new char[20]; // the significant digits, from digits[20 - length]
        int length;
        int exponent; // x = digits * 10^exponent
        int k = fewDigits(x);
        if (k >= 0) {
            long n = (long) Math.rint(x * POW10[k]); // < 2^50: two ints of at most 8 digits
            int low = (int) (n % 100_000_000);
            int high = (int) (n / 100_000_000);
            exponent = -k;
            length = 0;
            for (int i = 0; i < 8 && (high != 0 || low != 0); i++) {
                digits[digits.length - 1 - length++] = (char) ('0' + low % 10);
                low /= 10;
            }
            for (; high != 0; high /= 10) {
                digits[digits.length - 1 - length++] = (char) ('0' + high % 10);
            }
        } else {
            // Schubfach's shortest decimal ("2.5", "0.001", "1.0E-7", "1.2345678E19"): its digits
            String s = DoubleToDecimal.toString(x);
            int end = s.indexOf('E');
            exponent = end < 0 ? 0 : Integer.parseInt(s, end + 1, s.length(), 10);
            end = end < 0 ? s.length() : end;
            int dot = s.indexOf('.');
            exponent -= end - dot - 1;
            int from = 0;
            while (s.charAt(from) == '0' || s.charAt(from) == '.') {
                from++; // "0.001"
            }
            length = 0;
            for (int i = end - 1; i >= from; i--) {
                char c = s.charAt(i);
                if (c != '.') {
                    digits[digits.length - 1 - length++] = c;
                }
            }
        }
        return layout(negative, digits, length, exponent);
    }

    /**
     * f64's text for the doubles m * 2^-1074 with m <= 20 (index m; index 0 unused), the only ones
     * whose Schubfach digits are not zmij's: the two digits Java must write (4.9E-324) are not a
     * one-digit decimal that reads back too (5e-324) only if both are within half an ulp of x, so
     * less than an ulp (2^-1074) apart, and they are at least 10^j apart for the two digits d.d *
     * 10^(j+1): 10^j <= 2^-1074 means x < 1e-322, m <= 20. Every other double has the same digits
     * in both (for a normal double an ulp is below x * 2^-52, far below x / 100).
     */
    private static final String[] TINY = new String[21];

    static {
        for (int m = 1; m < TINY.length; m++) {
            TINY[m] = f64Exact(Double.longBitsToDouble(m));
        }
    }

    /** 2^50: the fast path's bound on x * 10^k (digits it finds have at most 16). */
    private static final double FEW_DIGITS_LIMIT = 0x1p50;

    /**
     * The least k in 0..=22 for which x's shortest decimal is n * 10^-k for an integer n < 2^50
     * (then n = rint(x * 10^k)), or -1 if there is none: x = 2.5 gives 1 (25e-1), 12.0 gives 0, 0.1
     * gives 1, 1e-7 gives 7; 5e-324, 0.30000000000000004 and 1e16 give -1.
     *
     * <p>Exact, in double arithmetic: for k <= 22 10^k is a double, so n / 10^k for n < 2^53 is the
     * double nearest n * 10^-k (ties to even), and equals x exactly when the decimal n * 10^-k
     * reads back as x. The one integer that can do so is rint(x * 10^k): a decimal that reads back
     * is within half an ulp of x, and an ulp of a normal x is at most x * 2^-52, so that n is
     * within 2^-53 * x * 10^k (< 1/8) of the exact x * 10^k, the computed product within as much
     * again. A second decimal on the same grid would need 10^-k <= ulp, so n >= 2^52: at most one
     * reads back, and the first k that has one has the fewest digits (any other decimal that reads
     * back is less than 10^-k from it and has more digits): that decimal is zmij's (and
     * Schubfach's), the nearest of the shortest being the only one. A subnormal x needs k > 22 and
     * gives -1.
     */
    static int fewDigits(double x) {
        if (!(x < FEW_DIGITS_LIMIT)) {
            return -1;
        }
        for (int k = 0; k <= 22; k++) {
            double y = x * POW10[k];
            if (!(y < FEW_DIGITS_LIMIT)) {
                return -1;
            }
            double n = Math.rint(y);
            // n reads back only if |y - n| < 2^-52 * y (above); most k fail here, without dividing
            if (Math.abs(y - n) <= y * 0x1p-50 && n / POW10[k] == x) {
                return k;
            }
        }
        return -1;
    }

    /**
     * zmij's layout of the digits at the end of d, times 10^exponent (zmij's {@code write}): plain
     * when the decimal exponent is in -5..=15, else {@code d.ddde+X} / {@code de-X}, the exponent's
     * sign always written.
     */
    private static String layout(boolean negative, char[] d, int length, int exponent) {
        int first = d.length - length;
        while (d[first + length - 1] == '0') { // trailing zeros ("100.0", "1.0E23")
            length--;
            exponent++;
        }
        int scientific = length - 1 + exponent; // 10^scientific <= x < 10^(scientific+1)
        char[] out = new char[32];
        int o = 0;
        if (negative) {
            out[o++] = '-';
        }
        if (-5 <= scientific && scientific <= 15) {
            if (exponent >= 0) { // 1234e7 -> 12340000000.0
                System.arraycopy(d, first, out, o, length);
                o += length;
                for (int z = 0; z < exponent; z++) {
                    out[o++] = '0';
                }
                out[o++] = '.';
                out[o++] = '0';
            } else if (scientific >= 0) { // 1234e-2 -> 12.34
                System.arraycopy(d, first, out, o, scientific + 1);
                o += scientific + 1;
                out[o++] = '.';
                System.arraycopy(d, first + scientific + 1, out, o, length - scientific - 1);
                o += length - scientific - 1;
            } else { // 1234e-6 -> 0.001234
                out[o++] = '0';
                out[o++] = '.';
                for (int z = -1; z > scientific; z--) {
                    out[o++] = '0';
                }
                System.arraycopy(d, first, out, o, length);
                o += length;
            }
        } else { // 1234e30 -> 1.234e+33
            out[o++] = d[first];
            if (length > 1) {
                out[o++] = '.';
                System.arraycopy(d, first + 1, out, o, length - 1);
                o += length - 1;
            }
            out[o++] = 'e';
            out[o++] = scientific < 0 ? '-' : '+';
            int e = Math.abs(scientific);
            if (e >= 100) {
                out[o++] = (char) ('0' + e / 100);
            }
            if (e >= 10) {
                out[o++] = (char) ('0' + e / 10 % 10);
            }
            out[o++] = (char) ('0' + e % 10);
        }
        return new String(out, 0, o);
    }

    /**
     * {@link #f64} the slow, obviously exact way (the reference its fast paths are tested against):
     * Schubfach's digits as text, then for every two-digit result a BigDecimal search for a nearer
     * one-digit decimal that reads back too.
     */
    static String f64Exact(double d) {
        if (d == 0) {
            return Double.doubleToRawLongBits(d) < 0 ? "-0.0" : "0.0";
        }
        double x = Math.abs(d);
        // shortest digits (Jackson's Schubfach, as Java 19's Double.toString): "2.5", "1.0E-7"
        String s = DoubleToDecimal.toString(x);
        int e = s.indexOf('E');
        String mantissa = e < 0 ? s : s.substring(0, e);
        int k = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
        int dot = mantissa.indexOf('.');
        StringBuilder digits = new StringBuilder(mantissa.length());
        digits.append(mantissa, 0, dot).append(mantissa, dot + 1, mantissa.length());
        k -= mantissa.length() - dot - 1; // x = digits * 10^k
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
        }
        digits.delete(0, lead);
        while (digits.length() > 1 && digits.charAt(digits.length() - 1) == '0') {
            digits.setLength(digits.length() - 1);
            k++;
        }
        if (digits.length() == 2) {
            // Java may pick two digits where one reads back too but is farther (4.9e-324); zmij
            // writes the one digit (5e-324)
            int first = digits.charAt(0) - '0';
            String best = null;
            BigDecimal bestDistance = null;
            BigDecimal exact = new BigDecimal(x);
            for (int c = first; c <= first + 1; c++) {
                BigDecimal candidate = BigDecimal.valueOf(c).scaleByPowerOfTen(k + 1);
                if (Double.parseDouble(candidate.toString()) == x) {
                    BigDecimal distance = candidate.subtract(exact).abs();
                    if (bestDistance == null || distance.compareTo(bestDistance) < 0) {
                        best = Integer.toString(c);
                        bestDistance = distance;
                    }
                }
            }
            if (best != null) {
                digits.setLength(0);
                if (best.equals("10")) {
                    digits.append('1');
                    k += 2;
                } else {
                    digits.append(best);
                    k += 1;
                }
            }
        }
        return layoutExact(d < 0, digits, k);
    }

    /** {@link #layout}'s rules over the digits as text (for {@link #f64Exact}). */
    private static String layoutExact(boolean negative, CharSequence digits, int k) {
        int length = digits.length();
        int kk = length + k; // 10^(kk-1) <= x < 10^kk
        StringBuilder b = new StringBuilder(length + 8);
        if (negative) {
            b.append('-');
        }
        if (0 <= k && kk <= 16) {
            b.append(digits).append("0".repeat(k)).append(".0");
        } else if (0 < kk && kk <= 16) {
            b.append(digits, 0, kk).append('.').append(digits, kk, length);
        } else if (-5 < kk && kk <= 0) {
            b.append("0.").append("0".repeat(-kk)).append(digits);
        } else {
            b.append(digits.charAt(0));
            if (length > 1) {
                b.append('.').append(digits, 1, length);
            }
            b.append(kk - 1 < 0 ? "e-" : "e+").append(Math.abs(kk - 1));
        }
        return b.toString();
    }

    private static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // a surrogate (a code point above U+FFFF) sorts after every BMP character
                boolean xs = Character.isSurrogate(x);
                boolean ys = Character.isSurrogate(y);
                if (xs != ys) {
                    return xs ? 1 : -1;
                }
                return x - y;
            }
        }
        return a.length() - b.length();
    }

    /** The payload is not JSON as serde_json reads it. */
    private static final class Rejected extends Exception {
        private static final long serialVersionUID = 1L;
        static final Rejected INSTANCE = new Rejected();

        private Rejected() {
            super("not JSON", null, false, false);
        }
    }

    /** serde_json's Deserializer over a slice, producing values as Value holds them. */
    private static final class Parser {
        private final byte[] b;
        private int i;
        private int remainingDepth = RECURSION_LIMIT;

        Parser(byte[] b) {
            this.b = b;
        }

        private static Rejected bad() {
            return Rejected.INSTANCE;
        }

        void whitespace() {
            while (i < b.length) {
                byte c = b[i];
                if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                    i++;
                } else {
                    return;
                }
            }
        }

        private int peek() {
            return i < b.length ? b[i] & 0xff : -1;
        }

        Object value() throws Rejected {
            switch (peek()) {
                case 'n' -> {
                    ident("null");
                    return NULL;
                }
                case 't' -> {
                    ident("true");
                    return Boolean.TRUE;
                }
                case 'f' -> {
                    ident("false");
                    return Boolean.FALSE;
                }
                case '-' -> {
                    i++;
                    return integer(false);
                }
                case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> {
                    return integer(true);
                }
                case '"' -> {
                    i++;
                    return string();
                }
                case '[' -> {
                    enter();
                    i++;
                    Object list = list();
                    remainingDepth++;
                    return list;
                }
                case '{' -> {
                    enter();
                    i++;
                    Object map = map();
                    remainingDepth++;
                    return map;
                }
                default -> throw bad();
            }
        }

        private void enter() throws Rejected {
            if (--remainingDepth == 0) {
                throw bad();
            }
        }

        private void ident(String word) throws Rejected {
            int n = word.length();
            if (i + n > b.length) {
                throw bad();
            }
            for (int j = 0; j < n; j++) {
                if (b[i + j] != word.charAt(j)) {
                    throw bad();
                }
            }
            i += n;
        }

        private List<Object> list() throws Rejected {
            List<Object> list = new ArrayList<>();
            whitespace();
            if (peek() == ']') {
                i++;
                return list;
            }
            while (true) {
                list.add(value());
                whitespace();
                int c = peek();
                if (c == ',') {
                    i++;
                    whitespace(); // a ']' next is a trailing comma: value() rejects it
                } else if (c == ']') {
                    i++;
                    return list;
                } else {
                    throw bad();
                }
            }
        }

        private Map<String, Object> map() throws Rejected {
            Map<String, Object> map = new TreeMap<>(UTF8_ORDER);
            whitespace();
            if (peek() == '}') {
                i++;
                return map;
            }
            while (true) {
                if (peek() != '"') {
                    throw bad(); // also a trailing comma
                }
                i++;
                String key = string();
                whitespace();
                if (peek() != ':') {
                    throw bad();
                }
                i++;
                whitespace();
                map.put(key, value()); // BTreeMap::insert: the last value of a key wins
                whitespace();
                int c = peek();
                if (c == ',') {
                    i++;
                    whitespace();
                } else if (c == '}') {
                    i++;
                    return map;
                } else {
                    throw bad();
                }
            }
        }

        /** After the opening quote: raw control characters, bad escapes, bad UTF-8 reject. */
        private String string() throws Rejected {
            int start = i;
            boolean ascii = true;
            StringBuilder escaped = null;
            while (true) {
                if (i >= b.length) {
                    throw bad();
                }
                int c = b[i] & 0xff;
                if (c == '"' || c == '\\') {
                    String segment = segment(start, i, ascii);
                    i++;
                    if (c == '"') {
                        return escaped == null ? segment : escaped.append(segment).toString();
                    }
                    if (escaped == null) {
                        escaped = new StringBuilder(segment.length() + 16);
                    }
                    escaped.append(segment);
                    escape(escaped);
                    start = i;
                    ascii = true;
                } else if (c < 0x20) {
                    throw bad();
                } else {
                    ascii &= c < 0x80;
                    i++;
                }
            }
        }

        private String segment(int from, int to, boolean ascii) throws Rejected {
            if (ascii) {
                return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
            }
            if (!Utf8.isValid(b, from, to)) {
                throw bad(); // str::from_utf8 of the string's bytes
            }
            return new String(b, from, to - from, StandardCharsets.UTF_8);
        }

        private void escape(StringBuilder out) throws Rejected {
            if (i >= b.length) {
                throw bad();
            }
            int c = b[i++];
            switch (c) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case '/' -> out.append('/');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    int n = hex4();
                    if (n >= 0xDC00 && n <= 0xDFFF) {
                        throw bad(); // a trailing surrogate first
                    }
                    if (n < 0xD800 || n > 0xDBFF) {
                        out.append((char) n);
                        return;
                    }
                    // a leading surrogate: a \\u trailing surrogate must follow
                    if (peek() != '\\') {
                        throw bad();
                    }
                    i++;
                    if (peek() != 'u') {
                        throw bad();
                    }
                    i++;
                    int n2 = hex4();
                    if (n2 < 0xDC00 || n2 > 0xDFFF) {
                        throw bad();
                    }
                    out.append((char) n).append((char) n2);
                }
                default -> throw bad();
            }
        }

        private int hex4() throws Rejected {
            if (i + 4 > b.length) {
                throw bad();
            }
            int n = 0;
            for (int j = 0; j < 4; j++) {
                int d = Character.digit(b[i + j], 16);
                if (d < 0) {
                    throw bad();
                }
                n = n << 4 | d;
            }
            i += 4;
            return n;
        }

        // Numbers: serde_json's parse_integer and what it calls, without float_roundtrip.

        private static final long U64_MAX_DIV_10 = Long.divideUnsigned(-1L, 10);
        private static final long U64_MAX_REM_10 = Long.remainderUnsigned(-1L, 10);

        /** Whether significand * 10 + digit overflows a u64. */
        private static boolean overflows(long significand, int digit) {
            int cmp = Long.compareUnsigned(significand, U64_MAX_DIV_10);
            return cmp >= 0 && (cmp > 0 || digit > U64_MAX_REM_10);
        }

        private static boolean isDigit(int c) {
            return c >= '0' && c <= '9';
        }

        private Object integer(boolean positive) throws Rejected {
            int c = peek();
            i++;
            if (c == '0') {
                if (isDigit(peek())) {
                    throw bad(); // one leading zero only
                }
                return number(positive, 0);
            }
            if (c < '1' || c > '9') {
                throw bad();
            }
            long significand = c - '0';
            while (isDigit(peek())) {
                int digit = peek() - '0';
                if (overflows(significand, digit)) {
                    return longInteger(positive, significand);
                }
                i++;
                significand = significand * 10 + digit;
            }
            return number(positive, significand);
        }

        private Object number(boolean positive, long significand) throws Rejected {
            int c = peek();
            if (c == '.') {
                return decimal(positive, significand, 0);
            }
            if (c == 'e' || c == 'E') {
                return exponent(positive, significand, 0);
            }
            if (positive) {
                return significand >= 0 ? (Object) significand : new U64(significand);
            }
            long neg = -significand; // wrapping
            // a float when it does not fit an i64, and for -0
            return neg >= 0 ? (Object) (-unsignedToDouble(significand)) : (Object) neg;
        }

        private double decimal(boolean positive, long significand, int exponentBeforePoint)
                throws Rejected {
            i++; // '.'
            int exponentAfterPoint = 0;
            while (isDigit(peek())) {
                int digit = peek() - '0';
                if (overflows(significand, digit)) {
                    return decimalOverflow(
                            positive, significand, exponentBeforePoint + exponentAfterPoint);
                }
                i++;
                significand = significand * 10 + digit;
                exponentAfterPoint--;
            }
            if (exponentAfterPoint == 0) {
                throw bad(); // a digit must follow the point
            }
            int exponent = exponentBeforePoint + exponentAfterPoint;
            int c = peek();
            return c == 'e' || c == 'E'
                    ? exponent(positive, significand, exponent)
                    : fromParts(positive, significand, exponent);
        }

        private double exponent(boolean positive, long significand, int startingExponent)
                throws Rejected {
            i++; // 'e'
            boolean positiveExponent = true;
            if (peek() == '+') {
                i++;
            } else if (peek() == '-') {
                i++;
                positiveExponent = false;
            }
            int c = peek();
            if (!isDigit(c)) {
                throw bad();
            }
            i++;
            int exp = c - '0';
            while (isDigit(peek())) {
                int digit = peek() - '0';
                i++;
                if (exp >= Integer.MAX_VALUE / 10
                        && (exp > Integer.MAX_VALUE / 10 || digit > Integer.MAX_VALUE % 10)) {
                    return exponentOverflow(positive, significand == 0, positiveExponent);
                }
                exp = exp * 10 + digit;
            }
            long finalExponent =
                    positiveExponent
                            ? (long) startingExponent + exp
                            : (long) startingExponent - exp;
            return fromParts(
                    positive,
                    significand,
                    (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, finalExponent)));
        }

        private double exponentOverflow(
                boolean positive, boolean zeroSignificand, boolean positiveExponent)
                throws Rejected {
            if (!zeroSignificand && positiveExponent) {
                throw bad(); // out of range, not infinity
            }
            while (isDigit(peek())) {
                i++;
            }
            return positive ? 0.0 : -0.0;
        }

        /** An integer past u64: its further digits only scale it. */
        private double longInteger(boolean positive, long significand) throws Rejected {
            int exponent = 0;
            while (true) {
                int c = peek();
                if (isDigit(c)) {
                    i++;
                    exponent++;
                } else if (c == '.') {
                    return decimal(positive, significand, exponent);
                } else if (c == 'e' || c == 'E') {
                    return exponent(positive, significand, exponent);
                } else {
                    return fromParts(positive, significand, exponent);
                }
            }
        }

        /** The next digit would overflow the significand: the rest are ignored. */
        private double decimalOverflow(boolean positive, long significand, int exponent)
                throws Rejected {
            while (isDigit(peek())) {
                i++;
            }
            int c = peek();
            return c == 'e' || c == 'E'
                    ? exponent(positive, significand, exponent)
                    : fromParts(positive, significand, exponent);
        }

        private double fromParts(boolean positive, long significand, int exponent) throws Rejected {
            double f = unsignedToDouble(significand);
            while (true) {
                int abs = Math.abs(exponent); // wrapping: i32::MIN stays negative, past the table
                if (abs >= 0 && abs < POW10.length) {
                    if (exponent >= 0) {
                        f *= POW10[abs];
                        if (Double.isInfinite(f)) {
                            throw bad();
                        }
                    } else {
                        f /= POW10[abs];
                    }
                    break;
                }
                if (f == 0.0) {
                    break;
                }
                if (exponent >= 0) {
                    throw bad();
                }
                f /= 1e308;
                exponent += 308;
            }
            return positive ? f : -f;
        }

        /** Rust's {@code u64 as f64}: round to nearest, ties to even. */
        private static double unsignedToDouble(long u) {
            if (u >= 0) {
                return (double) u;
            }
            // halve keeping the lost bit sticky, convert, double: one rounding, as u64 -> f64
            return (double) ((u >>> 1) | (u & 1)) * 2.0;
        }
    }
}
