/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.ClosedException;
import io.github.camelzenoh.zenoh.NativeDiagnostics;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionInfo;
import io.github.camelzenoh.zenoh.ZenohLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Endpoint;
import org.apache.camel.Route;
import org.apache.camel.spi.annotations.DevConsole;
import org.apache.camel.support.console.AbstractDevConsole;

/**
 * The "zenoh" dev console: sessions (zid, mode, connections, endpoints sharing them), each
 * endpoint's key expression and declaration, and its counters — received, dropped by the hand-off
 * policy, missed (advanced subscribers), failed, sent, unmatched (puts/deletes no subscriber
 * matched) — plus live native objects.
 */
@DevConsole(
        group = "camel",
        name = "zenoh",
        displayName = "Zenoh",
        description = "Eclipse Zenoh sessions and endpoints")
public class ZenohDevConsole extends AbstractDevConsole {

    public ZenohDevConsole() {
        super("camel", "zenoh", "Zenoh", "Eclipse Zenoh sessions and endpoints");
    }

    @Override
    protected String doCallText(Map<String, Object> options) {
        StringBuilder b = new StringBuilder();
        Map<String, Object> json = doCallJson(options);
        b.append("Live native objects: ").append(json.get("liveNativeObjects")).append('\n');
        b.append("zenoh log: filter ")
                .append(json.get("zenohLogFilter"))
                .append(", dropped ")
                .append(json.get("zenohLogDropped"))
                .append('\n');
        for (Object o : (List<?>) json.get("sessions")) {
            Map<?, ?> s = (Map<?, ?>) o;
            b.append(
                    String.format(
                            "Session %s (%s): %s endpoints, routers %s, peers %s%n",
                            s.get("zid"),
                            s.get("config"),
                            s.get("endpoints"),
                            s.get("routers"),
                            s.get("peers")));
        }
        for (Object o : (List<?>) json.get("endpoints")) {
            Map<?, ?> e = (Map<?, ?>) o;
            b.append(
                    String.format(
                            "Endpoint %s declared=%s received=%s dropped=%s missed=%s failed=%s sent=%s"
                                    + " unmatched=%s%n",
                            e.get("keyExpr"),
                            e.get("declared"),
                            e.get("received"),
                            e.get("dropped"),
                            e.get("missed"),
                            e.get("failed"),
                            e.get("sent"),
                            e.get("unmatched")));
            if (e.get("group") != null) {
                b.append(
                        String.format(
                                "  group %s members=%s held=%s replayed=%s overflow=%s%n",
                                e.get("group"),
                                e.get("groupMembers"),
                                e.get("groupHeld"),
                                e.get("groupReplayed"),
                                e.get("groupOverflow")));
            }
        }
        return b.toString();
    }

    /**
     * A session's state: closed, or open with its zid, routers and peers. The session may close at
     * any moment (its last route stopping): asked once, and shown closed when it closed before the
     * answer, never failing the console.
     */
    static Map<String, Object> state(Session session) {
        Map<String, Object> s = new LinkedHashMap<>();
        SessionInfo info;
        try {
            info = session.info();
        } catch (ClosedException e) {
            s.put("closed", true);
            return s;
        }
        s.put("closed", false);
        s.put("zid", info.zid());
        s.put("routers", info.routers());
        s.put("peers", info.peers());
        return s;
    }

    @Override
    protected Map<String, Object> doCallJson(Map<String, Object> options) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("liveNativeObjects", NativeDiagnostics.liveObjects());
        // zenoh's own log events: the filter in force and the events lost to a full queue
        root.put("zenohLogFilter", ZenohLog.filter());
        root.put("zenohLogDropped", ZenohLog.dropped());
        List<Object> sessions = new ArrayList<>();
        ZenohComponent component =
                getCamelContext().hasComponent("zenoh") instanceof ZenohComponent z ? z : null;
        if (component != null) {
            for (ZenohSessions.Info i : component.sessions().snapshot()) {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("config", ZenohSessions.describe(i.config()));
                s.put("endpoints", i.endpoints());
                s.putAll(state(i.session()));
                sessions.add(s);
            }
        }
        root.put("sessions", sessions);
        List<Object> endpoints = new ArrayList<>();
        for (Endpoint ep : getCamelContext().getEndpoints()) {
            if (ep instanceof ZenohEndpoint z) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("uri", z.safeUri());
                e.put("keyExpr", z.getKeyExpr());
                e.put("declared", z.declaredKeyExpr() != null);
                e.put("received", z.received.sum());
                e.put("dropped", z.dropped.sum());
                e.put("missed", z.missed.sum());
                e.put("failed", z.failed.sum());
                e.put("sent", z.sent.sum());
                e.put("unmatched", z.unmatched.sum());
                if (z.getConfiguration().getGroup() != null) {
                    e.put("group", z.getConfiguration().getGroup());
                    e.put("groupReplayed", z.groupReplayed.sum());
                    e.put("groupOverflow", z.groupOverflow.sum());
                    for (Route r : getCamelContext().getRoutes()) {
                        if (r.getConsumer() instanceof ZenohConsumer c
                                && c.getEndpoint() == z
                                && c.group() != null) {
                            e.put("groupMembers", c.group().members());
                            e.put("groupHeld", c.group().held());
                        }
                    }
                }
                endpoints.add(e);
            }
        }
        root.put("endpoints", endpoints);
        return root;
    }
}
