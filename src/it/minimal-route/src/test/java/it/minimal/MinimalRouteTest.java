package it.minimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * What a user's first project does: from("zenoh:...") and to("zenoh:...") with nothing but the
 * camel-zenoh jar. Proves the jar carries the native library (loaded from the jar) and the
 * component's metadata and service files (the component is found by its scheme).
 */
class MinimalRouteTest {

    @Test
    void jarCarriesTheNativeLibraryAndTheMetadata() {
        ClassLoader cl = getClass().getClassLoader();
        // the library's file name carries the version (native/version), so that a library of
        // another version on java.library.path is never picked up instead
        String version;
        try (java.io.InputStream in = cl.getResourceAsStream("native/version")) {
            assertNotNull(in, "native/version in the jar");
            version = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertNotNull(cl.getResource("native/build-id"), "native/build-id in the jar");
        assertNotNull(cl.getResource("native/linux-x86_64/libcamel_zenoh_jni-" + version + ".so"), "native library in the jar");
        assertNotNull(cl.getResource("META-INF/io/github/camelzenoh/component/zenoh/zenoh.json"), "zenoh.json");
        assertNotNull(cl.getResource("META-INF/services/org/apache/camel/component/zenoh"), "component service file");
    }

    @Test
    void routesPublishAndSubscribe() throws Exception {
        List<String> got = new CopyOnWriteArrayList<>();
        // one peer session on loopback, no multicast: the two routes meet inside it
        String session = "mode=peer&listen=tcp/127.0.0.1:0&multicastScouting=false";
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("zenoh:it/minimal/**?" + session).process(e -> got.add(e.getMessage().getBody(String.class)
                            + "@" + e.getMessage().getHeader("CamelZenohKeyExpr")));
                    from("direct:send").to("zenoh:it/minimal/out?" + session);
                }
            });
            context.start();
            assertTrue(context.getComponentNames().contains("zenoh"));
            for (int i = 0; i < 3; i++) {
                context.createProducerTemplate().sendBody("direct:send", "hello " + i);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (got.size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(List.of("hello 0@it/minimal/out", "hello 1@it/minimal/out", "hello 2@it/minimal/out"), got);
        }
    }
}
