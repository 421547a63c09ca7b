#!/usr/bin/env bash
# Builds the binding and the component of an earlier revision (native/ + camel-zenoh/ only) and
# prints a classpath that runs today's Java bench peers on them: `bench/run.sh --before <rev>`
# measures both builds interleaved in one run. The revision must have the delivery counters
# (NativeDiagnostics.countDeliveries, commit 257eef6 or later); f63de9b is the suite's first
# commit, before any optimisation. Built in a scratch directory with its own copy of cargo's
# cache: the shared cache keeps one libcamel_zenoh_jni.so, which an old build would overwrite.
set -euo pipefail
rev="${1:?usage: bench/build-before.sh <git revision>}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target_dir="${CARGO_TARGET_DIR:-$HOME/.cache/camel-zenoh/cargo-target}"
sha="$(git rev-parse --short "$rev")"
out="$root/bench/java/target/before-$sha"
if [ ! -f "$out/classpath.txt" ]; then
  work="$(mktemp -d "${TMPDIR:-/tmp}/camel-zenoh-before.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  git archive "$sha" pom.xml native camel-zenoh tools | tar -x -C "$work"
  mkdir -p "$work/.mvn"
  # only the two modules
  sed -i '/<modules>/,/<\/modules>/c\  <modules>\n    <module>native</module>\n    <module>camel-zenoh</module>\n  </modules>' "$work/pom.xml"
  echo "# building $sha in $work (seeding its cargo cache from $target_dir)" >&2
  if [ -d "$target_dir" ]; then
    cp -a "$target_dir" "$work/cargo-target"
  fi
  touch "$work/native/src/lib.rs" # the copied cache holds today's library under the same name
  (cd "$work" && mvn -B -q -ntp package -DskipTests -Dcargo.target.dir="$work/cargo-target" >&2)
  mkdir -p "$out"
  cp "$work/native/target/camel-zenoh-native-"*-SNAPSHOT.jar "$work/camel-zenoh/target/camel-zenoh-"*-SNAPSHOT.jar "$out/"
  rm -f "$out/"*-tests.jar
  # today's classpath with the two jars swapped for the earlier ones
  tr ':' '\n' < bench/java/target/classpath.txt | grep -v '/camel-zenoh-native-[^/]*\.jar$' \
    | grep -v '/camel-zenoh-[0-9][^/]*\.jar$' | paste -sd: - \
    | sed "s|^|$out/$(basename "$out"/camel-zenoh-native-*.jar):$out/$(basename "$(ls "$out"/camel-zenoh-[0-9]*.jar)"):|" \
    > "$out/classpath.txt"
fi
cat "$out/classpath.txt"
