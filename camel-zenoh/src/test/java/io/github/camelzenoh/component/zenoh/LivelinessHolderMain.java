/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Run in a forked JVM by {@link ZenohLivelinessRouteTest}: a Camel route whose consumer holds a
 * liveliness token ({@code args[1]}), connected to {@code args[0]}; prints READY once started, then
 * waits to be killed.
 */
public final class LivelinessHolderMain {

    private LivelinessHolderMain() {}

    public static void main(String[] args) throws Exception {
        String connect = args[0];
        String token = args[1];
        DefaultCamelContext context = new DefaultCamelContext();
        ZenohComponent zenoh = new ZenohComponent();
        zenoh.getConfiguration().setConnect(connect);
        zenoh.getConfiguration().setListen("tcp/127.0.0.1:0");
        zenoh.getConfiguration().setMulticastScouting(false);
        context.addComponent("zenoh", zenoh);
        context.addRoutes(
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("zenoh:lv/forked/in?livelinessKey=" + token).to("log:forked");
                    }
                });
        context.start();
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
