// Copyright 2026 the camel-zenoh authors.
// SPDX-License-Identifier: Apache-2.0 (see the LICENSE file at the repository root).

//! The library's build id: the crate's version and a hash of everything that shapes its JNI
//! surface (the Rust sources, the locked dependencies, and the Java declarations the library binds
//! to: ZenohNative and the upcall sinks). Compiled into the library (`NativeLoader.nativeBuildId`)
//! and written next to it as `camel_zenoh_jni.build-id`, which the Maven build packs into the jar:
//! at load, the Java side compares the two and refuses a library built from other sources.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let java = root.join("src/main/java/io/github/camelzenoh/zenoh");
    let mut files: Vec<PathBuf> = vec![root.join("Cargo.toml"), root.join("Cargo.lock")];
    files.extend(listed(&root.join("src"), |n| n.ends_with(".rs")));
    files.extend(listed(&java, |n| {
        n == "ZenohNative.java" || n.ends_with("Sink.java")
    }));
    files.sort();
    // FNV-1a, 64 bits: stable across Rust versions and platforms
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f
            .strip_prefix(&root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let content = fs::read(f).unwrap_or_default();
        for b in name.bytes().chain([0u8]).chain(content).chain([0u8]) {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rerun-if-changed={}", root.join("src").display());
    println!("cargo:rerun-if-changed={}", java.display());
    let id = format!(
        "{}-{hash:016x}",
        std::env::var("CARGO_PKG_VERSION").unwrap()
    );
    println!("cargo:rustc-env=CAMEL_ZENOH_BUILD_ID={id}");
    // OUT_DIR is <target>/<profile>/build/<crate>-<hash>/out: the library lands in <target>/<profile>
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    if let Some(profile_dir) = out.ancestors().nth(3) {
        let _ = fs::write(profile_dir.join("camel_zenoh_jni.build-id"), &id);
    }
}

fn listed(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(&keep)
                })
                .collect()
        })
        .unwrap_or_default()
}
