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

    /**
     * Guards a run's membership state ({@link #members}, {@link #leader}, {@link #early}, {@link
     * #gone}, {@link #keyed}, {@link #ready}) and {@link #events}. A run's thread may still be
     * applying a change when the view stops (or stops from inside a listener): every change checks,
     * under this lock, that its task belongs to the current run, so nothing of a stopped run lands
     * after the stop (CI: its own member put back after the stop had cleared the members, kept
     * after the restart and, the oldest, leading). Never held while a listener runs.
     */
    private final Object state = new Object();

    /** The executor of the run whose task this thread is running (set by {@link #submit}). */
    private static final ThreadLocal<ExecutorService> RUN = new ThreadLocal<>();

    private volatile Member leader;
    private volatile Member local;
    private volatile ExecutorService events;
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
        ExecutorService run =
                getCamelContext() != null
                        ? getCamelContext()
                                .getExecutorServiceManager()
                                .newSingleThreadExecutor(this, "ZenohCluster-" + getNamespace())
                        : Executors.newSingleThreadExecutor();
        synchronized (state) {
            events = run;
            // local stays the last run's member until this run's is chosen (keyed): a listener
            // of a late event reads getLocalMember().isLeader() (false now), never null
            keyed = false;
            early.clear();
            gone.clear();
            ready = false;
            members.clear();
            leader = null;
        }
        try {
            // the clock first, then the newest member alive now: a member that started while this
            // thread was held after reading the clock (a GC pause, a loaded host) is in the answer,
            // and this one joins behind it. Asked before the liveliness subscriber is declared (a
            // liveliness query right after it may miss tokens zenoh still sends as its history)
            long now = service.clock().getAsLong();
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
            Key own = newKey(Math.max(now, newest + 1));
            local = new Member(own, true);
            joinedAs = own.full();
            // on the view's thread: the events that came before are applied now that it is known
            submit(
                    () -> {
                        List<Early> before;
                        synchronized (state) {
                            if (!current()) {
                                return;
                            }
                            keyed = true;
                            before = new ArrayList<>(early);
                            early.clear();
                        }
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
            // a member younger than this one's token: it started while this thread was held
            // between the query above and declaring the token, and may have led since, not knowing
            // of this one. Join again behind it, before this view decides anything: leadership
            // ends where it was (the others see this member's first token come and go, and their
            // leader may flip to it for that moment)
            long younger = youngerThan(own, keys);
            if (younger > 0) {
                own = rejoin(session, own, Math.max(service.clock().getAsLong(), younger + 1));
            }
            submit(
                    () -> {
                        keys.forEach(k -> apply(k, true, true));
                        List<Member> known;
                        synchronized (state) {
                            if (!current()) {
                                return;
                            }
                            // only the query's replies could be stale: no need to remember more
                            gone.clear();
                            ready = true;
                            known = List.copyOf(members.values());
                        }
                        for (Member m : known) {
                            if (!stillCurrent()) {
                                return; // a listener held this thread across a stop
                            }
                            fireMemberAddedEvent(m);
                        }
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

    /** This member's token key for a join at {@code joined}, with a nonce of its own. */
    private Key newKey(long joined) {
        return new Key(
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
    }

    /** The newest join time among {@code keys} that are younger than {@code own}; 0 when none. */
    private long youngerThan(Key own, List<String> keys) {
        long younger = 0;
        for (String k : keys) {
            Key other = Key.parse(k, prefix);
            if (other != null
                    && !other.full().equals(own.full())
                    && !isRetired(other.full())
                    && ORDER.compare(other, own) > 0) {
                younger = Math.max(younger, other.joinMillis());
            }
        }
        return younger;
    }

    /**
     * Replaces this member's token by one joined at {@code joined} (start-up only, before the view
     * is ready): the new key is this view's own before its token exists, so the token's own event
     * finds it local; the first token is retired (its late events are not a member) and undeclared.
     */
    private Key rejoin(Session session, Key first, long joined) throws Exception {
        Key again = newKey(joined);
        retire(first.full());
        synchronized (state) {
            members.remove(first);
            local = new Member(again, true);
        }
        LivelinessToken second = session.declareLivelinessToken(again.full());
        closeQuietly(token);
        token = second;
        joinedAs = again.full();
        LOG.info(
                "zenoh cluster '{}': member {} saw a member younger than its token {}, and joined"
                        + " again behind it",
                getNamespace(),
                service.getId(),
                first.full());
        return again;
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
        release();
    }

    private void retire(String keyExpr) {
        synchronized (retired) {
            retired.addLast(keyExpr);
            if (retired.size() > RETIRED_KEPT) {
                retired.removeFirst();
            }
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
            retire(joinedAs);
        }
        closeQuietly(token);
        token = null;
        closeQuietly(watcher);
        watcher = null;
        // the run ends here: no task of it changes anything any more
        ExecutorService stopping;
        Member former;
        synchronized (state) {
            stopping = events;
            events = null;
            ready = false;
            gone.clear();
            former = leader;
            leader = null;
            members.clear();
        }
        if (stopping != null) {
            // a task in hand is not waited for: it finds its run over and changes nothing; an
            // interrupt frees a listener waiting in it (the queued tasks would do nothing), but
            // not the listener that stops the view from the run's own thread (it may start it
            // again, or stop the context, and must not do that interrupted)
            boolean fromTheRunsThread = RUN.get() == stopping;
            if (getCamelContext() != null) {
                if (fromTheRunsThread) {
                    getCamelContext().getExecutorServiceManager().shutdown(stopping);
                } else {
                    getCamelContext().getExecutorServiceManager().shutdownNow(stopping);
                }
            } else if (fromTheRunsThread) {
                stopping.shutdown();
            } else {
                stopping.shutdownNow();
            }
            if (former != null && former == local) {
                tellLeadershipLost();
            }
        }
        if (lease != null) {
            lease.close();
            lease = null;
        }
    }

    /**
     * "Leadership lost", on a thread of its own: the stopping thread holds Camel's service lock,
     * which a listener may need (getView, or releaseView when it stops a master: route), and the
     * run's thread may be held by a listener. Told even when the view has started again by then (a
     * restart that fails, stops early or finds no quorum tells nothing, and Camel's master:
     * consumer stops its route only when told): listeners read the outcome from the view.
     */
    private void tellLeadershipLost() {
        Thread teller =
                new Thread(
                        () -> {
                            try {
                                fireLeadershipChangedEvent((CamelClusterMember) null);
                            } catch (RuntimeException e) {
                                LOG.warn(
                                        "zenoh cluster '{}': a listener failed on leadership"
                                                + " lost: {}",
                                        getNamespace(),
                                        e.toString(),
                                        e);
                            }
                        },
                        "ZenohCluster-" + getNamespace() + "-lost");
        teller.setDaemon(true);
        teller.start();
    }

    /** True when this thread runs a task of the current run; called under {@link #state}. */
    private boolean current() {
        ExecutorService run = events;
        return run != null && RUN.get() == run;
    }

    /**
     * {@link #current()} before an event is fired (outside the lock: a run that stops right after
     * still fires this one event, which listeners read against the view, see {@link #decide}).
     */
    private boolean stillCurrent() {
        synchronized (state) {
            return current();
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
                        RUN.set(e);
                        try {
                            task.run();
                        } catch (RuntimeException ex) {
                            LOG.warn(
                                    "zenoh cluster '{}': a membership change failed: {}",
                                    getNamespace(),
                                    ex.toString(),
                                    ex);
                        } finally {
                            RUN.remove();
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
        Member changed = null;
        boolean added = false;
        synchronized (state) {
            if (!current()) {
                return; // a task of a stopped run
            }
            Member me = local;
            if (!keyed) {
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
        }
        if (!stillCurrent()) {
            return;
        }
        if (added) {
            fireMemberAddedEvent(changed);
        } else {
            fireMemberRemovedEvent(changed);
        }
        decide(); // nothing when the listener stopped the view
    }

    /**
     * The oldest live member leads once a quorum is visible; fires the event on a change. Listeners
     * read the leader from the view ({@code getLocalMember().isLeader()}, as Camel's master
     * consumer and clustered route policy do), so one that hears of a stopped run's decision after
     * the stop still finds none.
     */
    private void decide() {
        Member before;
        Member next;
        int live;
        synchronized (state) {
            if (!current()) {
                return;
            }
            Member me = local;
            if (me != null && !members.containsKey(me.key)) {
                members.put(me.key, me);
            }
            next =
                    members.size() >= service.getQuorum() && !members.isEmpty()
                            ? members.values().iterator().next()
                            : null;
            if (next == leader) {
                return;
            }
            before = leader;
            leader = next;
            live = members.size();
        }
        LOG.info(
                "zenoh cluster '{}': leader {} -> {} ({} live member(s), this one {})",
                getNamespace(),
                before == null ? "none" : before.getId(),
                next == null ? "none" : next.getId(),
                live,
                service.getId());
        if (stillCurrent()) {
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
