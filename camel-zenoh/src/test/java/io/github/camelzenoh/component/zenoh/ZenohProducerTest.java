/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.camelzenoh.zenoh.CongestionControl;
import io.github.camelzenoh.zenoh.Encoding;
import io.github.camelzenoh.zenoh.Priority;
import io.github.camelzenoh.zenoh.Publisher;
import io.github.camelzenoh.zenoh.PublisherOptions;
import io.github.camelzenoh.zenoh.Sample;
import io.github.camelzenoh.zenoh.SampleKind;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * to("zenoh:...") put/delete: payloads, the encoding precedence, QoS on the wire, re-send by value.
 */
class ZenohProducerTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:plain").to("zenoh:out/plain");
                from("direct:json").to("zenoh:out/json?encoding=application/json");
                from("direct:qos")
                        .to(
                                "zenoh:out/qos?priority=interactiveLow&congestionControl=block&express=true");
                from("direct:delete").to("zenoh:out/plain?operation=delete");
                // re-send by value: received on in/**, sent on by a second route
                from("zenoh:in/**").to("mock:in").to("zenoh:relay");
                // a relay that keeps deletes: the documented idiom
                from("zenoh:kind/in/**")
                        .setHeader(ZenohConstants.OPERATION, header(ZenohConstants.SAMPLE_KIND))
                        .to("zenoh:kind/out");
                // without it a received DELETE is put: the operation is the endpoint's
                from("zenoh:kindput/in/**").to("zenoh:kindput/out");
                // re-encode: the endpoint's encoding option beats the received encoding headers
                from("zenoh:reencode/in/**")
                        .transform(simple("${bodyAs(String)} C"))
                        .to("zenoh:reencode/out?encoding=text/plain");
            }
        };
    }

    @Test
    void encodingPrecedenceOptionThenHeadersThenContentTypeThenBodyType() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/plain");
            template.sendBody("direct:plain", "text body");
            Sample s = c.next();
            assertThat(s.keyExpr()).isEqualTo("out/plain");
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("text body");
            assertThat(s.encoding()).isEqualTo(Encoding.ZENOH_STRING);

            template.sendBody("direct:plain", new byte[] {1, 2});
            assertThat(c.next().encoding()).isEqualTo(Encoding.ZENOH_BYTES);

            template.sendBody("direct:plain", null);
            Sample empty = c.next();
            assertThat(empty.payload()).isEmpty();

            template.sendBodyAndHeader(
                    "direct:plain", "{}", Exchange.CONTENT_TYPE, "application/json; charset=UTF-8");
            assertThat(c.next().encoding()).isEqualTo(new Encoding(5, "charset=UTF-8"));

            template.sendBodyAndHeader("direct:json", "{}", Exchange.CONTENT_TYPE, "text/plain");
            assertThat(c.next().encoding())
                    .as("endpoint option beats Content-Type")
                    .isEqualTo(Encoding.APPLICATION_JSON);

            Map<String, Object> headers =
                    Map.of(
                            ZenohConstants.ENCODING_ID,
                            0xFFFF,
                            ZenohConstants.ENCODING_SCHEMA,
                            "vnd/pose;v3",
                            Exchange.CONTENT_TYPE,
                            "text/plain");
            template.sendBodyAndHeaders("direct:plain", "{}", headers);
            assertThat(c.next().encoding())
                    .as("encoding headers beat Content-Type and the body type")
                    .isEqualTo(new Encoding(0xFFFF, "vnd/pose;v3"));

            template.sendBodyAndHeaders("direct:json", "{}", headers);
            assertThat(c.next().encoding())
                    .as("the endpoint option beats everything")
                    .isEqualTo(Encoding.APPLICATION_JSON);

            template.sendBodyAndHeader("direct:plain", "a", ZenohConstants.ATTACHMENT, "att");
            assertThat(c.next().attachment()).asString(StandardCharsets.UTF_8).isEqualTo("att");
        }
    }

    @Test
    void anEmptyEncodingSchemaHeaderMeansNoSchema() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/plain");
            template.sendBodyAndHeaders(
                    "direct:plain",
                    "{}",
                    Map.of(ZenohConstants.ENCODING_ID, 5, ZenohConstants.ENCODING_SCHEMA, ""));
            assertThat(c.next().encoding()).isEqualTo(Encoding.APPLICATION_JSON);
        }
    }

    @Test
    void anEmptyContentTypeCountsAsAbsent() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/plain");
            template.sendBodyAndHeader("direct:plain", "text", Exchange.CONTENT_TYPE, "");
            assertThat(c.next().encoding())
                    .as("the body type decides")
                    .isEqualTo(Encoding.ZENOH_STRING);
            template.sendBodyAndHeader("direct:plain", new byte[] {1}, Exchange.CONTENT_TYPE, " ");
            assertThat(c.next().encoding()).isEqualTo(Encoding.ZENOH_BYTES);
        }
    }

    @Test
    void qosOptionsArriveOnTheReceivedSample() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/qos")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/qos");
            template.sendBody("direct:qos", "x");
            Sample s = c.next();
            assertThat(s.priority()).isEqualTo(Priority.INTERACTIVE_LOW);
            assertThat(s.congestionControl()).isEqualTo(CongestionControl.BLOCK);
            assertThat(s.express()).isTrue();
        }
    }

    @Test
    void deleteOperationAndOperationHeader() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/plain")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/plain");
            template.sendBody("direct:delete", "ignored");
            assertThat(c.next().kind()).isEqualTo(SampleKind.DELETE);
            template.sendBodyAndHeader(
                    "direct:plain", "ignored", ZenohConstants.OPERATION, "delete");
            assertThat(c.next().kind()).isEqualTo(SampleKind.DELETE);
        }
    }

    @Test
    void overrideKeyExprRedirectsOneMessageAndIsRemoved() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("out/**")) {
            Waits.awaitSubscriberSeenByRoutes(context, "out/plain");
            Exchange e =
                    template.request(
                            "direct:plain",
                            x -> {
                                x.getMessage().setBody("redirected");
                                x.getMessage()
                                        .setHeader(
                                                ZenohConstants.OVERRIDE_KEY_EXPR, "out/elsewhere");
                            });
            assertThat(e.getException()).isNull();
            assertThat(c.next().keyExpr()).isEqualTo("out/elsewhere");
            assertThat(e.getMessage().getHeader(ZenohConstants.OVERRIDE_KEY_EXPR)).isNull();
            template.sendBody("direct:plain", "back");
            assertThat(c.next().keyExpr()).isEqualTo("out/plain");
        }
    }

    @Test
    void receivedSampleResendsByValueOnTheProducersKeyWithItsEncoding() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:in");
        mock.expectedMessageCount(1);
        try (Collector c = new Collector("relay");
                Publisher pub = peer.declarePublisher("in/robot/pose", PublisherOptions.DEFAULT)) {
            Waits.awaitSubscriberSeenByRoutes(context, "relay");
            pub.put(
                    new byte[] {9, 8, 7},
                    new Encoding(0xFFFF, "vnd/pose;v3"),
                    "a1".getBytes(StandardCharsets.UTF_8));
            Sample s = c.next();
            assertThat(s.keyExpr())
                    .as("the consumer's CamelZenohKeyExpr never redirects")
                    .isEqualTo("relay");
            assertThat(s.payload()).containsExactly(9, 8, 7);
            assertThat(s.encoding()).isEqualTo(new Encoding(0xFFFF, "vnd/pose;v3"));
            assertThat(s.attachment()).asString(StandardCharsets.UTF_8).isEqualTo("a1");
        }
        mock.assertIsSatisfied();
    }

    @Test
    void theEndpointsEncodingOptionReEncodesAReceivedSampleWithoutRemovingItsHeaders()
            throws Exception {
        awaitConnected();
        try (Collector c = new Collector("reencode/out");
                Publisher pub = peer.declarePublisher("reencode/in/r2", PublisherOptions.DEFAULT)) {
            Waits.awaitSubscriberSeenByRoutes(context, "reencode/out");
            pub.put(
                    "21.5".getBytes(StandardCharsets.UTF_8),
                    Encoding.parse("application/json;v1"),
                    null);
            Sample s = c.next();
            assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("21.5 C");
            assertThat(s.encoding())
                    .as("the endpoint's encoding, not the received sample's")
                    .isEqualTo(Encoding.TEXT_PLAIN);
        }
    }

    @Test
    void aRelaySettingTheOperationFromTheKindKeepsDeletes() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("kind/out")) {
            Waits.awaitSubscriberSeenByRoutes(context, "kind/out");
            Waits.awaitSubscriber(peer, "kind/in/x");
            peer.put(
                    "kind/in/x",
                    "v".getBytes(StandardCharsets.UTF_8),
                    Encoding.ZENOH_STRING,
                    null,
                    io.github.camelzenoh.zenoh.Qos.DEFAULT);
            peer.delete("kind/in/x", null, io.github.camelzenoh.zenoh.Qos.DEFAULT);
            Sample put = c.next();
            assertThat(put.kind()).isEqualTo(SampleKind.PUT);
            assertThat(put.payload()).asString(StandardCharsets.UTF_8).isEqualTo("v");
            assertThat(c.next().kind()).isEqualTo(SampleKind.DELETE);
        }
    }

    @Test
    void aReceivedDeleteIsPutByAPutEndpoint() throws Exception {
        awaitConnected();
        try (Collector c = new Collector("kindput/out")) {
            Waits.awaitSubscriberSeenByRoutes(context, "kindput/out");
            Waits.awaitSubscriber(peer, "kindput/in/x");
            peer.delete("kindput/in/x", null, io.github.camelzenoh.zenoh.Qos.DEFAULT);
            Sample s = c.next();
            assertThat(s.kind()).isEqualTo(SampleKind.PUT);
            assertThat(s.payload()).isEmpty();
        }
    }
}
