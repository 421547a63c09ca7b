package it.springboot;

import org.apache.camel.builder.RouteBuilder;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;

/** The application: its zenoh settings are in application.yaml, a YAML route in camel/. */
@SpringBootApplication
public class Application {

    public static void main(String[] args) {
        SpringApplication.run(Application.class, args);
    }

    /** Java route: every sample on app/in comes back on app/out, prefixed. */
    @Component
    static class EchoRoute extends RouteBuilder {
        @Override
        public void configure() {
            from("zenoh:app/in").routeId("java-echo").setBody(simple("java:${bodyAs(String)}")).to("zenoh:app/out");
        }
    }
}
