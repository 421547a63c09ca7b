/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import org.apache.camel.spi.Metadata;

/** The message headers of the zenoh component (names fixed by the contract). */
public final class ZenohConstants {

    @Metadata(
            label = "consumer,producer",
            description =
                    "Key expression of the received sample or query, or"
                            + " of the first successful reply of a get.",
            javaType = "String")
    public static final String KEY_EXPR = "CamelZenohKeyExpr";

    @Metadata(
            description =
                    "zenoh encoding id (0-65535) of the payload. Set by the consumer and get; read by"
                            + " the producer first, so a received sample re-sends with its original encoding.",
            javaType = "Integer")
    public static final String ENCODING_ID = "CamelZenohEncodingId";

    @Metadata(
            description =
                    "Encoding schema (the part after ';' of the encoding text), or null. Travels with"
                            + " CamelZenohEncodingId.",
            javaType = "String")
    public static final String ENCODING_SCHEMA = "CamelZenohEncodingSchema";

    @Metadata(
            label = "consumer",
            description =
                    "PUT or DELETE; for liveliness, PUT when a token appears and"
                            + " DELETE when it disappears.",
            javaType = "String")
    public static final String SAMPLE_KIND = "CamelZenohSampleKind";

    @Metadata(
            label = "consumer",
            description = "zenoh timestamp text of the sample, when it carries one.",
            javaType = "String")
    public static final String TIMESTAMP = "CamelZenohTimestamp";

    @Metadata(
            label = "consumer",
            description = "Priority of the received sample (realTime ... background).",
            javaType = "String")
    public static final String PRIORITY = "CamelZenohPriority";

    @Metadata(
            label = "consumer",
            description =
                    "Congestion control of the received sample (drop, block," + " blockFirst).",
            javaType = "String")
    public static final String CONGESTION_CONTROL = "CamelZenohCongestionControl";

    @Metadata(
            label = "consumer",
            description = "Express flag of the received sample.",
            javaType = "Boolean")
    public static final String EXPRESS = "CamelZenohExpress";

    @Metadata(
            description =
                    "Attachment bytes: set by the consumer from the sample or query; sent by the"
                            + " producer with the put, delete or get (and by a queryable with its"
                            + " reply); after a get, the first ok reply's attachment, or removed.",
            javaType = "byte[]")
    public static final String ATTACHMENT = "CamelZenohAttachment";

    @Metadata(
            description =
                    "Selector parameters: set by the queryable consumer from the query; read by the get"
                            + " operation (overrides the parameters option).",
            javaType = "String")
    public static final String SELECTOR_PARAMETERS = "CamelZenohSelectorParameters";

    @Metadata(
            label = "consumer",
            description =
                    "Key of the reply sent by a queryable route. Default: the"
                            + " query's key expression when it has no wildcard, else the endpoint's.",
            javaType = "String")
    public static final String REPLY_KEY_EXPR = "CamelZenohReplyKeyExpr";

    @Metadata(
            label = "consumer",
            description =
                    "Kind of the reply sent by a queryable route: PUT (default) or DELETE (sends a"
                            + " delete reply, reply_del, on the reply key; with a Map body, on each"
                            + " of its keys).",
            javaType = "String")
    public static final String REPLY_KIND = "CamelZenohReplyKind";

    @Metadata(
            label = "consumer",
            description =
                    "true: the queryable route's body is sent as an error reply (reply_err), with"
                            + " the encoding a reply would have.",
            javaType = "Boolean")
    public static final String REPLY_ERROR = "CamelZenohReplyError";

    @Metadata(
            label = "producer",
            description = "All replies of a get, in arrival order.",
            javaType = "java.util.List<io.github.camelzenoh.component.zenoh.ZenohReply>")
    public static final String REPLIES = "CamelZenohReplies";

    @Metadata(
            label = "producer",
            description =
                    "Sends this one message to another key expression; the header"
                            + " is removed after use.",
            javaType = "String")
    public static final String OVERRIDE_KEY_EXPR = "CamelZenohOverrideKeyExpr";

    @Metadata(
            label = "producer",
            description =
                    "Operation for this message: put, delete, get or livelinessGet (overrides the"
                            + " operation option).",
            javaType = "String")
    public static final String OPERATION = "CamelZenohOperation";

    @Metadata(
            label = "consumer",
            description =
                    "Batch consumer (batchSize > 0): how many samples the body's"
                            + " List of ZenohSample holds.",
            javaType = "Integer")
    public static final String BATCH_SIZE = "CamelZenohBatchSize";

    /**
     * Exchange property (not a header) read by get and livelinessGet: a {@link
     * java.util.concurrent.Executor} on which the exchange continues once zenoh reports the query
     * over, instead of the producer's pool; e.g. the event loop of the HTTP request the exchange
     * answers, so the response is written there without another thread hand-off. A get (not a
     * livelinessGet) is also sent from it: the producer hands it, from the route's thread, the task
     * that starts the query, so on an event loop the gets of the requests read in one turn leave
     * together, after them. The continuation is handed over on a zenoh thread and must run on
     * another thread. The executor must run every task it accepts (one dropped after it was
     * accepted, e.g. by {@code shutdownNow}, leaves the exchange waiting for good); a task it
     * refuses (any exception, or a pool already shut down) runs on the producer's pool, or for the
     * start on the calling thread, and never twice.
     */
    public static final String GET_EXECUTOR = "CamelZenohGetExecutor";

    /**
     * Exchange property (not a header) a get sets to {@code true} when zenoh ended it at its
     * timeout: the replies held zenoh's own "Timeout" errors, which the get leaves out of its
     * replies (no answer from anyone). Unset when every queryable finished in time.
     */
    public static final String GET_TIMED_OUT = "CamelZenohGetTimedOut";

    private ZenohConstants() {}
}
