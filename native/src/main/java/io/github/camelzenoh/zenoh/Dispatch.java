/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Turns upcall values into the public types and keeps listener exceptions out of native code. */
final class Dispatch {

    private static final System.Logger LOG = System.getLogger("io.github.camelzenoh.zenoh");

    private Dispatch() {}

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

    /** Decodes the batches of SampleSink#onSamples into Samples, one listener call each. */
    static final class SampleBatches implements SampleSink {

        private final SampleListener listener;

        /** The last key and its bytes: a key repeated across batches is decoded once. */
        private volatile String lastKey = "";

        private volatile byte[] lastKeyBytes = new byte[0];

        SampleBatches(SampleListener listener) {
            this.listener = listener;
        }

        @Override
        public void onSamples(int count, int metaAt, ByteBuffer batch) {
            ByteBuffer b = batch.order(ByteOrder.nativeOrder());
            String key = null;
            int at = 0;
            for (int i = 0, m = metaAt; i < count; i++, m += 28) {
                int keyLen = b.getInt(m);
                if (keyLen >= 0) {
                    key = key(b, at, keyLen);
                    at += keyLen;
                }
                byte[] payload = new byte[b.getInt(m + 4)];
                b.get(at, payload);
                at += payload.length;
                int encId = b.getInt(m + 8);
                String schema = null;
                int schemaLen = b.getInt(m + 12);
                if (schemaLen >= 0) {
                    schema = string(b, at, schemaLen);
                    at += schemaLen;
                }
                int flags = b.getInt(m + 16);
                String ts = null;
                int tsLen = b.getInt(m + 20);
                if (tsLen >= 0) {
                    ts = string(b, at, tsLen);
                    at += tsLen;
                }
                byte[] attachment = null;
                int attLen = b.getInt(m + 24);
                if (attLen >= 0) {
                    attachment = new byte[attLen];
                    b.get(at, attachment);
                    at += attLen;
                }
                try {
                    listener.onSample(
                            Sample.of(key, payload, encId, schema, flags, ts, attachment));
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "sample listener failed on '" + key + "'", t);
                }
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

    static QuerySink queries(QueryListener listener) {
        return (ptr, key, params, payload, encId, schema, attachment) -> {
            Encoding enc =
                    encId < 0
                            ? null
                            : schema == null ? Encoding.ofId(encId) : new Encoding(encId, schema);
            Query query = new Query(ptr, key, params, payload, enc, attachment);
            try {
                listener.onQuery(query);
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "query listener failed on '" + key + "'", t);
                try {
                    query.replyError(
                            String.valueOf(t.getMessage()).getBytes(StandardCharsets.UTF_8),
                            Encoding.ZENOH_STRING);
                } catch (RuntimeException ignored) {
                    // already finished or closed: nothing more to tell the asker
                }
                query.finish();
            }
        };
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
                try {
                    Reply r =
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
                    listener.onReply(r);
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "reply listener failed", t);
                }
            }

            @Override
            public void onComplete() {
                try {
                    listener.onComplete();
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "reply listener failed on completion", t);
                }
            }
        };
    }

    static MissSink misses(MissListener listener) {
        return listener == null
                ? null
                : (source, count) -> {
                    try {
                        listener.onMiss(source, count);
                    } catch (Throwable t) {
                        LOG.log(Level.WARNING, "miss listener failed", t);
                    }
                };
    }
}
