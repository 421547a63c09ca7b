/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.camelzenoh.zenoh.PythonPeer;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.DataFormat;
import org.junit.jupiter.api.Test;

/**
 * The {@code zenohSerialization} data format in routes: resolved by name, configured with a type,
 * marshalled bytes published on zenoh and read by Python's {@code z_deserialize}.
 */
class ZenohSerializationRouteTest extends ZenohPythonTestSupport {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:byName").marshal().custom("zenohSerialization");
                from("direct:publish")
                        .marshal(new ZenohSerializationDataFormat("map<string,f64>"))
                        .to("zenoh:ser/out");
                from("direct:roundTrip")
                        .marshal(new ZenohSerializationDataFormat("tuple<u8,list<string>>"))
                        .unmarshal(new ZenohSerializationDataFormat("tuple<u8,list<string>>"));
                from("direct:byUri")
                        .to("dataformat:zenohSerialization:marshal?type=list<u32>")
                        .to("dataformat:zenohSerialization:unmarshal?type=list<u32>");
                from("direct:unmarshalBad")
                        .unmarshal(new ZenohSerializationDataFormat("list<i32>"));
            }
        };
    }

    @Test
    void resolvesByNameAsACamelDataFormat() {
        DataFormat df = context.resolveDataFormat("zenohSerialization");
        assertThat(df).isInstanceOf(ZenohSerializationDataFormat.class);
        byte[] out = template.requestBody("direct:byName", 1234566, byte[].class);
        assertThat(HexFormat.of().formatHex(out)).isEqualTo("86d61200");
    }

    @Test
    void marshalThenUnmarshalInOneRoute() {
        Object back = template.requestBody("direct:roundTrip", List.of(7, List.of("a", "bc")));
        assertThat(back).isEqualTo(List.of((short) 7, List.of("a", "bc")));
    }

    @Test
    void configuredByUriThroughTheDataformatComponent() {
        Object back = template.requestBody("direct:byUri", new int[] {1, 7});
        assertThat(back).isEqualTo(List.of(1L, 7L));
    }

    @Test
    void badBytesFailTheExchangeWithTheReason() {
        assertThatThrownBy(
                        () ->
                                template.requestBody(
                                        "direct:unmarshalBad", new byte[] {2, 1, 0, 0, 0, 9}))
                .isInstanceOf(CamelExecutionException.class)
                .cause()
                .isInstanceOf(ZenohSerializationException.class)
                .hasMessage("truncated input: i32 needs 4 byte(s) at offset 5, 1 left (at [1])");
    }

    @Test
    void marshalledSamplesAreReadByPythonZDeserialize() throws Exception {
        awaitConnected();
        Map<String, Double> reading = new LinkedHashMap<>();
        reading.put("temp", 21.5);
        reading.put("hum", 0.25);
        try (PythonPeer sub =
                PythonPeer.start("sub", "--connect", camel, "--key", "ser/out", "--count", "1")) {
            // the Python subscriber's declaration reaches the route's session some time after READY
            Waits.awaitSubscriberSeenByRoutes(context, "ser/out");
            template.sendBody("direct:publish", reading);
            JsonNode sample = sub.nextJson(30);
            assertThat(sample).as("python stderr: %s", sub.stderr()).isNotNull();
            byte[] payload = PythonPeer.bytes(sample.get("payload"));
            assertThat(HexFormat.of().formatHex(payload))
                    .isEqualTo(
                            "02"
                                    + "0474656d70"
                                    + "0000000000803540"
                                    + "0368756d"
                                    + "000000000000d03f");
            try (ZserPython py = new ZserPython()) {
                assertThat(py.deserialize("map<string,f64>", payload).toString())
                        .isEqualTo("[[\"temp\",21.5],[\"hum\",0.25]]");
            }
        }
    }
}
