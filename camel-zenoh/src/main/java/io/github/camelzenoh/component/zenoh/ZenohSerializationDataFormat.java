/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import java.io.InputStream;
import java.io.OutputStream;
import org.apache.camel.Exchange;
import org.apache.camel.spi.Configurer;
import org.apache.camel.spi.DataFormat;
import org.apache.camel.spi.DataFormatName;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.annotations.Dataformat;
import org.apache.camel.support.service.ServiceSupport;

/**
 * Camel data format {@code zenohSerialization}: marshals a Java value to zenoh's serialization
 * format (what {@code z_serialize} of every zenoh binding reads) and unmarshals it back. The wire
 * type is stated by the {@code type} descriptor (see {@link ZenohSerialization}); without it,
 * marshal takes the type a scalar body implies and unmarshal refuses.
 */
@Dataformat("zenohSerialization")
@Configurer
@Metadata(
        firstVersion = "0.1.0",
        label = "dataformat,transformation",
        title = "Zenoh Serialization")
public class ZenohSerializationDataFormat extends ServiceSupport
        implements DataFormat, DataFormatName {

    private String type;
    private volatile ZenohSerialization.Type parsed;

    public ZenohSerializationDataFormat() {}

    public ZenohSerializationDataFormat(String type) {
        setType(type);
    }

    @Override
    public String getDataFormatName() {
        return "zenohSerialization";
    }

    public String getType() {
        return type;
    }

    /**
     * The wire type: {@code i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bool string bytes},
     * {@code list<T>}, {@code map<K,V>}, {@code tuple<T1,...,Tn>}, e.g. {@code
     * map<string,list<f64>>}.
     */
    public void setType(String type) {
        this.parsed = type == null || type.isBlank() ? null : ZenohSerialization.Type.parse(type);
        this.type = type;
    }

    @Override
    public void marshal(Exchange exchange, Object graph, OutputStream stream) throws Exception {
        ZenohSerialization.Type t = parsed != null ? parsed : ZenohSerialization.typeOf(graph);
        stream.write(ZenohSerialization.serialize(t, graph));
    }

    @Override
    public Object unmarshal(Exchange exchange, InputStream stream) throws Exception {
        return decode(stream.readAllBytes());
    }

    @Override
    public Object unmarshal(Exchange exchange, Object body) throws Exception {
        if (body instanceof byte[] b) {
            return decode(b);
        }
        return decode(
                exchange.getContext()
                        .getTypeConverter()
                        .mandatoryConvertTo(byte[].class, exchange, body));
    }

    private Object decode(byte[] bytes) {
        ZenohSerialization.Type t = parsed;
        if (t == null) {
            throw new ZenohSerializationException(
                    "zenohSerialization cannot unmarshal without a type: set the type descriptor"
                            + " (e.g. list<i32>, map<string,f64>, tuple<u8,string>)");
        }
        return ZenohSerialization.deserialize(t, bytes);
    }

    @Override
    protected void doStart() {
        // stateless
    }

    @Override
    protected void doStop() {
        // stateless
    }
}
