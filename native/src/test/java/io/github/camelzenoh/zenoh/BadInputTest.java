/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input of every kind becomes a clear Java exception at the earliest point, and afterwards the
 * JVM and the sessions still work.
 */
class BadInputTest extends TwoPeerSessions {

    /** A put on {@code a} arrives at a subscriber on {@code b}: both sessions still work. */
    static void assertRoundTrip(String key) throws InterruptedException {
        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        try (Subscriber sub = b.declareSubscriber(key, SubscriberOptions.DEFAULT, got::add)) {
            Loopback.awaitRemoteSubscriber(a, key);
            a.put(key, "still alive".getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
            Sample s = got.poll(10, TimeUnit.SECONDS);
            assertThat(s).as("round trip on " + key).isNotNull();
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("still alive");
        }
    }

    // ---- key expressions -------------------------------------------------------------------

    /**
     * zenoh writes a key expression with a 16-bit length and a schema with an 8-bit one; longer
     * ones made zenoh panic under a session lock, after which every call on that session panicked
     * (PoisonError). The binding refuses them first; the sessions stay usable.
     */
    @Test
    void keyExpressionsAndSchemasLongerThanZenohCarriesAreRefusedAndTheSessionSurvives()
            throws Exception {
        String key = "big/" + "k".repeat(64 * 1024);
        assertThatThrownBy(() -> a.put(key, new byte[1], null, null, Qos.DEFAULT))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("65540 bytes long")
                .hasMessageContaining("at most 65535");
        assertThatThrownBy(() -> KeyExpr.validate(key)).isInstanceOf(KeyExprException.class);
        assertThatThrownBy(() -> a.declareKeyExpr(key)).isInstanceOf(KeyExprException.class);
        assertThatThrownBy(() -> a.declareSubscriber(key, SubscriberOptions.DEFAULT, s -> {}))
                .isInstanceOf(KeyExprException.class);
        assertThatThrownBy(() -> a.declareLivelinessToken(key))
                .isInstanceOf(KeyExprException.class);
        assertThatThrownBy(() -> new Encoding(5, "s".repeat(256)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("256 bytes long")
                .hasMessageContaining("at most 255");
        assertThatCode(() -> new Encoding(5, "s".repeat(255))).doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                a.put(
                                        "big/ok",
                                        new byte[1],
                                        new Encoding(5, "s".repeat(255)),
                                        null,
                                        Qos.DEFAULT))
                .doesNotThrowAnyException();
        assertRoundTrip("big/after");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "",
                "a//b",
                "a/$/b",
                "a#b",
                "a?b",
                "a/",
                "/a",
                "a/b*",
                "a/**/**/b",
                "a/$*$*"
            })
    void invalidKeyExpressionsAreRejectedEverywhereWithTheExpressionQuoted(String ke) {
        String quoted = "'" + ke + "'";
        assertThatThrownBy(() -> KeyExpr.validate(ke))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.declareKeyExpr(ke))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.declarePublisher(ke, PublisherOptions.DEFAULT))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.declareSubscriber(ke, SubscriberOptions.DEFAULT, s -> {}))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.declareQueryable(ke, QueryableOptions.DEFAULT, Query::finish))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.put(ke, new byte[0], null, null, Qos.DEFAULT))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
        assertThatThrownBy(() -> a.delete(ke, null, Qos.DEFAULT))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining(quoted);
    }

    @Test
    void blockingRefusesANullWaitNamingIt() {
        assertThatThrownBy(() -> Subscriber.blocking(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("wait");
    }

    @Test
    void keyExpressionMessagesCarryZenohsReason() {
        assertThatThrownBy(() -> KeyExpr.validate("a#b"))
                .hasMessageContaining("invalid key expression 'a#b'")
                .hasMessageMatching("(?s).*'a#b': .+");
    }

    @Test
    void nonCanonicalExpressionsFailValidationAndCanonize() {
        assertThatThrownBy(() -> KeyExpr.validate("a/**/**"))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("'a/**/**'");
        assertThat(KeyExpr.canonize("a/**/**")).isEqualTo("a/**");
        assertThat(KeyExpr.canonize("a/**/*")).isEqualTo("a/*/**");
        assertThat(KeyExpr.canonize("a/b")).isEqualTo("a/b");
        assertThatThrownBy(() -> KeyExpr.canonize("a//b"))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("'a//b'");
        assertThatCode(() -> KeyExpr.validate("a/*/b/**")).doesNotThrowAnyException();
        assertThatCode(() -> KeyExpr.validate("a/x$*y/c")).doesNotThrowAnyException();
    }

    @Test
    void repeatedSubChunkWildcardsAtAChunksEndAreCanonized() {
        // zenoh-keyexpr 1.10.2 panics on a "$*$*" within its last 5 bytes of the chunk's text
        assertThat(KeyExpr.canonize("a$*$*")).isEqualTo("a$*");
        assertThat(KeyExpr.canonize("a$*$*x")).isEqualTo("a$*x");
        assertThat(KeyExpr.canonize("x/ab$*$*")).isEqualTo("x/ab$*");
        assertThat(KeyExpr.canonize("a$*$*$*")).isEqualTo("a$*");
        assertThat(KeyExpr.canonize("a$*$*xy")).isEqualTo("a$*xy");
        assertThat(KeyExpr.canonize("a$*$*/b")).isEqualTo("a$*/b");
        assertThat(KeyExpr.canonize("a/$*$*")).isEqualTo("a/*");
        assertThat(KeyExpr.canonize("$*$*")).isEqualTo("*");
        assertThatThrownBy(() -> KeyExpr.validate("a$*$*"))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("'a$*$*'");
    }

    @Test
    void keyExpressionRelations() {
        assertThat(KeyExpr.intersects("a/*", "a/b")).isTrue();
        assertThat(KeyExpr.intersects("a/*", "b/c")).isFalse();
        assertThat(KeyExpr.includes("a/**", "a/b/c")).isTrue();
        assertThat(KeyExpr.includes("a/b/c", "a/**")).isFalse();
        assertThatThrownBy(() -> KeyExpr.intersects("a", "b?"))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("'b?'");
    }

    // ---- configuration ---------------------------------------------------------------------

    @Test
    void badJson5ConfigIsAConfigException() {
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withJson5("{ mode: \"peer\", ")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("JSON5");
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withJson5("{ no_such_section: {} }")))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void unknownConfigKeyIsAConfigExceptionNamingTheKey() {
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withOverride("no_such/key", "1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("no_such/key");
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withOverride(
                                                        "scouting/multicast/enabled",
                                                        "\"not a boolean\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("scouting/multicast/enabled");
    }

    @Test
    void aLongUnknownFieldNameIsCutInTheMessage() {
        String name = "f" + "x".repeat(1 << 20);
        for (SessionConfig config :
                new SessionConfig[] {
                    SessionConfig.loopbackPeer().withJson5("{" + name + ": 1}"),
                    SessionConfig.loopbackPeer()
                            .withJson5("{scouting: {multicast: {" + name + ": true}}}"),
                    SessionConfig.loopbackPeer().withOverride(name, "1")
                }) {
            assertThatThrownBy(() -> Session.open(config))
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining(name.substring(0, 40) + "...")
                    .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(2000));
        }
    }

    /**
     * Whatever zenoh's reason repeats (an override's value, a name holding a backtick), a config
     * error's message stays bounded; a review of the 40-character cut made 1 MiB messages with
     * these.
     */
    @Test
    void aConfigMessageIsBoundedWhateverZenohRepeats() {
        String big = "x".repeat(1 << 20);
        for (SessionConfig config :
                new SessionConfig[] {
                    SessionConfig.loopbackPeer().withOverride("mode", "\"" + big + "\""),
                    SessionConfig.loopbackPeer()
                            .withOverride("scouting/multicast/enabled", "\"true" + big + "\""),
                    SessionConfig.loopbackPeer().withConnect("bogus" + big),
                    SessionConfig.loopbackPeer().withJson5("{ \"`" + big + "\": 1 }"),
                    SessionConfig.loopbackPeer().withJson5("{ \"a`b" + big + "\": 1 }"),
                }) {
            assertThatThrownBy(() -> Session.open(config))
                    .isInstanceOf(ConfigException.class)
                    .satisfies(
                            e ->
                                    assertThat(e.getMessage())
                                            .hasSizeLessThanOrEqualTo(
                                                    ConfigException.MAX_MESSAGE_CHARS + 60));
        }
    }

    @Test
    void badModeIsRejectedBeforeAnythingOpens() {
        assertThatThrownBy(() -> SessionConfig.DEFAULT.withMode("broker"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("broker");
    }

    @Test
    void missingOrBrokenConfigFileIsAConfigException(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json5");
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withConfigFile(missing.toString())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(missing.toString());
        Path broken = dir.resolve("broken.json5");
        Files.writeString(broken, "{ mode: ");
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withConfigFile(broken.toString())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(broken.toString());
    }

    @Test
    void aBadEndpointFailsTheOpen() {
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.loopbackPeer()
                                                .withListen("tcp/127.0.0.1:notaport")))
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("notaport");
        assertThatThrownBy(() -> Session.open(SessionConfig.loopbackPeer().withListen("nonsense")))
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("nonsense");
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.DEFAULT
                                                .withMode("client")
                                                .withMulticastScouting(false)
                                                .withConnect("tcp/127.0.0.1:notaport")))
                .isInstanceOf(ZenohException.class);
    }

    @Test
    void aClientWithNobodyToConnectToFailsFast() {
        int nobody = Loopback.freePort();
        long t0 = System.nanoTime();
        assertThatThrownBy(
                        () ->
                                Session.open(
                                        SessionConfig.DEFAULT
                                                .withMode("client")
                                                .withMulticastScouting(false)
                                                .withConnect(Loopback.endpoint(nobody))))
                .isInstanceOf(ZenohException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(15));
    }

    // ---- closed handles --------------------------------------------------------------------

    @Test
    void everyUseOfAClosedSessionThrowsClosedException() {
        Session s =
                Session.open(SessionConfig.loopbackPeer().withOverride("listen/endpoints", "[]"));
        Publisher pub = s.declarePublisher("test/bad/closed", PublisherOptions.DEFAULT);
        Subscriber sub = s.declareSubscriber("test/bad/closed", SubscriberOptions.DEFAULT, x -> {});
        KeyExpr ke = s.declareKeyExpr("test/bad/closed/ke");
        s.close();
        assertThat(s.isClosed()).isTrue();
        assertThatThrownBy(s::info)
                .isInstanceOf(ClosedException.class)
                .hasMessageContaining("session");
        assertThatThrownBy(() -> s.put("test/bad/x", new byte[0], null, null, Qos.DEFAULT))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.delete("test/bad/x", null, Qos.DEFAULT))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.declarePublisher("test/bad/x", PublisherOptions.DEFAULT))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(
                        () -> s.declareSubscriber("test/bad/x", SubscriberOptions.DEFAULT, x -> {}))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(
                        () ->
                                s.declareQueryable(
                                        "test/bad/x", QueryableOptions.DEFAULT, Query::finish))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.declareKeyExpr("test/bad/x"))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.get("test/bad/x", GetOptions.DEFAULT))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.declareLivelinessToken("test/bad/x"))
                .isInstanceOf(ClosedException.class);
        assertThatThrownBy(() -> s.livelinessGet("test/bad/x", 100))
                .isInstanceOf(ClosedException.class);
        // handles declared on it still close quietly, once
        assertThatCode(
                        () -> {
                            pub.close();
                            sub.close();
                            ke.close();
                            pub.close();
                            sub.close();
                            ke.close();
                            s.close();
                        })
                .doesNotThrowAnyException();
    }

    @Test
    void closedPublisherAndSubscriberThrowClosedException() throws Exception {
        Publisher pub = a.declarePublisher("test/bad/pub", PublisherOptions.DEFAULT);
        pub.close();
        assertThat(pub.isClosed()).isTrue();
        assertThatThrownBy(() -> pub.put(new byte[] {1}))
                .isInstanceOf(ClosedException.class)
                .hasMessageContaining("publisher on 'test/bad/pub' is closed");
        assertThatThrownBy(() -> pub.delete(null)).isInstanceOf(ClosedException.class);

        BlockingQueue<Sample> got = new LinkedBlockingQueue<>();
        Subscriber sub = b.declareSubscriber("test/bad/sub", SubscriberOptions.DEFAULT, got::add);
        sub.close();
        assertThat(sub.isClosed()).isTrue();
        Loopback.settle();
        a.put("test/bad/sub", new byte[] {1}, null, null, Qos.DEFAULT);
        assertThat(got.poll(500, TimeUnit.MILLISECONDS))
                .as("a closed subscriber receives nothing")
                .isNull();

        KeyExpr ke = a.declareKeyExpr("test/bad/ke");
        ke.close();
        assertThatThrownBy(() -> a.declarePublisher(ke, PublisherOptions.DEFAULT))
                .isInstanceOf(ClosedException.class)
                .hasMessageContaining("test/bad/ke");
        assertThatThrownBy(() -> b.declareSubscriber(ke, SubscriberOptions.DEFAULT, s -> {}))
                .isInstanceOf(ClosedException.class);
    }

    @Test
    void aPublisherWhoseSessionClosedFailsCleanly() {
        Session s =
                Session.open(SessionConfig.loopbackPeer().withOverride("listen/endpoints", "[]"));
        Publisher pub = s.declarePublisher("test/bad/orphan", PublisherOptions.DEFAULT);
        s.close();
        assertThatThrownBy(() -> pub.put(new byte[] {1})).isInstanceOf(ClosedException.class);
        pub.close();
    }

    /** The live native object count once it has not changed for 300 ms (at most 10 s). */
    private static long settledLiveObjects() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long last = NativeDiagnostics.liveObjects();
        long since = System.nanoTime();
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = NativeDiagnostics.liveObjects();
            if (now != last) {
                last = now;
                since = System.nanoTime();
            } else if (System.nanoTime() - since >= TimeUnit.MILLISECONDS.toNanos(300)) {
                break;
            }
        }
        return last;
    }

    @Test
    void doubleCloseIsANoOp() {
        Session s =
                Session.open(SessionConfig.loopbackPeer().withOverride("listen/endpoints", "[]"));
        // the count is global: objects of earlier tests that zenoh's threads still release (a
        // query's handle, a get's collector) must be gone before it is taken
        long before = settledLiveObjects();
        Publisher pub = s.declarePublisher("test/bad/twice", PublisherOptions.DEFAULT);
        Subscriber sub = s.declareSubscriber("test/bad/twice", SubscriberOptions.DEFAULT, x -> {});
        Queryable q = s.declareQueryable("test/bad/twice", QueryableOptions.DEFAULT, Query::finish);
        LivelinessToken t = s.declareLivelinessToken("test/bad/twice");
        Subscriber ls = s.declareLivelinessSubscriber("test/bad/twice", false, x -> {});
        KeyExpr ke = s.declareKeyExpr("test/bad/twice");
        for (AutoCloseable c : new AutoCloseable[] {pub, sub, q, t, ls, ke}) {
            assertThatCode(
                            () -> {
                                c.close();
                                c.close();
                            })
                    .as(c.toString())
                    .doesNotThrowAnyException();
        }
        assertThat(NativeDiagnostics.liveObjects()).isEqualTo(before);
        s.close();
        s.close();
        assertThat(s.isClosed()).isTrue();
        assertThat(s.toString()).contains("closed");
    }

    // ---- panics, encodings -----------------------------------------------------------------

    @Test
    void aNativePanicArrivesAsAJavaExceptionAndNothingBreaks() throws Exception {
        assertThatThrownBy(() -> NativeDiagnostics.panicForTest("boom"))
                .isInstanceOf(NativePanicException.class)
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("boom");
        assertThatThrownBy(() -> NativeDiagnostics.panicForTest("boom again"))
                .isInstanceOf(NativePanicException.class)
                .hasMessageContaining("boom again");
        assertRoundTrip("test/bad/after-panic");
    }

    @Test
    void encodingIdsOutsideSixteenBitsAreRejectedByJavaAndByTheLibrary() throws Exception {
        assertThatThrownBy(() -> new Encoding(70_000, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Encoding(-2, null))
                .isInstanceOf(IllegalArgumentException.class);
        // the native check behind it, reached directly
        try (Publisher pub = a.declarePublisher("test/bad/enc", PublisherOptions.DEFAULT)) {
            long p = pub.acquire();
            try {
                assertThatThrownBy(
                                () -> ZenohNative.publisherPut(p, new byte[0], 70_000, null, null))
                        .isInstanceOf(ZenohException.class)
                        .hasMessageContaining("70000")
                        .hasMessageContaining("0..65535");
                assertThatThrownBy(
                                () -> ZenohNative.publisherPut(p, new byte[0], 65_536, null, null))
                        .isInstanceOf(ZenohException.class)
                        .hasMessageContaining("65536");
            } finally {
                pub.release();
            }
        }
        assertRoundTrip("test/bad/after-encoding");
    }

    @Test
    void badQosCodesFromJavaAreRejectedNatively() {
        long s = a.acquire();
        try {
            assertThatThrownBy(
                            () ->
                                    ZenohNative.sessionPut(
                                            s, 0, "test/bad/qos", new byte[0], -1, null, null, 3))
                    .isInstanceOf(ZenohException.class)
                    .hasMessageContaining("congestion control code 3");
            assertThatThrownBy(
                            () ->
                                    ZenohNative.sessionPut(
                                            s, 0, "test/bad/qos", new byte[0], -1, null, null, 0))
                    .isInstanceOf(ZenohException.class)
                    .hasMessageContaining("priority code 0");
        } finally {
            a.release();
        }
    }

    @Test
    void aNullSelectorOrKeyIsAnExceptionNotACrash() {
        assertThatThrownBy(() -> KeyExpr.validate(null))
                .isInstanceOf(ZenohException.class)
                .hasMessageContaining("must not be null");
        long s = a.acquire();
        try {
            assertThatThrownBy(
                            () ->
                                    ZenohNative.sessionPut(
                                            s, 0, null, new byte[0], -1, null, null, 20))
                    .isInstanceOf(ZenohException.class)
                    .hasMessageContaining("must not be null");
        } finally {
            a.release();
        }
    }
}
