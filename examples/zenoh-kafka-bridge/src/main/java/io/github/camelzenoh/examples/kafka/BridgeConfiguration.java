/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;
import org.apache.camel.component.kafka.KafkaComponent;
import org.apache.camel.support.service.ServiceSupport;

/**
 * Opens the bridge's zenoh session from the {@code zenoh.*} properties and binds it as {@code
 * zenohSession} (the zenoh endpoints use it: option session=#zenohSession); points the Kafka
 * component at {@code kafka.brokers}, or, when that is empty, at an {@link EmbeddedKafka} it starts
 * first (bound as {@code embeddedKafka}, stopped with Camel); binds {@code bridgeStats} and {@code
 * recordMapping}.
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

    @PropertyInject(value = "kafka.brokers", defaultValue = "")
    private String brokers;

    @PropertyInject(value = "kafka.embedded.port", defaultValue = "9092")
    private int embeddedPort;

    @PropertyInject(value = "kafka.embedded.dir", defaultValue = "")
    private String embeddedDir;

    @PropertyInject(value = "kafka.embedded.lib", defaultValue = "")
    private String embeddedLib;

    @PropertyInject(value = "kafka.embedded.heap", defaultValue = "512m")
    private String embeddedHeap;

    @PropertyInject(value = "kafka.embedded.startTimeout", defaultValue = "90000")
    private long embeddedStartTimeout;

    @PropertyInject(value = "toKafka.topicMap", defaultValue = "")
    private String topicMap;

    @PropertyInject(value = "toZenoh.keyMap", defaultValue = "")
    private String keyMap;

    @PropertyInject(value = "bridge.statsInterval", defaultValue = "60000")
    private long statsInterval;

    // Camel may call a @BindToRegistry method more than once: each builds its object once
    private Session session;
    private BridgeStats stats;
    private RecordMapping mapping;

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
        session = Session.open(config);
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

    @BindToRegistry("bridgeStats")
    public synchronized BridgeStats bridgeStats(CamelContext context) throws Exception {
        if (stats == null) {
            stats = new BridgeStats(context, statsInterval);
            context.addService(stats, true, true);
        }
        return stats;
    }

    @BindToRegistry("recordMapping")
    public synchronized RecordMapping recordMapping() {
        if (mapping == null) {
            mapping = RecordMapping.of(topicMap, keyMap);
        }
        return mapping;
    }

    @Override
    public void configure(CamelContext context) throws Exception {
        String bootstrap = brokers.trim();
        if (bootstrap.isEmpty()) {
            // started now, before any route, so every Kafka client finds it serving; stopped with
            // Camel
            EmbeddedKafka kafka =
                    new EmbeddedKafka(
                            embeddedLib.isBlank()
                                    ? EmbeddedKafka.defaultLib()
                                    : Path.of(embeddedLib),
                            embeddedDir.isBlank() ? null : Path.of(embeddedDir),
                            embeddedPort,
                            embeddedHeap,
                            Duration.ofMillis(embeddedStartTimeout),
                            context);
            kafka.start();
            context.addService(kafka, true, true);
            context.getRegistry().bind("embeddedKafka", kafka);
            bootstrap = kafka.bootstrapServers();
        }
        context.getComponent("kafka", KafkaComponent.class)
                .getConfiguration()
                .setBrokers(bootstrap);
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
