/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import io.github.camelzenoh.component.zenoh.ZenohComponent;
import io.github.camelzenoh.component.zenoh.ZenohConfiguration;
import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.Subscriber;
import io.github.camelzenoh.zenoh.SubscriberOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PropertyBindingSupport;

/**
 * The Java peers of the benchmark, on our binding or as Camel routes: {@code JavaPeer binding|camel
 * sub|pub|ping|pong --option value ...}, speaking the same line protocol and shaped like the Rust
 * peers in bench/rust (z_sub_thr, z_pub_thr, z_ping, z_pong).
 */
public final class JavaPeer {

    static final String PING = "bench/ping";
    static final String PONG = "bench/pong";

    /**
     * Declarations a peer must keep reachable while it runs (a handle's Cleaner would close them).
     */
    private static final java.util.List<Object> KEEP =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    private JavaPeer() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw Out.fail("usage: JavaPeer binding|camel sub|pub|ping|pong [--option value]...");
        }
        Out.exitWhenStdinCloses();
        Opts o = Opts.parse(args, 2);
        try {
            switch (args[0] + " " + args[1]) {
                case "binding sub" -> bindingSub(o);
                case "binding pub" -> bindingPub(o);
                case "binding ping" -> bindingPing(o);
                case "binding pong" -> bindingPong(o);
                case "camel sub" -> camelSub(o);
                case "camel pub" -> camelPub(o);
                case "camel ping" -> camelPing(o);
                case "camel pong" -> camelPong(o);
                default -> throw Out.fail("unknown peer " + args[0] + " " + args[1]);
            }
        } catch (Exception | Error e) {
            e.printStackTrace();
            throw Out.fail(e.toString());
        }
        Runtime.getRuntime().halt(0);
    }

    // ---- our binding ------------------------------------------------------------------------

    /** A loopback peer, multicast scouting off, listening only where told. */
    static SessionConfig sessionConfig(Opts o) {
        SessionConfig c = SessionConfig.loopbackPeer();
        String listen = o.str("listen", null);
        String connect = o.str("connect", null);
        c = listen != null ? c.withListen(listen) : c.withOverride("listen/endpoints", "[]");
        return connect != null ? c.withConnect(connect) : c;
    }

    static PublisherOptions blocking(boolean express) {
        return PublisherOptions.DEFAULT.withQos(
                Qos.DEFAULT.withCongestionControl(CongestionControl.BLOCK).withExpress(express));
    }

    static void bindingSub(Opts o) throws Exception {
        Session s = Session.open(sessionConfig(o));
        AtomicLong n = new AtomicLong();
        Subscriber sub =
                s.declareSubscriber(
                        o.str("key", "bench/thr"),
                        SubscriberOptions.DEFAULT,
                        sample -> n.incrementAndGet());
        Out.say("READY");
        Measure.subscriber(
                n::get,
                o,
                () -> {
                    sub.close();
                    s.close();
                });
    }

    static void bindingPub(Opts o) {
        Session s = Session.open(sessionConfig(o));
        Publisher p = s.declarePublisher(o.str("key", "bench/thr"), blocking(false));
        KEEP.add(s);
        byte[] data = Out.payload((int) o.num("size", 8));
        AtomicLong puts = Measure.reportPuts(o);
        Out.say("READY");
        for (long n = 1; ; n++) {
            p.put(data);
            puts.setOpaque(n);
        }
    }

    static void bindingPing(Opts o) throws Exception {
        Session s = Session.open(sessionConfig(o));
        KEEP.add(s);
        BlockingQueue<Sample> echoes = new ArrayBlockingQueue<>(1024);
        KEEP.add(s.declareSubscriber(PONG, SubscriberOptions.DEFAULT, echoes::offer));
        Publisher p = s.declarePublisher(PING, blocking(true));
        KEEP.add(p);
        byte[] data = Out.payload((int) o.num("size", 8));
        Out.say("READY");
        Measure.ping(o, () -> p.put(data), ms -> echoes.poll(ms, TimeUnit.MILLISECONDS) != null);
    }

    static void bindingPong(Opts o) {
        Session s = Session.open(sessionConfig(o));
        KEEP.add(s);
        Publisher p = s.declarePublisher(PONG, blocking(true));
        KEEP.add(p);
        KEEP.add(
                s.declareSubscriber(
                        PING, SubscriberOptions.DEFAULT, sample -> p.put(sample.payload())));
        Out.say("READY");
        parkForever();
    }

    // ---- Camel routes -----------------------------------------------------------------------

    /**
     * A Camel context whose zenoh component makes the same loopback peer as {@link #sessionConfig}.
     */
    static CamelContext camel(Opts o) {
        CamelContext ctx = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        ZenohConfiguration c = zenoh.getConfiguration();
        // by name, converted by Camel: the same code runs on --before revisions whose mode option
        // was a String
        PropertyBindingSupport.build().bind(ctx, c, "mode", "peer");
        c.setMulticastScouting(false);
        String listen = o.str("listen", null);
        if (listen != null) {
            c.setListen(listen);
        } else {
            c.setConfig("{listen: {endpoints: []}}");
        }
        c.setConnect(o.str("connect", null));
        ctx.addComponent("zenoh", zenoh);
        KEEP.add(ctx);
        return ctx;
    }

    static void camelSub(Opts o) throws Exception {
        CamelContext ctx = camel(o);
        AtomicLong n = new AtomicLong();
        String key = o.str("key", "bench/thr");
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:" + key).routeId("count").process(e -> n.incrementAndGet());
                    }
                });
        ctx.start();
        Out.say("READY");
        Measure.subscriber(n::get, o, ctx::close);
    }

    static void camelPub(Opts o) throws Exception {
        CamelContext ctx = camel(o);
        String key = o.str("key", "bench/thr");
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:pub")
                                .routeId("publish")
                                .to("zenoh:" + key + "?congestionControl=block");
                    }
                });
        ctx.start();
        ProducerTemplate t = ctx.createProducerTemplate();
        Endpoint in = ctx.getEndpoint("direct:pub");
        byte[] data = Out.payload((int) o.num("size", 8));
        AtomicLong puts = Measure.reportPuts(o);
        Out.say("READY");
        for (long n = 1; ; n++) {
            t.sendBody(in, data);
            puts.setOpaque(n);
        }
    }

    /**
     * The ping as a Camel route, the way one is written in Camel: each echo arriving on {@code
     * from("zenoh:bench/pong")} is timed, and the same route sends the next ping with {@code
     * to("zenoh:bench/ping")} — the route thread plays z_ping's main thread. The main thread only
     * sends the first ping (and the handshake pings until the pong answers).
     */
    static void camelPing(Opts o) throws Exception {
        if (o.num("rate", 0) > 0) {
            camelPingAtRate(o);
            return;
        }
        CamelContext ctx = camel(o);
        long warmup = o.num("warmup", 1000);
        long samples = o.num("samples", 10000);
        PingLoop loop = new PingLoop(warmup + samples);
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:ping")
                                .routeId("first-ping")
                                .to("zenoh:" + PING + "?congestionControl=block&express=true");
                        from("zenoh:" + PONG + spin(o))
                                .routeId("ping")
                                .filter(e -> loop.echo())
                                .process(e -> loop.sent())
                                .to("zenoh:" + PING + "?congestionControl=block&express=true");
                    }
                });
        ctx.start();
        ProducerTemplate t = ctx.createProducerTemplate();
        Endpoint first = ctx.getEndpoint("direct:ping");
        byte[] data = Out.payload((int) o.num("size", 8));
        Out.say("READY");
        // handshake: until the pong's subscriber is known here, pings go nowhere
        long deadline = System.nanoTime() + o.num("timeout-s", 30) * 1_000_000_000L;
        do {
            if (System.nanoTime() > deadline) {
                throw Out.fail("no pong");
            }
            t.sendBody(first, data);
        } while (!loop.handshake.await(100, TimeUnit.MILLISECONDS));
        Out.sleep(200); // late handshake echoes arrive and are ignored
        loop.start();
        t.sendBody(first, data);
        if (!loop.done.await(5 + samples / 100, TimeUnit.SECONDS)) {
            throw Out.fail("pong lost");
        }
        List<String> rtts = new ArrayList<>();
        for (long i = warmup; i < loop.rtts.length; i++) {
            rtts.add(Long.toString(loop.rtts[(int) i]));
        }
        Out.say("RTT_NS " + String.join(",", rtts));
        Out.say("DONE");
        ctx.close();
    }

    /**
     * The ping at a rate ({@code --rate N} pings per second): the main thread sends each ping
     * through a Camel producer ({@code direct:ping} to {@code zenoh:bench/ping}) when it is due and
     * waits for the echo, which a {@code from("zenoh:bench/pong")} route hands over, as z_ping's
     * main thread waits for its subscriber's channel.
     */
    static void camelPingAtRate(Opts o) throws Exception {
        CamelContext ctx = camel(o);
        BlockingQueue<Boolean> echoes = new ArrayBlockingQueue<>(1024);
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("direct:ping")
                                .routeId("ping")
                                .to("zenoh:" + PING + "?congestionControl=block&express=true");
                        from("zenoh:" + PONG + spin(o))
                                .routeId("echo")
                                .process(e -> echoes.offer(Boolean.TRUE));
                    }
                });
        ctx.start();
        ProducerTemplate t = ctx.createProducerTemplate();
        Endpoint ping = ctx.getEndpoint("direct:ping");
        byte[] data = Out.payload((int) o.num("size", 8));
        Out.say("READY");
        Measure.ping(
                o,
                () -> t.sendBody(ping, data),
                ms -> echoes.poll(ms, TimeUnit.MILLISECONDS) != null);
        ctx.close();
    }

    /**
     * The state of the Camel ping route: the time of the ping in flight and the round trips so far.
     */
    static final class PingLoop {
        final CountDownLatch handshake = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        final long[] rtts;
        private volatile boolean looping;
        private long sentAt;
        private int n;

        PingLoop(long total) {
            rtts = new long[(int) total];
        }

        void start() {
            sentAt = System.nanoTime();
            looping = true;
        }

        /** An echo: true when the route is to send the next ping. */
        boolean echo() {
            long now = System.nanoTime();
            if (!looping) {
                handshake.countDown();
                return false;
            }
            rtts[n++] = now - sentAt;
            if (n == rtts.length) {
                looping = false;
                done.countDown();
                return false;
            }
            return true;
        }

        void sent() {
            sentAt = System.nanoTime();
        }
    }

    /**
     * {@code --idle-spin-micros N}: the consumer option idleSpinMicros (kind camel-spin of the
     * suite).
     */
    private static String spin(Opts o) {
        long micros = o.num("idle-spin-micros", 0);
        return micros > 0 ? "?idleSpinMicros=" + micros : "";
    }

    static void camelPong(Opts o) throws Exception {
        CamelContext ctx = camel(o);
        ctx.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:" + PING + spin(o))
                                .routeId("pong")
                                .to("zenoh:" + PONG + "?congestionControl=block&express=true");
                    }
                });
        ctx.start();
        Out.say("READY");
        parkForever();
    }

    private static void parkForever() {
        for (; ; ) {
            LockSupport.park();
        }
    }
}
