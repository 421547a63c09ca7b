/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The text form of the binding's enums: what options, headers and zenoh's config write. */
class EnumNamesTest {

    static final List<Class<? extends Enum<?>>> ENUMS =
            List.of(
                    CongestionControl.class,
                    ConsolidationMode.class,
                    Locality.class,
                    Mode.class,
                    Priority.class,
                    QueryTarget.class,
                    Reliability.class);

    @Test
    void eachEnumPrintsItsCamelCaseNameAndParsesBackFromIt() {
        for (Class<? extends Enum<?>> type : ENUMS) {
            for (Enum<?> e : type.getEnumConstants()) {
                assertThat(e.toString()).isEqualTo(EnumNames.camelCase(e.name()));
                assertThat(parse(type, e.toString())).isSameAs(e);
                assertThat(parse(type, e.name())).isSameAs(e);
                assertThat(parse(type, e.name().toLowerCase())).isSameAs(e);
            }
        }
        assertThat(Priority.REAL_TIME).hasToString("realTime");
        assertThat(CongestionControl.BLOCK_FIRST).hasToString("blockFirst");
        assertThat(Locality.SESSION_LOCAL).hasToString("sessionLocal");
        assertThat(Mode.PEER).hasToString("peer");
        assertThat(EnumNames.allowed(Reliability.class)).isEqualTo("bestEffort, reliable");
        assertThat(EnumNames.parse(Priority.class, "real-time")).isNull();
        assertThat(EnumNames.parse(Priority.class, null)).isNull();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Enum<?> parse(Class<? extends Enum<?>> type, String text) {
        return EnumNames.parse((Class) type, text);
    }

    @Test
    void sessionConfigTakesAModeInEitherSpellingAndKeepsZenohs() {
        assertThat(SessionConfig.DEFAULT.withMode("CLIENT").mode()).isEqualTo("client");
        assertThat(SessionConfig.DEFAULT.withMode(Mode.ROUTER).mode()).isEqualTo("router");
        assertThat(SessionConfig.DEFAULT.withMode("client"))
                .isEqualTo(SessionConfig.DEFAULT.withMode(Mode.CLIENT));
        assertThatThrownBy(() -> SessionConfig.DEFAULT.withMode("broker"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("zenoh mode 'broker' is not one of peer, client, router");
    }
}
