package it.routes;

import static io.github.camelzenoh.component.zenoh.ZenohEndpointBuilder.zenoh;

import org.apache.camel.builder.RouteBuilder;

/** The user's route under test: robot telemetry in Celsius → a JSON summary in Fahrenheit. */
public class TelemetryRoute extends RouteBuilder {

    @Override
    public void configure() {
        from(zenoh("robots/*/temp/celsius"))
                .process(e -> {
                    String robot = e.getMessage().getHeader("CamelZenohKeyExpr", String.class).split("/")[1];
                    double celsius = Double.parseDouble(e.getMessage().getBody(String.class).trim());
                    e.getMessage().setBody("{\"robot\":\"" + robot + "\",\"fahrenheit\":" + (celsius * 9 / 5 + 32) + "}");
                })
                .to(zenoh("fleet/temperatures").encoding("application/json"));
    }
}
