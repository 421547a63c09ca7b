/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.camelzenoh.zenoh.Session;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The extension's lifecycle as JUnit drives it: fixture classes (nested here, so that surefire does
 * not run them on their own) run through the JUnit launcher, and what they saw is checked.
 */
class ZenohExtensionLifecycleTest {

    /** What the fixtures saw, by the name of what they looked at. */
    static final Map<String, Object> seen = new ConcurrentHashMap<>();

    static TestExecutionSummary run(Class<?> fixture, Map<String, String> config) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create()
                .execute(
                        LauncherDiscoveryRequestBuilder.request()
                                .selectors(selectClass(fixture))
                                .configurationParameters(config)
                                .build(),
                        listener);
        return listener.getSummary();
    }

    static List<String> failures(TestExecutionSummary s) {
        return s.getFailures().stream()
                .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException())
                .toList();
    }

    @Test
    void aStaticExtensionLivesForTheOuterClassAcrossItsNestedClasses() {
        seen.clear();
        TestExecutionSummary s = run(StaticWithNested.class, Map.of());
        assertThat(failures(s)).isEmpty();
        assertThat(s.getTestsSucceededCount()).isEqualTo(3);
        assertThat(seen)
                .containsEntry("outer", seen.get("beforeAll"))
                .containsEntry("first", seen.get("beforeAll"))
                .containsEntry("second", seen.get("beforeAll"))
                .containsEntry("afterAll", seen.get("beforeAll"));
        // ... and ends with it
        assertThat(((Session) seen.get("session")).isClosed()).isTrue();
    }

    @TestClassOrder(ClassOrderer.OrderAnnotation.class)
    static class StaticWithNested {
        @RegisterExtension static ZenohExtension zenoh = ZenohExtension.router();

        @BeforeAll
        static void before() {
            seen.put("beforeAll", zenoh.connectEndpoint());
            seen.put("session", zenoh.session());
            classRecorder = zenoh.record("lifecycle/class");
        }

        /** Opened outside any test: lives until the extension stops. */
        static SampleRecorder classRecorder;

        @AfterAll
        static void after() {
            seen.put("afterAll", zenoh.connectEndpoint());
        }

        @Test
        void outer() {
            seen.put("outer", zenoh.connectEndpoint());
        }

        @Nested
        @Order(1)
        class First {
            @Test
            void first() {
                seen.put("first", zenoh.connectEndpoint());
            }
        }

        @Nested
        @Order(2)
        class Second {
            @Test
            void second() {
                seen.put("second", zenoh.connectEndpoint());
                assertThat(((Session) seen.get("session")).isClosed()).isFalse();
                zenoh.publish("lifecycle/class", "late in the class");
                assertThat(classRecorder.awaitText(Duration.ofSeconds(10)))
                        .isEqualTo("late in the class");
            }
        }
    }

    @Test
    void anInstanceFieldExtensionServesEachTestNestedOrNot() {
        seen.clear();
        sessions.clear();
        TestExecutionSummary s = run(InstanceWithNested.class, Map.of());
        assertThat(failures(s)).isEmpty();
        assertThat(s.getTestsSucceededCount()).isEqualTo(2);
        assertThat(sessions).hasSize(2).allMatch(Session::isClosed);
        assertThat(seen.get("outer")).isNotEqualTo(seen.get("inner"));
    }

    static final List<Session> sessions = new CopyOnWriteArrayList<>();

    static class InstanceWithNested {
        @RegisterExtension ZenohExtension zenoh = ZenohExtension.router();

        @Test
        void outer() {
            seen.put("outer", zenoh.connectEndpoint());
            sessions.add(zenoh.session());
        }

        @Nested
        class Inner {
            @Test
            void inner() {
                seen.put("inner", zenoh.connectEndpoint());
                sessions.add(zenoh.session());
                zenoh.publish("nested/inner", "x");
            }
        }
    }

    @Test
    void parallelTestsKeepTheirOwnHelpers() {
        seen.clear();
        fastDone = new CountDownLatch(1);
        TestExecutionSummary s =
                run(
                        ParallelMethods.class,
                        Map.of(
                                "junit.jupiter.execution.parallel.enabled", "true",
                                "junit.jupiter.execution.parallel.config.strategy", "fixed",
                                "junit.jupiter.execution.parallel.config.fixed.parallelism", "2"));
        assertThat(failures(s)).isEmpty();
        assertThat(s.getTestsSucceededCount()).isEqualTo(2);
    }

    static volatile CountDownLatch fastDone;

    @Execution(ExecutionMode.CONCURRENT)
    static class ParallelMethods {
        /** Ordered before the extension: its afterEach runs after the extension's. */
        @RegisterExtension
        @Order(1)
        static AfterEachCallback signal =
                c -> {
                    if (c.getRequiredTestMethod().getName().equals("fast")) {
                        fastDone.countDown();
                    }
                };

        @RegisterExtension
        @Order(2)
        static ZenohExtension zenoh = ZenohExtension.router();

        @Test
        void slow() throws InterruptedException {
            SampleRecorder r = zenoh.record("par/slow");
            assertThat(fastDone.await(20, TimeUnit.SECONDS))
                    .as("the other test ran meanwhile")
                    .isTrue();
            zenoh.publish("par/slow", "still recording");
            assertThat(r.awaitText(Duration.ofSeconds(10))).isEqualTo("still recording");
        }

        @Test
        void fast() {
            SampleRecorder r = zenoh.record("par/fast");
            zenoh.publish("par/fast", "x");
            assertThat(r.awaitText(Duration.ofSeconds(10))).isEqualTo("x");
        }
    }
}
