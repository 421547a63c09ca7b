#!/usr/bin/env bash
# zenoh → Kafka through the Kafka bridge next to Kafka's own producer ceiling, in one run on one
# machine against one real single-node KRaft broker (the bridge's embedded one, Kafka 3.9.1):
#
#   zbench pub (bench/rust; Rust publisher, BLOCK, one payload as fast as it can)
#        |  tcp/127.0.0.1
#   zenoh-kafka-bridge (toKafka.batchSize: a batch of samples per Kafka write)  ──►  KRaft broker
#
#   KafkaPerf produce (bench/java): kafka-producer-perf-test's loop (asynchronous sends, acks
#   counted in the callback) with the bridge's producer settings (acks=all, idempotent, 5 in
#   flight, linger.ms=0, batch.size=16384, no compression), to the same broker.
#
# kafka-producer-perf-test itself (kafka-tools) is not in the Maven mirror the build uses, hence
# KafkaPerf. Each size is measured as: the Kafka loop with records shaped like the bridge's (the
# zenoh key as record key, the headers zenoh.key, zenoh.kind, zenoh.encoding.id, zenoh.encoding:
# the same bytes on the wire), the same loop with the value alone (what kafka-producer-perf-test
# sends, for reference), then the bridge fed by the Rust publisher (records/s arriving in the
# topic: the sum of its end offsets over the window).
#
#   bench/kafka.sh            1 pass, 10 s windows after 5 s warm-up (~2 min)
#   bench/kafka.sh --quick    5 s windows after 2 s
#   bench/kafka.sh --smoke    1 s windows: proves it runs (figures meaningless)
#
# Prints one line per figure, with the CPU time per record of each process, then
# `RATIO kafka_bridge_vs_kafka_perf_<size>` (bridge / Kafka loop with bridge-shaped records).
# Environment: CARGO_TARGET_DIR (default ~/.cache/camel-zenoh/cargo-target), BENCH_SKIP_BUILD=1
# (reuse the last build), BRIDGE_BATCH (default 1000), BRIDGE_JAVA_OPTS, KAFKA_SIZES (default
# "100 1024"). Output also goes to bench/java/target/bench-kafka-<mode>.txt, logs beside it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

mode=full warm_ms=5000 win_ms=10000
case "${1:-}" in
  "") ;;
  --quick) mode=quick warm_ms=2000 win_ms=5000 ;;
  --smoke) mode=smoke warm_ms=500 win_ms=1000 ;;
  *) echo "usage: bench/kafka.sh [--quick|--smoke]" >&2; exit 2 ;;
esac
batch="${BRIDGE_BATCH:-1000}"
sizes="${KAFKA_SIZES:-100 1024}"

target_dir="${CARGO_TARGET_DIR:-$HOME/.cache/camel-zenoh/cargo-target}"
python="$(bash tools/python-env.sh)"
app=examples/zenoh-kafka-bridge
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "# building (cargo: zbench in $target_dir; mvn package -pl $app,bench/java -am)" >&2
  (cd bench/rust && CARGO_TARGET_DIR="$target_dir" cargo build -q --locked --release)
  mvn -B -q -ntp package -DskipTests -Dinvoker.skip=true -Dcargo.lint.skip=true -pl "$app,bench/java" -am \
    -Dcargo.target.dir="$target_dir" >&2
fi

out_dir="bench/java/target"
mkdir -p "$out_dir"
out="$out_dir/bench-kafka-$mode.txt"
logs="$out_dir/bench-kafka-logs-$mode"
rm -rf "$logs"; mkdir -p "$logs"
stage="$(mktemp -d "${TMPDIR:-/tmp}/camel-zenoh-kafka-bench.XXXXXX")"
cp "$target_dir/release/zbench" "$stage/"

# shellcheck source=bench/lib/held.sh
. "$root/bench/lib/held.sh"

kafka_port=$(free_port); zenoh_port=$(free_port)
bootstrap="127.0.0.1:$kafka_port"
{
  echo "# machine: $(nproc) CPUs, $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(uname -sr)"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# java: $(java -version 2>&1 | head -1); broker: Kafka 3.9.1 KRaft, single node (the bridge's embedded one)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ); commit: $(git rev-parse --short HEAD)$(git diff --quiet -- examples camel-zenoh native bench || echo ' (+ local changes)')"
  echo "# mode: $mode (windows ${win_ms} ms after ${warm_ms} ms); bridge toKafka.batchSize=$batch"
} | tee "$out"

cp_bridge="$root/$app/target/classes:$(cat "$app/target/classpath.txt")"
cp_perf="$root/bench/java/target/classes:$(cat bench/java/target/classpath.txt)"
# shellcheck disable=SC2086
java ${BRIDGE_JAVA_OPTS:--Xms512m -Xmx512m} -cp "$cp_bridge" io.github.camelzenoh.examples.kafka.ZenohKafkaBridge \
  --kafka.embedded.port="$kafka_port" --kafka.embedded.lib="$root/$app/target/kafka-broker/lib" \
  --zenoh.listen="tcp/127.0.0.1:$zenoh_port" --toKafka.keyExprs='bench/kafka/**' \
  --toKafka.batchSize="$batch" --toZenoh.enabled=false --bridge.statsInterval=0 \
  > "$logs/bridge.log" 2>&1 &
pids+=($!)
bridge_pid=$!
for _ in $(seq 1200); do
  grep -q 'started in' "$logs/bridge.log" && break
  kill -0 "$bridge_pid" 2>/dev/null || { echo "ERROR bridge exited:"; tail -30 "$logs/bridge.log"; exit 1; }
  sleep 0.1
done
grep -q 'started in' "$logs/bridge.log" || { echo "ERROR bridge did not start"; tail -30 "$logs/bridge.log"; exit 1; }
# the broker is the bridge's child JVM
broker_pid=$(pgrep -P "$bridge_pid" java | head -1)
[ -n "$broker_pid" ] || { echo "ERROR no broker process under the bridge"; exit 1; }
pids+=("$broker_pid")
# the broker's JIT warmed up before anything is measured (not counted)
java -cp "$cp_perf" io.github.camelzenoh.bench.KafkaPerf produce --bootstrap "$bootstrap" \
  --topic perf.warmup --size 100 --warmup-ms "$warm_ms" --window-ms "$warm_ms" > /dev/null 2>&1

fig() { awk -v k="$2" '$1 == "RATE" && k == "" {print $2} $1 == "CPU_NS_PER_REC" && $2 == k {print $3}' <<< "$1"; }
us() { awk -v n="${1:-0}" 'BEGIN {printf "%.2f", n / 1000}'; }

declare -A ratio
for size in $sizes; do
  label=$([ "$size" = 1024 ] && echo 1KiB || echo "${size}B")
  echo "# $label: records/s acknowledged by (Kafka loop) or arriving in (bridge) the topic; CPU µs per record" | tee -a "$out"
  for shape in bridge plain; do
    r=$(java -cp "$cp_perf" io.github.camelzenoh.bench.KafkaPerf produce --bootstrap "$bootstrap" \
      --topic "perf.$shape.$size" --size "$size" --shape "$shape" --key "bench/kafka/$size" \
      --warmup-ms "$warm_ms" --window-ms "$win_ms" --broker-pid "$broker_pid" 2> "$logs/perf-$shape-$size.log")
    grep -q '^DONE' <<< "$r" || { echo "ERROR KafkaPerf produce: $r"; cat "$logs/perf-$shape-$size.log"; exit 1; }
    rate=$(fig "$r" "")
    echo "kafka $label perf-loop ($shape records): $rate rec/s (producer $(us "$(fig "$r" producer)") µs, broker $(us "$(fig "$r" broker)") µs)" | tee -a "$out"
    [ "$shape" = bridge ] && kafka_rate=$rate
  done
  start_held "pub$size" "$stage/zbench" pub --listen "tcp/127.0.0.1:$(free_port)" \
    --connect "tcp/127.0.0.1:$zenoh_port" --key "bench/kafka/$size" --size "$size"
  pub_pid=${pids[-1]}
  r=$(java -cp "$cp_perf" io.github.camelzenoh.bench.KafkaPerf count --bootstrap "$bootstrap" \
    --topic "bench.kafka.$size" --warmup-ms "$warm_ms" --window-ms "$win_ms" \
    --pids "bridge=$bridge_pid,broker=$broker_pid,publisher=$pub_pid" 2> "$logs/count-$size.log")
  grep -q '^DONE' <<< "$r" || { echo "ERROR KafkaPerf count: $r"; cat "$logs/count-$size.log"; exit 1; }
  stop_held "pub$size"
  rate=$(fig "$r" "")
  echo "kafka $label bridge (zbench pub → bridge → Kafka): $rate rec/s (bridge $(us "$(fig "$r" bridge)") µs, broker $(us "$(fig "$r" broker)") µs, publisher $(us "$(fig "$r" publisher)") µs)" | tee -a "$out"
  ratio[$label]=$(awk -v a="$rate" -v b="$kafka_rate" 'BEGIN {printf "%.3f", a / b}')
  # let the bridge drain what the publisher queued before the next size
  sleep 3
done
{
  echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  for size in $sizes; do
    label=$([ "$size" = 1024 ] && echo 1KiB || echo "${size}B")
    echo "RATIO kafka_bridge_vs_kafka_perf_$label ${ratio[$label]}"
  done
} | tee -a "$out"
