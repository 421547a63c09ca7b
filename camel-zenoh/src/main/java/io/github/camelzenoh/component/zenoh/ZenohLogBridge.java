/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.ConfigException;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * zenoh's own log events to SLF4J: the Rust target {@code zenoh::net::runtime::orchestrator} logs
 * as {@code zenoh.zenoh.net.runtime.orchestrator} (every {@code ::} a dot, so the usual logger
 * hierarchy applies: {@code zenoh} is all of them).
 */
final class ZenohLogBridge implements ZenohLog.Sink {

    /** The filter when neither the option nor RUST_LOG says: zenoh's warnings and errors. */
    static final String DEFAULT_FILTER = "warn";

    private static final ZenohLogBridge INSTANCE = new ZenohLogBridge();

    /** One logger per target; targets are Rust module paths, a bounded set. */
    private final Map<String, Logger> loggers = new ConcurrentHashMap<>();

    private ZenohLogBridge() {}

    /** Applies {@code filter}, else RUST_LOG, else {@link #DEFAULT_FILTER}. */
    static void configure(String filter) {
        String env = System.getenv("RUST_LOG");
        String chosen =
                filter != null && !filter.isBlank()
                        ? filter
                        : env != null && !env.isBlank() ? env : DEFAULT_FILTER;
        try {
            ZenohLog.configure(chosen, INSTANCE);
        } catch (ConfigException e) {
            throw new IllegalArgumentException(
                    "Invalid value for zenoh option zenohLogFilter"
                            + (chosen.equals(filter) ? "" : " (from RUST_LOG)")
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    static String loggerName(String target) {
        return "zenoh." + target.replace("::", ".");
    }

    @Override
    public void log(ZenohLog.Level level, String target, String message) {
        Logger log = loggers.computeIfAbsent(target, t -> LoggerFactory.getLogger(loggerName(t)));
        switch (level) {
            case ERROR -> log.error("{}", message);
            case WARN -> log.warn("{}", message);
            case INFO -> log.info("{}", message);
            case DEBUG -> log.debug("{}", message);
            case TRACE -> log.trace("{}", message);
        }
    }
}
