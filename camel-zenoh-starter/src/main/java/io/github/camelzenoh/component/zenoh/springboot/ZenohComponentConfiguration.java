/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import org.apache.camel.spring.boot.ComponentConfigurationPropertiesCommon;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The zenoh component's options as Spring Boot properties {@code camel.component.zenoh.*}. Written
 * by generate-configuration.py from the component's zenoh.json; do not edit.
 */
@ConfigurationProperties(prefix = "camel.component.zenoh")
public class ZenohComponentConfiguration extends ComponentConfigurationPropertiesCommon {

    /**
     * Accept a non-canonical key expression and use its canonical form (otherwise it is rejected
     * with the canonical form in the message).
     */
    private Boolean autocanonize;

    /**
     * Inline zenoh JSON5 configuration. Laid over configFile; mode, connect, listen and
     * multicastScouting override it.
     */
    private String config;

    /** Path of a zenoh JSON5 configuration file (read by zenoh itself). */
    private String configFile;

    /**
     * Default options for every zenoh endpoint (each endpoint works on a copy). Set as a whole (a
     * bean), it replaces the component options set before it (a warning names them): set those on
     * the bean.
     */
    private io.github.camelzenoh.component.zenoh.ZenohConfiguration configuration;

    /** Comma-separated zenoh endpoints to connect to, e.g. tcp/127.0.0.1:7447. */
    private String connect;

    /** Comma-separated zenoh endpoints to listen on. */
    private String listen;

    /**
     * zenoh session mode. When config or configFile is given and mode is not, their mode applies.
     */
    private io.github.camelzenoh.zenoh.Mode mode;

    /**
     * false turns multicast scouting off, true on. Unset, the zenoh configuration (config,
     * configFile) decides, else zenoh's default: on.
     */
    private Boolean multicastScouting;

    /**
     * Which publications or queries the consumer receives: from any session, from its own session
     * only, or from other sessions only.
     */
    private io.github.camelzenoh.zenoh.Locality allowedOrigin;

    /**
     * Subscriber: samples per Exchange. 0 (the default) routes one Exchange per sample. N above 0
     * routes one Exchange per batch the native side delivered together (merged with what is already
     * queued, split at N): body a List of ZenohSample, header CamelZenohBatchSize, no per-sample
     * headers. At most 1000000.
     */
    private Integer batchSize;

    /**
     * Batch consumer: milliseconds a batch smaller than batchSize waits for more samples before it
     * is routed. 0 routes at once what has arrived.
     */
    private String batchTimeout;

    /**
     * Allows for bridging the consumer to the Camel routing Error Handler, which mean any
     * exceptions (if possible) occurred while the Camel consumer is trying to pickup incoming
     * messages, or the likes, will now be processed as a message and handled by the routing Error
     * Handler. Important: This is only possible if the 3rd party component allows Camel to be
     * alerted if an exception was thrown. Some components handle this internally only, and
     * therefore bridgeErrorHandler is not possible. In other situations we may improve the Camel
     * component to hook into the 3rd party component and make this possible for future releases. By
     * default the consumer will use the org.apache.camel.spi.ExceptionHandler to deal with
     * exceptions, that will be logged at WARN or ERROR level and ignored.
     */
    private Boolean bridgeErrorHandler;

    /** queryable: declare it as complete for its key expression. */
    private Boolean complete;

    /**
     * Threads running the route, 1 to 1000. 1 keeps the zenoh order of samples; more run exchanges
     * in parallel without order.
     */
    private Integer concurrentConsumers;

    /**
     * What the consumer declares: a subscriber (one exchange per sample), a queryable (one InOut
     * exchange per query, the result is the reply) or a liveliness subscriber (one exchange per
     * token event).
     */
    private io.github.camelzenoh.component.zenoh.ZenohConsumerType consumerType;

    /**
     * Subscriber: name of the consumer group this subscriber is a member of. Members (any JVM, any
     * host) of one group on one key expression share its key space (subscribers on different key
     * expressions are separate groups, even under one name): each sample is processed by exactly
     * one live member, chosen by rendezvous hashing of the sample's key, so the samples of a key
     * keep their order. Membership is a zenoh liveliness token per member. One key-expression
     * chunk: no slash, wildcard, dollar, question mark, hash or blank.
     */
    private String group;

    /**
     * Consumer group: milliseconds a member holds the samples other members own; when the
     * membership changes it replays those of keys it takes over (at-least-once across the change,
     * replays counted). 0 holds nothing: samples in flight at a change may be lost. 0 to 3600000.
     */
    private Integer groupReplayMillis;

    /**
     * liveliness: also deliver the tokens already alive. subscriber: first fetch the samples cached
     * by advanced publishers (zenoh-ext history, late joiners included; see historySize).
     */
    private Boolean history;

    /**
     * A key expression on which the consumer declares a zenoh liveliness token while it runs: peers
     * see the route alive (liveliness subscribers get a PUT at route start, a DELETE at route stop
     * or when this process is gone).
     */
    private String livelinessKey;

    /**
     * What happens when the hand-off queue is full: block zenoh's delivery thread (like zenoh's
     * FIFO channel: back-pressure, nothing lost), drop the oldest queued sample (like zenoh's ring
     * channel) or drop the new one. Drops are counted.
     */
    private io.github.camelzenoh.component.zenoh.ZenohOverflowPolicy overflowPolicy;

    /**
     * Capacity of the hand-off queue between zenoh's threads and the route, in items (a sample, a
     * query, or for the batch consumer a chunk of up to 256 samples). The queue also holds at most
     * maxPendingBytes bytes; it is full at whichever limit comes first. 1 to 10000000 (its array is
     * allocated at start).
     */
    private Integer queueSize;

    /**
     * Consumer group: bytes of held samples at most (payload, attachment, key and a fixed overhead
     * each; 64 MiB). Older held samples pushed out by the cap before their replay window ended are
     * counted as group overflow.
     */
    private Integer groupReplayMaxBytes;

    /** subscriber with history=true: at most this many cached samples per publisher. */
    private Integer historySize;

    /**
     * Microseconds a route thread that finds the hand-off queue empty keeps polling it (yielding
     * the CPU between polls) before it parks. 0 parks at once. Waking a parked thread costs tens of
     * microseconds (more on virtual machines); request/response routes that answer within the spin
     * save that on every sample, at the price of CPU spent polling while idle. At most 1000000.
     */
    private Integer idleSpinMicros;

    /**
     * Bytes of payload and attachment a consumer holds at most at each of two places (16 MiB; 65536
     * to 1073741824). In its hand-off queue, waiting for the route: when they would exceed it the
     * queue counts as full and overflowPolicy applies, as at queueSize (a single larger sample is
     * queued alone). Subscriber: also received samples waiting in native memory for the hand-off; a
     * put on the same session that finds no room there waits for the hand-off to take them; a put
     * from a zenoh route thread never waits (it could wait for itself): that sample is dropped for
     * this consumer and counted.
     */
    private Integer maxPendingBytes;

    /**
     * subscriber: ask advanced publishers (cacheSize above 0) to resend samples detected missing;
     * samples lost for good are counted as missed.
     */
    private Boolean recovery;

    /**
     * subscriber with recovery: query for missed samples every this many milliseconds; 0 relies on
     * the publishers' heartbeat.
     */
    private String recoveryPeriod;

    /**
     * get: accept only replies on keys the query's key expression matches, or replies on any key (a
     * queryable may then answer a/b with c/d).
     */
    private io.github.camelzenoh.zenoh.AcceptReplies acceptReplies;

    /**
     * put: a body that is a List (any Iterable, or an array) of ZenohSample, byte array or String
     * sends each element as one put, in order, with one native call per chunk of elements. Any
     * other body is sent as one put.
     */
    private Boolean batch;

    /**
     * What a put does when a transport queue is full: drop the message, or block until there is
     * room. Unset, a get uses zenoh's request default, block: its replies and final response travel
     * with the query's congestion control, and a dropped final response would leave the get waiting
     * for its timeout.
     */
    private io.github.camelzenoh.zenoh.CongestionControl congestionControl;

    /** get: how replies are consolidated. */
    private io.github.camelzenoh.zenoh.ConsolidationMode consolidation;

    /**
     * Encoding of the payload, e.g. application/json, text/plain;charset=utf-8 or zenoh/bytes. When
     * set, wins over the CamelZenohEncodingId/Schema headers and Content-Type.
     */
    private String encoding;

    /** Send each message at once, without batching (lower latency, lower throughput). */
    private Boolean express;

    /**
     * put/delete: fail the exchange (ZenohNoSubscribersException) instead of sending when no zenoh
     * subscriber matches the endpoint's key expression, e.g. while the router is away. zenoh's
     * matching status is checked at most every 100 ms (not per message), so it may lag by that
     * much. Either way, such messages are counted as unmatched (dev console).
     */
    private Boolean failIfNoSubscribers;

    /**
     * Whether the producer should be started lazy (on the first message). By starting lazy you can
     * use this to allow CamelContext and routes to startup in situations where a producer may
     * otherwise fail during starting and cause the route to fail being started. By deferring this
     * startup to be lazy then the startup failure can be handled during routing messages via
     * Camel's routing error handlers. Beware that when the first message is processed then creating
     * and starting the producer may take a little time and prolong the total processing time of the
     * processing.
     */
    private Boolean lazyStartProducer;

    /**
     * What the producer does with each message (header CamelZenohOperation overrides it).
     * livelinessGet: the body becomes a list of the keys (strings) of the liveliness tokens alive
     * now that match the key expression (waiting at most timeout).
     */
    private io.github.camelzenoh.component.zenoh.ZenohOperation operation;

    /**
     * get: selector parameters, e.g. a=1;b=2 (a non-empty header CamelZenohSelectorParameters
     * overrides them, e.g. the parameters of a query a queryable route passes on).
     */
    private String parameters;

    /** Priority of the publications. */
    private io.github.camelzenoh.zenoh.Priority priority;

    /** Reliability of the publications. */
    private io.github.camelzenoh.zenoh.Reliability reliability;

    /** get: which queryables receive the query. */
    private io.github.camelzenoh.zenoh.QueryTarget target;

    /**
     * get: milliseconds to wait for replies. The exchange continues when the replies are in or the
     * time is up; no Camel thread waits meanwhile.
     */
    private String timeout;

    /**
     * put: above 0, declares a zenoh-ext advanced publisher keeping this many samples for
     * subscribers with history or recovery. Without heartbeat, zenoh orders the cache by
     * timestamps, so the endpoint's session is opened with timestamping enabled (a session of its
     * own unless other endpoints need the same).
     */
    private Integer cacheSize;

    /**
     * put: above 0, turns on sample-miss detection with a heartbeat every this many milliseconds
     * (advanced publisher).
     */
    private String heartbeat;

    /**
     * get: replies a get holds at most (1 to 10000000). The reply past it ends the exchange at
     * once, failed with ZenohReplyLimitException naming this option, the replies held in
     * CamelZenohReplies; it and the replies zenoh delivers after it (until the query's end or
     * timeout) are dropped and counted as dropped.
     */
    private Integer maxReplies;

    /**
     * get: bytes of replies a get holds at most (64 MiB; 65536 to 1073741824), counting each
     * reply's payload, attachment, key, encoding and timestamp text and 128 bytes for the objects
     * holding them. The reply past it ends the exchange as at maxReplies (a single larger first
     * reply is held alone).
     */
    private Integer maxReplyBytes;

    /**
     * Whether autowiring is enabled. This is used for automatic autowiring options (the option must
     * be marked as autowired) by looking up in the registry to find if there is a single instance
     * of matching type, which then gets configured on the component. This can be used for automatic
     * configuring JDBC data sources, JMS connection factories, AWS Clients, etc.
     */
    private Boolean autowiredEnabled;

    /**
     * A zenoh session the application manages (autowired when the registry holds exactly one); the
     * component uses it and never closes it (the session options above are then ignored).
     */
    private io.github.camelzenoh.zenoh.Session session;

    /**
     * Which of zenoh's own log events reach the application's logging (SLF4J loggers named zenoh.
     * then the Rust module with dots, e.g. zenoh.zenoh.net.runtime.orchestrator), in RUST_LOG
     * syntax: a level (error, warn, info, debug, trace), off, or per-module directives such as
     * warn,zenoh_transport=debug. Unset: the RUST_LOG environment variable, else warn.
     * Process-wide: the component started last sets it for the whole JVM.
     */
    private String zenohLogFilter;

    /** Used for enabling or disabling all consumer based health checks from this component */
    private Boolean healthCheckConsumerEnabled;

    /**
     * Used for enabling or disabling all producer based health checks from this component. Notice:
     * Camel has by default disabled all producer based health-checks. You can turn on producer
     * checks globally by setting camel.health.producersEnabled=true.
     */
    private Boolean healthCheckProducerEnabled;

    public Boolean isAutocanonize() {
        return autocanonize;
    }

    public void setAutocanonize(Boolean autocanonize) {
        this.autocanonize = autocanonize;
    }

    public String getConfig() {
        return config;
    }

    public void setConfig(String config) {
        this.config = config;
    }

    public String getConfigFile() {
        return configFile;
    }

    public void setConfigFile(String configFile) {
        this.configFile = configFile;
    }

    public io.github.camelzenoh.component.zenoh.ZenohConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(
            io.github.camelzenoh.component.zenoh.ZenohConfiguration configuration) {
        this.configuration = configuration;
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

    public io.github.camelzenoh.zenoh.Mode getMode() {
        return mode;
    }

    public void setMode(io.github.camelzenoh.zenoh.Mode mode) {
        this.mode = mode;
    }

    public Boolean isMulticastScouting() {
        return multicastScouting;
    }

    public void setMulticastScouting(Boolean multicastScouting) {
        this.multicastScouting = multicastScouting;
    }

    public io.github.camelzenoh.zenoh.Locality getAllowedOrigin() {
        return allowedOrigin;
    }

    public void setAllowedOrigin(io.github.camelzenoh.zenoh.Locality allowedOrigin) {
        this.allowedOrigin = allowedOrigin;
    }

    public Integer getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(Integer batchSize) {
        this.batchSize = batchSize;
    }

    public String getBatchTimeout() {
        return batchTimeout;
    }

    public void setBatchTimeout(String batchTimeout) {
        this.batchTimeout = batchTimeout;
    }

    public Boolean isBridgeErrorHandler() {
        return bridgeErrorHandler;
    }

    public void setBridgeErrorHandler(Boolean bridgeErrorHandler) {
        this.bridgeErrorHandler = bridgeErrorHandler;
    }

    public Boolean isComplete() {
        return complete;
    }

    public void setComplete(Boolean complete) {
        this.complete = complete;
    }

    public Integer getConcurrentConsumers() {
        return concurrentConsumers;
    }

    public void setConcurrentConsumers(Integer concurrentConsumers) {
        this.concurrentConsumers = concurrentConsumers;
    }

    public io.github.camelzenoh.component.zenoh.ZenohConsumerType getConsumerType() {
        return consumerType;
    }

    public void setConsumerType(
            io.github.camelzenoh.component.zenoh.ZenohConsumerType consumerType) {
        this.consumerType = consumerType;
    }

    public String getGroup() {
        return group;
    }

    public void setGroup(String group) {
        this.group = group;
    }

    public Integer getGroupReplayMillis() {
        return groupReplayMillis;
    }

    public void setGroupReplayMillis(Integer groupReplayMillis) {
        this.groupReplayMillis = groupReplayMillis;
    }

    public Boolean isHistory() {
        return history;
    }

    public void setHistory(Boolean history) {
        this.history = history;
    }

    public String getLivelinessKey() {
        return livelinessKey;
    }

    public void setLivelinessKey(String livelinessKey) {
        this.livelinessKey = livelinessKey;
    }

    public io.github.camelzenoh.component.zenoh.ZenohOverflowPolicy getOverflowPolicy() {
        return overflowPolicy;
    }

    public void setOverflowPolicy(
            io.github.camelzenoh.component.zenoh.ZenohOverflowPolicy overflowPolicy) {
        this.overflowPolicy = overflowPolicy;
    }

    public Integer getQueueSize() {
        return queueSize;
    }

    public void setQueueSize(Integer queueSize) {
        this.queueSize = queueSize;
    }

    public Integer getGroupReplayMaxBytes() {
        return groupReplayMaxBytes;
    }

    public void setGroupReplayMaxBytes(Integer groupReplayMaxBytes) {
        this.groupReplayMaxBytes = groupReplayMaxBytes;
    }

    public Integer getHistorySize() {
        return historySize;
    }

    public void setHistorySize(Integer historySize) {
        this.historySize = historySize;
    }

    public Integer getIdleSpinMicros() {
        return idleSpinMicros;
    }

    public void setIdleSpinMicros(Integer idleSpinMicros) {
        this.idleSpinMicros = idleSpinMicros;
    }

    public Integer getMaxPendingBytes() {
        return maxPendingBytes;
    }

    public void setMaxPendingBytes(Integer maxPendingBytes) {
        this.maxPendingBytes = maxPendingBytes;
    }

    public Boolean isRecovery() {
        return recovery;
    }

    public void setRecovery(Boolean recovery) {
        this.recovery = recovery;
    }

    public String getRecoveryPeriod() {
        return recoveryPeriod;
    }

    public void setRecoveryPeriod(String recoveryPeriod) {
        this.recoveryPeriod = recoveryPeriod;
    }

    public io.github.camelzenoh.zenoh.AcceptReplies getAcceptReplies() {
        return acceptReplies;
    }

    public void setAcceptReplies(io.github.camelzenoh.zenoh.AcceptReplies acceptReplies) {
        this.acceptReplies = acceptReplies;
    }

    public Boolean isBatch() {
        return batch;
    }

    public void setBatch(Boolean batch) {
        this.batch = batch;
    }

    public io.github.camelzenoh.zenoh.CongestionControl getCongestionControl() {
        return congestionControl;
    }

    public void setCongestionControl(
            io.github.camelzenoh.zenoh.CongestionControl congestionControl) {
        this.congestionControl = congestionControl;
    }

    public io.github.camelzenoh.zenoh.ConsolidationMode getConsolidation() {
        return consolidation;
    }

    public void setConsolidation(io.github.camelzenoh.zenoh.ConsolidationMode consolidation) {
        this.consolidation = consolidation;
    }

    public String getEncoding() {
        return encoding;
    }

    public void setEncoding(String encoding) {
        this.encoding = encoding;
    }

    public Boolean isExpress() {
        return express;
    }

    public void setExpress(Boolean express) {
        this.express = express;
    }

    public Boolean isFailIfNoSubscribers() {
        return failIfNoSubscribers;
    }

    public void setFailIfNoSubscribers(Boolean failIfNoSubscribers) {
        this.failIfNoSubscribers = failIfNoSubscribers;
    }

    public Boolean isLazyStartProducer() {
        return lazyStartProducer;
    }

    public void setLazyStartProducer(Boolean lazyStartProducer) {
        this.lazyStartProducer = lazyStartProducer;
    }

    public io.github.camelzenoh.component.zenoh.ZenohOperation getOperation() {
        return operation;
    }

    public void setOperation(io.github.camelzenoh.component.zenoh.ZenohOperation operation) {
        this.operation = operation;
    }

    public String getParameters() {
        return parameters;
    }

    public void setParameters(String parameters) {
        this.parameters = parameters;
    }

    public io.github.camelzenoh.zenoh.Priority getPriority() {
        return priority;
    }

    public void setPriority(io.github.camelzenoh.zenoh.Priority priority) {
        this.priority = priority;
    }

    public io.github.camelzenoh.zenoh.Reliability getReliability() {
        return reliability;
    }

    public void setReliability(io.github.camelzenoh.zenoh.Reliability reliability) {
        this.reliability = reliability;
    }

    public io.github.camelzenoh.zenoh.QueryTarget getTarget() {
        return target;
    }

    public void setTarget(io.github.camelzenoh.zenoh.QueryTarget target) {
        this.target = target;
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    public Integer getCacheSize() {
        return cacheSize;
    }

    public void setCacheSize(Integer cacheSize) {
        this.cacheSize = cacheSize;
    }

    public String getHeartbeat() {
        return heartbeat;
    }

    public void setHeartbeat(String heartbeat) {
        this.heartbeat = heartbeat;
    }

    public Integer getMaxReplies() {
        return maxReplies;
    }

    public void setMaxReplies(Integer maxReplies) {
        this.maxReplies = maxReplies;
    }

    public Integer getMaxReplyBytes() {
        return maxReplyBytes;
    }

    public void setMaxReplyBytes(Integer maxReplyBytes) {
        this.maxReplyBytes = maxReplyBytes;
    }

    public Boolean isAutowiredEnabled() {
        return autowiredEnabled;
    }

    public void setAutowiredEnabled(Boolean autowiredEnabled) {
        this.autowiredEnabled = autowiredEnabled;
    }

    public io.github.camelzenoh.zenoh.Session getSession() {
        return session;
    }

    public void setSession(io.github.camelzenoh.zenoh.Session session) {
        this.session = session;
    }

    public String getZenohLogFilter() {
        return zenohLogFilter;
    }

    public void setZenohLogFilter(String zenohLogFilter) {
        this.zenohLogFilter = zenohLogFilter;
    }

    public Boolean isHealthCheckConsumerEnabled() {
        return healthCheckConsumerEnabled;
    }

    public void setHealthCheckConsumerEnabled(Boolean healthCheckConsumerEnabled) {
        this.healthCheckConsumerEnabled = healthCheckConsumerEnabled;
    }

    public Boolean isHealthCheckProducerEnabled() {
        return healthCheckProducerEnabled;
    }

    public void setHealthCheckProducerEnabled(Boolean healthCheckProducerEnabled) {
        this.healthCheckProducerEnabled = healthCheckProducerEnabled;
    }
}
