package it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelzenoh.examples.http.ZenohHttpBridge;
import io.github.camelzenoh.zenoh.Loopback;
import io.github.camelzenoh.zenoh.PythonPeer;
import io.github.camelzenoh.zenoh.Session;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The installed zenoh-http-bridge, end to end: a Python eclipse-zenoh publisher, queryable and
 * subscriber on the zenoh side; plain HTTP (and server-sent events) on the other.
 */
class HttpBridgeEndToEndTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static Main bridge;
    static int httpPort;
    static String zenohEndpoint;

    @BeforeAll
    static void startBridge() throws Exception {
        httpPort = Loopback.freePort();
        zenohEndpoint = Loopback.endpoint(Loopback.freePort());
        bridge = ZenohHttpBridge.create("--http.port=" + httpPort,
                "--http.managementPort=" + Loopback.freePort(), "--zenoh.listen=" + zenohEndpoint,
                "--zenoh.timeout=3000");
        bridge.start();
    }

    @AfterAll
    static void stopBridge() {
        if (bridge != null) {
            bridge.stop();
        }
    }

    static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + httpPort + "/" + path);
    }

    /**
     * Waits until the bridge's zenoh session (bound as zenohSession) sees a subscriber of another session on
     * {@code key}: a declaration reaches it some time after the Python peer's READY, and until it has, the bridge's
     * puts on the key go nowhere.
     */
    static void awaitBridgeSubscriber(String key) {
        Loopback.awaitRemoteSubscriber(
                bridge.getCamelContext().getRegistry().lookupByNameAndType("zenohSession", Session.class), key);
    }

    @Test
    void pythonQueryableAnswersAnHttpGet() throws Exception {
        try (PythonPeer q = PythonPeer.start("queryable", "--connect", zenohEndpoint, "--key", "it/http/q",
                "--payload", "{\"from\":\"python\"}", "--encoding", "application/json", "--count", "0")) {
            JsonNode list = null;
            for (int attempt = 0; attempt < 20; attempt++) { // the queryable's declaration may still travel
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri("it/http/q")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), r.body());
                list = JSON.readTree(r.body());
                if (list.size() > 0) {
                    break;
                }
                Thread.sleep(250);
            }
            assertEquals(1, list.size(), String.valueOf(list));
            assertEquals("it/http/q", list.get(0).get("key").asText());
            assertEquals("python", list.get(0).get("value").get("from").asText());
            assertEquals("application/json", list.get(0).get("encoding").asText());
        }
    }

    @Test
    void httpPutReachesAPythonSubscriberWithItsEncoding() throws Exception {
        try (PythonPeer sub = PythonPeer.start("sub", "--connect", zenohEndpoint, "--key", "it/http/cmd/**",
                "--count", "1", "--timeout", "20")) {
            awaitBridgeSubscriber("it/http/cmd/arm");
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri("it/http/cmd/arm"))
                    .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString("{\"go\":1}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            JsonNode sample = sub.nextJson(20);
            assertEquals("it/http/cmd/arm", sample.get("key").asText());
            assertEquals("{\"go\":1}", PythonPeer.text(sample.get("payload")));
            assertEquals("application/json", sample.get("encoding").asText());
        }
    }

    @Test
    void pythonPublicationsStreamAsServerSentEvents() throws Exception {
        HttpResponse<InputStream> r = HTTP.send(HttpRequest.newBuilder(uri("it/http/sensor/**"))
                .header("Accept", "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
                PythonPeer pub = PythonPeer.start("pub", "--connect", zenohEndpoint, "--key", "it/http/sensor/t1",
                        "--count", "5", "--payload", "{\"n\":{i}}", "--encoding", "application/json",
                        "--delay", "1.5")) {
            List<JsonNode> events = new ArrayList<>();
            while (events.size() < 5) {
                String line = in.readLine();
                assertTrue(line != null, "stream ended early");
                if (line.startsWith("data: ")) {
                    events.add(JSON.readTree(line.substring(6)));
                }
            }
            for (int i = 0; i < 5; i++) {
                assertEquals("it/http/sensor/t1", events.get(i).get("key").asText());
                assertEquals(i, events.get(i).get("value").get("n").asInt());
                assertEquals("application/json", events.get(i).get("encoding").asText());
            }
        }
    }
}
