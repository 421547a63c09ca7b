/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything that decides how a session opens. Equal configurations may share one session (the
 * Camel component relies on record equality for that).
 *
 * <p>Precedence: {@code configFile} is the base (read by zenoh itself); {@code json5} is merged
 * into it deeply — objects key by key at any depth, any other value (arrays included) replacing the
 * file's — or is the base when there is no file; then {@code mode}, {@code connect}, {@code
 * listen}, {@code multicastScouting}; then {@code overrides} (zenoh config path → JSON5 value, e.g.
 * {@code "timestamping/enabled" → "true"}).
 *
 * @param json5 inline JSON5 configuration text, or null
 * @param configFile path of a zenoh JSON5 configuration file, or null
 * @param mode a {@link Mode} as text ("peer", "client", "router"), or null for the configuration's
 *     own
 * @param connect endpoints to connect to ("tcp/127.0.0.1:7447"); empty keeps the configuration's
 * @param listen endpoints to listen on; empty keeps the configuration's
 * @param multicastScouting false turns multicast scouting off; null keeps zenoh's default
 * @param overrides further zenoh config keys and JSON5 values
 */
public record SessionConfig(
        String json5,
        String configFile,
        String mode,
        List<String> connect,
        List<String> listen,
        Boolean multicastScouting,
        Map<String, String> overrides) {

    public static final SessionConfig DEFAULT =
            new SessionConfig(null, null, null, List.of(), List.of(), null, Map.of());

    public SessionConfig {
        connect = connect == null ? List.of() : List.copyOf(connect);
        listen = listen == null ? List.of() : List.copyOf(listen);
        overrides = overrides == null ? Map.of() : Map.copyOf(new TreeMap<>(overrides));
        if (mode != null) {
            Mode m = EnumNames.parse(Mode.class, mode);
            if (m == null) {
                throw new ConfigException(
                        "zenoh mode '" + mode + "' is not one of " + EnumNames.allowed(Mode.class));
            }
            mode = m.toString();
        }
    }

    /**
     * {@code endpoint} without its link configuration: zenoh endpoints carry it after {@code #}
     * ({@code tls/host:7447#connect_private_key_base64=...}), TLS keys among it, so what is logged
     * or shown keeps {@code tls/host:7447#…}.
     */
    public static String withoutLinkConfig(String endpoint) {
        int i = endpoint.indexOf('#');
        return i < 0 ? endpoint : endpoint.substring(0, i) + "#…";
    }

    /**
     * The settings without anything secret: no inline JSON5, no override value, no endpoint's link
     * configuration ({@link #withoutLinkConfig}).
     */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("SessionConfig[mode=").append(mode);
        b.append(", connect=")
                .append(connect.stream().map(SessionConfig::withoutLinkConfig).toList());
        b.append(", listen=")
                .append(listen.stream().map(SessionConfig::withoutLinkConfig).toList());
        b.append(", multicastScouting=").append(multicastScouting);
        b.append(", configFile=").append(configFile);
        b.append(", json5=").append(json5 == null ? null : "(" + json5.length() + " chars)");
        return b.append(", overrides=").append(overrides.keySet()).append(']').toString();
    }

    /** A peer on loopback with multicast scouting off: what tests and local demos use. */
    public static SessionConfig loopbackPeer() {
        return DEFAULT.withMode(Mode.PEER).withMulticastScouting(false);
    }

    public SessionConfig withJson5(String text) {
        return new SessionConfig(
                text, configFile, mode, connect, listen, multicastScouting, overrides);
    }

    public SessionConfig withConfigFile(String path) {
        return new SessionConfig(json5, path, mode, connect, listen, multicastScouting, overrides);
    }

    public SessionConfig withMode(String m) {
        return new SessionConfig(
                json5, configFile, m, connect, listen, multicastScouting, overrides);
    }

    public SessionConfig withMode(Mode m) {
        return withMode(m == null ? null : m.toString());
    }

    public SessionConfig withConnect(List<String> endpoints) {
        return new SessionConfig(
                json5, configFile, mode, endpoints, listen, multicastScouting, overrides);
    }

    public SessionConfig withConnect(String... endpoints) {
        return withConnect(List.of(endpoints));
    }

    public SessionConfig withListen(List<String> endpoints) {
        return new SessionConfig(
                json5, configFile, mode, connect, endpoints, multicastScouting, overrides);
    }

    public SessionConfig withListen(String... endpoints) {
        return withListen(List.of(endpoints));
    }

    public SessionConfig withMulticastScouting(Boolean enabled) {
        return new SessionConfig(json5, configFile, mode, connect, listen, enabled, overrides);
    }

    public SessionConfig withOverride(String key, String json5Value) {
        Map<String, String> o = new TreeMap<>(overrides);
        o.put(key, json5Value);
        return new SessionConfig(json5, configFile, mode, connect, listen, multicastScouting, o);
    }

    /** The (key, JSON5 value) pairs native/src/session.rs applies after the text and the file. */
    String[] overridePairs() {
        List<String> pairs = new ArrayList<>();
        if (mode != null) {
            pairs.add("mode");
            pairs.add(quote(mode));
        }
        if (!connect.isEmpty()) {
            pairs.add("connect/endpoints");
            pairs.add(array(connect));
        }
        if (!listen.isEmpty()) {
            pairs.add("listen/endpoints");
            pairs.add(array(listen));
        }
        if (multicastScouting != null) {
            pairs.add("scouting/multicast/enabled");
            pairs.add(multicastScouting.toString());
        }
        overrides.forEach(
                (k, v) -> {
                    pairs.add(k);
                    pairs.add(v);
                });
        return pairs.toArray(String[]::new);
    }

    private static String array(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (String v : values) {
            if (b.length() > 1) {
                b.append(',');
            }
            b.append(quote(v.trim()));
        }
        return b.append(']').toString();
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('"').toString();
    }
}
