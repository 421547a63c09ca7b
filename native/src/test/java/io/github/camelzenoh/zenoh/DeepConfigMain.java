/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.zenoh;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Forked by {@link DeepConfigTest}: opens sessions whose configuration nests objects or arrays
 * 1,500 levels deep (args[0]; inline, in a JSON5 or YAML file, a file with inline text laid over
 * it) and prints what each open did. Before the depth limit the first of them overflowed the
 * calling thread's stack and killed this JVM.
 */
public final class DeepConfigMain {

    private DeepConfigMain() {}

    public static void main(String[] args) throws Exception {
        int depth = Integer.parseInt(args[0]);
        String objects = "{plugins: " + "{a: ".repeat(depth) + "1" + "}".repeat(depth) + "}";
        String arrays = "{plugins: {a: " + "[".repeat(depth) + "]".repeat(depth) + "}}";
        Path dir = Files.createTempDirectory("deep-config");
        try {
            Path json5 = Files.writeString(dir.resolve("deep.json5"), objects);
            Path yaml =
                    Files.writeString(
                            dir.resolve("deep.yaml"),
                            "plugins: " + "{a: ".repeat(depth) + "1" + "}".repeat(depth) + "\n");
            Path plain = Files.writeString(dir.resolve("plain.json5"), "{}");
            open("inline objects", SessionConfig.loopbackPeer().withJson5(objects));
            open("inline arrays", SessionConfig.loopbackPeer().withJson5(arrays));
            open("json5 file", SessionConfig.loopbackPeer().withConfigFile(json5.toString()));
            open("yaml file", SessionConfig.loopbackPeer().withConfigFile(yaml.toString()));
            open(
                    "file and inline",
                    SessionConfig.loopbackPeer()
                            .withConfigFile(plain.toString())
                            .withJson5(objects));
            open(
                    "override",
                    SessionConfig.loopbackPeer()
                            .withOverride("plugins/a", "[".repeat(depth) + "]".repeat(depth)));
            // json5 ends a line comment at CR, U+2028 and U+2029 too: the nesting after it counts
            open("cr comment", SessionConfig.loopbackPeer().withJson5("// note\r" + objects));
            open("ls comment", SessionConfig.loopbackPeer().withJson5("// note\u2028" + objects));
            // a file a plugin's __config__ includes is read by zenoh itself: no depth check sees
            // it, but its parsing runs on a large stack, so it cannot kill the JVM
            Path included =
                    Files.writeString(
                            dir.resolve("main.json5"),
                            "{plugins: {foo: {__config__: '" + json5 + "'}}}");
            open("include", SessionConfig.loopbackPeer().withConfigFile(included.toString()));
            // deeper than the parsers' recursion fits in 1 MiB even after parsing: zenoh's open
            // (and the configuration's drop) walk it too, on the large stack as well
            int includeDepth = Integer.parseInt(args[1]);
            Path deeper =
                    Files.writeString(
                            dir.resolve("deeper.json5"),
                            "{plugins: "
                                    + "{a: ".repeat(includeDepth)
                                    + "1"
                                    + "}".repeat(includeDepth)
                                    + "}");
            Path includesDeeper =
                    Files.writeString(
                            dir.resolve("main2.json5"),
                            "{plugins: {foo: {__config__: '" + deeper + "'}}}");
            open(
                    "deeper include",
                    SessionConfig.loopbackPeer().withConfigFile(includesDeeper.toString()));
            open(
                    "deeper include, bad listen",
                    SessionConfig.loopbackPeer()
                            .withConfigFile(includesDeeper.toString())
                            .withListen("tcp/127.0.0.1:notaport"));
            // as deep as allowed: a plugin's settings nested 120 levels still open
            String allowed = "{plugins: " + "{a: ".repeat(120) + "1" + "}".repeat(120) + "}";
            open("120 levels", SessionConfig.loopbackPeer().withJson5(allowed));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
        System.out.println("deep config: done");
    }

    private static void open(String what, SessionConfig config) {
        try (Session s = Session.open(config)) {
            System.out.println(what + ": opened");
        } catch (ZenohException e) {
            System.out.println(what + ": refused: " + e.getMessage());
        }
    }
}
