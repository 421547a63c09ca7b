#!/usr/bin/env python3
# Copyright 2026 the camel-zenoh authors.
# SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
"""Writes ZenohComponentConfiguration.java from the component's generated metadata (zenoh.json):
one field per component option with its description as javadoc, and
additional-spring-configuration-metadata.json with each option's default and allowed values.
spring-boot-configuration-processor merges both into spring-configuration-metadata.json.
Duration options (metadata type "duration") are String properties: the component's configurer
reads milliseconds or a duration (5s, 1m30s, 250ms, PT5S) and refuses anything else naming the
option, where a Long property took only milliseconds and failed the start on 5s.
The fields have no initializers: only what the application sets is copied onto the component, so
an option left unset keeps the component's own default, including "unset" (mode and
multicastScouting mean "as zenoh's configuration says" when unset).
ZenohComponentConfigurationMetadataTest fails when the two drift; re-run this, then
`mvn spotless:apply`."""
import json
import re
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
SRC = HERE.parent / "camel-zenoh/src/generated/resources/META-INF/io/github/camelzenoh/component/zenoh/zenoh.json"
EXTRA = HERE / "src/main/resources/META-INF/additional-spring-configuration-metadata.json"
OUT = HERE / "src/main/java/io/github/camelzenoh/component/zenoh/springboot/ZenohComponentConfiguration.java"
BOXED = {"boolean": "Boolean", "int": "Integer", "long": "Long", "java.lang.String": "String",
         "java.lang.Boolean": "Boolean", "java.lang.Integer": "Integer", "java.lang.Long": "Long"}


def kebab(name):
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)


props = json.loads(SRC.read_text())["componentProperties"]
fields, accessors, hints = [], [], []
# the switches every Camel starter has (inherited from ComponentConfigurationPropertiesCommon)
extra_props = [
    {"name": "camel.component.zenoh.enabled", "type": "java.lang.Boolean", "defaultValue": True,
     "description": "Whether to enable auto configuration of the zenoh component. This is enabled by default."},
    {"name": "camel.component.zenoh.customizer.enabled", "type": "java.lang.Boolean",
     "description": "Whether the zenoh component is configured from these properties when Camel creates it."},
]
for name, p in props.items():
    # a duration: text Camel's converter reads (5s, 1m30s, 250ms, PT5S or milliseconds)
    t = "String" if p["type"] == "duration" else BOXED.get(p["javaType"], p["javaType"])
    desc = p["description"].replace("*/", "*&#47;")
    fields.append(f"    /** {desc} */\n    private {t} {name};\n")
    key = "camel.component.zenoh." + kebab(name)
    if p.get("defaultValue") is not None:
        extra_props.append({"name": key, "defaultValue": p["defaultValue"]})
    if p.get("enum"):
        hints.append({"name": key, "values": [{"value": v} for v in p["enum"]]})
    cap = name[0].upper() + name[1:]
    getter = ("is" if t == "Boolean" else "get") + cap
    accessors.append(f"    public {t} {getter}() {{\n        return {name};\n    }}\n\n"
                     f"    public void set{cap}({t} {name}) {{\n        this.{name} = {name};\n    }}\n")

OUT.write_text(f"""/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh.springboot;

import org.apache.camel.spring.boot.ComponentConfigurationPropertiesCommon;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The zenoh component's options as Spring Boot properties {{@code camel.component.zenoh.*}}.
 * Written by generate-configuration.py from the component's zenoh.json; do not edit.
 */
@ConfigurationProperties(prefix = "camel.component.zenoh")
public class ZenohComponentConfiguration extends ComponentConfigurationPropertiesCommon {{

{chr(10).join(fields)}
{chr(10).join(accessors)}}}
""")
EXTRA.write_text(json.dumps({"properties": extra_props, "hints": hints}, indent=2) + "\n")
print("wrote", OUT, EXTRA)
