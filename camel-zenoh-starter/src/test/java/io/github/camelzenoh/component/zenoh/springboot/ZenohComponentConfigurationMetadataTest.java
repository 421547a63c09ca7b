/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The IDE metadata of {@code camel.component.zenoh.*} (the starter's generated
 * spring-configuration-metadata.json) carries every component option of the component's own
 * metadata (zenoh.json in the camel-zenoh jar) with its description, default and allowed values.
 * When the component gains or changes an option this fails: re-run generate-configuration.py.
 */
class ZenohComponentConfigurationMetadataTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode read(String resource) throws Exception {
        try (InputStream in =
                ZenohComponentConfigurationMetadataTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource + " on the classpath").isNotNull();
            return JSON.readTree(in);
        }
    }

    static String kebab(String name) {
        return name.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }

    static java.util.List<String> texts(JsonNode array) {
        java.util.List<String> l = new java.util.ArrayList<>();
        array.forEach(n -> l.add(n.asText()));
        return l;
    }

    static String words(String s) {
        return s == null ? null : s.replaceAll("\\s+", " ").trim();
    }

    @Test
    void everyComponentOptionHasItsDescriptionDefaultAndValues() throws Exception {
        JsonNode component =
                read("/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json")
                        .get("componentProperties");
        JsonNode spring = read("/META-INF/spring-configuration-metadata.json");
        Map<String, JsonNode> props = new HashMap<>();
        spring.get("properties").forEach(p -> props.put(p.get("name").asText(), p));
        Map<String, JsonNode> hints = new HashMap<>();
        spring.path("hints").forEach(h -> hints.put(h.get("name").asText(), h));

        assertThat(component.size()).as("component options").isGreaterThan(30);
        SoftAssertions soft = new SoftAssertions();
        for (Iterator<Map.Entry<String, JsonNode>> it = component.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> option = it.next();
            String key = "camel.component.zenoh." + kebab(option.getKey());
            JsonNode o = option.getValue();
            JsonNode p = props.get(key);
            soft.assertThat(p).as(key + " in spring-configuration-metadata.json").isNotNull();
            if (p == null) {
                continue;
            }
            soft.assertThat(words(p.path("description").asText(null)))
                    .as(key + " description")
                    .isEqualTo(words(o.get("description").asText()));
            soft.assertThat(p.get("defaultValue"))
                    .as(key + " default")
                    .isEqualTo(o.get("defaultValue"));
            JsonNode values = hints.containsKey(key) ? hints.get(key).get("values") : null;
            if (o.has("enum")) {
                soft.assertThat(values).as(key + " values hint").isNotNull();
                if (values != null) {
                    soft.assertThat(values.findValuesAsText("value"))
                            .as(key + " values")
                            .containsExactlyElementsOf(texts(o.get("enum")));
                }
            } else {
                soft.assertThat(values).as(key + " has no values hint").isNull();
            }
        }
        for (String key :
                new String[] {
                    "camel.component.zenoh.enabled", "camel.component.zenoh.customizer.enabled"
                }) {
            soft.assertThat(props.get(key))
                    .as(key + " in spring-configuration-metadata.json")
                    .isNotNull();
            if (props.get(key) != null) {
                soft.assertThat(props.get(key).path("description").asText()).as(key).isNotBlank();
            }
        }
        soft.assertAll();
    }
}
