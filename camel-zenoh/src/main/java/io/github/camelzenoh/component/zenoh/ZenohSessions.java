/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The component's sessions: one per distinct {@link SessionConfig}, shared by every endpoint with
 * those settings and closed when the last of them releases it (or when the component stops). A
 * session the user supplies is handed out as is and never closed here.
 *
 * <p>Opening and closing a session take as long as zenoh needs (a client waits for its router), so
 * neither runs under this registry's lock: the registry only books an entry per configuration,
 * whose future the first endpoint completes by opening the session; the others with the same
 * configuration wait on that future, not on the lock. A session of a configuration is opened only
 * once the previous one of that configuration has closed (its listen ports are free again).
 */
final class ZenohSessions {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohSessions.class);

    /** Guarded by this. */
    private final Map<SessionConfig, Shared> shared = new LinkedHashMap<>();

    /** Guarded by this: the close in progress of a configuration's previous session. */
    private final Map<SessionConfig, CompletableFuture<Void>> closing = new HashMap<>();

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
            CompletableFuture<Void> closed;
            synchronized (ZenohSessions.this) {
                if (released || owner == null) {
                    released = true;
                    return;
                }
                released = true;
                closed = release(owner);
            }
            if (closed != null) {
                closeQuietly(owner, closed);
            }
        }
    }

    private static final class Shared {
        final SessionConfig config;
        final CompletableFuture<Session> session = new CompletableFuture<>();
        int refs;
        boolean closed;

        Shared(SessionConfig config) {
            this.config = config;
        }

        /** The session once open, else null. */
        Session openSession() {
            return session.isDone() && !session.isCompletedExceptionally() ? session.join() : null;
        }
    }

    /** A snapshot for the dev console and health checks. */
    record Info(SessionConfig config, Session session, int endpoints) {}

    Lease acquire(ZenohConfiguration configuration) {
        if (configuration.getSession() != null) {
            return new Lease(configuration.getSession(), null);
        }
        SessionConfig config = configuration.toSessionConfig();
        Shared s;
        boolean opener = false;
        CompletableFuture<Void> previous = null;
        synchronized (this) {
            s = shared.get(config);
            Session open = s == null ? null : s.openSession();
            if (s == null
                    || s.session.isCompletedExceptionally()
                    || (open != null && open.isClosed())) {
                s = new Shared(config);
                shared.put(config, s);
                opener = true;
                previous = closing.get(config);
            }
            s.refs++;
        }
        if (opener) {
            open(s, previous);
        }
        try {
            return new Lease(s.session.join(), s);
        } catch (CompletionException | CancellationException e) {
            synchronized (this) {
                s.refs--;
                shared.remove(config, s);
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Opens the session of {@code s} (outside the lock), after {@code previous} closed. */
    private static void open(Shared s, CompletableFuture<Void> previous) {
        try {
            if (previous != null) {
                previous.join();
            }
            LOG.info("Opening zenoh session {}", describe(s.config));
            s.session.complete(Session.open(s.config));
        } catch (RuntimeException | Error e) {
            s.session.completeExceptionally(e);
        }
    }

    /** Under the lock: one endpoint less; when none is left, returns the close to run. */
    private CompletableFuture<Void> release(Shared s) {
        if (s.closed || --s.refs > 0) {
            return null;
        }
        s.closed = true;
        shared.remove(s.config, s);
        CompletableFuture<Void> done = new CompletableFuture<>();
        closing.put(s.config, done);
        done.whenComplete(
                (v, e) -> {
                    synchronized (ZenohSessions.this) {
                        closing.remove(s.config, done);
                    }
                });
        return done;
    }

    synchronized List<Info> snapshot() {
        List<Info> out = new ArrayList<>();
        shared.values()
                .forEach(
                        s -> {
                            Session open = s.openSession();
                            if (open != null) {
                                out.add(new Info(s.config, open, s.refs));
                            }
                        });
        return out;
    }

    void closeAll() {
        List<Shared> all;
        synchronized (this) {
            all = new ArrayList<>(shared.values());
            shared.clear();
        }
        for (Shared s : all) {
            CompletableFuture<Void> closed;
            synchronized (this) {
                s.refs = 1;
                closed = release(s);
            }
            if (closed != null) {
                closeQuietly(s, closed);
            }
        }
    }

    /**
     * Closes the session of {@code s} once it is open (waiting for an open in progress), then
     * completes {@code closed}. Never under the lock.
     */
    private static void closeQuietly(Shared s, CompletableFuture<Void> closed) {
        try {
            Session session;
            try {
                session = s.session.join();
            } catch (CompletionException | CancellationException notOpened) {
                return;
            }
            LOG.info("Closing zenoh session {}", describe(s.config));
            try {
                session.close();
            } catch (RuntimeException e) {
                LOG.warn("Closing zenoh session {} failed: {}", describe(s.config), e.getMessage());
            }
        } finally {
            closed.complete(null);
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
