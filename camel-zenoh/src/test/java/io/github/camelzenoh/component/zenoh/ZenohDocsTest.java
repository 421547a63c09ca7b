/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The option tables of {@code src/main/docs/zenoh-component.adoc} are the generated metadata
 * (zenoh.json) rendered: this test fails when they differ. Camel's own {@code update-readme} goal
 * only writes Antora includes there, which render on Camel's website alone. To rewrite the tables
 * after changing an option: run this test with {@code -Dcamelzenoh.updateDocs=true}.
 */
class ZenohDocsTest {

    static final Path ADOC =
            Path.of(System.getProperty("basedir", "."), "src/main/docs/zenoh-component.adoc");

    private static JsonNode json;

    @BeforeAll
    static void readMetadata() throws Exception {
        try (InputStream in =
                ZenohDocsTest.class.getResourceAsStream(
                        "/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json")) {
            json = new ObjectMapper().readTree(in);
        }
    }

    @Test
    void optionTablesOfTheAdocAreTheGeneratedMetadata() throws Exception {
        String adoc = Files.readString(ADOC);
        String expected =
                replaceSection(
                        replaceSection(adoc, "component options", componentOptions()),
                        "endpoint options",
                        endpointOptions());
        if (!expected.equals(adoc) && Boolean.getBoolean("camelzenoh.updateDocs")) {
            Files.writeString(ADOC, expected);
            adoc = expected;
        }
        assertThat(adoc)
                .as(
                        "%s: the option tables differ from the generated metadata; rewrite them"
                                + " with mvn verify -pl camel-zenoh -am -Dtest=ZenohDocsTest"
                                + " -Dcamelzenoh.updateDocs=true",
                        ADOC)
                .isEqualTo(expected);
    }

    @Test
    void metadataDescribesTheComponentForUsers() throws Exception {
        String adoc = Files.readString(ADOC);
        String description = json.get("component").get("description").asText();
        assertThat(adoc).contains(":description: " + description + "\n");
        assertThat(description).doesNotContain("ZenohSessions", "declares its");

        JsonNode p = json.get("properties");
        assertThat(p.get("config").get("secret").asBoolean()).as("config is secret").isTrue();
        assertThat(p.get("session").get("autowired").asBoolean()).as("session autowired").isTrue();
        assertThat(json.get("componentProperties").get("session").get("autowired").asBoolean())
                .isTrue();
        // unset keeps the zenoh configuration's choice; what the metadata shows is zenoh's own
        assertThat(p.get("multicastScouting").get("defaultValue").asBoolean()).isTrue();
        assertThat(p.get("multicastScouting").get("description").asText()).contains("Unset");
        assertThat(new ZenohConfiguration().getMulticastScouting()).isNull();
    }

    /**
     * Camel's generator sanitizes descriptions as javadoc (it drops {@code **}, {@code >},
     * brackets): the metadata must say what the annotations say.
     */
    @Test
    void descriptionsOfTheMetadataAreTheAnnotations() {
        JsonNode p = json.get("properties");
        for (Class<?> c : new Class<?>[] {ZenohConfiguration.class, ZenohEndpoint.class}) {
            for (Field f : c.getDeclaredFields()) {
                UriParam param = f.getAnnotation(UriParam.class);
                UriPath path = f.getAnnotation(UriPath.class);
                String text =
                        param != null
                                ? param.description()
                                : path != null ? path.description() : "";
                if (!text.isEmpty()) {
                    assertThat(p.get(f.getName()).get("description").asText())
                            .as(f.getName())
                            .isEqualTo(text);
                }
            }
        }
    }

    /** The text between {@code // <name>: START} and {@code // <name>: END} replaced. */
    private static String replaceSection(String adoc, String name, String body) {
        String start = "// " + name + ": START\n";
        String end = "// " + name + ": END\n";
        int s = adoc.indexOf(start);
        int e = adoc.indexOf(end);
        assertThat(s).as("marker %s", start.trim()).isNotNegative();
        assertThat(e).as("marker %s", end.trim()).isGreaterThan(s);
        return adoc.substring(0, s + start.length()) + body + adoc.substring(e);
    }

    private static String componentOptions() {
        Map<String, JsonNode> endpoint = options("properties");
        Map<String, JsonNode> component = options("componentProperties");
        List<String> endpointOnly =
                endpoint.keySet().stream().filter(n -> !component.containsKey(n)).toList();
        Map<String, JsonNode> componentOnly = new LinkedHashMap<>(component);
        componentOnly.keySet().removeAll(endpoint.keySet());
        StringBuilder b = new StringBuilder("=== Component options\n\n");
        b.append("Every endpoint option below, except ")
                .append(
                        endpointOnly.stream()
                                .map(n -> "`" + n + "`")
                                .collect(Collectors.joining(", ")))
                .append(
                        ", is also a component option: set on the component (e.g."
                                + " `camel.component.zenoh.connect`) it is the default of every"
                                + " endpoint, and an endpoint's URI overrides it. The component"
                                + " has besides:\n\n");
        table(b, componentOnly.values());
        return b.toString();
    }

    private static String endpointOptions() {
        Map<String, JsonNode> endpoint = options("properties");
        StringBuilder b = new StringBuilder("=== Endpoint options\n\n");
        Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
        for (JsonNode o : endpoint.values()) {
            if ("path".equals(o.get("kind").asText())) {
                b.append("Path: `")
                        .append(o.get("name").asText())
                        .append("` (")
                        .append(o.get("required").asBoolean() ? "required" : "optional")
                        .append("). ")
                        .append(o.get("description").asText())
                        .append("\n\n");
            } else {
                groups.computeIfAbsent(o.get("group").asText(), g -> new ArrayList<>()).add(o);
            }
        }
        groups.forEach(
                (group, list) -> {
                    b.append("==== ")
                            .append(Character.toUpperCase(group.charAt(0)))
                            .append(group.substring(1))
                            .append("\n\n");
                    table(b, list);
                });
        return b.toString();
    }

    private static Map<String, JsonNode> options(String kind) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        json.get(kind)
                .fields()
                .forEachRemaining(
                        e -> {
                            ((com.fasterxml.jackson.databind.node.ObjectNode) e.getValue())
                                    .put("name", e.getKey());
                            out.put(e.getKey(), e.getValue());
                        });
        return out;
    }

    private static void table(StringBuilder b, Iterable<JsonNode> options) {
        b.append("[cols=\"2,1,1,5\"]\n|===\n| Option | Type | Default | Description\n\n");
        for (JsonNode o : options) {
            String type = o.get("type").asText();
            if ("object".equals(type)) {
                String javaType = o.get("javaType").asText();
                type = javaType.substring(javaType.lastIndexOf('.') + 1);
            }
            JsonNode d = o.get("defaultValue");
            StringBuilder text = new StringBuilder(o.get("description").asText());
            if (o.has("enum")) {
                List<String> values = new ArrayList<>();
                o.get("enum").forEach(v -> values.add("`" + v.asText() + "`"));
                text.append(" Values: ").append(String.join(", ", values)).append('.');
            }
            if (o.get("autowired").asBoolean()) {
                text.append(" Autowired.");
            }
            if (o.get("secret").asBoolean()) {
                text.append(" Secret: masked in logs.");
            }
            b.append("| `")
                    .append(o.get("name").asText())
                    .append("` | ")
                    .append(type)
                    .append(" | ")
                    .append(d == null ? "" : "`" + d.asText() + "`")
                    .append(" | ")
                    .append(text.toString().replace("|", "\\|"))
                    .append('\n');
        }
        b.append("|===\n\n");
    }
}
