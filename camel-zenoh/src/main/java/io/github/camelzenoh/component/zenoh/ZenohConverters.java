/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.nio.charset.StandardCharsets;
import org.apache.camel.Converter;

/**
 * Converters for the component's own types. byte[] bodies already convert to String, InputStream
 * and ByteBuffer (and back) with Camel's core converters.
 */
@Converter(generateLoader = true)
public final class ZenohConverters {

    private ZenohConverters() {}

    @Converter
    public static byte[] toBytes(ZenohReply reply) {
        return reply.payload();
    }

    @Converter
    public static String toString(ZenohReply reply) {
        return reply.payload() == null ? null : new String(reply.payload(), StandardCharsets.UTF_8);
    }

    /** A batch consumer's element (after {@code .split(body())}): its payload. */
    @Converter
    public static byte[] toBytes(ZenohSample sample) {
        return sample.payload();
    }

    @Converter
    public static String toString(ZenohSample sample) {
        return sample.payloadAsString();
    }
}
