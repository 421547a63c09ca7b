/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Turns upcall values into the public types and keeps listener exceptions out of native code. */
final class Dispatch {

    private static final System.Logger LOG = System.getLogger("io.github.camelzenoh.zenoh");

    /** Received items that could not be handed to a listener, per reason. */
    private static final ConcurrentHashMap<String, LongAdder> UNDELIVERED =
            new ConcurrentHashMap<>();

    /**
     * How many listener calls this thread is in. zenoh may call a listener from inside a close (a
     * pending get's completion) or while a close waits for the thread that calls it: a close made
     * there must not wait for that close ({@link NativeHandle#closeAndAwait}).
     */
    private static final ThreadLocal<int[]> IN_LISTENER = ThreadLocal.withInitial(() -> new int[1]);

    private Dispatch() {}

    /** Whether this thread is in a listener call (see {@link #IN_LISTENER}). */
    static boolean inListener() {
        return IN_LISTENER.get()[0] > 0;
    }

    /**
     * Counts a received item that cannot reach its listener under {@code reason}; the first of each
     * reason is logged (with the cause), the rest only counted.
     */
    static void undeliverable(String reason, Throwable cause) {
        LongAdder n = UNDELIVERED.get(reason);
        if (n == null) {
            LongAdder fresh = new LongAdder();
            n = UNDELIVERED.putIfAbsent(reason, fresh);
            if (n == null) {
                n = fresh;
                LOG.log(
                        Level.WARNING,
                        reason
                                + " (dropped; logged once, counted in"
                                + " NativeDiagnostics.undelivered()): "
                                + cause,
                        cause);
            }
        }
        n.increment();
    }

    /** Undeliverable received items so far, per reason. */
    static Map<String, Long> undelivered() {
        Map<String, Long> m = new TreeMap<>();
        UNDELIVERED.forEach((reason, n) -> m.put(reason, n.sum()));
        return m;
    }

    /**
     * A received encoding schema, decoded losslessly: valid UTF-8 as it is, each byte of an invalid
     * sequence as the lone surrogate U+DC00 + byte (as the native side does for queries and
     * replies). The wire allows any bytes; such a String still counts one UTF-8 byte per escaped
     * byte, within {@link Encoding#MAX_SCHEMA_BYTES}.
     */
    static String schema(byte[] bytes) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        if (s.indexOf('\uFFFD') < 0) {
            return s; // valid UTF-8 (the usual case): decoded once
        }
        CharsetDecoder d =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never decodes to more chars
        while (true) {
            CoderResult r = d.decode(in, out, true);
            if (r.isError()) {
                for (int i = 0; i < r.length(); i++) {
                    out.put((char) (0xDC00 | (in.get() & 0xFF)));
                }
            } else {
                d.flush(out);
                return out.flip().toString();
            }
        }
    }

    /**
     * Called by the native side when an upcall failed: an exception escaped a sink (a listener's
     * own exceptions are caught and logged below), a JNI call failed or native code panicked. It is
     * logged here, so it reaches the application's logging (SLF4J through the System.Logger or
     * java.util.logging bridge), never printed on stderr by the JVM.
     */
    static void upcallFailed(String message, Throwable thrown) {
        LOG.log(
                Level.ERROR,
                message != null ? message : "a zenoh callback failed in Java code",
                thrown);
    }

    static SampleSink samples(SampleListener listener) {
        return new SampleBatches(listener);
    }

    /** Decodes the batches of {@link SampleSink#onSamples} into Samples, one listener call each. */
    static final class SampleBatches implements SampleSink {

        private final SampleListener listener;

        /** The last key and its bytes: a key repeated across batches is decoded once. */
        private volatile String lastKey = "";

        private volatile byte[] lastKeyBytes = new byte[0];

        /** Drops are logged as a warning the first time, then at debug level. */
        private volatile boolean droppedBefore;

        SampleBatches(SampleListener listener) {
            this.listener = listener;
        }

        /**
         * Every sample of the chunk reaches the listener or is counted: one that cannot be decoded,
         * or whose bytes cannot be copied into Java (an OutOfMemoryError on a loaded JVM), is
         * counted undeliverable and told to the listener as dropped, and the next sample is read
         * from its own offsets. The batch ends either way, so a listener that gathers samples hands
         * on what it has.
         */
        @Override
        public void onSamples(int count, int dataAt, int metaAt, ByteBuffer batch) {
            int[] depth = IN_LISTENER.get();
            depth[0]++;
            try {
                deliver(count, dataAt, metaAt, batch);
            } finally {
                depth[0]--;
            }
        }

        private void deliver(int count, int dataAt, int metaAt, ByteBuffer batch) {
            ByteBuffer b = batch.order(ByteOrder.nativeOrder());
            String key = null; // null after a key that could not be copied: its samples fail too
            int at = dataAt;
            long lost = 0;
            for (int i = 0, m = metaAt; i < count; i++, m += 28) {
                int keyLen = b.getInt(m);
                int payloadLen = b.getInt(m + 4);
                int schemaLen = b.getInt(m + 12);
                int tsLen = b.getInt(m + 20);
                int attLen = b.getInt(m + 24);
                int next =
                        at
                                + Math.max(keyLen, 0)
                                + payloadLen
                                + Math.max(schemaLen, 0)
                                + Math.max(tsLen, 0)
                                + Math.max(attLen, 0);
                Sample sample;
                try {
                    if (keyLen >= 0) {
                        key = null;
                        key = key(b, at, keyLen);
                        at += keyLen;
                    }
                    if (key == null) {
                        throw new IllegalStateException("its key could not be copied");
                    }
                    byte[] payload = new byte[payloadLen];
                    b.get(at, payload);
                    at += payloadLen;
                    String schema = null;
                    if (schemaLen >= 0) {
                        byte[] bytes = new byte[schemaLen];
                        b.get(at, bytes);
                        schema = schema(bytes);
                        at += schemaLen;
                    }
                    String ts = null;
                    if (tsLen >= 0) {
                        ts = string(b, at, tsLen);
                        at += tsLen;
                    }
                    byte[] attachment = null;
                    if (attLen >= 0) {
                        attachment = new byte[attLen];
                        b.get(at, attachment);
                    }
                    sample =
                            Sample.of(
                                    key,
                                    payload,
                                    b.getInt(m + 8),
                                    schema,
                                    b.getInt(m + 16),
                                    ts,
                                    attachment);
                } catch (Throwable t) {
                    lost++;
                    try {
                        undeliverable("a received sample could not be decoded", t);
                    } catch (Throwable ignored) {
                        // counted in lost all the same
                    }
                    continue;
                } finally {
                    at = next;
                }
                try {
                    listener.onSample(sample);
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "sample listener failed on '" + key + "'", t);
                }
            }
            try {
                listener.onBatchEnd();
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "sample listener failed at the end of a batch", t);
            }
            if (lost > 0) {
                try {
                    listener.onDropped(lost);
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "sample listener failed on dropped samples", t);
                }
            }
        }

        @Override
        public void onDropped(long count) {
            Level level = droppedBefore ? Level.DEBUG : Level.WARNING;
            droppedBefore = true;
            LOG.log(
                    level,
                    "{0} sample(s) dropped before reaching a subscriber''s listener: its pending"
                            + " samples were at maxPendingBytes and the putting thread may not"
                            + " wait for them, or a sample was too large for a Java buffer"
                            + " (counted: SampleListener.onDropped)",
                    count);
            int[] depth = IN_LISTENER.get();
            depth[0]++;
            try {
                listener.onDropped(count);
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "sample listener failed on dropped samples", t);
            } finally {
                depth[0]--;
            }
        }

        private String key(ByteBuffer b, int at, int len) {
            byte[] last = lastKeyBytes;
            if (last.length == len && b.slice(at, len).equals(ByteBuffer.wrap(last))) {
                return lastKey;
            }
            byte[] bytes = new byte[len];
            b.get(at, bytes);
            String key = new String(bytes, StandardCharsets.UTF_8);
            lastKey = key;
            lastKeyBytes = bytes;
            return key;
        }

        private static String string(ByteBuffer b, int at, int len) {
            byte[] bytes = new byte[len];
            b.get(at, bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * The Query is built first, before anything that can throw: whatever happens next it is
     * answered and finished here unless the listener took it.
     */
    static QuerySink queries(Session session, QueryListener listener) {
        return (ptr, key, params, payload, encId, schema, attachment) -> {
            Query query = new Query(session, ptr, key, params, payload, null, attachment);
            boolean taken = false;
            try {
                try {
                    if (encId >= 0) {
                        query.receivedEncoding(
                                schema == null
                                        ? Encoding.ofId(encId)
                                        : new Encoding(encId, schema));
                    }
                } catch (RuntimeException e) {
                    undeliverable("a received query could not be decoded", e);
                    replyError(query, "query dropped: it could not be decoded: " + e.getMessage());
                    return;
                }
                int[] depth = IN_LISTENER.get();
                depth[0]++;
                try {
                    listener.onQuery(query);
                    taken = true;
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "query listener failed on '" + key + "'", t);
                    replyError(query, String.valueOf(t.getMessage()));
                } finally {
                    depth[0]--;
                }
            } finally {
                if (!taken) {
                    query.finish();
                }
            }
        };
    }

    private static void replyError(Query query, String message) {
        try {
            query.replyError(message.getBytes(StandardCharsets.UTF_8), Encoding.ZENOH_STRING);
        } catch (RuntimeException ignored) {
            // already finished or closed: nothing more to tell the asker
        }
    }

    static ReplySink replies(ReplyListener listener) {
        return new ReplySink() {
            @Override
            public void onReply(
                    boolean ok,
                    String key,
                    byte[] payload,
                    int encId,
                    String schema,
                    int flags,
                    String ts,
                    byte[] attachment) {
                Reply r;
                try {
                    r =
                            ok
                                    ? new Reply(
                                            Sample.of(
                                                    key,
                                                    payload,
                                                    encId,
                                                    schema,
                                                    flags,
                                                    ts,
                                                    attachment),
                                            null,
                                            null)
                                    : new Reply(
                                            null,
                                            payload,
                                            schema == null
                                                    ? Encoding.ofId(encId)
                                                    : new Encoding(encId, schema));
                } catch (RuntimeException e) {
                    undeliverable("a received reply could not be decoded", e);
                    return;
                }
                int[] depth = IN_LISTENER.get();
                depth[0]++;
                try {
                    listener.onReply(r);
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "reply listener failed", t);
                } finally {
                    depth[0]--;
                }
            }

            @Override
            public void onComplete() {
                int[] depth = IN_LISTENER.get();
                depth[0]++;
                try {
                    listener.onComplete();
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "reply listener failed on completion", t);
                } finally {
                    depth[0]--;
                }
            }
        };
    }

    static MissSink misses(MissListener listener) {
        return listener == null
                ? null
                : (source, count) -> {
                    int[] depth = IN_LISTENER.get();
                    depth[0]++;
                    try {
                        listener.onMiss(source, count);
                    } catch (Throwable t) {
                        LOG.log(Level.WARNING, "miss listener failed", t);
                    } finally {
                        depth[0]--;
                    }
                };
    }
}
