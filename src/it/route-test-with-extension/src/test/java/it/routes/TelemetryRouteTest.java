package it.routes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.camelzenoh.test.SampleRecorder;
import io.github.camelzenoh.test.ZenohExtension;
import io.github.camelzenoh.zenoh.Sample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A route test as users write it: the extension is the zenoh network, the helpers talk to it. */
class TelemetryRouteTest extends CamelTestSupport {

    @RegisterExtension
    static ZenohExtension zenoh = ZenohExtension.router();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        zenoh.configure(context);
        return context;
    }

    @Override
    protected RoutesBuilder createRouteBuilder() {
        return new TelemetryRoute();
    }

    @Test
    void celsiusSamplesBecomeFahrenheitJson() {
        SampleRecorder out = zenoh.record("fleet/temperatures");
        zenoh.awaitSubscriber("robots/r2/temp/celsius", Duration.ofSeconds(10));
        zenoh.publish("robots/r2/temp/celsius").encoding("text/plain").put("100");
        Sample s = out.await(Duration.ofSeconds(10));
        assertEquals("{\"robot\":\"r2\",\"fahrenheit\":212.0}", new String(s.payload(), StandardCharsets.UTF_8));
        assertEquals("application/json", s.encoding().toString());
    }
}
