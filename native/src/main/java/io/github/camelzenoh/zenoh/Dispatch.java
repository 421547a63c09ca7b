package io.github.camelzenoh.zenoh;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Turns upcall values into the public types and keeps listener exceptions out of native code. */
final class Dispatch {

    private static final System.Logger LOG = System.getLogger("io.github.camelzenoh.zenoh");

    private Dispatch() {
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
        public void onSamples(int count, int[] meta, byte[] data) {
            String key = null;
            int at = 0;
            for (int i = 0, m = 0; i < count; i++, m += 7) {
                int keyLen = meta[m];
                if (keyLen >= 0) {
                    key = key(data, at, keyLen);
                    at += keyLen;
                }
                int len = meta[m + 1];
                byte[] payload = Arrays.copyOfRange(data, at, at + len);
                at += len;
                int encId = meta[m + 2];
                String schema = null;
                if (meta[m + 3] >= 0) {
                    schema = new String(data, at, meta[m + 3], StandardCharsets.UTF_8);
                    at += meta[m + 3];
                }
                int flags = meta[m + 4];
                String ts = null;
                if (meta[m + 5] >= 0) {
                    ts = new String(data, at, meta[m + 5], StandardCharsets.UTF_8);
                    at += meta[m + 5];
                }
                byte[] attachment = null;
                if (meta[m + 6] >= 0) {
                    attachment = Arrays.copyOfRange(data, at, at + meta[m + 6]);
                    at += meta[m + 6];
                }
                try {
                    listener.onSample(Sample.of(key, payload, encId, schema, flags, ts, attachment));
                } catch (Throwable t) {
                    LOG.log(Level.WARNING, "sample listener failed on '" + key + "'", t);
                }
            }
        }

        private String key(byte[] data, int at, int len) {
            byte[] last = lastKeyBytes;
            if (Arrays.equals(last, 0, last.length, data, at, at + len)) {
                return lastKey;
            }
            byte[] bytes = Arrays.copyOfRange(data, at, at + len);
            String key = new String(bytes, StandardCharsets.UTF_8);
            lastKey = key;
            lastKeyBytes = bytes;
            return key;
        }
    }

    static QuerySink queries(QueryListener listener) {
        return (ptr, key, params, payload, encId, schema, attachment) -> {
            Encoding enc = encId < 0 ? null : schema == null ? Encoding.ofId(encId) : new Encoding(encId, schema);
            Query query = new Query(ptr, key, params, payload, enc, attachment);
            try {
                listener.onQuery(query);
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "query listener failed on '" + key + "'", t);
                try {
                    query.replyError(String.valueOf(t.getMessage()).getBytes(StandardCharsets.UTF_8),
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
            public void onReply(boolean ok, String key, byte[] payload, int encId, String schema, int flags,
                    String ts, byte[] attachment) {
                try {
                    Reply r = ok
                            ? new Reply(Sample.of(key, payload, encId, schema, flags, ts, attachment), null, null)
                            : new Reply(null, payload,
                                    schema == null ? Encoding.ofId(encId) : new Encoding(encId, schema));
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
        return listener == null ? null : (source, count) -> {
            try {
                listener.onMiss(source, count);
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "miss listener failed", t);
            }
        };
    }
}
