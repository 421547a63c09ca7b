/*
 * Copyright 2026 the camel-zenoh authors.
 * SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).
 */
package io.github.camelzenoh.component.zenoh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The documentation names only code that exists: every path and every class written in backticks in
 * {@code docs/*.md}, {@code README.md} and the component's adoc is found in the tree.
 *
 * <p>Which backticked tokens are checked:
 *
 * <ul>
 *   <li><b>paths</b>: a token without spaces whose first segment is a top-level directory of the
 *       repository ({@code native/src/delivery.rs}, {@code camel-zenoh/src/...}) must exist (a glob
 *       such as {@code native/src/*.rs} must match a file), unless it is a build output (a {@code
 *       target} segment) or listed in {@link #NOT_IN_TREE}; a bare file name with a source
 *       extension ({@code delivery.rs}, {@code Dispatch.java}) must be some file's name;
 *   <li><b>class names</b>: a token that starts with a CamelCase identifier of two humps or more
 *       ({@code ZenohNative}, {@code SampleSink.onSamples(...)}, {@code Session#declareKeyExpr})
 *       must name a Java type of the tree (a file or a nested type), a Rust type of the tree, a
 *       class of the JDK or of the test classpath (Camel, JUnit, ...), or a string constant of the
 *       tree (Camel header names such as {@code CamelZenohKeyExpr}); {@link #ELSEWHERE} lists the
 *       few names that live outside all of these, each with where it lives.
 * </ul>
 */
class DocsReferToRealCodeTest {

    /** Names the docs may use that are defined outside the tree and the classpath. */
    static final Map<String, String> ELSEWHERE =
            Map.ofEntries(
                    Map.entry(
                            "SessionClosedError",
                            "zenoh (Rust crate): zenoh::session::SessionClosedError"),
                    Map.entry(
                            "DidntWrite",
                            "zenoh-transport (Rust crate): pipeline.rs's push result"),
                    Map.entry("ExceptionDescribe", "a JNI function (JNIEnv)"),
                    Map.entry("NewString", "a JNI function (JNIEnv)"),
                    Map.entry("WeakSession", "zenoh (Rust crate): zenoh::session::WeakSession"),
                    Map.entry("JavaVM", "jni (Rust crate): jni::JavaVM"),
                    Map.entry("PoisonError", "Rust's standard library: std::sync::PoisonError"),
                    Map.entry("NewByteArray", "a JNI function (JNIEnv)"),
                    Map.entry("NewStringUTF", "a JNI function (JNIEnv)"),
                    Map.entry(
                            "ProducerRecord",
                            "kafka-clients: org.apache.kafka.clients.producer.ProducerRecord"),
                    Map.entry(
                            "DefaultRecord",
                            "kafka-clients: org.apache.kafka.common.record.DefaultRecord"),
                    Map.entry(
                            "MemoryRecordsBuilder",
                            "kafka-clients: org.apache.kafka.common.record.MemoryRecordsBuilder"),
                    Map.entry(
                            "KeyValueHolderIterator",
                            "camel-kafka: org.apache.camel.component.kafka.producer.support"));

    /** Paths the docs name that are not files of the tree, each with what it is. */
    static final Map<String, String> NOT_IN_TREE =
            Map.ofEntries(
                    Map.entry(
                            "native/linux-x86_64/libcamel_zenoh_jni-<version>.so",
                            "the library's path inside the native jar"),
                    Map.entry(
                            "native/<platform>/libcamel_zenoh_jni-<version>.so",
                            "the library's versioned path inside the native jar"),
                    Map.entry(
                            "native/<os>-<arch>/", "the library's directory inside the native jar"),
                    Map.entry("native/linux-aarch64", "a platform directory inside the native jar"),
                    Map.entry("native/macos-x86_64/", "a platform directory inside the native jar"),
                    Map.entry(
                            "native/macos-aarch64/", "a platform directory inside the native jar"),
                    Map.entry(
                            "native/windows-x86_64/", "a platform directory inside the native jar"),
                    Map.entry("native/build-id", "the build id file inside the native jar"),
                    Map.entry("native/version", "the version file inside the native jar"),
                    Map.entry("advanced_publisher.rs", "a source file of the zenoh-ext crate"),
                    Map.entry("advanced_subscriber.rs", "a source file of the zenoh-ext crate"));

    static final Pattern BACKTICKED = Pattern.compile("`([^`\\n]+)`");
    static final Pattern CLASS_NAME =
            Pattern.compile("^([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:$|[.#(<\\[])");
    static final Pattern SOURCE_FILE =
            Pattern.compile("^[\\w.-]+\\.(rs|java|py|sh|toml|xml|adoc|md|yaml|json5?)$");
    static final Pattern JAVA_TYPE =
            Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");
    static final Pattern RUST_TYPE =
            Pattern.compile("\\b(?:struct|enum|trait|type)\\s+([A-Z]\\w*)");
    static final Pattern STRING_CONSTANT = Pattern.compile("\"([A-Z][A-Za-z0-9]+)\"");

    static Path root;
    static final List<Path> treeFiles = new ArrayList<>();
    static final Set<String> fileNames = new HashSet<>();
    static final Set<String> knownNames = new HashSet<>();

    @BeforeAll
    static void readTheTree() throws IOException {
        String property = System.getProperty("camelzenoh.root");
        assertThat(property).as("system property camelzenoh.root (set by the pom)").isNotNull();
        root = Path.of(property).toAbsolutePath().normalize();
        Files.walkFileTree(
                root,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                        boolean skip =
                                !dir.equals(root)
                                        && (name.equals("target")
                                                || name.startsWith(".venv")
                                                || name.equals(".git")
                                                || name.equals("node_modules")
                                                || name.equals("__pycache__"));
                        return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        treeFiles.add(file);
                        fileNames.add(file.getFileName().toString());
                        return FileVisitResult.CONTINUE;
                    }
                });
        for (Path f : treeFiles) {
            String name = f.getFileName().toString();
            if (name.endsWith(".java")) {
                knownNames.add(name.substring(0, name.length() - 5));
                String text = Files.readString(f);
                collect(JAVA_TYPE, text);
                collect(STRING_CONSTANT, text);
            } else if (name.endsWith(".rs")) {
                collect(RUST_TYPE, Files.readString(f));
            }
        }
        knownNames.addAll(ELSEWHERE.keySet());
        classpathAndJdkClassNames();
    }

    private static void collect(Pattern p, String text) {
        Matcher m = p.matcher(text);
        while (m.find()) {
            knownNames.add(m.group(1));
        }
    }

    /** Simple names of the JDK's classes and of every class on the test classpath. */
    private static void classpathAndJdkClassNames() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        try (Stream<Path> modules = Files.walk(jrt.getPath("/modules"))) {
            modules.forEach(p -> addClassName(p.toString()));
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar")) {
                try (JarFile jar = new JarFile(entry)) {
                    jar.stream().map(JarEntry::getName).forEach(n -> addClassName(n));
                }
            }
        }
    }

    private static void addClassName(String path) {
        if (path.endsWith(".class")) {
            String simple = path.substring(path.lastIndexOf('/') + 1, path.length() - 6);
            knownNames.add(simple.substring(simple.lastIndexOf('$') + 1));
        }
    }

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>();
        try (Stream<Path> s = Files.list(root.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        docs.add(root.resolve("README.md"));
        docs.add(root.resolve("camel-zenoh/src/main/docs/zenoh-component.adoc"));
        return docs;
    }

    /** The backticked tokens of a document, outside fenced code blocks. */
    static List<String> backticked(Path doc) throws IOException {
        List<String> tokens = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(doc)) {
            String t = line.strip();
            if (t.startsWith("```") || t.equals("----")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = BACKTICKED.matcher(line);
            while (m.find()) {
                tokens.add(m.group(1).strip());
            }
        }
        return tokens;
    }

    @Test
    void everyPathAndClassNamedInTheDocsExists() throws IOException {
        Set<String> topLevel = new HashSet<>();
        try (Stream<Path> s = Files.list(root)) {
            s.filter(Files::isDirectory).forEach(p -> topLevel.add(p.getFileName().toString()));
        }
        Map<String, Set<String>> missing = new TreeMap<>();
        int paths = 0;
        int classes = 0;
        for (Path doc : documents()) {
            for (String token : backticked(doc)) {
                String problem = null;
                if (isPath(token, topLevel)) {
                    paths++;
                    if (!pathExists(token)) {
                        problem = "path " + token;
                    }
                } else if (SOURCE_FILE.matcher(token).matches()) {
                    paths++;
                    if (!fileNames.contains(token) && !NOT_IN_TREE.containsKey(token)) {
                        problem = "file " + token;
                    }
                } else {
                    Matcher m = CLASS_NAME.matcher(token);
                    if (m.find()) {
                        classes++;
                        if (!knownNames.contains(m.group(1))) {
                            problem =
                                    "class "
                                            + m.group(1)
                                            + (token.equals(m.group(1))
                                                    ? ""
                                                    : " (in `" + token + "`)");
                        }
                    }
                }
                if (problem != null) {
                    missing.computeIfAbsent(root.relativize(doc).toString(), k -> new TreeSet<>())
                            .add(problem);
                }
            }
        }
        assertThat(paths).as("paths checked").isGreaterThan(20);
        assertThat(classes).as("class names checked").isGreaterThan(50);
        assertThat(missing).as("names in the docs that the tree does not have").isEmpty();
    }

    static boolean isPath(String token, Set<String> topLevel) {
        if (token.contains(" ") || !token.contains("/")) {
            return false;
        }
        String first = token.substring(0, token.indexOf('/'));
        return topLevel.contains(first);
    }

    static boolean pathExists(String token) {
        if (NOT_IN_TREE.containsKey(token) || List.of(token.split("/")).contains("target")) {
            return true; // not a file of the tree, or an output of the build
        }
        String path = token.replaceAll("[.,:;]+$", "");
        if (path.endsWith("/...") || path.endsWith("/…")) {
            path = path.substring(0, path.lastIndexOf('/'));
        }
        if (!path.contains("*") && !path.contains("?")) {
            return Files.exists(root.resolve(path));
        }
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + path);
        for (Path f : treeFiles) {
            if (glob.matches(root.relativize(f))) {
                return true;
            }
        }
        return false;
    }
}
