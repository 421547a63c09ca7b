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
import io.github.camelzenoh.zenoh.Qos;
import io.github.camelzenoh.zenoh.Session;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;

/**
 * from("zenoh:...") as a subscriber: every contract header, body conversions, deletes, timestamps.
 */
class ZenohSubscriberTest extends ZenohTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("zenoh:sensors/**").to("mock:sensors");
            }
        };
    }

    @Test
    void everyHeaderOfTheContractIsSet() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:sensors");
        mock.expectedMessageCount(1);
        try (Publisher pub =
                peer.declarePublisher(
                        "sensors/room1/temp",
                        PublisherOptions.DEFAULT.withQos(
                                Qos.DEFAULT
                                        .withPriority(Priority.REAL_TIME)
                                        .withCongestionControl(CongestionControl.BLOCK)
                                        .withExpress(true)))) {
            pub.put(
                    "{\"c\":21}".getBytes(StandardCharsets.UTF_8),
                    Encoding.parse("application/json;v1"),
                    "meta".getBytes(StandardCharsets.UTF_8));
        }
        mock.assertIsSatisfied();
        Message m = mock.getExchanges().get(0).getMessage();
        assertThat(m.getBody()).isInstanceOf(byte[].class);
        assertThat(m.getBody(String.class)).isEqualTo("{\"c\":21}");
        assertThat(m.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("sensors/room1/temp");
        assertThat(m.getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(5);
        assertThat(m.getHeader(ZenohConstants.ENCODING_SCHEMA)).isEqualTo("v1");
        assertThat(m.getHeader(Exchange.CONTENT_TYPE)).isEqualTo("application/json;v1");
        assertThat(m.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("PUT");
        assertThat(m.getHeader(ZenohConstants.PRIORITY)).isEqualTo("realTime");
        assertThat(m.getHeader(ZenohConstants.CONGESTION_CONTROL)).isEqualTo("block");
        assertThat(m.getHeader(ZenohConstants.EXPRESS)).isEqualTo(true);
        assertThat(m.getHeader(ZenohConstants.ATTACHMENT, byte[].class))
                .asString(StandardCharsets.UTF_8)
                .isEqualTo("meta");
        assertThat(m.getHeader(ZenohConstants.TIMESTAMP))
                .as("peers do not stamp by default")
                .isNull();
        // Camel's converters take the byte[] body to the usual types
        assertThat(m.getBody(InputStream.class).readAllBytes())
                .isEqualTo("{\"c\":21}".getBytes(StandardCharsets.UTF_8));
        assertThat(m.getBody(ByteBuffer.class).remaining()).isEqualTo(8);
    }

    @Test
    void deletesAndDefaultQosArriveAsHeaders() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:sensors");
        mock.expectedMessageCount(2);
        peer.put("sensors/a", "x".getBytes(StandardCharsets.UTF_8), null, null, Qos.DEFAULT);
        peer.delete("sensors/a", null, Qos.DEFAULT);
        mock.assertIsSatisfied();
        Message put = mock.getExchanges().get(0).getMessage();
        assertThat(put.getHeader(ZenohConstants.ENCODING_ID)).isEqualTo(0);
        assertThat(put.getHeader(ZenohConstants.ENCODING_SCHEMA)).isNull();
        assertThat(put.getHeader(Exchange.CONTENT_TYPE))
                .as("zenoh/bytes is not a MIME type")
                .isNull();
        assertThat(put.getHeader(ZenohConstants.PRIORITY)).isEqualTo("data");
        assertThat(put.getHeader(ZenohConstants.CONGESTION_CONTROL)).isEqualTo("drop");
        assertThat(put.getHeader(ZenohConstants.EXPRESS)).isEqualTo(false);
        assertThat(put.getHeader(ZenohConstants.ATTACHMENT)).isNull();
        Message del = mock.getExchanges().get(1).getMessage();
        assertThat(del.getHeader(ZenohConstants.SAMPLE_KIND)).isEqualTo("DELETE");
        assertThat(del.getHeader(ZenohConstants.KEY_EXPR)).isEqualTo("sensors/a");
    }

    @Test
    void timestampHeaderWhenThePublisherStamps() throws Exception {
        awaitConnected();
        MockEndpoint mock = getMockEndpoint("mock:sensors");
        mock.expectedMessageCount(1);
        try (Session stamping = Session.open(stampingPeerConfig(port))) {
            Waits.awaitSubscriber(stamping, "sensors/ts");
            stamping.put("sensors/ts", new byte[] {1}, null, null, Qos.DEFAULT);
            mock.assertIsSatisfied();
        }
        assertThat(
                        mock.getExchanges()
                                .get(0)
                                .getMessage()
                                .getHeader(ZenohConstants.TIMESTAMP, String.class))
                .isNotBlank()
                .contains("/");
    }
}
