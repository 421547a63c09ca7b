package io.github.camelzenoh.zenoh;

/** A declared queryable. close() undeclares it (idempotent). */
public final class Queryable extends NativeHandle {

    Queryable(long ptr, String keyExpr) {
        super(ptr, ZenohNative::queryableUndeclare, "queryable on '" + keyExpr + "'");
    }
}
