/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.http;

import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import io.github.camelzenoh.zenoh.ZenohException;
import java.util.Arrays;
import java.util.List;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;
import org.apache.camel.spi.CamelEvent;
import org.apache.camel.support.SimpleEventNotifierSupport;
import org.apache.camel.support.service.ServiceSupport;

/**
 * Opens the bridge's zenoh session from the {@code zenoh.*} properties and binds it as {@code
 * zenohSession}: the zenoh endpoints use it (option session=#zenohSession, a session the
 * application manages), and so do server-sent-event streams, which subscribe per HTTP request.
 */
public class BridgeConfiguration implements CamelConfiguration {

    @PropertyInject(value = "zenoh.mode", defaultValue = "peer")
    private String mode;

    @PropertyInject(value = "zenoh.connect", defaultValue = "")
    private String connect;

    @PropertyInject(value = "zenoh.listen", defaultValue = "")
    private String listen;

    @PropertyInject(value = "zenoh.configFile", defaultValue = "")
    private String configFile;

    @PropertyInject(value = "zenoh.multicastScouting", defaultValue = "false")
    private boolean multicastScouting;

    @PropertyInject(value = "http.idleTimeout", defaultValue = "60000")
    private int idleTimeout;

    @PropertyInject(value = "http.port", defaultValue = "8000")
    private int httpPort;

    @PropertyInject(value = "http.managementPort", defaultValue = "9876")
    private int managementPort;

    private Session session;

    private BridgeVertx vertx;

    /**
     * The Vert.x of platform-http's server (found in the registry by type), whose HTTP server
     * closes connections idle for {@code http.idleTimeout} ms; closed when Camel has stopped. Made
     * once: Camel Main asks a configuration class's bean methods more than once, and each call made
     * a Vert.x of its own (threads and a stop listener that every exchange event passes).
     */
    @BindToRegistry("bridgeVertx")
    public synchronized BridgeVertx bridgeVertx(CamelContext context) throws Exception {
        if (vertx != null) {
            return vertx;
        }
        BridgeVertx vertx = new BridgeVertx(idleTimeout);
        this.vertx = vertx;
        context.getManagementStrategy()
                .addEventNotifier(
                        new SimpleEventNotifierSupport() {
                            @Override
                            public void notify(CamelEvent event) {
                                if (event instanceof CamelEvent.CamelContextStoppedEvent) {
                                    vertx.close();
                                }
                            }
                        });
        return vertx;
    }

    @BindToRegistry("zenohSession")
    public synchronized Session zenohSession(CamelContext context) throws Exception {
        if (session != null) {
            return session;
        }
        SessionConfig config =
                SessionConfig.DEFAULT
                        .withMode(mode)
                        .withConnect(list(connect))
                        .withListen(list(listen))
                        .withMulticastScouting(multicastScouting)
                        .withConfigFile(configFile.isBlank() ? null : configFile);
        session = open(config);
        Session opened = session;
        // the application owns this session: close it when Camel stops
        context.addService(
                new ServiceSupport() {
                    @Override
                    protected void doStop() {
                        opened.close();
                    }
                },
                true,
                true);
        return session;
    }

    /**
     * Opens the session; a listen endpoint in use fails naming the option that moves it (zenoh's
     * own message names only the address).
     */
    private Session open(SessionConfig config) {
        try {
            return Session.open(config);
        } catch (ZenohException e) {
            if (!listen.isBlank() && String.valueOf(e.getMessage()).contains("in use")) {
                throw new IllegalStateException(
                        "The bridge's zenoh session cannot listen on "
                                + listen
                                + ": is the port in use? Choose another with --zenoh.listen",
                        e);
            }
            throw e;
        }
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * Refuses option values the bridge cannot use ({@link BridgeOptionValues}), and a management
     * port equal to the API's: Camel's /observe and /q paths would then hide the zenoh keys under
     * them again.
     */
    @Override
    public void configure(CamelContext camelContext) {
        BridgeOptionValues.check(camelContext);
        // equal ports, 0 included: Camel then serves management on the API's server
        if (managementPort == httpPort) {
            throw new IllegalArgumentException(
                    "--http.managementPort ("
                            + managementPort
                            + ") must differ from --http.port: on one port Camel's /observe and /q"
                            + " paths would answer instead of the zenoh keys under them");
        }
    }
}
