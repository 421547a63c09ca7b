/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The zenoh serialization format (zenoh-ext's {@code z_serialize} / {@code z_deserialize}, the same
 * bytes in every zenoh binding), in pure Java.
 *
 * <p>The wire carries no type information, so the caller states the type with a descriptor: a
 * scalar {@code i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bool string bytes}, or {@code
 * list<T>}, {@code map<K,V>}, {@code tuple<T1,...,Tn>} (1 to 16 elements) of descriptors. Numbers
 * are little-endian, bool one byte 0/1, string/bytes/list/map a LEB128 count then the elements, a
 * tuple its elements one after the other.
 *
 * <p>Java values: {@code i8}→Byte, {@code i16}→Short, {@code i32}→Integer, {@code i64}→Long, the
 * unsigned ones to the next wider signed type ({@code u8}→Short, {@code u16}→Integer, {@code
 * u32}→Long, {@code u64}→BigInteger), {@code i128}/{@code u128}→BigInteger, {@code f32}→Float,
 * {@code f64}→Double, {@code bool}→Boolean, {@code string}→String, {@code bytes}→byte[], {@code
 * list}→List, {@code map}→Map (wire order kept), {@code tuple}→List of its elements. Serializing
 * accepts any integral Number in range for the integer types, any Number for the floats, an
 * Iterable or array for a list, a List or array of the exact size for a tuple. A Byte (an element
 * of a byte[] too) is an octet for the unsigned types: {@code (byte) 0xff} is 255 as {@code u8}, so
 * a byte[] as {@code list<u8>} gives the bytes Python's {@code z_serialize} gives for the same
 * octets; the signed types keep its Java value (-1 as {@code i8} or {@code i16}).
 */
public final class ZenohSerialization {

    private ZenohSerialization() {}

    /** A parsed type descriptor. */
    public static final class Type {
        private final Kind kind;
        private final List<Type> args;

        private Type(Kind kind, List<Type> args) {
            this.kind = kind;
            this.args = args;
        }

        /** Parses a descriptor such as {@code map<string,list<i32>>}; spaces are allowed. */
        public static Type parse(String descriptor) {
            if (descriptor == null || descriptor.isBlank()) {
                throw new ZenohSerializationException("the type descriptor is empty");
            }
            Parser p = new Parser(descriptor);
            Type t = p.type();
            p.skipSpaces();
            if (p.pos != descriptor.length()) {
                throw p.error("unexpected '" + descriptor.charAt(p.pos) + "'");
            }
            return t;
        }

        @Override
        public String toString() {
            if (args.isEmpty()) {
                return kind.name;
            }
            StringBuilder sb = new StringBuilder(kind.name).append('<');
            for (int i = 0; i < args.size(); i++) {
                sb.append(i == 0 ? "" : ",").append(args.get(i));
            }
            return sb.append('>').toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Type t && t.kind == kind && t.args.equals(args);
        }

        @Override
        public int hashCode() {
            return kind.hashCode() * 31 + args.hashCode();
        }
    }

    private enum Kind {
        I8("i8", 1),
        I16("i16", 2),
        I32("i32", 4),
        I64("i64", 8),
        I128("i128", 16),
        U8("u8", 1),
        U16("u16", 2),
        U32("u32", 4),
        U64("u64", 8),
        U128("u128", 16),
        F32("f32", 4),
        F64("f64", 8),
        BOOL("bool", 1),
        STRING("string", 0),
        BYTES("bytes", 0),
        LIST("list", 0),
        MAP("map", 0),
        TUPLE("tuple", 0);

        final String name;
        final int size;

        Kind(String name, int size) {
            this.name = name;
            this.size = size;
        }

        static Kind of(String name) {
            for (Kind k : values()) {
                if (k.name.equals(name)) {
                    return k;
                }
            }
            return null;
        }
    }

    /** Container types nested deeper than this are refused (the parser and codecs recurse). */
    static final int MAX_DEPTH = 64;

    private static final class Parser {
        final String s;
        int pos;
        int depth;

        Parser(String s) {
            this.s = s;
        }

        void skipSpaces() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        ZenohSerializationException error(String what) {
            return new ZenohSerializationException(
                    "bad type descriptor "
                            + ZenohEndpoint.quote(s)
                            + " at position "
                            + pos
                            + ": "
                            + what);
        }

        Type type() {
            skipSpaces();
            int start = pos;
            while (pos < s.length() && Character.isLetterOrDigit(s.charAt(pos))) {
                pos++;
            }
            String name = s.substring(start, pos);
            Kind kind = Kind.of(name);
            if (kind == null) {
                pos = start;
                throw error(
                        (name.isEmpty()
                                        ? "a type is missing"
                                        : "unknown type " + ZenohEndpoint.quote(name))
                                + " (known: i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bool"
                                + " string bytes list<T> map<K,V> tuple<T1,...>)");
            }
            if (kind != Kind.LIST && kind != Kind.MAP && kind != Kind.TUPLE) {
                return new Type(kind, List.of());
            }
            skipSpaces();
            if (pos >= s.length() || s.charAt(pos) != '<') {
                throw error("'" + name + "' needs its element types in <...>");
            }
            if (++depth > MAX_DEPTH) {
                throw error("types nested deeper than " + MAX_DEPTH + " levels");
            }
            pos++;
            List<Type> args = new ArrayList<>();
            args.add(type());
            skipSpaces();
            while (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
                args.add(type());
                skipSpaces();
            }
            if (pos >= s.length() || s.charAt(pos) != '>') {
                throw error("expected '>' or ','");
            }
            pos++;
            depth--;
            int want = kind == Kind.LIST ? 1 : kind == Kind.MAP ? 2 : -1;
            if (want > 0 && args.size() != want) {
                throw error(name + " takes " + want + " element type(s), got " + args.size());
            }
            if (kind == Kind.TUPLE && args.size() > 16) {
                throw error("a tuple has at most 16 elements, got " + args.size());
            }
            return new Type(kind, List.copyOf(args));
        }
    }

    /**
     * The type of a scalar value: Byte→i8, Short→i16, Integer→i32, Long→i64, Float→f32, Double→f64,
     * Boolean→bool, CharSequence→string, byte[]→bytes. Anything else (collections, BigInteger)
     * needs an explicit descriptor.
     */
    public static Type typeOf(Object value) {
        Kind k = null;
        if (value instanceof Byte) {
            k = Kind.I8;
        } else if (value instanceof Short) {
            k = Kind.I16;
        } else if (value instanceof Integer) {
            k = Kind.I32;
        } else if (value instanceof Long) {
            k = Kind.I64;
        } else if (value instanceof Float) {
            k = Kind.F32;
        } else if (value instanceof Double) {
            k = Kind.F64;
        } else if (value instanceof Boolean) {
            k = Kind.BOOL;
        } else if (value instanceof CharSequence) {
            k = Kind.STRING;
        } else if (value instanceof byte[]) {
            k = Kind.BYTES;
        }
        if (k == null) {
            throw new ZenohSerializationException(
                    "no type given and none implied by "
                            + className(value)
                            + ": set the type descriptor (e.g. list<i32>, map<string,f64>,"
                            + " tuple<u8,string>)");
        }
        return new Type(k, List.of());
    }

    /** Serializes {@code value} as {@code type}. */
    public static byte[] serialize(Type type, Object value) {
        Writer w = new Writer();
        write(w, type, value);
        return w.toByteArray();
    }

    /** Deserializes all of {@code bytes} as {@code type}; trailing bytes are an error. */
    public static Object deserialize(Type type, byte[] bytes) {
        Reader r = new Reader(bytes);
        Object v = read(r, type);
        if (r.pos != bytes.length) {
            throw new ZenohSerializationException(
                    (bytes.length - r.pos)
                            + " trailing byte(s) after a complete "
                            + type
                            + " (read "
                            + r.pos
                            + " of "
                            + bytes.length
                            + ")");
        }
        return v;
    }

    // ---- writing

    private static final class Writer {
        byte[] buf = new byte[64];
        int len;

        void ensure(int n) {
            if (len + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            }
        }

        void le(long v, int size) {
            ensure(size);
            for (int i = 0; i < size; i++) {
                buf[len++] = (byte) (v >>> (8 * i));
            }
        }

        void bytes(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
        }

        void leb128(long n) {
            ensure(10);
            do {
                byte b = (byte) (n & 0x7f);
                n >>>= 7;
                buf[len++] = n != 0 ? (byte) (b | 0x80) : b;
            } while (n != 0);
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, len);
        }
    }

    private static void write(Writer w, Type t, Object v) {
        if (v == null) {
            throw new ZenohSerializationException("null cannot be serialized as " + t);
        }
        switch (t.kind) {
            case I8 -> w.le(integral(v, t, -128, 127), 1);
            case I16 -> w.le(integral(v, t, Short.MIN_VALUE, Short.MAX_VALUE), 2);
            case I32 -> w.le(integral(v, t, Integer.MIN_VALUE, Integer.MAX_VALUE), 4);
            case I64 -> w.le(integral(v, t, Long.MIN_VALUE, Long.MAX_VALUE), 8);
            case U8 -> w.le(integral(v, t, 0, 0xff), 1);
            case U16 -> w.le(integral(v, t, 0, 0xffff), 2);
            case U32 -> w.le(integral(v, t, 0, 0xffffffffL), 4);
            case U64, I128, U128 -> writeBig(w, t, big(v, t));
            case F32 -> w.le(Float.floatToRawIntBits(number(v, t).floatValue()), 4);
            case F64 -> w.le(Double.doubleToRawLongBits(number(v, t).doubleValue()), 8);
            case BOOL -> {
                if (!(v instanceof Boolean b)) {
                    throw wrongType(t, "a Boolean", v);
                }
                w.le(b ? 1 : 0, 1);
            }
            case STRING -> {
                if (!(v instanceof CharSequence cs)) {
                    throw wrongType(t, "a String", v);
                }
                byte[] b = utf8(cs.toString(), t);
                w.leb128(b.length);
                w.bytes(b);
            }
            case BYTES -> {
                if (!(v instanceof byte[] b)) {
                    throw wrongType(t, "a byte[]", v);
                }
                w.leb128(b.length);
                w.bytes(b);
            }
            case LIST -> {
                Type e = t.args.get(0);
                if (v.getClass().isArray()) {
                    int n = Array.getLength(v);
                    w.leb128(n);
                    for (int i = 0; i < n; i++) {
                        writeAt(w, e, Array.get(v, i), i);
                    }
                } else if (v instanceof java.util.Collection<?> c) {
                    w.leb128(c.size());
                    int i = 0;
                    for (Object o : c) {
                        writeAt(w, e, o, i++);
                    }
                } else if (v instanceof Iterable<?> it) {
                    List<Object> all = new ArrayList<>();
                    it.forEach(all::add);
                    write(w, t, all);
                } else {
                    throw wrongType(t, "a List, Iterable or array", v);
                }
            }
            case MAP -> {
                if (!(v instanceof Map<?, ?> m)) {
                    throw wrongType(t, "a Map", v);
                }
                w.leb128(m.size());
                for (Map.Entry<?, ?> en : m.entrySet()) {
                    try {
                        write(w, t.args.get(0), en.getKey());
                    } catch (ZenohSerializationException x) {
                        throw x.at("key " + en.getKey());
                    }
                    try {
                        write(w, t.args.get(1), en.getValue());
                    } catch (ZenohSerializationException x) {
                        throw x.at("[" + en.getKey() + "]");
                    }
                }
            }
            case TUPLE -> {
                List<?> l =
                        v instanceof List<?> list
                                ? list
                                : v instanceof Object[] a
                                        ? Arrays.asList(a)
                                        : v.getClass().isArray() ? primitives(v) : null;
                if (l == null) {
                    throw wrongType(t, "a List or array of " + t.args.size() + " elements", v);
                }
                if (l.size() != t.args.size()) {
                    throw new ZenohSerializationException(
                            t + " needs " + t.args.size() + " elements, got " + l.size());
                }
                for (int i = 0; i < l.size(); i++) {
                    writeAt(w, t.args.get(i), l.get(i), i);
                }
            }
        }
    }

    private static void writeAt(Writer w, Type t, Object v, int i) {
        try {
            write(w, t, v);
        } catch (ZenohSerializationException x) {
            throw x.at("[" + i + "]");
        }
    }

    private static List<Object> primitives(Object array) {
        int n = Array.getLength(array);
        List<Object> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            l.add(Array.get(array, i));
        }
        return l;
    }

    private static long integral(Object v, Type t, long min, long max) {
        long x;
        if (v instanceof Byte b && min == 0) {
            // a Java byte is an octet: as an unsigned type it is 0..255 (0xff is 255, not -1)
            x = Byte.toUnsignedLong(b);
        } else if (v instanceof Long
                || v instanceof Integer
                || v instanceof Short
                || v instanceof Byte) {
            x = ((Number) v).longValue();
        } else if (v instanceof BigInteger b) {
            if (b.bitLength() > 63) {
                throw outOfRange(t, v, min, max);
            }
            x = b.longValue();
        } else if (v instanceof java.util.concurrent.atomic.AtomicInteger
                || v instanceof java.util.concurrent.atomic.AtomicLong) {
            x = ((Number) v).longValue();
        } else {
            throw wrongType(t, "an integral Number (Byte, Short, Integer, Long, BigInteger)", v);
        }
        if (x < min || x > max) {
            throw outOfRange(t, v, min, max);
        }
        return x;
    }

    private static BigInteger big(Object v, Type t) {
        BigInteger b;
        if (v instanceof BigInteger bi) {
            b = bi;
        } else if (v instanceof Byte octet && t.kind != Kind.I128) {
            b = BigInteger.valueOf(Byte.toUnsignedLong(octet)); // u64, u128: an octet, as for u8
        } else if (v instanceof Long
                || v instanceof Integer
                || v instanceof Short
                || v instanceof Byte
                || v instanceof java.util.concurrent.atomic.AtomicInteger
                || v instanceof java.util.concurrent.atomic.AtomicLong) {
            b = BigInteger.valueOf(((Number) v).longValue());
        } else {
            throw wrongType(t, "an integral Number (Byte, Short, Integer, Long, BigInteger)", v);
        }
        boolean ok =
                switch (t.kind) {
                    case U64 -> b.signum() >= 0 && b.bitLength() <= 64;
                    case U128 -> b.signum() >= 0 && b.bitLength() <= 128;
                    default -> b.bitLength() <= 127; // I128
                };
        if (!ok) {
            throw new ZenohSerializationException(
                    "value " + v + " is out of range for " + t + " (" + range(t.kind) + ")");
        }
        return b;
    }

    private static String range(Kind k) {
        return switch (k) {
            case U64 -> "0..2^64-1";
            case U128 -> "0..2^128-1";
            default -> "-2^127..2^127-1";
        };
    }

    private static void writeBig(Writer w, Type t, BigInteger b) {
        int size = t.kind.size;
        w.ensure(size);
        for (int i = 0; i < size; i++) {
            w.buf[w.len++] = b.shiftRight(8 * i).byteValue();
        }
    }

    private static Number number(Object v, Type t) {
        if (!(v instanceof Number n)) {
            throw wrongType(t, "a Number", v);
        }
        return n;
    }

    private static ZenohSerializationException outOfRange(Type t, Object v, long min, long max) {
        return new ZenohSerializationException(
                "value " + v + " is out of range for " + t + " (" + min + ".." + max + ")");
    }

    /**
     * A string's UTF-8 bytes; an unpaired surrogate, which UTF-8 (and a Rust or Python string)
     * cannot hold, is refused instead of being replaced by '?'.
     */
    private static byte[] utf8(String v, Type t) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < v.length()
                    && Character.isLowSurrogate(v.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new ZenohSerializationException(
                        String.format(
                                "%s: the string has an unpaired surrogate U+%04X at index %d,"
                                        + " which UTF-8 cannot encode",
                                t, (int) c, i));
            }
        }
        return v.getBytes(StandardCharsets.UTF_8);
    }

    private static ZenohSerializationException wrongType(Type t, String want, Object v) {
        return new ZenohSerializationException(t + " needs " + want + ", got " + className(v));
    }

    private static String className(Object v) {
        return v == null ? "null" : v.getClass().getName();
    }

    // ---- reading

    private static final class Reader {
        final byte[] b;
        int pos;

        Reader(byte[] b) {
            this.b = b;
        }

        void need(int n, Object what) {
            if (b.length - pos < n) {
                throw new ZenohSerializationException(
                        "truncated input: "
                                + what
                                + " needs "
                                + n
                                + " byte(s) at offset "
                                + pos
                                + ", "
                                + (b.length - pos)
                                + " left");
            }
        }

        long le(int size, Type t) {
            need(size, t);
            long v = 0;
            for (int i = 0; i < size; i++) {
                v |= (b[pos++] & 0xffL) << (8 * i);
            }
            return v;
        }

        /** A LEB128 count, bounded by the bytes left (every element takes at least one byte). */
        int count(Type t) {
            int start = pos;
            long n = 0;
            for (int shift = 0; ; shift += 7) {
                if (pos >= b.length) {
                    throw new ZenohSerializationException(
                            "truncated input: the length of a "
                                    + t
                                    + " at offset "
                                    + start
                                    + " is cut off");
                }
                byte x = b[pos++];
                if (shift == 63 && (x & 0x7e) != 0 || shift > 63) {
                    throw new ZenohSerializationException(
                            "invalid length of a " + t + " at offset " + start + ": over 64 bits");
                }
                n |= (long) (x & 0x7f) << shift;
                if ((x & 0x80) == 0) {
                    break;
                }
            }
            if (n < 0 || n > b.length - pos) {
                throw new ZenohSerializationException(
                        "truncated input: a "
                                + t
                                + " at offset "
                                + start
                                + " says "
                                + Long.toUnsignedString(n)
                                + " element(s), only "
                                + (b.length - pos)
                                + " byte(s) left");
            }
            return (int) n;
        }
    }

    private static Object read(Reader r, Type t) {
        switch (t.kind) {
            case I8:
                return (byte) r.le(1, t);
            case I16:
                return (short) r.le(2, t);
            case I32:
                return (int) r.le(4, t);
            case I64:
                return r.le(8, t);
            case U8:
                return (short) r.le(1, t);
            case U16:
                return (int) r.le(2, t);
            case U32:
                return r.le(4, t);
            case U64:
                {
                    long v = r.le(8, t);
                    return v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(TWO_64);
                }
            case I128:
            case U128:
                {
                    r.need(16, t);
                    byte[] be = new byte[17];
                    for (int i = 0; i < 16; i++) {
                        be[16 - i] = r.b[r.pos++];
                    }
                    if (t.kind == Kind.I128) {
                        return new BigInteger(Arrays.copyOfRange(be, 1, 17));
                    }
                    return new BigInteger(be);
                }
            case F32:
                return Float.intBitsToFloat((int) r.le(4, t));
            case F64:
                return Double.longBitsToDouble(r.le(8, t));
            case BOOL:
                {
                    int at = r.pos;
                    long v = r.le(1, t);
                    if (v > 1) {
                        throw new ZenohSerializationException(
                                String.format(
                                        "invalid bool 0x%02x at offset %d (only 0 or 1)", v, at));
                    }
                    return v == 1;
                }
            case STRING:
                {
                    int n = r.count(t);
                    int at = r.pos;
                    r.pos += n;
                    try {
                        return StandardCharsets.UTF_8
                                .newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)
                                .decode(ByteBuffer.wrap(r.b, at, n))
                                .toString();
                    } catch (CharacterCodingException e) {
                        throw new ZenohSerializationException(
                                "invalid UTF-8 in the string at offset " + at);
                    }
                }
            case BYTES:
                {
                    int n = r.count(t);
                    byte[] out = Arrays.copyOfRange(r.b, r.pos, r.pos + n);
                    r.pos += n;
                    return out;
                }
            case LIST:
                {
                    int n = r.count(t);
                    Type e = t.args.get(0);
                    List<Object> out = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        out.add(readAt(r, e, i));
                    }
                    return out;
                }
            case MAP:
                {
                    int n = r.count(t);
                    Map<Object, Object> out = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) {
                        Object k;
                        try {
                            k = read(r, t.args.get(0));
                        } catch (ZenohSerializationException x) {
                            throw x.at("key " + i);
                        }
                        try {
                            out.put(k, read(r, t.args.get(1)));
                        } catch (ZenohSerializationException x) {
                            throw x.at("[" + k + "]");
                        }
                    }
                    return out;
                }
            case TUPLE:
                {
                    Object[] out = new Object[t.args.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = readAt(r, t.args.get(i), i);
                    }
                    return Collections.unmodifiableList(Arrays.asList(out));
                }
            default:
                throw new IllegalStateException(t.toString());
        }
    }

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private static Object readAt(Reader r, Type t, int index) {
        try {
            return read(r, t);
        } catch (ZenohSerializationException x) {
            throw x.at("[" + index + "]");
        }
    }
}
