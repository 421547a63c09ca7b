/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.examples.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.camel.CamelContext;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka (KRaft: one process is both broker and controller) for demos and tests,
 * run as a child JVM from Kafka's own jars so that none of its dependencies meet the bridge's.
 * Loopback only. The storage is formatted on first start; {@link #stopProcess()} and {@link
 * #startProcess()} stop and restart the same broker (same ports, same data), which is how the tests
 * take Kafka away. Stopping the service stops the process and deletes a temporary data directory.
 */
public class EmbeddedKafka extends ServiceSupport {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final String HOST = "127.0.0.1";

    private final Path lib;
    private final Path dir;
    private final boolean temporary;
    private final int port;
    private final int controllerPort;
    private final String heap;
    private final Duration startTimeout;
    private final CamelContext context;
    private Process process;
    private Thread shutdownHook;

    /**
     * @param lib directory of Kafka's jars (target/kafka-broker/lib, copied by the build)
     * @param dir data directory; null for a temporary one, deleted when the service stops
     * @param port client port on 127.0.0.1; 0 for a free one
     * @param context the CamelContext whose Kafka clients use this broker, or null
     */
    public EmbeddedKafka(
            Path lib,
            Path dir,
            int port,
            String heap,
            Duration startTimeout,
            CamelContext context) {
        this.context = context;
        this.lib = lib;
        this.temporary = dir == null;
        try {
            this.dir =
                    temporary
                            ? Files.createTempDirectory("zenoh-kafka-bridge-kafka-")
                            : dir.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.port = port > 0 ? port : freePort();
        this.controllerPort = freePort();
        this.heap = heap;
        this.startTimeout = startTimeout;
    }

    /**
     * The directory beside this application's classes (or jar) where the build copies Kafka:
     * ../kafka-broker/lib.
     */
    public static Path defaultLib() {
        try {
            Path here =
                    Path.of(
                            EmbeddedKafka.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            return here.getParent().resolve("kafka-broker").resolve("lib");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    public Path directory() {
        return dir;
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    @Override
    protected void doStart() throws Exception {
        // also when the JVM ends without stopping Camel (a failed start, an uncaught exception)
        shutdownHook = new Thread(this::onJvmExit, "embedded-kafka-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        startProcess();
    }

    @Override
    protected void doStop() throws Exception {
        cleanUp();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    /**
     * JVM shutdown hooks run in parallel: when Camel's own hook (Camel Main's hangup interceptor)
     * is stopping the context, let it stop the Kafka clients first and this service after them.
     * Bounded, so that a context whose stop failed cannot hold the JVM's exit.
     */
    private void onJvmExit() {
        long t0 = System.nanoTime();
        while (context != null && !isStopping() && !isStopped()) {
            long waited = System.nanoTime() - t0;
            boolean stopping = context.isStopping() && waited < Duration.ofSeconds(20).toNanos();
            boolean aboutToStop = context.isStarted() && waited < Duration.ofSeconds(2).toNanos();
            if (!stopping && !aboutToStop) {
                break;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                break;
            }
        }
        cleanUp();
    }

    private synchronized void cleanUp() {
        try {
            stopProcess();
            if (temporary) {
                deleteTree(dir);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.warn("Could not delete the embedded Kafka's directory {}: {}", dir, e.getMessage());
        }
    }

    /** Formats the storage if needed, starts the broker and waits until it serves clients. */
    public synchronized void startProcess() throws IOException, InterruptedException {
        if (isRunning()) {
            return;
        }
        if (!Files.isDirectory(lib) || !hasKafkaJar()) {
            throw new IllegalStateException(
                    "Kafka's jars are not in "
                            + lib
                            + ": build the module first"
                            + " (mvn install -DskipTests -pl examples/zenoh-kafka-bridge -am copies them to target/kafka-broker/lib),"
                            + " set kafka.embedded.lib, or set kafka.brokers to use a running Kafka");
        }
        long t0 = System.nanoTime();
        Path config = writeServerProperties();
        if (!Files.exists(dir.resolve("data").resolve("meta.properties"))) {
            format(config);
        }
        List<String> cmd = java();
        cmd.addAll(
                List.of(
                        "-Xms64m",
                        "-Xmx" + heap,
                        "-XX:+UseSerialGC",
                        "-Djava.awt.headless=true",
                        "-Dorg.slf4j.simpleLogger.showDateTime=true",
                        "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
                        "-Dorg.slf4j.simpleLogger.log.kafka.request.logger=warn",
                        "-cp",
                        lib.resolve("*") + java.io.File.pathSeparator + launcherLocation(),
                        BrokerLauncher.class.getName(),
                        config.toString()));
        Path log = dir.resolve("broker.log");
        process =
                new ProcessBuilder(cmd)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
        try {
            awaitReady(log);
        } catch (IOException | RuntimeException | InterruptedException e) {
            stopProcess();
            throw e;
        }
        LOG.info(
                "Embedded Kafka (KRaft, broker+controller) serves {} after {} ms; data and broker.log in {}",
                bootstrapServers(),
                (System.nanoTime() - t0) / 1_000_000,
                dir);
    }

    /**
     * Stops the broker (closing its stdin makes it shut down cleanly) and waits for the process to
     * end.
     */
    public synchronized void stopProcess() throws InterruptedException {
        Process p = process;
        process = null;
        if (p == null) {
            return;
        }
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            LOG.warn("Embedded Kafka did not stop within 30 s; terminating it");
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        LOG.info("Embedded Kafka on {} stopped", bootstrapServers());
    }

    private boolean hasKafkaJar() throws IOException {
        try (Stream<Path> jars = Files.list(lib)) {
            return jars.anyMatch(p -> p.getFileName().toString().startsWith("kafka_2.13-"));
        }
    }

    private Path writeServerProperties() throws IOException {
        Files.createDirectories(dir);
        String controller = "CONTROLLER://" + HOST + ":" + controllerPort;
        String props =
                String.join(
                        "\n",
                        "# written by the zenoh-kafka-bridge for its embedded broker",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@" + HOST + ":" + controllerPort,
                        "listeners=PLAINTEXT://" + HOST + ":" + port + "," + controller,
                        "advertised.listeners=PLAINTEXT://" + HOST + ":" + port,
                        "controller.listener.names=CONTROLLER",
                        "inter.broker.listener.name=PLAINTEXT",
                        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                        "log.dirs=" + dir.resolve("data").toString().replace('\\', '/'),
                        "num.partitions=1",
                        "auto.create.topics.enable=true",
                        "offsets.topic.replication.factor=1",
                        "offsets.topic.num.partitions=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "transaction.state.log.num.partitions=1",
                        "group.initial.rebalance.delay.ms=0",
                        "");
        Path file = dir.resolve("server.properties");
        Files.writeString(file, props, StandardCharsets.UTF_8);
        return file;
    }

    private void format(Path config) throws IOException, InterruptedException {
        List<String> cmd = java();
        cmd.addAll(
                List.of(
                        "-Xmx256m",
                        "-cp",
                        lib.resolve("*").toString(),
                        "kafka.tools.StorageTool",
                        "format",
                        "-t",
                        Uuid.randomUuid().toString(),
                        "-c",
                        config.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException(
                    "Formatting Kafka's storage in " + dir + " did not end within 60 s");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(
                    "Formatting Kafka's storage in "
                            + dir
                            + " failed (exit "
                            + p.exitValue()
                            + "):\n"
                            + new String(out, StandardCharsets.UTF_8));
        }
    }

    private void awaitReady(Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (!accepts()) { // before the port opens, an admin client would only log connection
            // warnings
            checkAlive(log, deadline);
            Thread.sleep(100);
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(p)) {
            for (; ; ) {
                checkAlive(log, deadline);
                try {
                    if (!admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException notYet) {
                    // the broker is still registering with its controller
                }
                Thread.sleep(100);
            }
        }
    }

    private boolean accepts() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(HOST, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void checkAlive(Path log, long deadline) throws IOException {
        if (!process.isAlive()) {
            throw new IllegalStateException(
                    "Embedded Kafka exited with "
                            + process.exitValue()
                            + " while starting; "
                            + log
                            + " ends with:\n"
                            + tail(log));
        }
        if (System.nanoTime() > deadline) {
            throw new IllegalStateException(
                    "Embedded Kafka did not serve "
                            + bootstrapServers()
                            + " within "
                            + startTimeout.toSeconds()
                            + " s; "
                            + log
                            + " ends with:\n"
                            + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines =
                Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    private static List<String> java() {
        return new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    }

    private static String launcherLocation() {
        try {
            return Path.of(
                            BrokerLauncher.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName(HOST))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
