/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

/**
 * Receives samples on a zenoh runtime thread. Return quickly and never call zenoh network
 * operations (get, a blocking put) from here: hand the sample off instead. An exception thrown here
 * is logged and the subscriber goes on.
 */
@FunctionalInterface
public interface SampleListener {
    void onSample(Sample sample);
}
