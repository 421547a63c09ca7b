/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Encoding schemas that are not UTF-8 are legal on the wire. A Rust peer (native/test-peer) sends
 * 100 × 0xFF as the schema of puts, of a get's payload and of replies: every one reaches its
 * listener with the schema decoded losslessly, the query is answered and freed, nothing is counted
 * undeliverable. (They used to be decoded lossily, grow past 255 bytes and fail Encoding's send
 * check: samples and replies dropped, the query never finished.)
 */
class ReceivedSchemaTest extends TwoPeerSessions {

    private static final String FF_100 = "ff".repeat(100);

    /** 100 × 0xFF, decoded losslessly: each byte as the lone surrogate U+DC00 + byte. */
    private static final String ESCAPED = String.valueOf((char) 0xDCFF).repeat(100);

    /** The Rust test peer, connected to {@code a}; its stdout lines are queued. */
    private static final class RustPeer implements AutoCloseable {
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        RustPeer(String... args) throws Exception {
            List<String> cmd = new ArrayList<>();
            cmd.add(System.getProperty("camelzenoh.test.peer", "target/release/ztestpeer"));
            cmd.add(args[0]);
            cmd.add(Loopback.endpoint(port));
            cmd.addAll(List.of(args).subList(1, args.length));
            process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            Thread reader =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    String line;
                                    while ((line = r.readLine()) != null) {
                                        lines.add(line);
                                    }
                                } catch (java.io.IOException e) {
                                    // the process ended
                                }
                            },
                            "ztestpeer-out");
            reader.setDaemon(true);
            reader.start();
        }

        /** The next line starting with {@code prefix}, failing on ERROR or after 30 s. */
        String await(String prefix) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line == null) {
                    continue;
                }
                if (line.startsWith("ERROR")) {
                    throw new AssertionError("test peer: " + line);
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            throw new AssertionError("test peer: no '" + prefix + "' within 30 s");
        }

        @Override
        public void close() throws Exception {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void putsWithANonUtf8SchemaAreDelivered() throws Exception {
        Map<String, Long> undeliveredBefore = NativeDiagnostics.undelivered();
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber s = a.declareSubscriber("schema/put", SubscriberOptions.DEFAULT, got::add);
                RustPeer peer = new RustPeer("put", "schema/put", "100", FF_100)) {
            peer.await("DONE");
            for (int i = 0; i < 100; i++) {
                Sample sample = Loopback.next(got);
                assertThat(sample.encoding().id()).isEqualTo(5);
                assertThat(sample.encoding().schema()).isEqualTo(ESCAPED);
                assertThat(new String(sample.payload(), StandardCharsets.UTF_8))
                        .isEqualTo(String.valueOf(i));
            }
        }
        assertThat(NativeDiagnostics.undelivered()).isEqualTo(undeliveredBefore);
    }

    @Test
    void queriesWithANonUtf8SchemaAreAnsweredAndFreed() throws Exception {
        BlockingQueue<Encoding> seen = new LinkedBlockingQueue<>();
        try (Queryable q =
                a.declareQueryable(
                        "schema/get",
                        QueryableOptions.DEFAULT,
                        query -> {
                            seen.add(query.encoding());
                            query.reply(query.keyExpr(), new byte[] {1}, null, null);
                            query.finish();
                        })) {
            long live = NativeDiagnostics.liveObjects();
            for (int i = 0; i < 3; i++) {
                try (RustPeer peer = new RustPeer("get", "schema/get", FF_100)) {
                    assertThat(peer.await("REPLY")).isEqualTo("REPLY ok");
                    String done = peer.await("DONE");
                    System.out.println("get answered: " + done);
                }
                Encoding e = seen.poll(10, TimeUnit.SECONDS);
                assertThat(e).isNotNull();
                assertThat(e.id()).isEqualTo(5);
                assertThat(e.schema()).isEqualTo(ESCAPED);
            }
            Loopback.await(
                    Duration.ofSeconds(10),
                    () -> NativeDiagnostics.liveObjects() == live,
                    "live native objects back to " + live);
        }
    }

    @Test
    void repliesWithANonUtf8SchemaAreDelivered() throws Exception {
        try (RustPeer peer = new RustPeer("reply", "schema/reply", FF_100)) {
            peer.await("READY");
            // the peer's queryable reaches a some time after it is declared
            List<Reply> replies =
                    Loopback.firstAnswered(
                            () -> a.get("schema/reply", GetOptions.DEFAULT.withTimeout(10_000)));
            assertThat(replies).hasSize(1);
            Sample s = replies.get(0).sample();
            assertThat(s).isNotNull();
            assertThat(s.encoding().id()).isEqualTo(5);
            assertThat(s.encoding().schema()).isEqualTo(ESCAPED);
        }
    }

    /** A received encoding sent on again carries the peer's original bytes. */
    @Test
    void aReceivedSchemaIsSentOnUnchanged() throws Exception {
        BlockingQueue<Sample> first = new LinkedBlockingQueue<>();
        BlockingQueue<Sample> again = new LinkedBlockingQueue<>();
        try (Subscriber s1 =
                        a.declareSubscriber("schema/in", SubscriberOptions.DEFAULT, first::add);
                Subscriber s2 =
                        b.declareSubscriber("schema/out", SubscriberOptions.DEFAULT, again::add);
                RustPeer peer = new RustPeer("put", "schema/in", "1", "61ff62c3")) {
            peer.await("DONE");
            Encoding received = Loopback.next(first).encoding();
            assertThat(received.schema()).isEqualTo("a\udcffb\udcc3");
            Loopback.awaitRemoteSubscriber(a, "schema/out");
            a.put("schema/out", new byte[1], received, null, Qos.DEFAULT);
            assertThat(Loopback.next(again).encoding()).isEqualTo(received);
        }
    }

    @Test
    void losslessDecodingKeepsEveryByte() {
        byte[] mixed = {'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xFF, 'b', (byte) 0xE2, (byte) 0x82};
        String s = Dispatch.schema(mixed);
        assertThat(s).isEqualTo("a\u00e9\udcffb\udce2\udc82");
        assertThat(Dispatch.schema("v=2;é".getBytes(StandardCharsets.UTF_8))).isEqualTo("v=2;é");
        // within the send-side check whatever the bytes: one UTF-8 byte per escaped byte
        byte[] ff = new byte[255];
        java.util.Arrays.fill(ff, (byte) 0xFF);
        assertThat(new Encoding(5, Dispatch.schema(ff)).schema()).hasSize(255);
    }
}
