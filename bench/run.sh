#!/usr/bin/env bash
# The camel-zenoh benchmark: builds what it needs (Rust library and peers, component, Java peers,
# the Python virtualenv), then runs the suite — Rust, Python, our Java binding and Camel routes as
# separate processes on loopback (peer to peer, multicast scouting off) — and prints one line per
# figure and, last, the `RATIO <name> <value>` lines.
#
#   bench/run.sh            full run (~30 min): 5 interleaved passes, RSS over 10 M messages
#   bench/run.sh --quick    a few minutes: 1 pass, short rounds, no RSS run
#   bench/run.sh --smoke    ~2.5 min with the build: what ./test.sh runs as a JUnit test (BenchSmokeTest)
#
# Further options go to the suite (bench/java/.../Suite.java), e.g.
#   bench/run.sh --quick --only sub,rtt --kinds rust,binding,camel --sizes 8 --passes 3
# --before <git revision> also runs the Java peers on that revision's binding and component
# (built by bench/build-before.sh), interleaved with today's: before/after figures in one run.
# Environment: BENCH_JAVA_OPTS (JVM options of the Java peers), CARGO_TARGET_DIR (cargo's cache,
# default ~/.cache/camel-zenoh/cargo-target), BENCH_SKIP_BUILD=1 (reuse the last build).
# The output is also written to bench/java/target/bench-<mode>.txt, the peers' logs next to it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

mode=--full
args=()
before=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick|--full|--smoke) mode="$1" ;;
    --before) before="${2:?--before needs a git revision}"; shift ;;
    *) args+=("$1") ;;
  esac
  shift
done

target_dir="${CARGO_TARGET_DIR:-$HOME/.cache/camel-zenoh/cargo-target}"
python="$(bash tools/python-env.sh)"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "# building (mvn install -DskipTests -pl bench/java -am; cargo in $target_dir)" >&2
  mvn -B -q -ntp install -DskipTests -pl bench/java -am -Dcargo.target.dir="$target_dir" >&2
fi

# A private copy of what the peers run, so a rebuild elsewhere in the tree (or another clone
# sharing the cargo cache) cannot swap a library under a running benchmark.
stage="$(mktemp -d "${TMPDIR:-/tmp}/camel-zenoh-bench.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
cp "$target_dir/release/zbench" "$stage/"
cp -r bench/java/target/classes "$stage/classes"
# stage_jars <classpath> <dir>: copies the jars into <dir>, prints the bench classes + the copies
stage_jars() {
  local entries="$stage/classes" jars j
  mkdir -p "$2"
  IFS=: read -r -a jars <<< "$1"
  for j in "${jars[@]}"; do
    cp "$j" "$2/"
    entries="$entries:$2/$(basename "$j")"
  done
  echo "$entries"
}
cp_entries="$(stage_jars "$(cat bench/java/target/classpath.txt)" "$stage/lib")"
if [ -n "$before" ]; then
  before_cp="$(CARGO_TARGET_DIR="$target_dir" bash bench/build-before.sh "$before")"
  args+=(--before-classpath "$(stage_jars "$before_cp" "$stage/before")")
fi

out="bench/java/target/bench-${mode#--}.txt"
logs="bench/java/target/bench-logs-${mode#--}"
rm -rf "$logs"
{
  echo "# machine: $(nproc) CPUs, $(lscpu | sed -n 's/^Model name: *//p' | head -1)," \
    "$(free -g | awk '/^Mem:/ {print $2 " GiB RAM"}'), $(uname -sr)"
  echo "# java: $(java -version 2>&1 | head -1); rustc: $(rustc -V); python: $("$python" -c \
    'import sys, zenoh; print(sys.version.split()[0], "eclipse-zenoh", getattr(zenoh, "__version__", "1.10.x"))' 2>/dev/null)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ); commit: $(git rev-parse --short HEAD)$(git diff --quiet -- native camel-zenoh bench || echo ' (+ local changes)')${before:+; before = $(git rev-parse --short "$before")}"
} | tee "$out"

# shellcheck disable=SC2086
java ${BENCH_SUITE_JAVA_OPTS:-} ${BENCH_JAVA_OPTS:+-Dbench.javaOpts="$BENCH_JAVA_OPTS"} \
  -cp "$cp_entries" io.github.camelzenoh.bench.Suite "$mode" \
  --rust-bin "$stage/zbench" --python "$python" --python-script "$root/bench/python/zbench.py" \
  --classpath "$cp_entries" --log-dir "$logs" "${args[@]}" | tee -a "$out"
exit "${PIPESTATUS[0]}"
