/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Mode;
import java.io.IOException;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterEventListener;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * One member of {@link ZenohClusterServiceIT}, in its own JVM: a client of the router at {@code
 * args[0]} (an endpoint), member id {@code args[1]}, namespace {@code args[2]}, transport lease
 * {@code args[3]} ms. Its {@code master:} route publishes its id on {@code args[4]} every 50 ms
 * while it leads. Prints READY once started, {@code LEADS <epoch ms>} when elected; stops when
 * stdin closes (or dies with SIGKILL).
 */
public final class ClusterMemberMain {

    private ClusterMemberMain() {}

    public static void main(String[] args) throws Exception {
        String router = args[0];
        String id = args[1];
        String ns = args[2];
        String lease = args[3];
        String ticks = args[4];
        CamelContext context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setMode(Mode.CLIENT);
        zenoh.getConfiguration().setConnect(router);
        zenoh.getConfiguration().setMulticastScouting(false);
        zenoh.getConfiguration()
                .setConfig("{transport:{link:{tx:{lease:" + lease + ",keep_alive:4}}}}");
        context.addComponent("zenoh", zenoh);
        // no session settings of its own: the service shares the component's session
        ZenohClusterService cluster = new ZenohClusterService();
        cluster.setId(id);
        context.addService(cluster);
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("master:" + ns + ":timer:tick?period=50&delay=0")
                                .routeId("lead")
                                .setBody(constant(id))
                                .to("zenoh:" + ticks);
                    }
                });
        context.start();
        // when this member is elected (wall clock, comparable across the JVMs of one host)
        cluster.getView(ns)
                .addEventListener(
                        (CamelClusterEventListener.Leadership)
                                (view, leader) -> {
                                    if (leader != null && leader.isLocal()) {
                                        System.out.println("LEADS " + System.currentTimeMillis());
                                        System.out.flush();
                                    }
                                });
        System.out.println("READY");
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // until the test closes stdin
            }
        } catch (IOException ignored) {
            // the test went away
        }
        context.stop();
        System.exit(0);
    }
}
