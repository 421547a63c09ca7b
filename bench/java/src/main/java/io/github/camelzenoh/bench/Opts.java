/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.bench;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} options, the form every bench peer takes. */
final class Opts {

    private final Map<String, String> values = new HashMap<>();

    static Opts parse(String[] args, int from) {
        Opts o = new Opts();
        for (int i = from; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value at '" + args[i] + "'");
            }
            o.values.put(args[i].substring(2), args[i + 1]);
        }
        return o;
    }

    String str(String name, String dflt) {
        return values.getOrDefault(name, dflt);
    }

    long num(String name, long dflt) {
        String v = values.get(name);
        return v == null ? dflt : Long.parseLong(v);
    }
}
