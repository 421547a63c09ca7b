package io.github.camelzenoh.zenoh;

/** Counters of the native library, for leak tests, benchmarks and the Camel dev console. */
public final class NativeDiagnostics {

    private NativeDiagnostics() {
    }

    /** Native objects alive now: handles plus listener references held by zenoh callbacks. */
    public static long liveObjects() {
        return ZenohNative.liveObjects();
    }

    /** Test-only: makes the native side panic; the panic must arrive as {@link NativePanicException}. */
    public static void panicForTest(String message) {
        ZenohNative.testPanic(message);
    }
}
