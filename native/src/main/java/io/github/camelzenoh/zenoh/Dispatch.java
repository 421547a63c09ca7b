package io.github.camelzenoh.zenoh;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;

/** Turns upcall values into the public types and keeps listener exceptions out of native code. */
final class Dispatch {

    private static final System.Logger LOG = System.getLogger("io.github.camelzenoh.zenoh");

    private Dispatch() {
    }

    static SampleSink samples(SampleListener listener) {
        return (key, payload, encId, schema, flags, ts, attachment) -> {
            try {
                listener.onSample(Sample.of(key, payload, encId, schema, flags, ts, attachment));
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "sample listener failed on '" + key + "'", t);
            }
        };
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
