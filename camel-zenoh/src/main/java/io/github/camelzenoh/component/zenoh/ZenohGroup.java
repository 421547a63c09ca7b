/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a consumer group: members (any JVM, any host) subscribe to the same key expression
 * and each sample is processed by exactly one live member, the one of highest rendezvous weight for
 * the sample's key, so all samples of a key go to one member and keep their order there.
 *
 * <p>Membership is the set of liveliness tokens under {@code @camel-zenoh/group/<name>/<keyId>/},
 * {@code keyId} naming the members' key expression: subscribers on different key expressions are
 * different groups even under one name, since a member can only process the samples it receives (a
 * component-wide {@code group} puts every route's subscriber in a group of its own key expression,
 * none of them losing the samples another route's subscriber would own). A member counts itself
 * only once its own token is declared. A sample another member owns is held for {@code
 * groupReplayMillis} (and at most {@code groupReplayMaxBytes}; samples pushed out earlier are
 * counted as overflow). When the membership changes, the samples held for keys this member now owns
 * are handed to the route first, in arrival order: the previous owner may have processed them
 * (at-least-once across a change), so each is counted as replayed, an upper bound of the
 * duplicates.
 *
 * <p>A member that hands keys over to a member that appeared keeps taking them for {@code
 * groupReplayMillis} more (a hand-over): samples routed to it before the router knew the new
 * member's subscription can arrive after the new member's token, which overtakes queued data, and
 * the new member never receives them. Each sample taken in a hand-over is counted as replayed too,
 * and so is each sample a member processes within {@code groupReplayMillis} after joining others
 * (its previous owner takes it as well until it sees the new token).
 */
final class ZenohGroup {

    private static final Logger LOG = LoggerFactory.getLogger(ZenohGroup.class);

    /**
     * Liveliness prefix of group members; a member's token is the prefix, group name, key
     * expression's id, member id.
     */
    static final String PREFIX = "@camel-zenoh/group/";

    /**
     * Ids of members seen leaving that are remembered (a late history reply cannot revive them).
     */
    private static final int GONE_REMEMBERED = 4096;

    /** Hand-overs running at once at most; the oldest ends early beyond. */
    private static final int HANDOVERS_MAX = 64;

    /** Bytes a held sample costs beyond payload, key and attachment (objects and references). */
    private static final int HELD_OVERHEAD = 160;

    private final String name;

    /** This group's liveliness space: prefix, name, key expression id, then "/". */
    private final String space;

    private final String memberId = UUID.randomUUID().toString();
    private final long memberHash = hash(memberId);
    private final long windowNanos;
    private final long maxBytes;
    private final Consumer<Sample> deliver;

    /** Samples replayed on taking over their key: an upper bound of the duplicates. */
    final LongAdder replayed;

    /** Held samples pushed out by the byte cap before their window ended. */
    final LongAdder overflow;

    private final Object lock = new Object();

    // guarded by lock
    private final TreeMap<String, Long> others = new TreeMap<>();
    private final Set<String> gone = new LinkedHashSet<>();
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private final ArrayDeque<Handover> handovers = new ArrayDeque<>();
    private long heldBytes;
    private boolean member;

    /** The live members' hashes in id order (self included once a member); replaced on changes. */
    private volatile long[] hashes = new long[0];

    private record Held(long at, String key, long keyHash, Sample sample, long bytes) {}

    /**
     * The members before a change that took keys from this member, until {@code until}; or, with no
     * members, this member's own join: the previous owners may take its keys until they see it.
     */
    private static final class Handover {
        final long[] hashes;
        final long until;
        long taken; // guarded by lock

        Handover(long[] hashes, long until) {
            this.hashes = hashes;
            this.until = until;
        }
    }

    /**
     * @param deliver hands a sample this member owns to the route (the consumer's hand-off)
     */
    ZenohGroup(
            String name,
            String keyExpr,
            long replayMillis,
            long maxBytes,
            Consumer<Sample> deliver,
            LongAdder replayed,
            LongAdder overflow) {
        this.name = name;
        this.space = PREFIX + name + "/" + keyId(keyExpr) + "/";
        this.windowNanos = replayMillis * 1_000_000L;
        this.maxBytes = maxBytes;
        this.deliver = deliver;
        this.replayed = replayed;
        this.overflow = overflow;
    }

    String memberId() {
        return memberId;
    }

    /** The liveliness key expression of every member of this group. */
    String membersKeyExpr() {
        return space + "*";
    }

    /** This member's liveliness token key. */
    String tokenKeyExpr() {
        return space + memberId;
    }

    /**
     * The key expression as one key chunk, the same in every JVM: 16 hex digits of its 64-bit hash
     * (a key expression may hold wildcards and run to 64 KiB, a token's chunk may not).
     */
    static String keyId(String keyExpr) {
        return String.format("%016x", hash(keyExpr));
    }

    /** zenoh thread: the sample goes to the route if this member owns its key, else it is held. */
    void onSample(Sample sample) {
        String key = sample.keyExpr();
        long kh = hash(key);
        boolean mine;
        synchronized (lock) {
            long now = System.nanoTime();
            expire(now);
            mine = member && owns(hashes, kh);
            if (member && !handovers.isEmpty()) {
                if (mine ? takingOver(now) : handedOver(now, kh)) {
                    replayed.increment();
                    mine = true;
                }
            }
            if (!mine && windowNanos > 0) {
                long bytes = HELD_OVERHEAD + 2L * key.length() + length(sample);
                if (bytes > maxBytes) {
                    // it would push out every held sample and then itself
                    overflow.increment();
                    return;
                }
                held.addLast(new Held(now, key, kh, sample, bytes));
                heldBytes += bytes;
                while (heldBytes > maxBytes && !held.isEmpty()) {
                    heldBytes -= held.pollFirst().bytes();
                    overflow.increment();
                }
            }
        }
        if (mine) {
            deliver.accept(sample);
        }
    }

    /**
     * Liveliness subscriber: a member's token appeared (PUT) or disappeared (DELETE). A token that
     * comes back (its session reconnected) makes the member live again.
     */
    void onMember(Sample token) {
        String id = idOf(token.keyExpr());
        if (id == null || id.equals(memberId)) {
            return;
        }
        synchronized (lock) {
            if (token.kind() == SampleKind.DELETE) {
                remember(id);
                if (others.remove(id) != null) {
                    changed(false);
                }
            } else {
                gone.remove(id);
                if (others.put(id, hash(id)) == null) {
                    changed(false);
                }
            }
        }
    }

    /**
     * A token a liveliness get found: alive when the get answered, unless the subscriber has told
     * since that it disappeared (the reply may arrive after that).
     */
    void onMemberFound(Sample token) {
        String id = idOf(token.keyExpr());
        if (id == null || id.equals(memberId) || token.kind() == SampleKind.DELETE) {
            return;
        }
        synchronized (lock) {
            if (!gone.contains(id) && others.put(id, hash(id)) == null) {
                changed(false);
            }
        }
    }

    /** This member's token is declared: from now on it owns its share of the keys. */
    void joined() {
        synchronized (lock) {
            member = true;
            changed(true);
        }
    }

    /** This member's token is about to be undeclared: it stops taking samples. */
    void leaving() {
        synchronized (lock) {
            member = false;
            hashes = snapshot();
            handovers.clear();
            held.clear();
            heldBytes = 0;
        }
    }

    int members() {
        return hashes.length;
    }

    int held() {
        synchronized (lock) {
            return held.size();
        }
    }

    /**
     * True while this member still takes keys it handed over to a member that appeared, or has
     * joined within the window: a sample may then be processed by two members.
     */
    boolean handingOver() {
        synchronized (lock) {
            long now = System.nanoTime();
            return handovers.stream().anyMatch(h -> h.until - now > 0);
        }
    }

    /**
     * Under lock, in a hand-over: true when this member owned the key before a change that moved it
     * to a member that appeared.
     */
    private boolean handedOver(long now, long keyHash) {
        for (Handover h : handovers) {
            if (h.hashes != null && h.until - now > 0 && owns(h.hashes, keyHash)) {
                h.taken++;
                return true;
            }
        }
        return false;
    }

    /** Under lock, within the window after this member joined other members: true (counted). */
    private boolean takingOver(long now) {
        for (Handover h : handovers) {
            if (h.hashes == null && h.until - now > 0) {
                h.taken++;
                return true;
            }
        }
        return false;
    }

    /**
     * Under lock: new hashes, a hand-over if this member joins others or members appeared while it
     * owned keys, then the held samples of keys this member now owns to the route.
     */
    private void changed(boolean joining) {
        long[] before = hashes;
        long[] now = snapshot();
        hashes = now;
        if (!member) {
            return;
        }
        long at = System.nanoTime();
        boolean handover = windowNanos > 0 && (joining ? !others.isEmpty() : appeared(before, now));
        if (handover) {
            if (handovers.size() >= HANDOVERS_MAX) {
                handovers.pollFirst();
            }
            handovers.addLast(new Handover(joining ? null : before, at + windowNanos));
            CompletableFuture.delayedExecutor(windowNanos + 1_000_000L, TimeUnit.NANOSECONDS)
                    .execute(this::endHandovers);
        }
        expire(at);
        int replays = 0;
        for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
            Held h = it.next();
            if (owns(now, h.keyHash())) {
                it.remove();
                heldBytes -= h.bytes();
                replayed.increment();
                replays++;
                deliver.accept(h.sample());
            }
        }
        LOG.info(
                "zenoh consumer group {}: member {} sees {} members, replayed {} held samples{}",
                name,
                memberId,
                now.length,
                replays,
                !handover
                        ? ""
                        : joining
                                ? ", hand-over started: counts the samples of its keys as"
                                        + " replayed for "
                                        + windowNanos / 1_000_000L
                                        + " ms"
                                : ", hand-over started: keeps taking the keys it handed over for "
                                        + windowNanos / 1_000_000L
                                        + " ms");
    }

    /** Timer: the hand-overs whose time is up end. */
    private void endHandovers() {
        synchronized (lock) {
            long now = System.nanoTime();
            Handover h;
            while ((h = handovers.peekFirst()) != null && h.until - now <= 0) {
                handovers.pollFirst();
                LOG.info(
                        "zenoh consumer group {}: member {} hand-over ended, {} samples counted"
                                + " as replayed in it",
                        name,
                        memberId,
                        h.taken);
            }
        }
    }

    /**
     * True when {@code after} has a member {@code before} has not, and {@code before} counts this
     * member: only then can keys have moved away from it.
     */
    private boolean appeared(long[] before, long[] after) {
        if (Arrays.stream(before).noneMatch(h -> h == memberHash)) {
            return false;
        }
        for (long a : after) {
            if (Arrays.stream(before).noneMatch(b -> b == a)) {
                return true;
            }
        }
        return false;
    }

    private long[] snapshot() {
        TreeMap<String, Long> all = new TreeMap<>(others);
        if (member) {
            all.put(memberId, memberHash);
        }
        long[] h = new long[all.size()];
        int i = 0;
        for (long v : all.values()) {
            h[i++] = v;
        }
        return h;
    }

    /** True when this member has the highest weight for the key among {@code members}. */
    private boolean owns(long[] members, long keyHash) {
        return members.length > 0 && members[owner(members, keyHash)] == memberHash;
    }

    /**
     * Rendezvous (highest random weight) hashing: the index of the member of highest weight for the
     * key; ties go to the first in id order, so every member chooses the same one.
     */
    static int owner(long[] members, long keyHash) {
        int best = 0;
        long bestWeight = Long.MIN_VALUE;
        for (int i = 0; i < members.length; i++) {
            long w = mix(members[i] ^ keyHash);
            if (i == 0 || w > bestWeight) {
                best = i;
                bestWeight = w;
            }
        }
        return best;
    }

    /** Under lock: held samples older than the window are forgotten. */
    private void expire(long now) {
        Held h;
        while ((h = held.peekFirst()) != null && now - h.at() > windowNanos) {
            held.pollFirst();
            heldBytes -= h.bytes();
        }
    }

    private void remember(String id) {
        gone.add(id);
        if (gone.size() > GONE_REMEMBERED) {
            Iterator<String> it = gone.iterator();
            it.next();
            it.remove();
        }
    }

    private String idOf(String tokenKey) {
        if (!tokenKey.startsWith(space) || tokenKey.length() == space.length()) {
            return null;
        }
        return tokenKey.substring(space.length());
    }

    private static long length(Sample s) {
        return (s.payload() == null ? 0 : s.payload().length)
                + (s.attachment() == null ? 0 : s.attachment().length);
    }

    /** 64-bit FNV-1a of the UTF-8 bytes: the same value in every JVM. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    /** MurmurHash3's 64-bit finaliser. */
    static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }

    /** A group name is one chunk of a key expression, without wildcard or verbatim characters. */
    static boolean validName(String name) {
        return name != null
                && !name.isEmpty()
                && name.chars().noneMatch(ch -> "/*$?#".indexOf(ch) >= 0 || ch <= ' ');
    }

    @Override
    public String toString() {
        return "group " + name + " member " + memberId + " of " + Arrays.toString(hashes);
    }
}
