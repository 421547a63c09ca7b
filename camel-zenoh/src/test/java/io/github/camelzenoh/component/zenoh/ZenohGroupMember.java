/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Mode;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * One consumer-group member in its own JVM, for {@link ZenohGroupReliabilityIT}: a zenoh client of
 * the router given, a route on {@code <prefix>/**} in group {@code <group>} printing {@code P <key>
 * <seq>} for each sample it processes, {@code MEMBERS <n>} when the membership it sees changes
 * (after {@code HANDOVER true|false} when whether it is in a hand-over changes), {@code READY} once
 * started; when stdin closes, {@code STATS replayed=.. overflow=..} and it exits.
 *
 * <p>Arguments: router endpoint, group, key prefix, groupReplayMillis, and optionally {@code
 * await-join}: print {@code WAITING} once the JVM is up and start the route on a line {@code join}.
 */
public final class ZenohGroupMember {

    private ZenohGroupMember() {}

    public static void main(String[] args) throws Exception {
        PrintStream out =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        CamelContext context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        ZenohConfiguration c = zenoh.getConfiguration();
        c.setMode(Mode.CLIENT);
        c.setConnect(args[0]);
        c.setMulticastScouting(false);
        context.addComponent("zenoh", zenoh);
        String uri = "zenoh:" + args[2] + "/**?group=" + args[1] + "&groupReplayMillis=" + args[3];
        int cut = args[2].length() + 2; // "<prefix>/k"
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from(uri)
                                .routeId("member")
                                .process(
                                        e -> {
                                            String key =
                                                    e.getIn()
                                                            .getHeader(
                                                                    ZenohConstants.KEY_EXPR,
                                                                    String.class);
                                            String line =
                                                    "P "
                                                            + key.substring(cut)
                                                            + " "
                                                            + e.getIn().getBody(String.class);
                                            out.println(line);
                                        });
                    }
                });
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (args.length > 4 && args[4].equals("await-join")) {
            out.println("WAITING");
            for (String line; (line = in.readLine()) != null && !line.equals("join"); ) {
                // the JVM is up; it joins the group when told
            }
        }
        context.start();
        ZenohConsumer consumer = (ZenohConsumer) context.getRoute("member").getConsumer();
        ZenohEndpoint endpoint = consumer.getEndpoint();
        out.println("READY");
        Thread watcher =
                new Thread(
                        () -> {
                            int seen = -1;
                            Boolean handingOver = null;
                            while (!Thread.currentThread().isInterrupted()) {
                                int n = consumer.group().members();
                                boolean h = consumer.group().handingOver();
                                if (!Boolean.valueOf(h).equals(handingOver)) {
                                    out.println("HANDOVER " + h);
                                    handingOver = h;
                                }
                                if (n != seen) {
                                    out.println("MEMBERS " + n);
                                    seen = n;
                                }
                                try {
                                    Thread.sleep(20);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "members-watcher");
        watcher.setDaemon(true);
        watcher.start();
        try {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.equals("stats")) {
                    out.println(
                            "STATS replayed="
                                    + endpoint.groupReplayed.sum()
                                    + " overflow="
                                    + endpoint.groupOverflow.sum()
                                    + " received="
                                    + endpoint.received.sum()
                                    + " dropped="
                                    + endpoint.dropped.sum());
                }
            }
        } catch (IOException e) {
            // the test ended: stop as on a closed stdin
        }
        watcher.interrupt();
        context.stop();
        out.println("END");
        System.exit(0);
    }
}
