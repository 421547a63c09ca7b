package io.github.camelzenoh.zenoh;

/** Upcall target for samples an advanced subscriber detected as missed. */
interface MissSink {
    void onMiss(String source, long count);
}
