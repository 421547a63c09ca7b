/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Query;
import io.github.camelzenoh.zenoh.Queryable;
import io.github.camelzenoh.zenoh.QueryableOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.camel.AsyncProcessor;
import org.apache.camel.AsyncProducer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** to("zenoh:...?operation=get") against queryables declared on the peer. */
class ZenohGetTest extends ZenohTestSupport {

    private final List<AutoCloseable> declared = new CopyOnWriteArrayList<>();

    private final AtomicInteger refusedCompletions = new AtomicInteger();
    private final AtomicInteger afterRefusedGet = new AtomicInteger();
    private final AtomicInteger localCompletions = new AtomicInteger();
    private final AtomicInteger twiceCompletions = new AtomicInteger();
    private final AtomicInteger afterTwice = new AtomicInteger();

    /**
     * Queries a queryable keeps open on purpose (kept reachable so that no Cleaner finishes them).
     */
    private final List<Query> unfinished = new CopyOnWriteArrayList<>();

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:multi").to("zenoh:svc/multi/**?operation=get&consolidation=none");
                from("direct:auto").to("zenoh:svc/multi/**?operation=get");
                from("direct:nobody").to("zenoh:nobody/home?operation=get&timeout=2000");
                from("direct:errors").to("zenoh:svc/errors?operation=get");
                from("direct:params").to("zenoh:svc/params?operation=get&parameters=a=1;b=two");
                from("direct:noparams").to("zenoh:svc/params?operation=get");
                // a queryable route in front of a get with the option: a proxy
                from("zenoh:svc/front?consumerType=queryable")
                        .to("zenoh:svc/params?operation=get&parameters=a=1;b=two");
                from("direct:never")
                        .routeId("never")
                        .to("zenoh:svc/never?operation=get&timeout=500");
                // long enough that a loaded machine's stall cannot end the query before the test
                // looks: "not completed yet" must not depend on the scheduler
                from("direct:neverLong")
                        .routeId("neverLong")
                        .to("zenoh:svc/never?operation=get&timeout=3000");
                from("direct:mixed").to("zenoh:svc/mixed?operation=get&consolidation=none");
                from("direct:string").to("zenoh:svc/string?operation=get");
                from("direct:refused")
                        .onCompletion()
                        .process(e -> refusedCompletions.incrementAndGet())
                        .end()
                        .to("zenoh:svc/refused?operation=get&timeout=300")
                        .process(e -> afterRefusedGet.incrementAndGet());
                from("direct:local")
                        .onCompletion()
                        .process(e -> localCompletions.incrementAndGet())
                        .end()
                        .to("zenoh:svc/local?operation=get");
                from("direct:alive").to("zenoh:svc/alive/**?operation=livelinessGet&timeout=1000");
                from("direct:tw").to("zenoh:svc/tw?operation=get&timeout=1000");
                from("direct:stale")
                        .routeId("stale")
                        .to("zenoh:svc/stale?operation=get&timeout=1000");
                from("direct:twice")
                        .onCompletion()
                        .process(e -> twiceCompletions.incrementAndGet())
                        .end()
                        .to("zenoh:svc/twice?operation=get&timeout=1000")
                        .process(e -> afterTwice.incrementAndGet());
                // a session of its own (another listen): stopping the route closes it
                from("direct:ownSession")
                        .routeId("ownSession")
                        .to(
                                "zenoh:svc/slow?operation=get&timeout=8000"
                                        + "&listen=tcp/127.0.0.1:0,tcp/127.0.0.1:0");
                // the component's session, which the other routes keep open when it stops
                from("direct:sharedSession")
                        .routeId("sharedSession")
                        .to("zenoh:svc/shared?operation=get&timeout=8000");
                from("direct:named")
                        .to("zenoh:svc/named?operation=get")
                        .process(e -> e.setProperty("continuedOn", Thread.currentThread()));
            }
        };
    }

    /**
     * The tests declare the peer's queryables first: they reach the route's session some time after
     * declareQueryable returns, so the connection is followed by a wait until the route's session
     * has taken in what the peer declared.
     */
    @Override
    protected void awaitConnected() {
        super.awaitConnected();
        Waits.awaitDeclarationsKnownByRoutes(peer, context);
    }

    @AfterEach
    void undeclare() throws Exception {
        unfinished.forEach(Query::finish);
        for (AutoCloseable c : declared) {
            c.close();
        }
    }

    private Queryable queryable(String key, io.github.camelzenoh.zenoh.QueryListener l) {
        Queryable q = peer.declareQueryable(key, QueryableOptions.DEFAULT, l);
        declared.add(q);
        return q;
    }

    /**
     * A queryable on {@code key} answering "here" (text/plain) and counting the queries in {@code
     * asked}, known to the routes when this returns.
     */
    private void answering(String key, AtomicInteger asked) {
        queryable(
                key,
                q -> {
                    asked.incrementAndGet();
                    q.reply(key, utf8("here"), Encoding.TEXT_PLAIN, null);
                    q.finish();
                });
        awaitConnected();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void severalRepliesFirstIsTheBodyAllAreInTheRepliesHeader() throws Exception {
        queryable(
                "svc/multi/**",
                q -> {
                    q.reply(
                            "svc/multi/a",
                            utf8("{\"n\":0}"),
                            Encoding.parse("application/json;v2"),
                            null);
                    q.reply("svc/multi/b", utf8("one"), Encoding.TEXT_PLAIN, null);
                    q.reply("svc/multi/c", new byte[] {2}, null, null);
                    q.finish();
                });
        awaitConnected();

        Exchange e = template.request("direct:multi", x -> x.getMessage().setBody(null));
        assertThat(e.getException()).isNull();
        Message m = e.getMessage();
        assertThat(m.getBody()).isInstanceOf(byte[].class);
        assertThat(m.getBody(String.class)).isEqualTo("{\"n\":0}");
        assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("svc/multi/a");
        assertThat(m.getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(5);
        assertThat(m.getHeader(ZenohConstants.ENCODING_SCHEMA)).isEqualTo("v2");
        assertThat(m.getHeader(Exchange.CONTENT_TYPE)).isEqualTo("application/json;v2");

        @SuppressWarnings("unchecked")
        List<ZenohReply> replies = m.getHeader(ZenohConstants.REPLIES, List.class);
        assertThat(replies).hasSize(3).allMatch(ZenohReply::ok);
        assertThat(replies)
                .extracting(ZenohReply::keyExpr)
                .containsExactly("svc/multi/a", "svc/multi/b", "svc/multi/c");
        assertThat(replies.get(1).payloadAsString()).isEqualTo("one");
        assertThat(replies.get(1).encoding()).isEqualTo("text/plain");
        assertThat(replies.get(1).encodingId()).isEqualTo(4);
        assertThat(replies.get(2).payload()).containsExactly(2);
        assertThat(replies.get(2).encoding()).isEqualTo("zenoh/bytes");
        assertThat(replies.get(0).kind()).isEqualTo("PUT");
    }

    @Test
    void defaultConsolidationStillGivesTheFirstReplyAsBody() throws Exception {
        queryable(
                "svc/multi/**",
                q -> {
                    q.reply("svc/multi/a", utf8("A"), Encoding.TEXT_PLAIN, null);
                    q.reply("svc/multi/b", utf8("B"), Encoding.TEXT_PLAIN, null);
                    q.finish();
                });
        awaitConnected();

        Exchange e = template.request("direct:auto", x -> {});
        assertThat(e.getException()).isNull();
        @SuppressWarnings("unchecked")
        List<ZenohReply> replies = e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        assertThat(replies)
                .extracting(ZenohReply::payloadAsString)
                .containsExactlyInAnyOrder("A", "B");
        assertThat(e.getMessage().getBody(String.class))
                .isEqualTo(replies.get(0).payloadAsString());
        assertThat(e.getMessage().getHeader(ZenohConstants.KEY_EXPR))
                .isEqualTo(replies.get(0).keyExpr());
    }

    /**
     * congestionControl unset: zenoh's defaults — drop for puts, block for gets (see
     * GetOptions.DEFAULT).
     */
    @Test
    void aGetUsesBlockUnlessCongestionControlIsSet() {
        ZenohOptions get =
                context.getEndpoint("zenoh:cc/get?operation=get", ZenohEndpoint.class).options();
        assertThat(get.getQos().congestionControl()).isEqualTo(CongestionControl.BLOCK);
        assertThat(get.qos().congestionControl()).isEqualTo(CongestionControl.DROP);
        ZenohOptions set =
                context.getEndpoint(
                                "zenoh:cc/get?operation=get&congestionControl=drop",
                                ZenohEndpoint.class)
                        .options();
        assertThat(set.getQos().congestionControl()).isEqualTo(CongestionControl.DROP);
    }

    @Test
    void noQueryableGivesNullBodyAndNoReplies() throws Exception {
        awaitConnected();
        Exchange e =
                template.request(
                        "direct:nobody",
                        x -> {
                            x.getMessage().setBody("ask");
                            x.getMessage().setHeader(ZenohConstants.KEY_EXPR, "stale/key");
                            x.getMessage().setHeader(Exchange.CONTENT_TYPE, "application/json");
                        });
        assertThat(e.getException()).isNull();
        assertThat(e.getMessage().getBody()).isNull();
        assertThat(e.getMessage().getHeader(ZenohConstants.REPLIES, List.class)).isEmpty();
        assertThat(e.getMessage().getHeader(ZenohConstants.KEY_EXPR))
                .as("no reply, no reply key")
                .isNull();
        assertThat(e.getMessage().getHeader(Exchange.CONTENT_TYPE))
                .as("no reply, no Content-Type (not the request's)")
                .isNull();
    }

    @Test
    void theReplysEncodingReplacesTheRequestsContentType() throws Exception {
        queryable(
                "svc/string",
                q -> {
                    q.reply("svc/string", utf8("plain answer"), Encoding.ZENOH_STRING, null);
                    q.finish();
                });
        awaitConnected();
        Exchange e =
                template.request(
                        "direct:string",
                        x -> {
                            x.getMessage().setBody("{\"ask\":1}");
                            x.getMessage().setHeader(Exchange.CONTENT_TYPE, "application/json");
                        });
        assertThat(e.getException()).isNull();
        Message m = e.getMessage();
        assertThat(m.getBody(String.class)).isEqualTo("plain answer");
        assertThat(m.getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(Encoding.ZENOH_STRING.id());
        assertThat(m.getHeader(Exchange.CONTENT_TYPE))
                .as("a zenoh/string reply has no Content-Type; the request's must not remain")
                .isNull();
    }

    @Test
    void theReplysAttachmentReplacesTheRequestsAndIsInEachReply() throws Exception {
        queryable(
                "svc/string",
                q -> {
                    q.reply("svc/string", utf8("v"), Encoding.ZENOH_STRING, utf8("reply-att"));
                    q.finish();
                });
        awaitConnected();
        Exchange e =
                template.request(
                        "direct:string",
                        x -> x.getMessage().setHeader(ZenohConstants.ATTACHMENT, "request-att"));
        assertThat(e.getException()).isNull();
        Message m = e.getMessage();
        assertThat(m.getBody(String.class)).isEqualTo("v");
        assertThat(m.getHeader(ZenohConstants.ATTACHMENT, byte[].class))
                .as("the first reply's attachment, not the request's")
                .isEqualTo(utf8("reply-att"));
        @SuppressWarnings("unchecked")
        List<ZenohReply> replies = m.getHeader(ZenohConstants.REPLIES, List.class);
        assertThat(replies.get(0).attachment()).isEqualTo(utf8("reply-att"));

        queryable(
                "svc/noatt",
                q -> {
                    q.reply("svc/noatt", utf8("w"), Encoding.ZENOH_STRING, null);
                    q.finish();
                });
        awaitConnected();
        Exchange none =
                template.request(
                        "zenoh:svc/noatt?operation=get",
                        x -> x.getMessage().setHeader(ZenohConstants.ATTACHMENT, "request-att"));
        assertThat(none.getMessage().getBody(String.class)).isEqualTo("w");
        assertThat(none.getMessage().getHeader(ZenohConstants.ATTACHMENT))
                .as("a reply without attachment leaves none (the request's must not remain)")
                .isNull();
    }

    @Test
    void onlyErrorRepliesFailTheExchangeWithTheErrorPayload() throws Exception {
        queryable(
                "svc/errors",
                q -> {
                    q.replyError(utf8("sensor offline"), Encoding.TEXT_PLAIN);
                    q.finish();
                });
        awaitConnected();

        Exchange e = template.request("direct:errors", x -> {});
        assertThat(e.getException())
                .isInstanceOf(ZenohReplyException.class)
                .hasMessageContaining("sensor offline");
        ZenohReplyException z = (ZenohReplyException) e.getException();
        assertThat(z.getReply().ok()).isFalse();
        assertThat(z.getReply().payloadAsString()).isEqualTo("sensor offline");
        assertThat(z.getReply().encoding()).isEqualTo("text/plain");
        assertThat(endpointOf("zenoh:svc/errors?operation=get").failed.sum()).isEqualTo(1);
    }

    @Test
    void anOkReplyAmongErrorsIsTheResult() throws Exception {
        queryable(
                "svc/mixed",
                q -> {
                    q.replyError(utf8("first is an error"), null);
                    q.reply("svc/mixed", utf8("but this one is fine"), null, null);
                    q.finish();
                });
        awaitConnected();

        Exchange e = template.request("direct:mixed", x -> {});
        assertThat(e.getException()).isNull();
        assertThat(e.getMessage().getBody(String.class)).isEqualTo("but this one is fine");
        @SuppressWarnings("unchecked")
        List<ZenohReply> replies = e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        assertThat(replies).extracting(ZenohReply::ok).containsExactlyInAnyOrder(false, true);
    }

    @Test
    void parametersOptionHeaderAndBodyReachTheQueryable() throws Exception {
        BlockingQueue<Query> seen = new LinkedBlockingQueue<>();
        queryable(
                "svc/params",
                q -> {
                    seen.add(q);
                    q.reply("svc/params", utf8("ok"), null, null);
                    q.finish();
                });
        awaitConnected();

        template.sendBody("direct:params", null);
        Query q1 = seen.poll(10, TimeUnit.SECONDS);
        assertThat(q1).isNotNull();
        assertThat(q1.keyExpr()).isEqualTo("svc/params");
        assertThat(q1.parameters()).isEqualTo("a=1;b=two");
        assertThat(q1.payload()).as("null body: no query payload").isNull();

        template.sendBodyAndHeader(
                "direct:params", "the question", ZenohConstants.SELECTOR_PARAMETERS, "x=9");
        Query q2 = seen.poll(10, TimeUnit.SECONDS);
        assertThat(q2.parameters()).as("header overrides the option").isEqualTo("x=9");
        assertThat(new String(q2.payload(), StandardCharsets.UTF_8)).isEqualTo("the question");
        assertThat(q2.encoding()).isEqualTo(Encoding.ZENOH_STRING);

        template.sendBodyAndHeader(
                "direct:noparams", new byte[] {4, 2}, ZenohConstants.ATTACHMENT, "att");
        Query q3 = seen.poll(10, TimeUnit.SECONDS);
        assertThat(q3.parameters()).isEmpty();
        assertThat(q3.payload()).containsExactly(4, 2);
        assertThat(q3.encoding()).isEqualTo(Encoding.ZENOH_BYTES);
        assertThat(new String(q3.attachment(), StandardCharsets.UTF_8)).isEqualTo("att");
    }

    /**
     * A query without parameters reaches a proxy route with an empty {@code
     * CamelZenohSelectorParameters}: that leaves the get endpoint's {@code parameters} option in
     * force (it replaced it with nothing); a query with parameters still passes them on.
     */
    @Test
    void aQueryWithoutParametersLeavesTheGetEndpointsOptionInForce() throws Exception {
        BlockingQueue<Query> seen = new LinkedBlockingQueue<>();
        queryable(
                "svc/params",
                q -> {
                    seen.add(q);
                    q.reply("svc/params", utf8("ok"), null, null);
                    q.finish();
                });
        awaitConnected();
        peer.get("svc/front", io.github.camelzenoh.zenoh.GetOptions.DEFAULT)
                .get(10, TimeUnit.SECONDS);
        Query bare = seen.poll(10, TimeUnit.SECONDS);
        assertThat(bare).isNotNull();
        assertThat(bare.parameters()).isEqualTo("a=1;b=two");
        peer.get("svc/front", io.github.camelzenoh.zenoh.GetOptions.DEFAULT.withParameters("x=9"))
                .get(10, TimeUnit.SECONDS);
        Query withParameters = seen.poll(10, TimeUnit.SECONDS);
        assertThat(withParameters).isNotNull();
        assertThat(withParameters.parameters()).isEqualTo("x=9");
    }

    /**
     * A get in flight when its route stops is ended by zenoh, with no reply, as its querier (and
     * here its session) closes: the exchange fails saying so, where it completed like a get nobody
     * answered (body null, no exception).
     */
    @Test
    void aGetEndedByItsSessionClosingFailsSayingSo() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        queryable(
                "svc/slow",
                q -> {
                    unfinished.add(q); // answered never: the route stops first
                    asked.countDown();
                });
        awaitConnected();
        Future<Exchange> sent =
                template.asyncSend("direct:ownSession", e -> e.getMessage().setBody("q"));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
        context.getRouteController().stopRoute("ownSession", 1, TimeUnit.SECONDS);
        Exchange out = sent.get(10, TimeUnit.SECONDS);
        assertThat(out.getException())
                .isNotNull()
                .hasMessageContaining(
                        "zenoh get on 'svc/slow' was ended by its querier or session closing")
                .hasMessageContaining("before its timeout of 8000 ms; 0 replies had arrived");
    }

    /**
     * A get in flight when its producer stops on a session that stays open (other routes use it) is
     * ended by the producer, whether sent through the querier or, with an override key, through the
     * session: zenoh ends neither then, and the override's exchange stayed in flight after the
     * route had stopped until its whole timeout, then failed with a RejectedExecutionException
     * (cold review, 2026-12-03).
     */
    @Test
    void getsInFlightWhenTheProducerStopsOnASharedSessionFailSayingSo() throws Exception {
        List<Query> asked = new CopyOnWriteArrayList<>();
        queryable(
                "svc/shared/**",
                q -> {
                    unfinished.add(q); // answered never: the route stops first
                    asked.add(q); // svc/shared itself too: ** matches no chunk as well
                });
        awaitConnected();
        Future<Exchange> viaQuerier =
                template.asyncSend("direct:sharedSession", e -> e.getMessage().setBody("a"));
        Future<Exchange> viaOverride =
                template.asyncSend(
                        "direct:sharedSession",
                        e -> {
                            e.getMessage().setBody("b");
                            e.getMessage()
                                    .setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, "svc/shared/x");
                        });
        Waits.until("both gets at the queryables", () -> asked.size() >= 2);
        long t0 = System.nanoTime();
        context.getRouteController().stopRoute("sharedSession", 1, TimeUnit.SECONDS);
        for (Future<Exchange> sent : List.of(viaQuerier, viaOverride)) {
            Exchange out = sent.get(10, TimeUnit.SECONDS);
            assertThat(out.getException())
                    .isInstanceOf(org.apache.camel.CamelExchangeException.class)
                    .hasMessageContaining("zenoh get on 'svc/shared' was ended by its")
                    .hasMessageContaining("before its timeout of 8000 ms; 0 replies had arrived");
        }
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0))
                .as("both ended with the stop, not at their timeout")
                .isLessThan(5_000);
        assertThat(context.getInflightRepository().size("sharedSession")).isZero();
    }

    @Test
    void timeoutEndsAQueryThatIsNeverFinished() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        queryable(
                "svc/never",
                q -> {
                    unfinished.add(q);
                    asked.countDown();
                });
        awaitConnected();

        long t0 = System.nanoTime();
        Exchange e = template.request("direct:never", x -> x.getMessage().setBody("anyone?"));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(asked.await(1, TimeUnit.SECONDS)).as("the queryable got the query").isTrue();
        assertThat(e.getException()).isNull();
        assertThat(e.getMessage().getBody()).isNull();
        assertThat(e.getMessage().getHeader(ZenohConstants.REPLIES, List.class)).isEmpty();
        assertThat(millis).as("timeout=500 honoured").isGreaterThanOrEqualTo(400).isLessThan(5000);
        assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT, Boolean.class))
                .as("the get says it timed out")
                .isTrue();
    }

    @Test
    void repliesSentBeforeTheTimeoutAreKept() throws Exception {
        queryable(
                "svc/never",
                q -> {
                    q.reply("svc/never", utf8("partial"), null, null);
                    unfinished.add(q);
                });
        awaitConnected();

        Exchange e = template.request("direct:never", x -> {});
        assertThat(e.getException()).isNull();
        assertThat(e.getMessage().getBody(String.class)).isEqualTo("partial");
        @SuppressWarnings("unchecked")
        List<ZenohReply> replies = e.getMessage().getHeader(ZenohConstants.REPLIES, List.class);
        assertThat(replies)
                .as("zenoh's own 'Timeout' marker is no reply")
                .hasSize(1)
                .allMatch(ZenohReply::ok);
    }

    /** An exchange reused for a second get that is answered in time does not say it timed out. */
    @Test
    void anExchangeReusedAfterATimeoutDoesNotSayItTimedOutAgain() throws Exception {
        queryable("svc/never", unfinished::add);
        queryable(
                "svc/errors",
                q -> {
                    q.replyError(utf8("late?"), Encoding.ZENOH_STRING);
                    q.finish();
                });
        awaitConnected();
        Exchange e = template.request("direct:never", x -> {});
        assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT, Boolean.class)).isTrue();
        e.setException(null);
        template.send("direct:errors", e);
        assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT))
                .as("the second get was answered in time")
                .isNull();
    }

    @Test
    void anErrorReplyThatSaysTimeoutButCameInTimeIsStillAnError() throws Exception {
        queryable(
                "svc/errors",
                q -> {
                    q.replyError(utf8("Timeout"), Encoding.ZENOH_STRING);
                    q.finish();
                });
        awaitConnected();

        Exchange e = template.request("direct:errors", x -> {});
        assertThat(e.getException()).isInstanceOf(ZenohReplyException.class);
        assertThat(((ZenohReplyException) e.getException()).getReply().payloadAsString())
                .isEqualTo("Timeout");
        assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT)).as("it did not time out").isNull();
    }

    @Test
    void aGetContinuesOnTheExecutorItsExchangeNames() throws Exception {
        answering("svc/named", new AtomicInteger());
        ExecutorService named =
                Executors.newSingleThreadExecutor(r -> new Thread(r, "named-continuation"));
        try {
            Exchange e =
                    template.request(
                            "direct:named", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, named));
            assertThat(e.getException()).isNull();
            assertThat(e.getMessage().getBody(String.class)).isEqualTo("here");
            assertThat(e.getProperty("continuedOn", Thread.class).getName())
                    .isEqualTo("named-continuation");

            // an executor that refuses the task: the producer's own pool continues the exchange
            Executor refusing =
                    task -> {
                        throw new RejectedExecutionException("refused");
                    };
            Exchange r =
                    template.request(
                            "direct:named",
                            x -> x.setProperty(ZenohConstants.GET_EXECUTOR, refusing));
            assertThat(r.getException()).isNull();
            assertThat(r.getMessage().getBody(String.class)).isEqualTo("here");
            assertThat(r.getProperty("continuedOn", Thread.class).getName()).contains("ZenohGet");
        } finally {
            named.shutdownNow();
        }
    }

    /**
     * The executor the exchange names starts the get as well: no query leaves before it runs the
     * start task (on an event loop, the gets of the requests read in one turn then leave together).
     */
    @Test
    void aGetStartsOnTheExecutorItsExchangeNames() throws Exception {
        BlockingQueue<String> asked = new LinkedBlockingQueue<>();
        queryable(
                "svc/named",
                q -> {
                    asked.add(q.keyExpr());
                    q.reply("svc/named", utf8("here"), Encoding.TEXT_PLAIN, null);
                    q.finish();
                });
        awaitConnected();
        BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
        Executor holding = tasks::add;
        Future<Exchange> f =
                template.asyncSend(
                        "direct:named", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, holding));
        Runnable start = tasks.poll(10, TimeUnit.SECONDS);
        assertThat(start).as("the start handed to the exchange's executor").isNotNull();
        assertThat(asked.poll(300, TimeUnit.MILLISECONDS)).as("asked before it ran").isNull();
        start.run();
        assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo("svc/named");
        Runnable rest = tasks.poll(10, TimeUnit.SECONDS);
        assertThat(rest).as("the continuation, on the same executor").isNotNull();
        assertThat(f.isDone()).isFalse();
        rest.run();
        Exchange e = f.get(10, TimeUnit.SECONDS);
        assertThat(e.getException()).isNull();
        assertThat(e.getMessage().getBody(String.class)).isEqualTo("here");
    }

    /**
     * Executors that lose the continuation without a RejectedExecutionException: one that throws
     * something else (an executor not initialised yet) and a Camel pool already shut down (its
     * caller-runs policy then drops the task without a word). The producer's pool continues the
     * exchange instead; a get or livelinessGet never completed before (review).
     */
    private List<Executor> failingExecutors() {
        Executor throwing =
                task -> {
                    throw new IllegalStateException("executor not initialized");
                };
        ExecutorService shutDown =
                context.getExecutorServiceManager().newDefaultThreadPool(this, "shut-down");
        context.getExecutorServiceManager().shutdown(shutDown);
        return List.of(throwing, shutDown);
    }

    @Test
    void aGetWhoseExecutorFailsContinuesOnTheProducersPool() throws Exception {
        answering("svc/named", new AtomicInteger());
        for (Executor failing : failingExecutors()) {
            Exchange e =
                    template.asyncSend(
                                    "direct:named",
                                    x -> x.setProperty(ZenohConstants.GET_EXECUTOR, failing))
                            .get(10, TimeUnit.SECONDS);
            assertThat(e.getException()).isNull();
            assertThat(e.getMessage().getBody(String.class)).isEqualTo("here");
            assertThat(e.getProperty("continuedOn", Thread.class).getName()).contains("ZenohGet");
        }
    }

    @Test
    void aLivelinessGetWhoseExecutorFailsContinuesOnTheProducersPool() throws Exception {
        declared.add(peer.declareLivelinessToken("svc/alive/a"));
        awaitConnected();
        for (Executor failing : failingExecutors()) {
            List<?> alive = List.of();
            for (int i = 0; i < 50 && alive.isEmpty(); i++) {
                Exchange e =
                        template.asyncSend(
                                        "direct:alive",
                                        x -> x.setProperty(ZenohConstants.GET_EXECUTOR, failing))
                                .get(10, TimeUnit.SECONDS);
                assertThat(e.getException()).isNull();
                alive = e.getMessage().getBody(List.class);
            }
            assertThat(alive).hasSize(1);
            assertThat(alive.get(0)).isEqualTo("svc/alive/a");
        }
    }

    @Test
    void getNeverBlocksTheCallingThread() throws Exception {
        queryable("svc/never", unfinished::add);
        awaitConnected();

        // the producer itself: process() must return at once (asynchronously), the callback comes
        // later
        Endpoint endpoint = context.getEndpoint("zenoh:svc/never?operation=get&timeout=3000");
        AsyncProducer producer = endpoint.createAsyncProducer();
        producer.start();
        try {
            Exchange exchange = endpoint.createExchange();
            CountDownLatch done = new CountDownLatch(1);
            AtomicReference<String> doneOn = new AtomicReference<>();
            long t0 = System.nanoTime();
            boolean sync =
                    producer.process(
                            exchange,
                            doneSync -> {
                                doneOn.set(Thread.currentThread().getName());
                                done.countDown();
                            });
            long returnedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertThat(sync).as("get completes asynchronously").isFalse();
            assertThat(returnedAfter).as("a blocking get would take its 3 s").isLessThan(1500);
            assertThat(done.getCount()).as("not completed when process() returned").isEqualTo(1);
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(doneOn.get()).isNotEqualTo(Thread.currentThread().getName());
            assertThat(exchange.getException()).isNull();
        } finally {
            producer.stop();
        }

        // and a whole route (direct → zenoh get): its processor hands back at once as well
        AsyncProcessor route =
                (AsyncProcessor) context.getRoute("neverLong").getConsumer().getProcessor();
        Exchange exchange = context.getEndpoint("direct:neverLong").createExchange();
        exchange.getMessage().setBody("q");
        CountDownLatch done = new CountDownLatch(1);
        long t0 = System.nanoTime();
        boolean sync = route.process(exchange, doneSync -> done.countDown());
        assertThat(sync).isFalse();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(1500);
        assertThat(done.getCount()).isEqualTo(1);
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(exchange.getException()).isNull();
        assertThat(exchange.getMessage().getHeader(ZenohConstants.REPLIES, List.class)).isEmpty();

        // the template's async API returns its future before the query is over
        Future<Exchange> f =
                template.asyncSend("direct:neverLong", x -> x.getMessage().setBody("q"));
        assertThat(f.isDone()).isFalse();
        assertThat(f.get(10, TimeUnit.SECONDS).getException()).isNull();
    }

    /**
     * A get the binding refuses completes its listener and then throws, both inside the call: the
     * exchange fails with that exception and completes once (it completed a second time, on the
     * producer's pool, with the failure still set: onCompletion ran twice).
     */
    @Test
    void aGetTheBindingRefusesCompletesTheExchangeOnce() throws Exception {
        Exchange e =
                template.send(
                        "direct:refused",
                        x ->
                                x.getMessage()
                                        .setHeader(ZenohConstants.SELECTOR_PARAMETERS, "a=\uD800"));
        assertThat(e.getException()).hasMessageContaining("surrogate");
        String deep = "svc/" + "c/".repeat(1100) + "end";
        e =
                template.send(
                        "direct:refused",
                        x -> x.getMessage().setHeader(ZenohConstants.OVERRIDE_KEY_EXPR, deep));
        assertThat(e.getException()).hasMessageContaining("1024");
        // started on an executor the exchange names, the refusal fails the exchange there
        ExecutorService named = Executors.newSingleThreadExecutor();
        try {
            e =
                    template.send(
                            "direct:refused",
                            x -> {
                                x.setProperty(ZenohConstants.GET_EXECUTOR, named);
                                x.getMessage()
                                        .setHeader(ZenohConstants.SELECTOR_PARAMETERS, "b=\uDC00");
                            });
        } finally {
            named.shutdown();
        }
        assertThat(e.getException()).hasMessageContaining("surrogate");
        // a second completion went to the producer's pool at once: give it time to show
        Thread.sleep(500);
        assertThat(afterRefusedGet.get()).isZero();
        assertThat(refusedCompletions.get()).isEqualTo(3);
        assertThat(endpointOf("zenoh:svc/refused?operation=get&timeout=300").failed.sum())
                .isEqualTo(3);
    }

    /**
     * A queryable of the route's own session answers inside the get call, and the get completes
     * there too: that completion is held until the call returns, then continues the exchange once.
     */
    @Test
    void aGetAnsweredInsideTheCallCompletesOnce() throws Exception {
        Queryable q =
                endpointOf("zenoh:svc/local?operation=get")
                        .session()
                        .declareQueryable(
                                "svc/local",
                                QueryableOptions.DEFAULT,
                                query -> {
                                    query.reply("svc/local", utf8("here"), null, null);
                                    query.finish();
                                });
        declared.add(q);
        for (int i = 1; i <= 3; i++) {
            Exchange e = template.request("direct:local", x -> x.getMessage().setBody(null));
            assertThat(e.getException()).isNull();
            assertThat(e.getMessage().getBody(String.class)).isEqualTo("here");
        }
        Thread.sleep(300);
        assertThat(localCompletions.get()).isEqualTo(3);
    }

    /**
     * A queryable's own "Timeout" error answered at once is an error reply, also when the start
     * waited 960 ms on the executor (of a 1000 ms timeout): the marker window counts from the start
     * (it counted from process(), and took the reply for zenoh's timeout).
     */
    @Test
    void theTimeoutWindowCountsFromWhenTheGetIsSent() throws Exception {
        queryable(
                "svc/tw",
                q -> {
                    q.replyError(utf8("Timeout"), Encoding.ZENOH_STRING);
                    q.finish();
                });
        awaitConnected();
        Exchange control = template.request("direct:tw", x -> {});
        assertThat(control.getException()).isInstanceOf(ZenohReplyException.class);

        ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger n = new AtomicInteger();
        // a busy event loop: the start task waits 960 ms behind other work, then runs
        Executor busy =
                task -> {
                    if (n.getAndIncrement() == 0) {
                        loop.schedule(task, 960, TimeUnit.MILLISECONDS);
                    } else {
                        loop.execute(task);
                    }
                };
        try {
            Exchange e =
                    template.request(
                            "direct:tw", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, busy));
            assertThat(e.getException())
                    .as("the queryable answered 'Timeout' at once, well inside the 1000 ms")
                    .isInstanceOf(ZenohReplyException.class);
            assertThat(e.getProperty(ZenohConstants.GET_TIMED_OUT)).isNull();
        } finally {
            loop.shutdownNow();
        }
    }

    /**
     * The start handed over, the route stopped (forced) and restarted, then the start runs: its
     * producer is stopped (the restarted route has a new one), so it fails saying so, as the gets
     * that stop ended in flight do, and sends nothing (it once sent with the stopped producer's
     * closed querier: ClosedException; then through the session, where with nobody answering it
     * waited for its timeout). The restarted route itself answers.
     */
    @Test
    void aStartRunAfterItsProducerStoppedFailsSayingSo() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        answering("svc/stale", asked);
        BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
        Executor holding = tasks::add;
        Future<Exchange> f =
                template.asyncSend(
                        "direct:stale", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, holding));
        Runnable start = tasks.poll(10, TimeUnit.SECONDS);
        assertThat(start).isNotNull();
        context.getRouteController().stopRoute("stale", 1, TimeUnit.SECONDS);
        context.getRouteController().startRoute("stale");
        awaitConnected();
        // the route and its producer run again
        Exchange ok = template.request("direct:stale", x -> {});
        assertThat(ok.getException()).isNull();
        int answered = asked.get();
        start.run();
        Runnable rest = tasks.poll(3, TimeUnit.SECONDS);
        if (rest != null) {
            rest.run();
        }
        Exchange e = f.get(10, TimeUnit.SECONDS);
        assertThat(e.getException())
                .as("the start of a stopped producer")
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("zenoh get on 'svc/stale' was not sent: its producer is stopped");
        assertThat(asked.get()).as("queries sent by the stale start").isEqualTo(answered);
    }

    /**
     * An executor that queues the task and then throws (a hook failing after the hand-over): the
     * query is sent once and the exchange completes once (it was sent twice, completed four times).
     */
    @Test
    void anExecutorThatThrowsAfterTakingTheTaskRunsItOnce() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        answering("svc/twice", asked);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Executor leaky =
                task -> {
                    pool.execute(task);
                    throw new IllegalStateException("hook failed after hand-over");
                };
        try {
            Exchange e =
                    template.request(
                            "direct:twice", x -> x.setProperty(ZenohConstants.GET_EXECUTOR, leaky));
            Thread.sleep(1000);
            assertThat(twiceCompletions.get()).as("onCompletion runs").isEqualTo(1);
            assertThat(asked.get()).as("queries sent").isEqualTo(1);
            assertThat(afterTwice.get()).as("route continued").isEqualTo(1);
        } finally {
            pool.shutdown();
        }
    }

    private ZenohEndpoint endpointOf(String uri) {
        return context.getEndpoint(uri, ZenohEndpoint.class);
    }
}
