package io.github.camelzenoh.zenoh;

/** Upcall target for received samples (values only; see native/src/sample.rs). */
interface SampleSink {
    void onSample(String keyExpr, byte[] payload, int encodingId, String encodingSchema, int flags,
            String timestamp, byte[] attachment);
}
