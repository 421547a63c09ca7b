/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Session;
import java.util.List;
import java.util.Map;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.util.URISupport;

/**
 * The {@code zenoh:} component. Its configuration holds defaults for every endpoint option (so
 * {@code camel.component.zenoh.connect=tcp/...} applies to all endpoints); it owns the shared
 * sessions and closes them when it stops.
 */
@Component("zenoh")
public class ZenohComponent extends HealthCheckComponent {

    static {
        // the secret option config (passwords, keys) masked wherever Camel itself quotes a URI
        // (endpoint resolution failures, sanitized URIs in JMX, consoles and route dumps), as
        // Camel masks its own list of secret option names: process-wide, as that list is
        URISupport.addSanitizeKeywords("config");
    }

    @Metadata(
            description =
                    "Default options for every zenoh endpoint (each endpoint works on a copy).")
    private ZenohConfiguration configuration = new ZenohConfiguration();

    @Metadata(
            label = "advanced",
            description =
                    "Which of zenoh's own log events reach the application's logging (SLF4J loggers"
                            + " named zenoh. then the Rust module with dots, e.g."
                            + " zenoh.zenoh.net.runtime.orchestrator),"
                            + " in RUST_LOG syntax: a level (error, warn, info, debug, trace), off, or"
                            + " per-module directives such as warn,zenoh_transport=debug. Unset: the"
                            + " RUST_LOG environment variable, else warn. Process-wide: the component"
                            + " started last sets it for the whole JVM.")
    private String zenohLogFilter;

    private final ZenohSessions sessions = new ZenohSessions();

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ZenohLogBridge.configure(zenohLogFilter);
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters)
            throws Exception {
        ZenohEndpoint endpoint = new ZenohEndpoint(uri, this, configuration.copy());
        ZenohOptions.checkUriValues(parameters);
        setProperties(endpoint, parameters);
        endpoint.init(remaining);
        return endpoint;
    }

    @Override
    protected void doStop() throws Exception {
        sessions.closeAll();
        super.doStop();
    }

    ZenohSessions sessions() {
        return sessions;
    }

    /**
     * The zenoh sessions this component has open now, one per distinct session configuration its
     * endpoints use; a session given through the {@code session} option (or autowired from the
     * registry) is the user's and not listed. For tests and tools that need to ask what the routes'
     * sessions know (the JUnit extension waits on them). The component owns them: do not close
     * them.
     */
    public List<Session> openSessions() {
        return sessions.snapshot().stream()
                .map(ZenohSessions.Info::session)
                .filter(s -> !s.isClosed())
                .toList();
    }

    public String getZenohLogFilter() {
        return zenohLogFilter;
    }

    public void setZenohLogFilter(String zenohLogFilter) {
        this.zenohLogFilter = zenohLogFilter;
    }

    public ZenohConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ZenohConfiguration configuration) {
        this.configuration = configuration;
    }
}
