/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Liveliness tokens seen from another session: subscriber events, history, liveliness get. */
class LivelinessTest extends TwoPeerSessions {

    @Test
    void tokenAppearsAsPutAndDisappearsAsDelete() throws Exception {
        BlockingQueue<Sample> events = new LinkedBlockingQueue<>();
        try (Subscriber sub =
                b.declareLivelinessSubscriber("test/live/events/**", false, events::add)) {
            Loopback.settle();
            LivelinessToken token = a.declareLivelinessToken("test/live/events/node-1");
            Sample up = Loopback.next(events);
            assertThat(up.kind()).isEqualTo(SampleKind.PUT);
            assertThat(up.keyExpr()).isEqualTo("test/live/events/node-1");
            assertThat(up.payload()).isEmpty();

            token.close();
            Sample down = Loopback.next(events);
            assertThat(down.kind()).isEqualTo(SampleKind.DELETE);
            assertThat(down.keyExpr()).isEqualTo("test/live/events/node-1");
            token.close(); // idempotent
            assertThat(token.isClosed()).isTrue();
        }
    }

    @Test
    void closingTheTokensSessionIsADisappearance() throws Exception {
        int port = Loopback.freePort();
        BlockingQueue<Sample> events = new LinkedBlockingQueue<>();
        try (Session watcher = Session.open(Loopback.listener(port));
                Subscriber sub =
                        watcher.declareLivelinessSubscriber(
                                "test/live/crash/*", false, events::add)) {
            Session node = Session.open(Loopback.connector(port));
            try {
                LivelinessToken token = node.declareLivelinessToken("test/live/crash/n");
                assertThat(Loopback.next(events).kind()).isEqualTo(SampleKind.PUT);
                node.close();
                Sample down = Loopback.next(events);
                assertThat(down.kind()).isEqualTo(SampleKind.DELETE);
                assertThat(down.keyExpr()).isEqualTo("test/live/crash/n");
                token.close(); // after its session closed: no error
            } finally {
                node.close();
            }
        }
    }

    @Test
    void historyDeliversTokensAlreadyAlive() throws Exception {
        try (LivelinessToken t1 = a.declareLivelinessToken("test/live/hist/one");
                LivelinessToken t2 = a.declareLivelinessToken("test/live/hist/two")) {
            // both tokens known to b before its subscribers: then only history can tell them
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> aliveKeys(b, "test/live/hist/*").size() == 2,
                    "both tokens to reach b");
            BlockingQueue<Sample> withHistory = new LinkedBlockingQueue<>();
            BlockingQueue<Sample> without = new LinkedBlockingQueue<>();
            try (Subscriber h =
                            b.declareLivelinessSubscriber(
                                    "test/live/hist/*", true, withHistory::add);
                    Subscriber n =
                            b.declareLivelinessSubscriber(
                                    "test/live/hist/*", false, without::add)) {
                Sample s1 = Loopback.next(withHistory);
                Sample s2 = Loopback.next(withHistory);
                assertThat(List.of(s1.keyExpr(), s2.keyExpr()))
                        .containsExactlyInAnyOrder("test/live/hist/one", "test/live/hist/two");
                assertThat(s1.kind()).isEqualTo(SampleKind.PUT);
                assertThat(s2.kind()).isEqualTo(SampleKind.PUT);
                Loopback.settle();
                assertThat(without).as("no history without history=true").isEmpty();

                t2.close();
                assertThat(Loopback.next(withHistory).kind()).isEqualTo(SampleKind.DELETE);
                Sample down = Loopback.next(without);
                assertThat(down.kind()).isEqualTo(SampleKind.DELETE);
                assertThat(down.keyExpr()).isEqualTo("test/live/hist/two");
            }
        }
    }

    @Test
    void livelinessGetReturnsTheAliveTokens() throws Exception {
        try (LivelinessToken t1 = a.declareLivelinessToken("test/live/get/a");
                LivelinessToken t2 = a.declareLivelinessToken("test/live/get/b");
                LivelinessToken other = a.declareLivelinessToken("test/live/other/c")) {
            // a liveliness get is answered from what b knows: the tokens reach it some time
            // after they are declared
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> aliveKeys(b, "test/live/get/**").size() == 2,
                    "both tokens to reach b");
            List<Reply> replies =
                    b.livelinessGet("test/live/get/**", 5000).get(10, TimeUnit.SECONDS);
            assertThat(replies).allMatch(Reply::ok);
            assertThat(replies)
                    .extracting(r -> r.sample().keyExpr())
                    .containsExactlyInAnyOrder("test/live/get/a", "test/live/get/b");
            assertThat(replies).extracting(r -> r.sample().kind()).containsOnly(SampleKind.PUT);

            t1.close();
            // and the token's end reaches b some time after close returns
            Loopback.await(
                    Duration.ofSeconds(20),
                    () -> aliveKeys(b, "test/live/get/**").size() == 1,
                    "the closed token to leave b's answer");
            assertThat(b.livelinessGet("test/live/get/**", 5000).get(10, TimeUnit.SECONDS))
                    .extracting(r -> r.sample().keyExpr())
                    .containsExactly("test/live/get/b");
            // the session's own tokens are found too
            assertThat(a.livelinessGet("test/live/other/*", 5000).get(10, TimeUnit.SECONDS))
                    .extracting(r -> r.sample().keyExpr())
                    .containsExactly("test/live/other/c");
        }
        assertThat(b.livelinessGet("test/live/nothing/**", 2000).get(10, TimeUnit.SECONDS))
                .isEmpty();
    }

    /** The keys of the tokens {@code s}'s liveliness get on {@code keyExpr} finds. */
    static List<String> aliveKeys(Session s, String keyExpr) {
        try {
            return s.livelinessGet(keyExpr, 5000).get(10, TimeUnit.SECONDS).stream()
                    .filter(Reply::ok)
                    .map(r -> r.sample().keyExpr())
                    .toList();
        } catch (Exception e) {
            throw new AssertionError("liveliness get " + keyExpr, e);
        }
    }

    @Test
    void invalidTokenKeysAreKeyExprErrors() {
        assertThatThrownBy(() -> a.declareLivelinessToken("test//live"))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("test//live");
        assertThatThrownBy(() -> b.declareLivelinessSubscriber("test/live/#", false, s -> {}))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("test/live/#");
        assertThatThrownBy(() -> b.livelinessGet("a?b", 1000))
                .isInstanceOf(KeyExprException.class)
                .hasMessageContaining("a?b");
    }
}
