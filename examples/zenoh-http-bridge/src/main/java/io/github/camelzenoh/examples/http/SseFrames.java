/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static io.github.camelzenoh.examples.http.RestJson.writeSample;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Renders samples as server-sent-event frames ({@code event: PUT|DELETE}, {@code data: <the REST
 * plugin's JSON of the sample>}, a blank line) straight into UTF-8 bytes, with one streaming JSON
 * generator: the bytes equal those of {@link RestJson#sample} rendered as a string, without its
 * tree, string and per-sample buffers. Frames accumulate until {@link #take}, which returns them as
 * one array. Not thread-safe: one renderer per delivering subscriber.
 */
final class SseFrames {

    private static final byte[] PUT = "event: PUT\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DELETE =
            "event: DELETE\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);

    private static final int MAX_KEPT = 1 << 20;

    private final Bytes out = new Bytes();
    private final JsonGenerator json;
    private int frames;

    SseFrames() {
        try {
            json = RestJson.UTF8.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        json.setRootValueSeparator(null); // frames are separated by END, not by JSON's space
    }

    /** Appends the frame of one sample. */
    void append(Sample s) {
        try {
            out.write(s.kind() == SampleKind.DELETE ? DELETE : PUT);
            writeSample(json, s.keyExpr(), s.payload(), s.encoding().toString(), s.timestamp());
            json.flush(); // the object's bytes before the raw ones that follow
            out.write(END);
            frames++;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // Bytes does not throw
        }
    }

    /** Frames appended since the last call. */
    int frames() {
        return frames;
    }

    /** The frames appended since the last call, as one new array; the renderer starts empty. */
    byte[] take() {
        byte[] all = Arrays.copyOf(out.buf, out.size);
        out.size = 0;
        if (out.buf.length > MAX_KEPT) {
            out.buf = new byte[4096]; // a burst's buffer is not kept for the quiet times after it
        }
        frames = 0;
        return all;
    }

    /** A growable byte array whose content {@link #take} copies out once per batch. */
    private static final class Bytes extends OutputStream {
        byte[] buf = new byte[4096];
        int size;

        @Override
        public void write(int b) {
            ensure(1);
            buf[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(len);
            System.arraycopy(b, off, buf, size, len);
            size += len;
        }

        private void ensure(int more) {
            if (size + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
            }
        }
    }
}
