/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Session;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.camel.support.cluster.AbstractCamelClusterService;

/**
 * A Camel {@link org.apache.camel.cluster.CamelClusterService} on zenoh liveliness: {@code
 * master:<namespace>:...} routes and {@code ClusteredRoutePolicy} elect one leader per namespace
 * among the members that share a zenoh network, with no server other than zenoh's own routers.
 *
 * <p>Each member of a namespace holds the liveliness token {@code
 * <keyPrefix>/<namespace>/<joinMillis>~<nonce>~<memberId>} (a random nonce per start) and watches
 * the tokens under {@code <keyPrefix>/<namespace>/*}. The leader is the member that joined first
 * (lowest join time, ties broken by member id, then by the whole key), among the live tokens,
 * provided at least {@link #setQuorum quorum} members are visible. A member that joins never takes
 * leadership from a live leader; when the leader's token disappears (stopped, or its session lost:
 * zenoh removes the tokens of a closed link, and of a silent one after the transport lease), the
 * next oldest member leads. Every member sees the same tokens once zenoh has propagated them, so
 * every member comes to the same choice.
 *
 * <p>Session: {@link #setSession a session you supply} (never closed here), else the one of the
 * {@code zenoh} component for the same settings: this service's own {@code mode}, {@code connect},
 * {@code listen}, {@code config}, {@code configFile}, {@code multicastScouting} when any is set,
 * the component's defaults otherwise (shared with the endpoints that use them).
 */
public class ZenohClusterService extends AbstractCamelClusterService<ZenohClusterView> {

    /** The key prefix of the members' liveliness tokens unless {@link #setKeyPrefix} says. */
    public static final String DEFAULT_KEY_PREFIX = "@camel-zenoh/cluster";

    /** One chunk of a key expression with no wildcard or special character. */
    static final Pattern CHUNK = Pattern.compile("[^/*$?#~]+");

    private String keyPrefix = DEFAULT_KEY_PREFIX;
    private int quorum = 1;
    private long livelinessTimeoutMillis = 2000;

    /** The wall clock a member's join time is read from (replaced in tests). */
    private java.util.function.LongSupplier clock = System::currentTimeMillis;

    private Session session;
    private Mode mode;
    private String connect;
    private String listen;
    private String config;
    private String configFile;
    private Boolean multicastScouting;

    public ZenohClusterService() {}

    @Override
    protected ZenohClusterView createView(String namespace) throws Exception {
        if (namespace == null || !CHUNK.matcher(namespace).matches()) {
            throw new IllegalArgumentException(
                    "zenoh cluster namespace '"
                            + namespace
                            + "' must be one key-expression chunk: not empty, none of / * $ ? # ~");
        }
        return new ZenohClusterView(this, namespace);
    }

    @Override
    protected void doStart() throws Exception {
        if (getId() == null || getId().isBlank()) {
            setId(UUID.randomUUID().toString());
        }
        if (!CHUNK.matcher(getId()).matches()) {
            throw new IllegalArgumentException(
                    "zenoh cluster member id '"
                            + getId()
                            + "' must be one key-expression chunk: not empty, none of / * $ ? # ~");
        }
        if (quorum < 1) {
            throw new IllegalArgumentException(
                    "zenoh cluster quorum must be at least 1, not " + quorum);
        }
        if (livelinessTimeoutMillis < 0) {
            // a negative wait would give up on the start-up query at once: a joining member could
            // lead before it has heard of the older ones
            throw new IllegalArgumentException(
                    "zenoh cluster livelinessTimeoutMillis must be 0 (zenoh's query timeout) or"
                            + " more, not "
                            + livelinessTimeoutMillis);
        }
        if (keyPrefix == null
                || keyPrefix.isBlank()
                || keyPrefix.endsWith("/")
                || keyPrefix.contains("*")) {
            throw new IllegalArgumentException(
                    "zenoh cluster keyPrefix '"
                            + keyPrefix
                            + "' must be a key expression without wildcards or a trailing /");
        }
        super.doStart();
    }

    /** True when any session setting of this service is set (else the component's apply). */
    boolean hasOwnSessionSettings() {
        return mode != null
                || connect != null
                || listen != null
                || config != null
                || configFile != null
                || multicastScouting != null;
    }

    /** The endpoint-level settings this service's session is opened with. */
    ZenohConfiguration sessionSettings(ZenohConfiguration componentDefaults) {
        if (!hasOwnSessionSettings()) {
            return componentDefaults.copy();
        }
        ZenohConfiguration c = new ZenohConfiguration();
        c.setMode(mode);
        c.setConnect(connect);
        c.setListen(listen);
        c.setConfig(config);
        c.setConfigFile(configFile);
        c.setMulticastScouting(multicastScouting);
        return c;
    }

    java.util.function.LongSupplier clock() {
        return clock;
    }

    void clock(java.util.function.LongSupplier clock) {
        this.clock = clock;
    }

    public String getKeyPrefix() {
        return keyPrefix;
    }

    /**
     * The key prefix of the members' liveliness tokens (default {@value #DEFAULT_KEY_PREFIX});
     * every member of a cluster must use the same.
     */
    public void setKeyPrefix(String keyPrefix) {
        this.keyPrefix = keyPrefix;
    }

    public int getQuorum() {
        return quorum;
    }

    /**
     * How many live members (this one included) a member must see before any is leader (default 1).
     * With {@code n} members, {@code n/2+1} leaves the side of a network partition that holds the
     * minority without a leader.
     */
    public void setQuorum(int quorum) {
        this.quorum = quorum;
    }

    public long getLivelinessTimeoutMillis() {
        return livelinessTimeoutMillis;
    }

    /**
     * How long a view waits at start for the members already alive (default 2000 ms; 0: zenoh's
     * query timeout).
     */
    public void setLivelinessTimeoutMillis(long livelinessTimeoutMillis) {
        this.livelinessTimeoutMillis = livelinessTimeoutMillis;
    }

    public Session getSession() {
        return session;
    }

    /** A session to use as is (never closed by this service). */
    public void setSession(Session session) {
        this.session = session;
    }

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public String getConnect() {
        return connect;
    }

    /**
     * Comma-separated endpoints to connect to, e.g. {@code tcp/10.0.0.1:7447,tcp/10.0.0.2:7447}.
     */
    public void setConnect(String connect) {
        this.connect = connect;
    }

    public String getListen() {
        return listen;
    }

    public void setListen(String listen) {
        this.listen = listen;
    }

    public String getConfig() {
        return config;
    }

    /** Inline zenoh JSON5 configuration, e.g. the transport lease. */
    public void setConfig(String config) {
        this.config = config;
    }

    public String getConfigFile() {
        return configFile;
    }

    public void setConfigFile(String configFile) {
        this.configFile = configFile;
    }

    public Boolean getMulticastScouting() {
        return multicastScouting;
    }

    public void setMulticastScouting(Boolean multicastScouting) {
        this.multicastScouting = multicastScouting;
    }
}
