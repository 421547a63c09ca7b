/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Reply;
import io.github.camelzenoh.zenoh.SampleKind;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.Subscriber;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.camel.cluster.CamelClusterMember;
import org.apache.camel.support.cluster.AbstractCamelClusterView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One namespace of a {@link ZenohClusterService}: this member's liveliness token and the view of
 * every live member's token. Token changes arrive on zenoh's threads and are applied, in order, on
 * one thread of this view, which also fires Camel's membership and leadership events (a listener
 * may start or stop routes, which must not run on zenoh's threads).
 */
public class ZenohClusterView extends AbstractCamelClusterView {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohClusterView.class);

    /**
     * The last chunk of a member's key: zero-padded join time in ms, '~', a random nonce per start
     * (16 hex digits), '~', member id. The nonce keeps two members apart that share an id (e.g.
     * {@code ${env:HOSTNAME}} on one host) and joined in the same millisecond: with one key, each
     * took the other's token for its own and both led.
     */
    private static final char SEPARATOR = '~';

    private static final int NONCE_DIGITS = 16;

    private static final Comparator<Key> ORDER =
            Comparator.comparingLong(Key::joinMillis)
                    .thenComparing(Key::memberId)
                    .thenComparing(Key::full);

    private final ZenohClusterService service;
    private final String prefix;
    private final Map<Key, Member> members = new ConcurrentSkipListMap<>(ORDER);
    private final Set<String> gone = new HashSet<>();

    /** Token events seen before this member's own key was chosen; view thread only. */
    private final List<Early> early = new ArrayList<>();

    private record Early(String keyExpr, boolean alive, boolean queried) {}

    /** True once the events seen before this member's key was chosen are applied; view thread. */
    private boolean keyed;

    private String joinedAs;

    /**
     * The tokens of this view's earlier runs (most recent last, at most {@link #RETIRED_KEPT}): a
     * restarted view's liveliness query may still be answered with the token its previous run just
     * undeclared, while the undeclaration reached no subscriber of the new run; such a token is
     * never a member. Guarded by itself.
     */
    private final Deque<String> retired = new ArrayDeque<>();

    private static final int RETIRED_KEPT = 16;

    /** How long a stop waits for the change the view's thread is applying. */
    private static final long STOP_WAIT_SECONDS = 10;

    /** The thread of the view's executor (set by its tasks), which a stop must not wait for. */
    private volatile Thread viewThread;

    private volatile Member leader;
    private volatile Member local;
    private ExecutorService events;
    private ZenohSessions.Lease lease;
    private Subscriber watcher;
    private LivelinessToken token;
    private boolean ready;

    ZenohClusterView(ZenohClusterService service, String namespace) {
        super(service, namespace);
        this.service = service;
        this.prefix = service.getKeyPrefix() + "/" + namespace + "/";
    }

    /** A member's token key, parsed. */
    record Key(String full, long joinMillis, String memberId) {
        static Key parse(String full, String prefix) {
            if (!full.startsWith(prefix)) {
                return null;
            }
            String last = full.substring(prefix.length());
            int sep = last.indexOf(SEPARATOR);
            int idAt = sep + 1 + NONCE_DIGITS + 1;
            if (sep <= 0
                    || idAt >= last.length()
                    || last.charAt(idAt - 1) != SEPARATOR
                    || last.indexOf('/') >= 0) {
                return null;
            }
            try {
                return new Key(full, Long.parseLong(last.substring(0, sep)), last.substring(idAt));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    @Override
    protected void doStart() throws Exception {
        Session session = service.getSession();
        if (session == null) {
            ZenohComponent zenoh = getCamelContext().getComponent("zenoh", ZenohComponent.class);
            lease = zenoh.sessions().acquire(service.sessionSettings(zenoh.getConfiguration()));
            session = lease.session();
        }
        events =
                getCamelContext() != null
                        ? getCamelContext()
                                .getExecutorServiceManager()
                                .newSingleThreadExecutor(this, "ZenohCluster-" + getNamespace())
                        : Executors.newSingleThreadExecutor();
        local = null;
        keyed = false;
        early.clear();
        // nothing of an earlier run counts (its thread was waited for, at most STOP_WAIT_SECONDS)
        members.clear();
        leader = null;
        try {
            // the newest member alive now, asked before the liveliness subscriber is declared (a
            // liveliness query right after it may miss tokens zenoh still sends as its history)
            long newest = newestJoin(alive(session));
            watcher =
                    session.declareLivelinessSubscriber(
                            prefix + "*",
                            true,
                            s ->
                                    submit(
                                            () ->
                                                    apply(
                                                            s.keyExpr(),
                                                            s.kind() == SampleKind.PUT,
                                                            false)));
            // a member joins as the youngest of those it has heard of, whatever its clock says: a
            // joining member whose clock is behind never takes leadership from a live leader
            long joined = Math.max(service.clock().getAsLong(), newest + 1);
            Key own =
                    new Key(
                            String.format(
                                    "%s%013d%c%016x%c%s",
                                    prefix,
                                    joined,
                                    SEPARATOR,
                                    ThreadLocalRandom.current().nextLong(),
                                    SEPARATOR,
                                    service.getId()),
                            joined,
                            service.getId());
            local = new Member(own, true);
            joinedAs = own.full();
            // on the view's thread: the events that came before are applied now that it is known
            submit(
                    () -> {
                        keyed = true;
                        List<Early> before = new ArrayList<>(early);
                        early.clear();
                        before.forEach(e -> apply(e.keyExpr(), e.alive(), e.queried()));
                    });
            token = session.declareLivelinessToken(own.full());
            // the members alive now, asked again after this one's token: waited for, so that a
            // joining member does not lead for a moment because it has not yet heard of the
            // older ones, and members starting together see each other's tokens
            List<Reply> alive = alive(session);
            List<String> keys = new ArrayList<>();
            for (Reply r : alive) {
                if (r.ok()) {
                    keys.add(r.sample().keyExpr());
                }
            }
            submit(
                    () -> {
                        keys.forEach(k -> apply(k, true, true));
                        // only the query's replies could be stale: no need to remember more
                        gone.clear();
                        ready = true;
                        members.values().forEach(this::fireMemberAddedEvent);
                        decide();
                    });
        } catch (Exception e) {
            release();
            throw e;
        }
        LOG.info(
                "zenoh cluster '{}': member {} joined as {}",
                getNamespace(),
                service.getId(),
                joinedAs);
    }

    /** The liveliness tokens of this namespace alive now (waited for at most the timeout). */
    private List<Reply> alive(Session session) throws Exception {
        try {
            return session.livelinessGet(prefix + "*", service.getLivelinessTimeoutMillis())
                    .get(service.getLivelinessTimeoutMillis() + 5000, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.warn(
                    "zenoh cluster '{}': no answer to the liveliness query in time; deciding"
                            + " on the members announced so far",
                    getNamespace());
            return List.of();
        }
    }

    /** The highest joinMillis among the members' tokens in {@code alive}, 0 when none. */
    private long newestJoin(List<Reply> alive) {
        long newest = 0;
        for (Reply r : alive) {
            if (r.ok()) {
                Key k = Key.parse(r.sample().keyExpr(), prefix);
                if (k != null) {
                    newest = Math.max(newest, k.joinMillis());
                }
            }
        }
        return newest;
    }

    @Override
    protected void doStop() throws Exception {
        boolean wasLeader = leader == local && local != null;
        release();
        leader = null;
        members.clear();
        if (wasLeader) {
            fireLeadershipChangedEvent((CamelClusterMember) null);
        }
    }

    private boolean isRetired(String keyExpr) {
        synchronized (retired) {
            return retired.contains(keyExpr);
        }
    }

    private void release() {
        // the token first: the others may elect a new leader while this one tidies up
        if (token != null && joinedAs != null) {
            synchronized (retired) {
                retired.addLast(joinedAs);
                if (retired.size() > RETIRED_KEPT) {
                    retired.removeFirst();
                }
            }
        }
        closeQuietly(token);
        token = null;
        closeQuietly(watcher);
        watcher = null;
        if (events != null) {
            ExecutorService stopping = events;
            events = null;
            if (getCamelContext() != null) {
                getCamelContext().getExecutorServiceManager().shutdownNow(stopping);
            } else {
                stopping.shutdownNow();
            }
            awaitTaskInHand(stopping);
        }
        if (lease != null) {
            lease.close();
            lease = null;
        }
        ready = false;
        gone.clear();
    }

    /**
     * Waits for the change the view's thread may still be applying: one that lands after the stop
     * (CI: the decision that followed a member's arrival) put this run's own member back into the
     * members the stop had cleared, where it stayed after a restart and, as the oldest, led. Not on
     * the view's own thread (a listener that stops the service), which would wait for itself.
     */
    private void awaitTaskInHand(ExecutorService stopping) {
        if (Thread.currentThread() == viewThread) {
            return;
        }
        try {
            if (!stopping.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn(
                        "zenoh cluster '{}': a membership event listener is still running {} s"
                                + " after the view stopped",
                        getNamespace(),
                        STOP_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            LOG.debug("closing {} failed: {}", c, e.getMessage());
        }
    }

    private void submit(Runnable task) {
        ExecutorService e = events;
        if (e == null) {
            return;
        }
        try {
            e.execute(
                    () -> {
                        if (events != e) {
                            return; // left over from before a stop
                        }
                        viewThread = Thread.currentThread();
                        try {
                            task.run();
                        } catch (RuntimeException ex) {
                            LOG.warn(
                                    "zenoh cluster '{}': a membership change failed: {}",
                                    getNamespace(),
                                    ex.toString(),
                                    ex);
                        }
                    });
        } catch (RejectedExecutionException stopped) {
            // the view is stopping: nothing more to decide
        }
    }

    /**
     * Applies one token appearance or disappearance (on the view's thread). {@code queried}: a
     * reply of the start-up query, which may be older than a disappearance already seen.
     */
    private void apply(String keyExpr, boolean alive, boolean queried) {
        Member me = local;
        if (me == null || !keyed) {
            // before this member's own key is chosen (the start-up query runs first)
            early.add(new Early(keyExpr, alive, queried));
            return;
        }
        if (alive && isRetired(keyExpr)) {
            LOG.debug(
                    "zenoh cluster '{}': ignoring this view's earlier token {}",
                    getNamespace(),
                    keyExpr);
            return;
        }
        Key key = keyExpr.equals(me.key.full()) ? me.key : Key.parse(keyExpr, prefix);
        if (key == null) {
            LOG.debug("zenoh cluster '{}': ignoring token {}", getNamespace(), keyExpr);
            return;
        }
        Member changed = null;
        boolean added = false;
        if (alive) {
            // a late reply of the start-up query does not revive a token seen gone; the
            // subscriber's own events do (a member seen again after a partition healed)
            if (queried && !ready && gone.contains(key.full())) {
                return;
            }
            if (!queried) {
                gone.remove(key.full());
            }
            if (!members.containsKey(key)) {
                changed = key.equals(me.key) ? me : new Member(key, false);
                members.put(key, changed);
                added = true;
            }
        } else if (!key.equals(me.key)) {
            if (!ready) {
                gone.add(key.full());
            }
            changed = members.remove(key);
        }
        if (changed == null || !ready) {
            return;
        }
        if (added) {
            fireMemberAddedEvent(changed);
        } else {
            fireMemberRemovedEvent(changed);
        }
        decide();
    }

    /** The oldest live member leads once a quorum is visible; fires the event on a change. */
    private void decide() {
        Member me = local;
        if (me != null && !members.containsKey(me.key)) {
            members.put(me.key, me);
        }
        Member next =
                members.size() >= service.getQuorum() && !members.isEmpty()
                        ? members.values().iterator().next()
                        : null;
        if (next != leader) {
            Member before = leader;
            leader = next;
            LOG.info(
                    "zenoh cluster '{}': leader {} -> {} ({} live member(s), this one {})",
                    getNamespace(),
                    before == null ? "none" : before.getId(),
                    next == null ? "none" : next.getId(),
                    members.size(),
                    service.getId());
            fireLeadershipChangedEvent(next);
        }
    }

    @Override
    public Optional<CamelClusterMember> getLeader() {
        return Optional.ofNullable(leader);
    }

    @Override
    public CamelClusterMember getLocalMember() {
        return local;
    }

    @Override
    public List<CamelClusterMember> getMembers() {
        return List.copyOf(members.values());
    }

    /** The key of this member's liveliness token (null until started). */
    public String getLocalKey() {
        Member me = local;
        return me == null ? null : me.key.full();
    }

    private final class Member implements CamelClusterMember {
        final Key key;
        final boolean isLocal;

        Member(Key key, boolean isLocal) {
            this.key = key;
            this.isLocal = isLocal;
        }

        @Override
        public String getId() {
            return key.memberId();
        }

        @Override
        public boolean isLeader() {
            return leader == this;
        }

        @Override
        public boolean isLocal() {
            return isLocal;
        }

        @Override
        public String toString() {
            return key.full() + (isLeader() ? " (leader)" : "");
        }
    }
}
