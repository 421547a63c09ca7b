/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The helpers at their edges, without a route: what each promises when things go wrong. */
class ZenohExtensionHelpersTest {

    @RegisterExtension ZenohExtension zenoh = ZenohExtension.router();

    @Test
    void awaitSubscriberDoesNotCountTheTestsOwnRecorders() {
        zenoh.record("in/**"); // the test watches the input too; no route subscribes
        assertThatThrownBy(() -> zenoh.awaitSubscriber("in/x", Duration.ofSeconds(1)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("no subscriber on 'in/x'");
    }

    @Test
    void awaitSubscriberSeesAnotherSessionsSubscriberBesideTheRecorder() {
        zenoh.record("in/**");
        try (Session other = Session.open(zenoh.sessionConfig());
                Subscriber s =
                        other.declareSubscriber("in/*", SubscriberOptions.DEFAULT, sample -> {})) {
            zenoh.awaitSubscriber("in/x", Duration.ofSeconds(10));
        }
    }

    @Test
    void getIsEmptyWhenTheAnswerIsLate() {
        zenoh.answer(
                "late/q",
                q -> {
                    pause(Duration.ofMillis(1500));
                    return "too late";
                });
        assertThat(zenoh.get("late/q", Duration.ofMillis(300))).isEmpty();
    }

    @Test
    void getKeepsAQueryablesOwnTimeoutError() {
        byte[] timeout = "Timeout".getBytes(StandardCharsets.UTF_8);
        try (Queryable q =
                zenoh.session()
                        .declareQueryable(
                                "own-timeout/q",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    try {
                                        query.replyError(timeout, Encoding.ZENOH_STRING);
                                    } finally {
                                        query.finish();
                                    }
                                })) {
            assertThat(zenoh.get("own-timeout/q", Duration.ofSeconds(5)))
                    .singleElement()
                    .satisfies(r -> assertThat(r.errorPayload()).isEqualTo(timeout));
        }
    }

    @Test
    void answerRepliesWithTheErrorItsFunctionThrew() {
        zenoh.answer(
                "boom/q",
                q -> {
                    throw new IllegalStateException("replier failed");
                });
        assertThat(zenoh.get("boom/q", Duration.ofSeconds(5)))
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.ok()).isFalse();
                            assertThat(r.errorPayload())
                                    .asString(StandardCharsets.UTF_8)
                                    .contains("IllegalStateException")
                                    .contains("replier failed");
                        });
    }

    @Test
    void optionsNeedARunningRouter() {
        ZenohExtension unregistered = ZenohExtension.router();
        assertNotStarted(unregistered);
        unregistered.start();
        try {
            assertThat(unregistered.connectEndpoint()).matches("tcp/127\\.0\\.0\\.1:\\d+");
        } finally {
            unregistered.stop();
        }
        assertNotStarted(unregistered); // not the stopped router's port
    }

    static void assertNotStarted(ZenohExtension z) {
        for (Runnable r :
                List.<Runnable>of(
                        z::connectEndpoint,
                        z::uriOptions,
                        z::componentOptions,
                        z::mainProperties,
                        z::sessionConfig,
                        () -> z.configure(new ZenohConfiguration()))) {
            assertThatThrownBy(r::run)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not started");
        }
    }

    static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
