package it.aarch64;

import io.github.camelzenoh.zenoh.LivelinessToken;
import io.github.camelzenoh.zenoh.Session;
import io.github.camelzenoh.zenoh.SessionConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Runs inside the emulated aarch64 JVM. Connects to the Python router given as argument and
 * prints one line per check: {@code OK <what>} or {@code FAIL <what>}; {@code READY} once the
 * routes serve the Python peers; exits when stdin closes (0 if every check passed).
 */
public final class SmokeMain {

    private static int failures;

    public static void main(String[] args) throws Exception {
        String router = args[0];
        check("os.arch=" + System.getProperty("os.arch"),
                "aarch64".equals(System.getProperty("os.arch")));
        String session = "mode=peer&connect=" + router + "&listen=tcp/127.0.0.1:0&multicastScouting=false";
        List<String> local = new CopyOnWriteArrayList<>();
        List<String> alive = new CopyOnWriteArrayList<>();
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // interop: the Python publisher's samples come back, transformed, to its subscriber
                    from("zenoh:smoke/in?" + session)
                            .transform(simple("aarch64:${bodyAs(String)}"))
                            .to("zenoh:smoke/out?encoding=text/plain&" + session);
                    // pub/sub inside this JVM's session
                    from("zenoh:smoke/local?" + session)
                            .process(e -> local.add(e.getMessage().getBody(String.class)));
                    // queryable answering the Python get and this JVM's own get
                    from("zenoh:smoke/q?consumerType=queryable&" + session)
                            .setBody(constant("answer-from-aarch64"));
                    from("zenoh:smoke/alive/**?consumerType=liveliness&" + session)
                            .process(e -> alive.add(e.getMessage().getHeader("CamelZenohKeyExpr", String.class)
                                    + ":" + e.getMessage().getHeader("CamelZenohSampleKind", String.class)));
                }
            });
            context.start();
            var template = context.createProducerTemplate();

            template.sendBody("zenoh:smoke/local?" + session, "local-1");
            check("pub/sub in one session", await(() -> local.contains("local-1")));

            Object answer = template.requestBody("zenoh:smoke/q?operation=get&timeout=20000&" + session, "");
            String text = answer == null ? null : context.getTypeConverter().convertTo(String.class, answer);
            check("get/queryable: " + text, "answer-from-aarch64".equals(text));

            try (Session s = Session.open(SessionConfig.DEFAULT.withMode("peer").withConnect(router)
                    .withListen("tcp/127.0.0.1:0").withMulticastScouting(false));
                    LivelinessToken token = s.declareLivelinessToken("smoke/alive/token")) {
                boolean seen = await(() -> alive.contains("smoke/alive/token:PUT"));
                check("liveliness token seen by a route " + alive, seen);
            }
            boolean gone = await(() -> alive.contains("smoke/alive/token:DELETE"));
            check("liveliness token gone " + alive, gone);

            System.out.println("READY");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            while (in.readLine() != null) {
                // the test closes stdin once its Python peers are done
            }
        }
        System.out.println(failures == 0 ? "PASSED" : "FAILED " + failures);
        System.out.flush();
        System.exit(failures == 0 ? 0 : 1);
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static void check(String what, boolean ok) {
        System.out.println((ok ? "OK " : "FAIL ") + what);
        System.out.flush();
        if (!ok) {
            failures++;
        }
    }
}
