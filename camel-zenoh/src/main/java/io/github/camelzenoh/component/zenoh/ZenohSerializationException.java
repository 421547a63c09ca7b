/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.util.ArrayDeque;

/**
 * Bad input to the zenoh serialization format: a value that does not fit its type descriptor, bytes
 * that are truncated, have trailing bytes or hold an invalid value, or a bad descriptor. The
 * message names the problem and where it is (e.g. {@code at [2][key 0]}: third element, first map
 * key).
 */
public class ZenohSerializationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String problem;
    private final ArrayDeque<String> path = new ArrayDeque<>();

    public ZenohSerializationException(String problem) {
        super(problem);
        this.problem = problem;
    }

    /** Adds the enclosing position (outermost last) while the exception travels up. */
    ZenohSerializationException at(String where) {
        path.addFirst(where);
        return this;
    }

    /** Where in the value the problem is, e.g. {@code [2][key 0]}, empty at the top level. */
    public String getPath() {
        return String.join("", path);
    }

    @Override
    public String getMessage() {
        return path.isEmpty() ? problem : problem + " (at " + getPath() + ")";
    }
}
