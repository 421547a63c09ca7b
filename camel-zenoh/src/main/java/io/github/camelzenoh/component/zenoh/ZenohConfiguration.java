/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.AcceptReplies;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.ConsolidationMode;
import io.github.camelzenoh.zenoh.Locality;
import io.github.camelzenoh.zenoh.Mode;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.QueryTarget;
import io.github.camelzenoh.zenoh.Reliability;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.util.Arrays;
import java.util.List;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * Every option of a zenoh endpoint. The component holds one as its defaults; each endpoint works on
 * a copy, overridden by its URI. Enum options take the spelling the metadata lists ({@code
 * blockFirst}) or the constant's name ({@code BLOCK_FIRST}). Option values are checked by {@link
 * ZenohOptions} when the endpoint is created, so a typo fails before any route starts.
 */
@UriParams
public class ZenohConfiguration implements Cloneable {

    /** maxReplies' default: as many as a queryable route may answer from a lazy Iterable. */
    static final int DEFAULT_MAX_REPLIES = ZenohConsumer.MAX_LAZY_REPLIES;

    static final int MAX_MAX_REPLIES = 10_000_000;

    /** maxReplyBytes' default, 64 MiB: as many as a queryable route may answer lazily. */
    static final int DEFAULT_MAX_REPLY_BYTES = (int) ZenohConsumer.MAX_LAZY_REPLY_BYTES;

    static final int MIN_MAX_REPLY_BYTES = 65_536;

    static final int MAX_MAX_REPLY_BYTES = 1 << 30;

    // ---- session ----------------------------------------------------------------------------
    @UriParam(
            label = "common",
            defaultValue = "peer",
            description =
                    "zenoh session mode. When config or configFile is given and mode is not, their mode"
                            + " applies.")
    private Mode mode;

    @UriParam(
            label = "common",
            description =
                    "Comma-separated zenoh endpoints to connect to, e.g." + " tcp/127.0.0.1:7447.")
    private String connect;

    @UriParam(label = "common", description = "Comma-separated zenoh endpoints to listen on.")
    private String listen;

    @UriParam(
            label = "common",
            description = "Path of a zenoh JSON5 configuration file (read by zenoh itself).")
    private String configFile;

    @UriParam(
            label = "common",
            secret = true,
            description =
                    "Inline zenoh JSON5 configuration. Laid over configFile; mode,"
                            + " connect, listen and multicastScouting override it.")
    private String config;

    // Camel's metadata cannot say "unset" for a boolean: it shows zenoh's own default, true
    @UriParam(
            label = "common",
            defaultValue = "true",
            description =
                    "false turns multicast scouting off, true on. Unset, the zenoh configuration"
                            + " (config, configFile) decides, else zenoh's default: on.")
    private Boolean multicastScouting;

    @UriParam(
            label = "advanced",
            description =
                    "A zenoh session the application manages (autowired when the registry holds"
                            + " exactly one); the component uses it"
                            + " and never closes it (the session options above are then ignored).")
    @Metadata(autowired = true)
    private Session session;

    @UriParam(
            label = "common",
            defaultValue = "false",
            description =
                    "Accept a non-canonical key expression and"
                            + " use its canonical form (otherwise it is rejected with the canonical form in the message).")
    private boolean autocanonize;

    // ---- consumer ---------------------------------------------------------------------------
    @UriParam(
            label = "consumer",
            defaultValue = "subscriber",
            description =
                    "What the consumer declares: a subscriber (one exchange per sample), a queryable (one"
                            + " InOut exchange per query, the result is the reply) or a liveliness subscriber (one"
                            + " exchange per token event).")
    private ZenohConsumerType consumerType = ZenohConsumerType.SUBSCRIBER;

    @UriParam(
            label = "consumer",
            defaultValue = "false",
            description = "queryable: declare it as complete for" + " its key expression.")
    private boolean complete;

    @UriParam(
            label = "consumer",
            defaultValue = "false",
            description =
                    "liveliness: also deliver the tokens"
                            + " already alive. subscriber: first fetch the samples cached by advanced publishers (zenoh-ext"
                            + " history, late joiners included; see historySize).")
    private boolean history;

    @UriParam(
            label = "consumer,advanced",
            defaultValue = "100",
            description =
                    "subscriber with history=true: at"
                            + " most this many cached samples per publisher.")
    private int historySize = 100;

    @UriParam(
            label = "consumer,advanced",
            defaultValue = "false",
            description =
                    "subscriber: ask advanced"
                            + " publishers (cacheSize above 0) to resend samples detected missing; samples lost for good are"
                            + " counted as missed.")
    private boolean recovery;

    @UriParam(
            label = "consumer,advanced",
            javaType = "java.time.Duration",
            defaultValue = "0",
            description =
                    "subscriber with recovery: query"
                            + " for missed samples every this many milliseconds; 0 relies on the publishers' heartbeat.")
    private long recoveryPeriod;

    @UriParam(
            label = "consumer",
            defaultValue = "any",
            description =
                    "Which publications or queries the consumer receives: from any session, from its own"
                            + " session only, or from other sessions only.")
    private Locality allowedOrigin = Locality.ANY;

    @UriParam(
            label = "consumer",
            defaultValue = "10000",
            description =
                    "Capacity of the hand-off queue between zenoh's threads and the route, in"
                            + " items (a sample, a query, or for the batch consumer a chunk of up to"
                            + " 256 samples). The queue also holds at most maxPendingBytes bytes; it is"
                            + " full at whichever limit comes first. 1 to 10000000 (its array is"
                            + " allocated at start).")
    private int queueSize = 10000;

    @UriParam(
            label = "consumer",
            defaultValue = "block",
            description =
                    "What happens when the hand-off queue is full: block zenoh's delivery thread (like"
                            + " zenoh's FIFO channel: back-pressure, nothing lost), drop the oldest queued sample (like"
                            + " zenoh's ring channel) or drop the new one. Drops are counted.")
    private ZenohOverflowPolicy overflowPolicy = ZenohOverflowPolicy.BLOCK;

    @UriParam(
            label = "consumer",
            defaultValue = "1",
            description =
                    "Threads running the route, 1 to 1000. 1 keeps the"
                            + " zenoh order of samples; more run exchanges in parallel without order.")
    private int concurrentConsumers = 1;

    @UriParam(
            label = "consumer,advanced",
            defaultValue = "0",
            description =
                    "Microseconds a route thread that"
                            + " finds the hand-off queue empty keeps polling it (yielding the CPU between polls) before it"
                            + " parks. 0 parks at once. Waking a parked thread costs tens of microseconds (more on virtual"
                            + " machines); request/response routes that answer within the spin save that on every sample, at"
                            + " the price of CPU spent polling while idle. At most 1000000.")
    private int idleSpinMicros;

    @UriParam(
            label = "consumer,advanced",
            defaultValue = "16777216",
            description =
                    "Bytes of payload and attachment a consumer holds at most at each of two"
                            + " places (16 MiB; 65536 to 1073741824). In its hand-off queue, waiting"
                            + " for the route: when they would exceed it the queue counts as full and"
                            + " overflowPolicy applies, as at queueSize (a single larger sample is"
                            + " queued alone). Subscriber: also received samples waiting in native"
                            + " memory for the hand-off; a put on the same session that finds no room"
                            + " there waits for the hand-off to take them; a put from a zenoh route"
                            + " thread never waits (it could wait for itself): that sample is dropped"
                            + " for this consumer and counted.")
    private int maxPendingBytes = SubscriberOptions.DEFAULT_MAX_PENDING_BYTES;

    @UriParam(
            label = "consumer",
            defaultValue = "0",
            description =
                    "Subscriber: samples per Exchange. 0 (the default) routes one Exchange per"
                            + " sample. N above 0 routes one Exchange per batch the native side delivered"
                            + " together (merged with what is already queued, split at N): body"
                            + " a List of ZenohSample, header CamelZenohBatchSize, no per-sample headers."
                            + " At most 1000000.")
    private int batchSize;

    @UriParam(
            label = "consumer",
            defaultValue = "0",
            javaType = "java.time.Duration",
            description =
                    "Batch consumer: milliseconds a batch smaller than batchSize waits for more"
                            + " samples before it is routed. 0 routes at once what has arrived.")
    private long batchTimeout;

    @UriParam(
            label = "consumer",
            description =
                    "A key expression on which the consumer declares a zenoh liveliness token while"
                            + " it runs: peers see the route alive (liveliness subscribers get a PUT"
                            + " at route start, a DELETE at route stop or when this process is gone).")
    private String livelinessKey;

    @UriParam(
            label = "consumer",
            description =
                    "Subscriber: name of the consumer group this subscriber is a member of. Members"
                            + " (any JVM, any host) of one group on one key expression share its key"
                            + " space (subscribers on different key expressions are separate groups,"
                            + " even under one name): each sample is"
                            + " processed by exactly one live member, chosen by rendezvous hashing of the"
                            + " sample's key, so the samples of a key keep their order. Membership is a"
                            + " zenoh liveliness token per member. One key-expression chunk: no slash,"
                            + " wildcard, dollar, question mark, hash or blank.")
    private String group;

    @UriParam(
            label = "consumer",
            defaultValue = "2000",
            description =
                    "Consumer group: milliseconds a member holds the samples other members own; when"
                            + " the membership changes it replays those of keys it takes over"
                            + " (at-least-once across the change, replays counted). 0 holds nothing:"
                            + " samples in flight at a change may be lost. 0 to 3600000.")
    private int groupReplayMillis = 2000;

    @UriParam(
            label = "consumer,advanced",
            defaultValue = "67108864",
            description =
                    "Consumer group: bytes of held samples at most (payload, attachment, key and a"
                            + " fixed overhead each; 64 MiB). Older held samples pushed out by the cap"
                            + " before their replay window ended are counted as group overflow.")
    private int groupReplayMaxBytes = 64 * 1024 * 1024;

    // ---- producer ---------------------------------------------------------------------------
    @UriParam(
            label = "producer",
            defaultValue = "put",
            description =
                    "What the producer does with each message (header CamelZenohOperation"
                            + " overrides it). livelinessGet: the body becomes a list of the keys"
                            + " (strings) of the liveliness tokens alive now that match the key"
                            + " expression (waiting at most timeout).")
    private ZenohOperation operation = ZenohOperation.PUT;

    @UriParam(
            label = "producer",
            description =
                    "Encoding of the payload, e.g. application/json,"
                            + " text/plain;charset=utf-8 or zenoh/bytes. When set, wins over the"
                            + " CamelZenohEncodingId/Schema headers and Content-Type.")
    private String encoding;

    @UriParam(
            label = "producer",
            defaultValue = "drop",
            description =
                    "What a"
                            + " put does when a transport queue is full: drop the message, or block until there is room. Unset, a"
                            + " get uses zenoh's request default, block: its replies and final response travel with the query's"
                            + " congestion control, and a dropped final response would leave the get waiting for its timeout.")
    private CongestionControl congestionControl; // null: drop for put/delete, block for get

    @UriParam(
            label = "producer",
            defaultValue = "data",
            description = "Priority of the publications.")
    private Priority priority = Priority.DATA;

    @UriParam(
            label = "producer",
            defaultValue = "false",
            description =
                    "Send each message at once, without"
                            + " batching (lower latency, lower throughput).")
    private boolean express;

    @UriParam(
            label = "producer",
            defaultValue = "reliable",
            description = "Reliability of the publications.")
    private Reliability reliability = Reliability.RELIABLE;

    @UriParam(
            label = "producer",
            defaultValue = "bestMatching",
            description = "get: which queryables receive the query.")
    private QueryTarget target = QueryTarget.BEST_MATCHING;

    @UriParam(
            label = "producer",
            defaultValue = "auto",
            description = "get: how replies are consolidated.")
    private ConsolidationMode consolidation = ConsolidationMode.AUTO;

    @UriParam(
            label = "producer",
            defaultValue = "matching",
            description =
                    "get: accept only replies on keys the query's key expression matches, or replies"
                            + " on any key (a queryable may then answer a/b with c/d).")
    private AcceptReplies acceptReplies = AcceptReplies.MATCHING;

    @UriParam(
            label = "producer",
            defaultValue = "10000",
            javaType = "java.time.Duration",
            description =
                    "get: milliseconds"
                            + " to wait for replies. The exchange continues when the replies are in or the time is up; no"
                            + " Camel thread waits meanwhile.")
    private long timeout = 10000;

    @UriParam(
            label = "producer,advanced",
            defaultValue = "100000",
            description =
                    "get: replies a get holds at most (1 to 10000000). The reply past it ends the"
                            + " exchange at once, failed with ZenohReplyLimitException naming this"
                            + " option, the replies held in CamelZenohReplies; it and the replies"
                            + " zenoh delivers after it (until the query's end or timeout) are"
                            + " dropped and counted as dropped.")
    private int maxReplies = DEFAULT_MAX_REPLIES;

    @UriParam(
            label = "producer,advanced",
            defaultValue = "67108864",
            description =
                    "get: bytes of replies a get holds at most (64 MiB; 65536 to 1073741824),"
                            + " counting each reply's payload, attachment, key, encoding and"
                            + " timestamp text and 128 bytes for the objects holding them. The"
                            + " reply past it ends the exchange as at maxReplies (a single larger"
                            + " first reply is held alone).")
    private int maxReplyBytes = DEFAULT_MAX_REPLY_BYTES;

    @UriParam(
            label = "producer",
            description =
                    "get: selector parameters, e.g. a=1;b=2 (a non-empty header"
                            + " CamelZenohSelectorParameters overrides them, e.g. the parameters"
                            + " of a query a queryable route passes on).")
    private String parameters;

    @UriParam(
            label = "producer",
            defaultValue = "false",
            description =
                    "put/delete: fail the exchange"
                            + " (ZenohNoSubscribersException) instead of sending when no zenoh subscriber matches the"
                            + " endpoint's key expression, e.g. while the router is away. zenoh's matching status is"
                            + " checked at most every 100 ms (not per message), so it may lag by that much. Either way,"
                            + " such messages are counted as unmatched (dev console).")
    private boolean failIfNoSubscribers;

    @UriParam(
            label = "producer",
            defaultValue = "false",
            description =
                    "put: a body that is a List (any Iterable, or an array) of ZenohSample, byte array"
                            + " or String sends each element as one put, in order, with one native"
                            + " call per chunk of elements. Any other body is sent as one put.")
    private boolean batch;

    @UriParam(
            label = "producer,advanced",
            defaultValue = "0",
            description =
                    "put: above 0, declares a zenoh-ext"
                            + " advanced publisher keeping this many samples for subscribers with history or recovery."
                            + " Without heartbeat, zenoh orders the cache by timestamps, so the endpoint's session is opened"
                            + " with timestamping enabled (a session of its own unless other endpoints need the same).")
    private int cacheSize;

    @UriParam(
            label = "producer,advanced",
            defaultValue = "0",
            javaType = "java.time.Duration",
            description =
                    "put: above 0, turns"
                            + " on sample-miss detection with a heartbeat every this many milliseconds (advanced publisher).")
    private long heartbeat;

    public ZenohConfiguration copy() {
        try {
            return (ZenohConfiguration) clone();
        } catch (CloneNotSupportedException e) {
            throw new RuntimeCamelException(e);
        }
    }

    /** The session these options describe; equal results share one session. */
    public SessionConfig toSessionConfig() {
        SessionConfig c =
                SessionConfig.DEFAULT
                        .withJson5(blankToNull(config))
                        .withConfigFile(blankToNull(configFile))
                        .withConnect(list(connect))
                        .withListen(list(listen))
                        .withMulticastScouting(multicastScouting);
        Mode m = mode;
        if (m == null && config == null && configFile == null) {
            m = Mode.PEER;
        }
        if (cacheSize > 0 && heartbeat <= 0) {
            // zenoh-ext refuses a cache without sequence numbers on a session that does not stamp
            c = c.withOverride("timestamping/enabled", "true");
        }
        return c.withMode(m);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static List<String> list(String csv) {
        if (csv == null || csv.isBlank()) {
            return List.of();
        }
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
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

    public void setConnect(String connect) {
        this.connect = connect;
    }

    public String getListen() {
        return listen;
    }

    public void setListen(String listen) {
        this.listen = listen;
    }

    public String getConfigFile() {
        return configFile;
    }

    public void setConfigFile(String configFile) {
        this.configFile = configFile;
    }

    public String getConfig() {
        return config;
    }

    public void setConfig(String config) {
        this.config = config;
    }

    public Boolean getMulticastScouting() {
        return multicastScouting;
    }

    public void setMulticastScouting(Boolean multicastScouting) {
        this.multicastScouting = multicastScouting;
    }

    public Session getSession() {
        return session;
    }

    public void setSession(Session session) {
        this.session = session;
    }

    public boolean isAutocanonize() {
        return autocanonize;
    }

    public void setAutocanonize(boolean autocanonize) {
        this.autocanonize = autocanonize;
    }

    public ZenohConsumerType getConsumerType() {
        return consumerType;
    }

    public void setConsumerType(ZenohConsumerType consumerType) {
        this.consumerType = consumerType;
    }

    public boolean isComplete() {
        return complete;
    }

    public void setComplete(boolean complete) {
        this.complete = complete;
    }

    public boolean isHistory() {
        return history;
    }

    public void setHistory(boolean history) {
        this.history = history;
    }

    public int getHistorySize() {
        return historySize;
    }

    public void setHistorySize(int historySize) {
        this.historySize = historySize;
    }

    public boolean isRecovery() {
        return recovery;
    }

    public void setRecovery(boolean recovery) {
        this.recovery = recovery;
    }

    public long getRecoveryPeriod() {
        return recoveryPeriod;
    }

    public void setRecoveryPeriod(long recoveryPeriod) {
        this.recoveryPeriod = recoveryPeriod;
    }

    public Locality getAllowedOrigin() {
        return allowedOrigin;
    }

    public void setAllowedOrigin(Locality allowedOrigin) {
        this.allowedOrigin = allowedOrigin;
    }

    public int getQueueSize() {
        return queueSize;
    }

    public void setQueueSize(int queueSize) {
        this.queueSize = queueSize;
    }

    public ZenohOverflowPolicy getOverflowPolicy() {
        return overflowPolicy;
    }

    public void setOverflowPolicy(ZenohOverflowPolicy overflowPolicy) {
        this.overflowPolicy = overflowPolicy;
    }

    public int getConcurrentConsumers() {
        return concurrentConsumers;
    }

    public void setConcurrentConsumers(int concurrentConsumers) {
        this.concurrentConsumers = concurrentConsumers;
    }

    public int getIdleSpinMicros() {
        return idleSpinMicros;
    }

    public void setIdleSpinMicros(int idleSpinMicros) {
        this.idleSpinMicros = idleSpinMicros;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }

    public long getBatchTimeout() {
        return batchTimeout;
    }

    public void setBatchTimeout(long batchTimeout) {
        this.batchTimeout = batchTimeout;
    }

    public int getMaxPendingBytes() {
        return maxPendingBytes;
    }

    public void setMaxPendingBytes(int maxPendingBytes) {
        this.maxPendingBytes = maxPendingBytes;
    }

    public String getLivelinessKey() {
        return livelinessKey;
    }

    public void setLivelinessKey(String livelinessKey) {
        this.livelinessKey = livelinessKey;
    }

    public AcceptReplies getAcceptReplies() {
        return acceptReplies;
    }

    public void setAcceptReplies(AcceptReplies acceptReplies) {
        this.acceptReplies = acceptReplies;
    }

    public String getGroup() {
        return group;
    }

    public void setGroup(String group) {
        this.group = group;
    }

    public int getGroupReplayMillis() {
        return groupReplayMillis;
    }

    public void setGroupReplayMillis(int groupReplayMillis) {
        this.groupReplayMillis = groupReplayMillis;
    }

    public int getGroupReplayMaxBytes() {
        return groupReplayMaxBytes;
    }

    public void setGroupReplayMaxBytes(int groupReplayMaxBytes) {
        this.groupReplayMaxBytes = groupReplayMaxBytes;
    }

    public ZenohOperation getOperation() {
        return operation;
    }

    public void setOperation(ZenohOperation operation) {
        this.operation = operation;
    }

    public String getEncoding() {
        return encoding;
    }

    public void setEncoding(String encoding) {
        this.encoding = encoding;
    }

    public CongestionControl getCongestionControl() {
        return congestionControl;
    }

    public void setCongestionControl(CongestionControl congestionControl) {
        this.congestionControl = congestionControl;
    }

    public Priority getPriority() {
        return priority;
    }

    public void setPriority(Priority priority) {
        this.priority = priority;
    }

    public boolean isExpress() {
        return express;
    }

    public void setExpress(boolean express) {
        this.express = express;
    }

    public Reliability getReliability() {
        return reliability;
    }

    public void setReliability(Reliability reliability) {
        this.reliability = reliability;
    }

    public QueryTarget getTarget() {
        return target;
    }

    public void setTarget(QueryTarget target) {
        this.target = target;
    }

    public ConsolidationMode getConsolidation() {
        return consolidation;
    }

    public void setConsolidation(ConsolidationMode consolidation) {
        this.consolidation = consolidation;
    }

    public boolean isBatch() {
        return batch;
    }

    public void setBatch(boolean batch) {
        this.batch = batch;
    }

    public long getTimeout() {
        return timeout;
    }

    public void setTimeout(long timeout) {
        this.timeout = timeout;
    }

    public int getMaxReplies() {
        return maxReplies;
    }

    public void setMaxReplies(int maxReplies) {
        this.maxReplies = maxReplies;
    }

    public int getMaxReplyBytes() {
        return maxReplyBytes;
    }

    public void setMaxReplyBytes(int maxReplyBytes) {
        this.maxReplyBytes = maxReplyBytes;
    }

    public String getParameters() {
        return parameters;
    }

    public void setParameters(String parameters) {
        this.parameters = parameters;
    }

    public boolean isFailIfNoSubscribers() {
        return failIfNoSubscribers;
    }

    public void setFailIfNoSubscribers(boolean failIfNoSubscribers) {
        this.failIfNoSubscribers = failIfNoSubscribers;
    }

    public int getCacheSize() {
        return cacheSize;
    }

    public void setCacheSize(int cacheSize) {
        this.cacheSize = cacheSize;
    }

    public long getHeartbeat() {
        return heartbeat;
    }

    public void setHeartbeat(long heartbeat) {
        this.heartbeat = heartbeat;
    }
}
