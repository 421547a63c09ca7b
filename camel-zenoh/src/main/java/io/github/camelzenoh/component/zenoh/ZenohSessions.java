/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The component's sessions: one per distinct {@link SessionConfig}, shared by every endpoint with
 * those settings and closed when the last of them releases it (or when the component stops). A
 * session the user supplies is handed out as is and never closed here.
 */
final class ZenohSessions {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohSessions.class);

    private final Map<SessionConfig, Shared> shared = new LinkedHashMap<>();

    /** What an endpoint holds while started. close() releases it (idempotent). */
    final class Lease implements AutoCloseable {
        private final Session session;
        private final Shared owner;
        private boolean released;

        private Lease(Session session, Shared owner) {
            this.session = session;
            this.owner = owner;
        }

        Session session() {
            return session;
        }

        /** True when the user supplied the session (the component never closes it). */
        boolean userSupplied() {
            return owner == null;
        }

        @Override
        public void close() {
            synchronized (ZenohSessions.this) {
                if (released || owner == null) {
                    released = true;
                    return;
                }
                released = true;
                if (--owner.refs == 0) {
                    shared.remove(owner.config, owner);
                    closeQuietly(owner);
                }
            }
        }
    }

    private static final class Shared {
        final SessionConfig config;
        final Session session;
        int refs;

        Shared(SessionConfig config, Session session) {
            this.config = config;
            this.session = session;
        }
    }

    /** A snapshot for the dev console and health checks. */
    record Info(SessionConfig config, Session session, int endpoints) {}

    synchronized Lease acquire(ZenohConfiguration configuration) {
        if (configuration.getSession() != null) {
            return new Lease(configuration.getSession(), null);
        }
        SessionConfig config = configuration.toSessionConfig();
        Shared s = shared.get(config);
        if (s == null || s.session.isClosed()) {
            LOG.info("Opening zenoh session {}", describe(config));
            s = new Shared(config, Session.open(config));
            shared.put(config, s);
        }
        s.refs++;
        return new Lease(s.session, s);
    }

    synchronized List<Info> snapshot() {
        List<Info> out = new ArrayList<>();
        shared.values().forEach(s -> out.add(new Info(s.config, s.session, s.refs)));
        return out;
    }

    synchronized void closeAll() {
        shared.values().forEach(ZenohSessions::closeQuietly);
        shared.clear();
    }

    private static void closeQuietly(Shared s) {
        LOG.info("Closing zenoh session {}", describe(s.config));
        try {
            s.session.close();
        } catch (RuntimeException e) {
            LOG.warn("Closing zenoh session {} failed: {}", describe(s.config), e.getMessage());
        }
    }

    static String describe(SessionConfig c) {
        StringBuilder b =
                new StringBuilder("mode=").append(c.mode() == null ? "(from config)" : c.mode());
        if (!c.connect().isEmpty()) {
            b.append(" connect=").append(String.join(",", c.connect()));
        }
        if (!c.listen().isEmpty()) {
            b.append(" listen=").append(String.join(",", c.listen()));
        }
        if (c.configFile() != null) {
            b.append(" configFile=").append(c.configFile());
        }
        return b.toString();
    }
}
