package it.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The repackaged Spring Boot jar started with {@code java -jar} (the native library loads from
 * the jar nested in it), a client of a Python zenoh router: samples both ways with Python peers, a
 * Python get answered by the YAML route, and Actuator health UP, then DOWN once the router dies.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringBootFatJarIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    static PythonPeer router;
    static String routerEndpoint;
    static Process app;
    static Path appLog;
    static int httpPort;

    @BeforeAll
    static void startRouterAndApp() throws Exception {
        routerEndpoint = Loopback.endpoint(Loopback.freePort());
        router = PythonPeer.start("router", "--mode", "router", "--listen", routerEndpoint);
        httpPort = Loopback.freePort();
        String jar = System.getProperty("app.jar");
        assertTrue(new File(jar).isFile(), "repackaged jar " + jar);
        String java = ProcessHandle.current().info().command().orElse("java");
        appLog = Path.of("target", "app.log");
        app = new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-jar",
                        jar,
                        "--server.port=" + httpPort,
                        "--camel.component.zenoh.connect=" + routerEndpoint)
                .redirectErrorStream(true)
                .redirectOutput(appLog.toFile())
                .start();
        await(Duration.ofSeconds(60), () -> "UP".equals(health().path("status").asText()), "app health UP");
    }

    @AfterAll
    static void stopAll() throws Exception {
        if (app != null) {
            app.destroy();
            if (!app.waitFor(15, TimeUnit.SECONDS)) {
                app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (router != null) {
            router.close();
        }
    }

    /** GET /actuator/health as JSON, or a MISSING node while the app does not answer. */
    static JsonNode health() {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/actuator/health"))
                            .header("Accept", "application/json")
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        } catch (Exception e) {
            return JSON.missingNode();
        }
    }

    static void await(Duration timeout, java.util.function.BooleanSupplier condition, String what)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (!app.isAlive()) {
                throw new AssertionError("the app exited (" + app.exitValue() + ") waiting for " + what
                        + "; its log:\n" + Files.readString(appLog));
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what
                        + "; health: " + health() + "; app log:\n" + Files.readString(appLog));
            }
            Thread.sleep(200);
        }
    }

    @Test
    @Order(1)
    void theNativeLibraryLoadedFromTheNestedJar() throws Exception {
        String log = Files.readString(appLog);
        assertTrue(log.contains("Started Application"), log);
        assertTrue(!log.contains("NullPointerException") && !log.contains("UnsatisfiedLinkError"), log);
    }

    @Test
    @Order(2)
    void pythonSamplesGoThroughTheJavaRouteAndComeBack() throws Exception {
        try (PythonPeer sub = PythonPeer.start("sub", "--connect", routerEndpoint, "--key", "app/out",
                "--count", "1", "--timeout", "30")) {
            JsonNode got = null;
            // the route's subscriber may still be on its way to the router: publish until one comes back
            for (int attempt = 0; attempt < 10 && got == null; attempt++) {
                try (PythonPeer pub = PythonPeer.start("pub", "--connect", routerEndpoint, "--key", "app/in",
                        "--payload", "from python " + attempt, "--count", "1", "--delay", "0.5")) {
                    pub.awaitLine("END", 20);
                }
                got = firstJsonWithin(sub, 2);
            }
            assertNotNull(got, "no sample came back on app/out");
            assertEquals("app/out", got.get("key").asText());
            assertTrue(PythonPeer.text(got.get("payload")).startsWith("java:from python "),
                    PythonPeer.text(got.get("payload")));
        }
    }

    /** The next JSON line of {@code peer} within {@code seconds}, or null. */
    static JsonNode firstJsonWithin(PythonPeer peer, int seconds) {
        try {
            return peer.nextJson(seconds);
        } catch (AssertionError silent) {
            return null;
        }
    }

    @Test
    @Order(3)
    void theYamlQueryableAnswersAPythonGet() {
        List<JsonNode> replies = List.of();
        for (int attempt = 0; attempt < 10 && replies.isEmpty(); attempt++) {
            try (PythonPeer get = PythonPeer.start("get", "--connect", routerEndpoint, "--key", "app/query",
                    "--timeout", "5", "--delay", "0.5")) {
                replies = get.allJson(20);
            }
        }
        assertEquals(1, replies.size(), String.valueOf(replies));
        assertTrue(replies.get(0).get("ok").asBoolean(), String.valueOf(replies));
        assertEquals("yaml answers app/query", PythonPeer.text(replies.get(0).get("payload")));
    }

    @Test
    @Order(4)
    void actuatorHealthShowsTheZenohChecksUpThenDownWhenTheRouterGoes() throws Exception {
        JsonNode checks = health().path("components").path("camelHealth").path("details");
        assertEquals("UP", checks.path("consumer:java-echo").asText(), String.valueOf(checks));
        assertEquals("UP", checks.path("consumer:yaml-queryable").asText(), String.valueOf(checks));

        router.kill();
        await(Duration.ofSeconds(30), () -> "DOWN".equals(health().path("status").asText()),
                "app health DOWN once the router is gone");
        checks = health().path("components").path("camelHealth").path("details");
        assertEquals("DOWN", checks.path("consumer:java-echo").asText(), String.valueOf(checks));
        assertEquals("DOWN", checks.path("consumer:yaml-queryable").asText(), String.valueOf(checks));
    }
}
