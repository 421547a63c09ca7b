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
 *
 * <p>Opening and closing a session can take long (a client waits for its router up to zenoh's open
 * timeout): they run under the lock of that configuration's slot only, never under the registry's
 * lock, so one hanging open stalls neither other configurations' sessions nor the dev console. One
 * configuration's opens and closes stay in order: a session being closed is closed (its listen
 * ports free) before the next one with the same settings opens.
 */
final class ZenohSessions {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohSessions.class);

    /** Guarded by this; only quick map operations under it. */
    private final Map<SessionConfig, Slot> slots = new LinkedHashMap<>();

    /** What an endpoint holds while started. close() releases it (idempotent). */
    final class Lease implements AutoCloseable {
        private final Session session;
        private final Slot owner;
        private final Held held;
        private boolean released;

        private Lease(Session session, Slot owner, Held held) {
            this.session = session;
            this.owner = owner;
            this.held = held;
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
            synchronized (this) {
                if (released || owner == null) {
                    released = true;
                    return;
                }
                released = true;
            }
            synchronized (owner) {
                if (--held.refs == 0) {
                    if (owner.held == held) {
                        owner.held = null;
                    }
                    closeQuietly(owner.config, session);
                }
            }
            unpin(owner);
        }
    }

    /**
     * One configuration's session. Its monitor orders that configuration's opens and closes; {@link
     * #pins} (guarded by the registry) counts leases and acquisitions in progress, and the slot
     * leaves the registry when it drops to zero.
     */
    private static final class Slot {
        final SessionConfig config;
        volatile Held held;
        int pins;

        Slot(SessionConfig config) {
            this.config = config;
        }
    }

    /** An open session and its leases (guarded by its slot; read without it by snapshots). */
    private static final class Held {
        final Session session;
        volatile int refs;

        Held(Session session) {
            this.session = session;
        }
    }

    /** A snapshot for the dev console and health checks. */
    record Info(SessionConfig config, Session session, int endpoints) {}

    Lease acquire(ZenohConfiguration configuration) {
        if (configuration.getSession() != null) {
            return new Lease(configuration.getSession(), null, null);
        }
        SessionConfig config = configuration.toSessionConfig();
        Slot slot;
        synchronized (this) {
            slot = slots.computeIfAbsent(config, Slot::new);
            slot.pins++;
        }
        try {
            synchronized (slot) {
                Held h = slot.held;
                if (h == null || h.session.isClosed()) {
                    LOG.info("Opening zenoh session {}", describe(config));
                    h = new Held(Session.open(config));
                    slot.held = h;
                }
                h.refs++;
                return new Lease(h.session, slot, h);
            }
        } catch (RuntimeException | Error e) {
            unpin(slot);
            throw e;
        }
    }

    private synchronized void unpin(Slot slot) {
        if (--slot.pins == 0) {
            slots.remove(slot.config, slot);
        }
    }

    synchronized List<Info> snapshot() {
        List<Info> out = new ArrayList<>();
        for (Slot s : slots.values()) {
            Held h = s.held;
            if (h != null) {
                out.add(new Info(s.config, h.session, h.refs));
            }
        }
        return out;
    }

    /**
     * Closes every open session (component stop). A session still opening is closed by the last
     * lease on it.
     */
    void closeAll() {
        List<Slot> all;
        synchronized (this) {
            all = new ArrayList<>(slots.values());
            slots.clear();
        }
        for (Slot s : all) {
            Held h = s.held;
            if (h != null) {
                closeQuietly(s.config, h.session);
            }
        }
    }

    private static void closeQuietly(SessionConfig config, Session session) {
        LOG.info("Closing zenoh session {}", describe(config));
        try {
            session.close();
        } catch (RuntimeException e) {
            LOG.warn("Closing zenoh session {} failed: {}", describe(config), e.getMessage());
        }
    }

    private static String endpoints(List<String> endpoints) {
        return String.join(",", endpoints.stream().map(SessionConfig::withoutLinkConfig).toList());
    }

    static String describe(SessionConfig c) {
        StringBuilder b =
                new StringBuilder("mode=").append(c.mode() == null ? "(from config)" : c.mode());
        // an endpoint's link configuration (after '#') may hold TLS keys: never shown
        if (!c.connect().isEmpty()) {
            b.append(" connect=").append(endpoints(c.connect()));
        }
        if (!c.listen().isEmpty()) {
            b.append(" listen=").append(endpoints(c.listen()));
        }
        if (c.configFile() != null) {
            b.append(" configFile=").append(c.configFile());
        }
        return b.toString();
    }
}
