/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.CamelContext;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultConsumer;
import org.apache.camel.support.DefaultEndpoint;
import org.apache.camel.support.DefaultProducer;

/**
 * The Java peers of the bench kinds that measure Camel's own floor and the batch options: {@code
 * BatchPeer camel-floor|camel-floor-pub|camel-batch sub} and {@code BatchPeer camel-batch-pub pub},
 * speaking the line protocol of {@link JavaPeer}.
 *
 * <ul>
 *   <li>camel-floor: Camel's minimal consumer loop, no zenoh — a consumer that creates an exchange,
 *       sets a byte[] body and one header, calls the route's processor and releases the exchange,
 *       on one thread; the route is the Camel subscriber's ({@code process(count)}).
 *   <li>camel-floor-pub: the Camel publisher's path into a producer that does nothing, fed like the
 *       Camel publisher ({@code ProducerTemplate.sendBody} in a loop); measured in its own process.
 *   <li>camel-batch: the Camel subscriber with {@code batchSize=}{@value #BATCH}: the route counts
 *       each batch's samples.
 *   <li>camel-batch-pub: the Camel publisher with {@code batch=true}, fed lists of {@value #BATCH}
 *       payloads.
 * </ul>
 */
public final class BatchPeer {

    static final int BATCH = 1000;

    private BatchPeer() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw Out.fail("usage: BatchPeer <kind> sub|pub [--option value]...");
        }
        Out.exitWhenStdinCloses();
        Opts o = Opts.parse(args, 2);
        try {
            switch (args[0] + " " + args[1]) {
                case "camel-floor sub" -> floorSub(o);
                case "camel-floor-pub sub" -> floorPub(o);
                case "camel-batch sub" -> batchSub(o);
                case "camel-batch-pub pub" -> batchPub(o);
                default -> throw Out.fail("unknown peer " + args[0] + " " + args[1]);
            }
        } catch (Exception | Error e) {
            e.printStackTrace();
            throw Out.fail(e.toString());
        }
        Runtime.getRuntime().halt(0);
    }

    static void floorSub(Opts o) throws Exception {
        CamelContext ctx = JavaPeer.camel(o);
        ctx.addComponent("floor", new FloorComponent(Out.payload((int) o.num("size", 8))));
        AtomicLong n = new AtomicLong();
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("floor:bench/thr").routeId("count").process(e -> n.incrementAndGet());
                    }
                });
        ctx.start();
        Out.say("READY");
        Measure.subscriber(n::get, o, ctx::close);
    }

    static void floorPub(Opts o) throws Exception {
        CamelContext ctx = JavaPeer.camel(o);
        AtomicLong n = new AtomicLong();
        ctx.addComponent("floor", new FloorComponent(null, n));
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:pub").routeId("publish").to("floor:bench/thr");
                    }
                });
        ctx.start();
        ProducerTemplate t = ctx.createProducerTemplate();
        Endpoint in = ctx.getEndpoint("direct:pub");
        byte[] data = Out.payload((int) o.num("size", 8));
        Thread feeder =
                new Thread(
                        () -> {
                            for (; ; ) {
                                t.sendBody(in, data);
                            }
                        },
                        "feeder");
        feeder.setDaemon(true);
        Out.say("READY");
        feeder.start();
        Measure.subscriber(n::get, o, () -> {});
    }

    static void batchSub(Opts o) throws Exception {
        CamelContext ctx = JavaPeer.camel(o);
        AtomicLong n = new AtomicLong();
        String key = o.str("key", "bench/thr");
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:" + key + "?batchSize=" + BATCH)
                                .routeId("count")
                                .process(e -> n.addAndGet(e.getIn().getBody(List.class).size()));
                    }
                });
        ctx.start();
        Out.say("READY");
        Measure.subscriber(n::get, o, ctx::close);
    }

    static void batchPub(Opts o) throws Exception {
        CamelContext ctx = JavaPeer.camel(o);
        String key = o.str("key", "bench/thr");
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:pub")
                                .routeId("publish")
                                .to("zenoh:" + key + "?congestionControl=block&batch=true");
                    }
                });
        ctx.start();
        ProducerTemplate t = ctx.createProducerTemplate();
        Endpoint in = ctx.getEndpoint("direct:pub");
        List<byte[]> batch = Collections.nCopies(BATCH, Out.payload((int) o.num("size", 8)));
        Out.say("READY");
        for (; ; ) {
            t.sendBody(in, batch);
        }
    }

    /**
     * {@code floor:x}: as a consumer, the minimal loop (one thread); as a producer, counts and does
     * nothing else.
     */
    static final class FloorComponent extends DefaultComponent {
        private final byte[] body;
        private final AtomicLong produced;

        FloorComponent(byte[] body) {
            this(body, new AtomicLong());
        }

        FloorComponent(byte[] body, AtomicLong produced) {
            this.body = body;
            this.produced = produced;
        }

        @Override
        protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> p) {
            return new FloorEndpoint(uri, this, remaining);
        }
    }

    static final class FloorEndpoint extends DefaultEndpoint {
        private final String key;

        FloorEndpoint(String uri, FloorComponent component, String key) {
            super(uri, component);
            this.key = key;
        }

        @Override
        public FloorComponent getComponent() {
            return (FloorComponent) super.getComponent();
        }

        @Override
        public Producer createProducer() {
            AtomicLong n = getComponent().produced;
            return new DefaultProducer(this) {
                @Override
                public void process(Exchange exchange) {
                    n.incrementAndGet();
                }
            };
        }

        @Override
        public Consumer createConsumer(Processor processor) {
            return new FloorConsumer(this, processor);
        }
    }

    static final class FloorConsumer extends DefaultConsumer {
        private volatile boolean running;

        FloorConsumer(FloorEndpoint endpoint, Processor processor) {
            super(endpoint, processor);
        }

        @Override
        protected void doStart() throws Exception {
            super.doStart();
            running = true;
            FloorEndpoint ep = (FloorEndpoint) getEndpoint();
            byte[] body = ep.getComponent().body;
            Thread loop =
                    new Thread(
                            () -> {
                                while (running) {
                                    Exchange e = createExchange(false);
                                    try {
                                        e.getIn().setBody(body);
                                        e.getIn().setHeader("CamelZenohKeyExpr", ep.key);
                                        getProcessor().process(e);
                                    } catch (Exception x) {
                                        e.setException(x);
                                    }
                                    releaseExchange(e, false);
                                }
                            },
                            "floor-consumer");
            loop.setDaemon(true);
            loop.start();
        }

        @Override
        protected void doStop() throws Exception {
            running = false;
            super.doStop();
        }
    }
}
