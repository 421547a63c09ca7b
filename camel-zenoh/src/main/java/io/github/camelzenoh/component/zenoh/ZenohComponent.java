/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import io.github.camelzenoh.zenoh.Session;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ExtendedCamelContext;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.PropertyConfigurer;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
                            + " Set as a whole (a bean), it replaces the component options set"
                            + " before it (a warning names them): set those on the bean.")
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

    private static final Logger LOG = LoggerFactory.getLogger(ZenohComponent.class);

    private final ZenohSessions sessions = new ZenohSessions();

    /**
     * The generated configurer with each value checked first ({@link ZenohOptions#checkValue}): a
     * component option given as text ({@code camel.component.zenoh.cacheSize=1O} in Camel Main,
     * Spring Boot's starter, any property binding of the component) is refused as the same option
     * in a URI is, where Camel alone would bind it as 0.
     */
    private static final PropertyConfigurer CHECKING_CONFIGURER = new CheckingConfigurer();

    private static final class CheckingConfigurer extends ZenohComponentConfigurer {
        @Override
        public boolean configure(
                CamelContext camelContext,
                Object obj,
                String name,
                Object value,
                boolean ignoreCase) {
            return super.configure(
                    camelContext, obj, name, ZenohOptions.checkValue(name, value), ignoreCase);
        }
    }

    /**
     * The configurer every binding of a component option goes through (Camel Main, Spring Boot and
     * PropertyBindingSupport ask the component for it): it checks values as the URI does.
     */
    @Override
    public PropertyConfigurer getComponentPropertyConfigurer() {
        return CHECKING_CONFIGURER;
    }

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
        List<String> list =
                keywords == null
                        ? new ArrayList<>()
                        : new ArrayList<>(
                                Arrays.stream(keywords.split(","))
                                        .map(String::trim)
                                        // an empty entry would match every option name
                                        .filter(k -> !k.isEmpty())
                                        .toList());
        if (list.stream().noneMatch(k -> k.equalsIgnoreCase("config"))) {
            list.add("config");
            ext.setAdditionalSensitiveKeywords(String.join(",", list));
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
     * Replaces the component's options as a whole. Options set on the component before it are
     * replaced with the rest; as that loses them, a warning names each one (Camel binds a {@code
     * #bean} reference after plain values in camel-main, so {@code
     * camel.component.zenoh.configuration} beside other {@code camel.component.zenoh.*} options
     * replaces them: set them on the bean instead, or the Spring Boot starter, which applies the
     * bean first).
     */
    public void setConfiguration(ZenohConfiguration configuration) {
        ZenohConfiguration before = this.configuration;
        if (before != null && configuration != before) {
            List<String> replaced = setOptions(before);
            if (!replaced.isEmpty()) {
                LOG.warn(
                        "The zenoh component's configuration is replaced as a whole: the options set"
                                + " on the component before it are dropped: {}. Set them on the"
                                + " configuration bean instead.",
                        replaced);
            }
        }
        this.configuration = configuration;
    }

    /** The names of the options of {@code c} that differ from the defaults. */
    private static List<String> setOptions(ZenohConfiguration c) {
        ZenohConfiguration defaults = new ZenohConfiguration();
        List<String> set = new ArrayList<>();
        try {
            for (Field f : ZenohConfiguration.class.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    if (!Objects.equals(f.get(c), f.get(defaults))) {
                        set.add(f.getName());
                    }
                }
            }
        } catch (IllegalAccessException e) {
            return List.of("(unknown: " + e.getMessage() + ")");
        }
        return set;
    }
}
