#!/usr/bin/env bash
# The HTTP bridge next to zenohd's REST plugin, in one run on one machine: GET requests/s (one Rust
# queryable answering 1 KiB of text/plain) with wrk at 16, 64 and 256 open connections, and SSE
# fan-out (10 clients on one key, a Rust publisher putting 8 B / 1 KiB samples as fast as it can
# with BLOCK) as deliveries/s summed over the clients. The two doors are measured in turn, pass by
# pass, against the same zenoh peers:
#
#   rest-plugin-ref  (tools/rest-plugin-ref: zenoh router + zenoh-plugin-rest 1.10.2, HTTP port R)
#        |  tcp/127.0.0.1
#   zbench queryable / zbench pub  (bench/rust; peers listening on loopback, connected to the router)
#        |  tcp/127.0.0.1 (direct, as the plugin is inside the router)
#   zenoh-http-bridge, GET door: a peer linked to the queryable only (HTTP port B)
#   zenoh-http-bridge, SSE door: a peer linked to the router and the queryable (HTTP port S)
#
# The GET door has no link to the router: a peer that reaches the queryable both directly and
# through the router sends its queries through the router (zenoh's BestMatching picks that face;
# measured: the router then spends 20-25 µs per bridge GET), an extra hop the plugin, inside the
# router, does not have. BRIDGE_GET_VIA_ROUTER=1 links the GET door to the router too. Each GET
# pass reports the router's CPU per request, which shows such a hop.
#
#   bench/bridge.sh            3 passes: 10 s wrk runs per count, 8 s SSE windows (~7 min)
#   bench/bridge.sh --quick    1 pass, 5 s / 4 s
#   bench/bridge.sh --smoke    1 pass, 1 s each: proves it runs (figures meaningless)
#   bench/bridge.sh [mode] --get-only   the GET part alone (no SSE; prints only the GET ratios)
#
# Prints one line per figure, then `RATIO http_get_vs_rest_plugin` (at 16 connections, always
# measured), `RATIO http_get_c<connections>_vs_rest_plugin` (medians at each count),
# `RATIO http_get_best_vs_rest_plugin` (each door's best median over the counts: the larger of a few
# noisy medians, so biased upwards), `RATIO sse_<size>_vs_rest_plugin` and `RATIO sse_vs_rest_plugin`
# (geometric mean of the two sizes); bridge / plugin, > 1 = bridge faster; NA where the plugin's
# median is 0.
# Each figure also gives the serving process's CPU time per request / per delivered event (the
# HTTP server's: rest-plugin-ref or the bridge JVM), less disturbed by other load than rates,
# and each GET pass that time split by thread (kernel thread names, digits dropped: Vert.x event
# loop, zenoh's runtime threads rx/tx/net/app, Camel's pools, GC, JIT compilers).
# Needs `wrk` (Debian package wrk). Environment: CARGO_TARGET_DIR (default
# ~/.cache/camel-zenoh/cargo-target), BENCH_SKIP_BUILD=1 (reuse the last build), BRIDGE_JAVA_OPTS
# (default -Xms512m -Xmx512m), BRIDGE_ARGS (more --name=value arguments for the bridge),
# BRIDGE_ZENOH_RUNTIME (a zenoh thread layout, ZENOH_RUNTIME syntax, for the bridges only; for
# experiments: docs/performance.md shows why the bridge ships zenoh's default),
# BRIDGE_GET_VIA_ROUTER=1 (see above), GET_CONNS (the connection counts measured besides 16, which
# always is, first: even numbers 2-4096, as wrk -t2 opens connections/2 per thread; unset, empty or
# blank: "64 256"; "16": 16 only).
# Output also goes to bench/java/target/bench-bridge-<mode>.txt, process logs beside it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

mode=full passes=3 wrk_s=10 sse_s=8 warm_s=2 sse=1
for arg in "$@"; do
  case "$arg" in
    --quick) mode=quick passes=1 wrk_s=5 sse_s=4 warm_s=1 ;;
    --smoke) mode=smoke passes=1 wrk_s=1 sse_s=1 warm_s=0.5 ;;
    --get-only) sse=0 ;;
    *) echo "usage: bench/bridge.sh [--quick|--smoke] [--get-only]" >&2; exit 2 ;;
  esac
done
# the connection counts of the GET runs: 16 first (the headline ratio's), then the others once each
get_conns=16
read -ra more_conns <<< "${GET_CONNS:-}"
[ "${#more_conns[@]}" -gt 0 ] || more_conns=(64 256)
for c in "${more_conns[@]}"; do
  [[ "$c" =~ ^[0-9]{1,4}$ ]] && c=$((10#$c)) && [ "$c" -ge 2 ] && [ "$c" -le 4096 ] &&
    [ $((c % 2)) = 0 ] ||
    { echo "bench/bridge.sh: GET_CONNS: '$c' is not an even number from 2 to 4096" >&2; exit 2; }
  [[ " $get_conns " == *" $c "* ]] || get_conns="$get_conns $c"
done
command -v wrk >/dev/null || { echo "bench/bridge.sh: wrk not found (apt-get install -y wrk)" >&2; exit 1; }

target_dir="${CARGO_TARGET_DIR:-$HOME/.cache/camel-zenoh/cargo-target}"
python="$(bash tools/python-env.sh)"
app=examples/zenoh-http-bridge
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "# building (cargo: zbench, rest-plugin-ref in $target_dir; mvn package -pl $app -am)" >&2
  (cd bench/rust && CARGO_TARGET_DIR="$target_dir" cargo build -q --locked --release)
  (cd tools/rest-plugin-ref && CARGO_TARGET_DIR="$target_dir" cargo build -q --locked --release)
  mvn -B -q -ntp package -DskipTests -Dinvoker.skip=true -pl "$app" -am -Dcargo.target.dir="$target_dir" >&2
fi

out_dir="bench/java/target"
mkdir -p "$out_dir"
suffix=$mode; [ "$sse" = 1 ] || suffix=$mode-get
out="$out_dir/bench-bridge-$suffix.txt"
logs="$out_dir/bench-bridge-logs-$suffix"
rm -rf "$logs"; mkdir -p "$logs"
stage="$(mktemp -d "${TMPDIR:-/tmp}/camel-zenoh-bridge-bench.XXXXXX")"
cp "$target_dir/release/zbench" "$target_dir/release/rest-plugin-ref" "$stage/"

# shellcheck source=bench/lib/held.sh
. "$root/bench/lib/held.sh"

router_port=$(free_port); rest_http=$(free_port); bridge_http=$(free_port); sse_http=$(free_port)
q_port=$(free_port); bridge_zenoh=$(free_port); sse_zenoh=$(free_port)
router="tcp/127.0.0.1:$router_port"
{
  echo "# machine: $(nproc) CPUs, $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(uname -sr)"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# java: $(java -version 2>&1 | head -1); wrk: $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ); commit: $(git rev-parse --short HEAD)$(git diff --quiet -- examples camel-zenoh native || echo ' (+ local changes)')"
  echo "# mode: $mode ($passes pass(es), wrk ${wrk_s} s -t2 at $get_conns connections, $([ "$sse" = 1 ] && echo "SSE 10 clients ${sse_s} s after ${warm_s} s" || echo "GET only"))"
  echo "# bridge: ${BRIDGE_ZENOH_RUNTIME:+ZENOH_RUNTIME='$BRIDGE_ZENOH_RUNTIME' }java ${BRIDGE_JAVA_OPTS:--Xms512m -Xmx512m} ... ${BRIDGE_ARGS:-}; GET door linked to the queryable$([ "${BRIDGE_GET_VIA_ROUTER:-0}" = 1 ] && echo " and the router" || echo " only")"
} | tee "$out"

start_held rest "$stage/rest-plugin-ref" "$rest_http" "$router"
rest_pid=${pids[-1]}
start_held queryable "$stage/zbench" queryable --listen "tcp/127.0.0.1:$q_port" --connect "$router" \
  --key bench/get --size 1024
cp_bridge="$app/target/classes:$(cat "$app/target/classpath.txt")"
# start_bridge <log> <http port> <zenoh port> <connect>: the bridge as ./run-bridge.sh runs it
start_bridge() {
  # shellcheck disable=SC2086
  ([ -z "${BRIDGE_ZENOH_RUNTIME:-}" ] || export ZENOH_RUNTIME="$BRIDGE_ZENOH_RUNTIME"
  exec java ${BRIDGE_JAVA_OPTS:--Xms512m -Xmx512m} -cp "$cp_bridge" io.github.camelzenoh.examples.http.ZenohHttpBridge \
    --http.port="$2" --http.managementPort="$(free_port)" --zenoh.mode=peer --zenoh.listen="tcp/127.0.0.1:$3" \
    --zenoh.connect="$4" --bridge.demo=false ${BRIDGE_ARGS:-}) > "$logs/$1.log" 2>&1 &
  pids+=($!)
}
get_connect="tcp/127.0.0.1:$q_port"
[ "${BRIDGE_GET_VIA_ROUTER:-0}" = 1 ] && get_connect="$router,$get_connect"
start_bridge bridge "$bridge_http" "$bridge_zenoh" "$get_connect"
bridge_pid=$!
if [ "$sse" = 1 ]; then
  start_bridge bridge-sse "$sse_http" "$sse_zenoh" "$router,tcp/127.0.0.1:$q_port"
  sse_pid=$!
fi
# cpu_us <pid>: user + system CPU time of the process so far, in µs (clock ticks of 10 ms)
cpu_us() { awk '{sub(/.*\) /, ""); print ($12 + $13) * 10000}' "/proc/$1/stat"; }
# thread_cpu <pid>: "<thread group>\t<µs>" for the live threads of the process, grouped by their
# kernel name (15 characters) without its number: "vert.x-eventloo", "rx", "GC Thread", ...
thread_cpu() {
  cat /proc/"$1"/task/*/stat 2>/dev/null | awk '{
    name = $0; sub(/^[0-9]+ \(/, "", name); sub(/\) [^)]*$/, "", name)
    rest = $0; sub(/.*\) /, "", rest); split(rest, f, " ")
    gsub(/#[0-9]+/, "", name); sub(/[-_ ]*[0-9]+$/, "", name)
    t[name] += (f[12] + f[13]) * 10000
  } END { for (n in t) print n "\t" t[n] }'
}
# by_thread <before> <after> <total µs> <requests>: the CPU of the run per request by thread group,
# largest first (groups under 1 µs/request summed as "rest"; threads that ended as "ended")
by_thread() {
  awk -F'\t' -v total="$3" -v n="$4" '
    FNR == NR { a[$1] = $2; next }
    { d = $2 - a[$1]; if (d > 0) { g[$1] = d; sum += d } }
    END {
      if (total > sum) g["ended"] = total - sum
      for (k in g) if (g[k] / n < 1 && k != "ended") { g["rest"] += g[k]; delete g[k] }
      for (k in g) printf "%s\t%.1f\n", k, g[k] / n
    }' <(printf '%s\n' "$1") <(printf '%s\n' "$2") | sort -t$'\t' -k2,2 -gr |
    awk -F'\t' '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 } END { print "" }'
}

# until_ok <what> <cmd...>: retries cmd for 60 s
until_ok() {
  local what="$1"; shift
  for _ in $(seq 600); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "ERROR $what"; exit 1
}
# a GET answered with the queryable's 1 KiB reply (the JSON carries it as text)
answers() { curl -sf "http://127.0.0.1:$1/bench/get" | grep -q '0123456789012345678901234567890'; }
until_ok "REST plugin answers GET" answers "$rest_http"
until_ok "bridge answers GET" answers "$bridge_http"
[ "$sse" = 1 ] && until_ok "SSE bridge answers GET" answers "$sse_http"

declare -A figs
failed=0
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# GET is measured at several numbers of open connections (wrk -c; each connection waits for its
# answer before it asks again): the fewer, the more the rate follows each request's latency; the
# more, the more it follows the door's CPU per request. `RATIO http_get_vs_rest_plugin` is the ratio
# at 16 (the figure of every run before 2026-12-01 21:00 UTC), `RATIO http_get_c<N>_vs_rest_plugin`
# the ratio at each count, `RATIO http_get_best_vs_rest_plugin` the ratio of each door's best median
# over the counts (whatever count it needs).
# JIT warm-up (not counted): before the first counted run each door serves every count once, as
# long as a counted run, in the order of a pass, and the first counted run follows at once. Each
# get leaves a 10 s zenoh timer task in the process that sent it, which fires in the run after the
# next: so every counted run, the first one too, shares the machine with the timers of the other
# door's run before it, as in passes 2 and 3. (Before 2026-12-03 the warm-up was one uncounted run
# right before each first-pass run: the bridge's C2 compiler still took 7 µs per request in its
# first counted run at 16 connections. An 11 s idle after the warm-up, c2fb147 to the change after
# 18c7889, left the plugin's first c16 run as the only counted run with no timers firing.)
# A warm-up run that answers anything but 200 fails the benchmark, as a counted run does.
# wrk_ok <door> <connections> <wrk output file>: exits if wrk saw errors or non-2xx answers
wrk_ok() {
  if grep -q 'Non-2xx\|Socket errors' "$3"; then
    echo "ERROR $1 GET (-c$2): $(grep 'Non-2xx\|Socket errors' "$3")" | tee -a "$out"; exit 1
  fi
}
warmed="after an uncounted warm-up of each door at each count"
if [ "$mode" != smoke ]; then
  for door in rest bridge; do
    port=$rest_http; [ "$door" = bridge ] && port=$bridge_http
    for c in $get_conns; do
      w="$logs/wrk-$door-c$c-warm-up.txt"
      wrk -t2 -c"$c" -d"${wrk_s}s" "http://127.0.0.1:$port/bench/get" > "$w"
      wrk_ok "$door (warm-up)" "$c" "$w"
    done
  done
else
  warmed="no warm-up: smoke figures are meaningless"
fi
echo "# GET: wrk -t2 -c<connections> on /bench/get, connections $get_conns; 1 KiB text/plain" \
  "reply from a Rust queryable; requests/s ($warmed)" | tee -a "$out"
for pass in $(seq "$passes"); do
  for c in $get_conns; do
    for door in rest bridge; do
      port=$rest_http pid=$rest_pid; [ "$door" = bridge ] && port=$bridge_http pid=$bridge_pid
      w="$logs/wrk-$door-c$c-$pass.txt"
      c0=$(cpu_us "$pid"); t0=$(thread_cpu "$pid"); r0=$(cpu_us "$rest_pid")
      wrk -t2 -c"$c" -d"${wrk_s}s" "http://127.0.0.1:$port/bench/get" > "$w"
      wrk_ok "$door" "$c" "$w"
      c1=$(cpu_us "$pid"); t1=$(thread_cpu "$pid"); r1=$(cpu_us "$rest_pid")
      rps=$(awk '/^Requests\/sec:/ {print $2}' "$w")
      lat=$(awk '/^    Latency/ {print $2}' "$w")
      n=$(awk '/requests in/ {print $1}' "$w")
      cpu=$(awk -v a="$c0" -v b="$c1" -v n="$n" 'BEGIN {printf "%.1f", (b - a) / n}')
      echo "get c$c $door pass $pass: $rps req/s (mean latency $lat; server CPU $cpu µs/request)" | tee -a "$out"
      echo "#   $door CPU by thread, µs/request: $(by_thread "$t0" "$t1" $((c1 - c0)) "$n")$([ "$door" = bridge ] && awk -v a="$r0" -v b="$r1" -v n="$n" 'BEGIN {printf "; the router meanwhile: %.1f", (b - a) / n}')" | tee -a "$out"
      figs[get_c${c}_$door]="${figs[get_c${c}_$door]:-} $rps"
    done
  done
done

sizes="8 1024"; [ "$sse" = 1 ] || sizes=""
for size in $sizes; do
  label=$([ "$size" = 8 ] && echo 8B || echo 1KiB)
  echo "# SSE fan-out, $label: 10 clients on /bench/sse/$label, Rust publisher (BLOCK) at full rate; events/s summed over the clients (slowest client)" | tee -a "$out"
  start_held "pub$label" "$stage/zbench" pub --listen "tcp/127.0.0.1:$(free_port)" --connect "$router" \
    --key "bench/sse/$label" --size "$size"
  for pass in $(seq "$passes"); do
    for door in rest bridge; do
      port=$rest_http pid=$rest_pid; [ "$door" = bridge ] && port=$sse_http pid=$sse_pid
      c0=$(cpu_us "$pid")
      if ! r=$("$python" bench/python/sse_count.py --port "$port" --path "/bench/sse/$label" --clients 10 \
        --warmup-s "$warm_s" --seconds "$sse_s" --timeout-s 60 2>&1); then
        # a door that delivers nothing counts 0 for the pass (told, not hidden)
        echo "sse $label $door pass $pass: FAILED, 0 events/s (${r//$'\n'/ })" | tee -a "$out"
        figs[sse_${label}_$door]="${figs[sse_${label}_$door]:-} 0"
        failed=1
        continue
      fi
      c1=$(cpu_us "$pid")
      rate=$(awk '/^SSE / {print $2}' <<< "$r"); slow=$(awk '/^SSE_MIN / {print $2}' <<< "$r")
      total=$(awk '/^TOTAL / {print $2}' <<< "$r")
      cpu=$(awk -v a="$c0" -v b="$c1" -v n="$total" 'BEGIN {printf "%.1f", (b - a) / n}')
      echo "sse $label $door pass $pass: $rate events/s ($slow slowest client; server CPU $cpu µs/event)" | tee -a "$out"
      figs[sse_${label}_$door]="${figs[sse_${label}_$door]:-} $rate"
    done
  done
  stop_held "pub$label"
done

# shellcheck disable=SC2086
{
  # ratio <name> <bridge> <plugin>: one RATIO line (NA when the plugin's figure is 0)
  ratio() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN {if (b > 0) printf "RATIO %s %.3f\n", n, a/b; else printf "RATIO %s NA\n", n}'; }
  # per connection count: medians over the passes; each door's best of them
  g_rest=0 g_bridge=0 g_line="" g_ratios=""
  for c in $get_conns; do
    r=$(median ${figs[get_c${c}_rest]}); b=$(median ${figs[get_c${c}_bridge]})
    g_line="$g_line; c$c rest $r bridge $b"
    [ "$c" = 16 ] && g_ratios="$(ratio http_get_vs_rest_plugin "$b" "$r")"$'\n'
    g_ratios="$g_ratios$(ratio "http_get_c${c}_vs_rest_plugin" "$b" "$r")"$'\n'
    g_rest=$(awk -v a="$g_rest" -v b="$r" 'BEGIN {print (b > a ? b : a)}')
    g_bridge=$(awk -v a="$g_bridge" -v b="$b" 'BEGIN {print (b > a ? b : a)}')
  done
  echo "# GET medians, req/s${g_line}; best: rest $g_rest bridge $g_bridge"
  g_ratios="$g_ratios$(ratio http_get_best_vs_rest_plugin "$g_bridge" "$g_rest")"$'\n'
  if [ "$sse" = 0 ]; then
    echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%s' "$g_ratios"
    exit 0
  fi
  s8_rest=$(median ${figs[sse_8B_rest]}); s8_bridge=$(median ${figs[sse_8B_bridge]})
  s1_rest=$(median ${figs[sse_1KiB_rest]}); s1_bridge=$(median ${figs[sse_1KiB_bridge]})
  echo "# SSE medians, events/s: 8B rest $s8_rest bridge $s8_bridge; 1KiB rest $s1_rest bridge $s1_bridge"
  echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%s' "$g_ratios"
  ratio sse_8B_vs_rest_plugin "$s8_bridge" "$s8_rest"
  ratio sse_1KiB_vs_rest_plugin "$s1_bridge" "$s1_rest"
  awk -v a="$s8_bridge" -v b="$s8_rest" -v c="$s1_bridge" -v d="$s1_rest" \
    'BEGIN {if (b > 0 && d > 0) printf "RATIO sse_vs_rest_plugin %.3f\n", sqrt((a/b)*(c/d)); else print "RATIO sse_vs_rest_plugin NA"}'
} | tee -a "$out"
[ "$failed" = 0 ] || { echo "# some SSE pass delivered nothing (see FAILED above)" | tee -a "$out"; exit 1; }
