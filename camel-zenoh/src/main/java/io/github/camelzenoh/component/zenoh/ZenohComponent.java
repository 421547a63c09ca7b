/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Session;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.camel.Endpoint;
import org.apache.camel.ExtendedCamelContext;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;

/**
 * The {@code zenoh:} component. Its configuration holds defaults for every endpoint option (so
 * {@code camel.component.zenoh.connect=tcp/...} applies to all endpoints); it owns the shared
 * sessions and closes them when it stops.
 */
@Component("zenoh")
public class ZenohComponent extends HealthCheckComponent {

    @Metadata(
            description =
                    "Default options for every zenoh endpoint (each endpoint works on a copy)."
                            + " Set as a whole (a bean), it is copied and the component options set"
                            + " beside it are laid over it, in whatever order they are bound.")
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

    /**
     * The secret option {@code config} (passwords, keys) is added to the context's additional
     * sensitive keywords, so Camel masks it where it quotes a URI itself (a failed endpoint
     * resolution, sanitized URIs in JMX and route dumps). Added to what is there, never instead:
     * Camel keeps one such list per JVM and each setting replaces the last.
     */
    @Override
    protected void doInit() throws Exception {
        super.doInit();
        ExtendedCamelContext ext = getCamelContext().getCamelContextExtension();
        String keywords = ext.getAdditionalSensitiveKeywords();
        if (keywords == null || keywords.isBlank()) {
            ext.setAdditionalSensitiveKeywords("config");
        } else if (Arrays.stream(keywords.split(","))
                .noneMatch(k -> k.trim().equalsIgnoreCase("config"))) {
            ext.setAdditionalSensitiveKeywords(keywords + ",config");
        }
    }

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

    /**
     * Replaces the default options with a copy of {@code configuration} (null: the defaults), over
     * which the options set on this component before it are laid (those that differ from the
     * defaults): Camel binds {@code camel.component.zenoh.*} in no order the user chose (camel-main
     * sorts the names, Spring Boot's binding hashes them), so an option bound before the bean must
     * not be lost. The bean itself is not changed.
     */
    public void setConfiguration(ZenohConfiguration configuration) {
        ZenohConfiguration merged =
                configuration == null ? new ZenohConfiguration() : configuration.copy();
        ZenohConfiguration defaults = new ZenohConfiguration();
        try {
            for (Field f : ZenohConfiguration.class.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                Object set = f.get(this.configuration);
                if (!Objects.equals(set, f.get(defaults))) {
                    f.set(merged, set);
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot merge the zenoh component's options", e);
        }
        this.configuration = merged;
    }
}
