/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.component.zenoh.ZenohReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The streaming rendering of a text payload (its bytes through Jackson's writeUTF8String when
 * {@link Utf8#isValid}) equals the tree rendering (decoded, then a TextNode) byte for byte, for
 * every short payload over the bytes where UTF-8 and JSON escaping have edges: all payloads of 0..2
 * bytes, 3 and 4 bytes over edge alphabets, 1..3 edge bytes behind 0..17 ASCII bytes (the
 * eight-at-a-time fast path), seeded random payloads of 0..20 bytes, and edge sequences around
 * Jackson's segment (1000 bytes) and buffer (8000 bytes) boundaries.
 */
class RestJsonTextBytesTest {

    /** Bytes where UTF-8 validity or JSON escaping changes. */
    private static final byte[] EDGES =
            HexFormat.of()
                    .parseHex(
                            "0001080a0b0c0d0e1a1f20222f5c417f"
                                    + "808f909fa0a8bbbebfc0c1c2dfe0e1e2edeeeff0f1f4f5ff");

    /** A smaller alphabet for longer combinations. */
    private static final byte[] FEW = HexFormat.of().parseHex("000a1f225c7f80a0bfc2e0e2edeff0f4f5");

    private static final String[] TEXT = {"text/plain", "zenoh/string"};

    private int cases;

    private void same(byte[] payload, String encoding) {
        List<ZenohReply> r = List.of(ZenohReply.ok("k/x", payload, encoding));
        byte[] streamed = RestJson.repliesUtf8(r);
        byte[] tree = RestJson.replies(r).getBytes(StandardCharsets.UTF_8);
        cases++;
        if (!Arrays.equals(streamed, tree)) {
            throw new AssertionError(
                    "payload "
                            + HexFormat.of().formatHex(payload)
                            + " ("
                            + encoding
                            + "): streamed "
                            + new String(streamed, StandardCharsets.UTF_8)
                            + " / tree "
                            + new String(tree, StandardCharsets.UTF_8));
        }
    }

    private void same(byte[] payload) {
        same(payload, TEXT[cases & 1]);
    }

    @Test
    void everyPayloadOfUpToTwoBytes() {
        same(new byte[0]);
        for (int a = 0; a < 256; a++) {
            same(new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                same(new byte[] {(byte) a, (byte) b});
            }
        }
        assertThat(cases).isEqualTo(1 + 256 + 65536);
    }

    @Test
    void threeAndFourBytesOverEdgeAlphabets() {
        for (byte a : EDGES) {
            for (byte b : EDGES) {
                for (byte c : EDGES) {
                    same(new byte[] {a, b, c});
                }
            }
        }
        for (byte a : FEW) {
            for (byte b : FEW) {
                for (byte c : FEW) {
                    for (byte d : FEW) {
                        same(new byte[] {a, b, c, d});
                    }
                }
            }
        }
        // the well-formed 4-byte and 3-byte extremes, alone and truncated
        for (String h :
                new String[] {
                    "f0908080",
                    "f48fbfbf",
                    "f4908080",
                    "f08fbfbf",
                    "eda080",
                    "edbfbf",
                    "ed9fbf",
                    "ee8080",
                    "efbfbe",
                    "efbfbf",
                    "efbbbf",
                    "e280a8",
                    "e280a9",
                    "c280",
                    "dfbf"
                }) {
            byte[] b = HexFormat.of().parseHex(h);
            for (int n = 1; n <= b.length; n++) {
                same(Arrays.copyOf(b, n));
            }
        }
        assertThat(cases).isGreaterThan(100_000);
    }

    @Test
    void edgeBytesBehindTheAsciiFastPath() {
        List<byte[]> tails = new ArrayList<>();
        for (byte a : FEW) {
            tails.add(new byte[] {a});
            for (byte b : FEW) {
                tails.add(new byte[] {a, b});
                for (byte c : FEW) {
                    tails.add(new byte[] {a, b, c});
                }
            }
        }
        byte[] ascii = "abcdefghijklmnopq".getBytes(StandardCharsets.US_ASCII);
        byte[] after = "rstuvwxy".getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k <= 17; k++) {
            for (byte[] t : tails) {
                for (int m : new int[] {0, 1, 8}) {
                    byte[] p = new byte[k + t.length + m];
                    System.arraycopy(ascii, 0, p, 0, k);
                    System.arraycopy(t, 0, p, k, t.length);
                    System.arraycopy(after, 0, p, k + t.length, m);
                    same(p);
                }
            }
        }
    }

    @Test
    void randomShortPayloads() {
        Random r = new Random(20261201L);
        for (int i = 0; i < 200_000; i++) {
            byte[] p = new byte[r.nextInt(21)];
            for (int j = 0; j < p.length; j++) {
                p[j] = r.nextInt(4) == 0 ? (byte) r.nextInt(256) : EDGES[r.nextInt(EDGES.length)];
            }
            same(p);
        }
    }

    @Test
    void edgeSequencesAroundJacksonsSegmentAndBufferBoundaries() {
        String[] seqs = {"0a", "22", "5c", "1f", "c3a9", "e282ac", "f09f9880", "e280a8", "eda080"};
        for (int size : new int[] {1000, 2000, 4000, 8000, 16000}) {
            for (int at = size - 12; at <= size + 12; at++) {
                for (String h : seqs) {
                    byte[] s = HexFormat.of().parseHex(h);
                    byte[] p = new byte[at + s.length + 5];
                    Arrays.fill(p, (byte) 'a');
                    System.arraycopy(s, 0, p, at, s.length);
                    same(p);
                    // and the sequence cut at the very end
                    same(Arrays.copyOf(p, at + s.length - 1));
                }
            }
        }
    }
}
