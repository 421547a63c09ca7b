# Sourced (not run) by ./run-bridge.sh and bench/bridge.sh: the zenoh thread layout the HTTP bridge
# runs with. zenoh reads it once, from the environment, when its first session opens
# (ZENOH_RUNTIME, RON syntax; see docs/performance.md "The bridge's zenoh threads").
#
# Every zenoh get arms a timeout task on zenoh's `net` runtime and queues its request for the `tx`
# runtime: two sleeping threads woken per get, each wake-up a context switch the request pays for.
# Handing `net` over to `tx` runs both on one thread, woken once. A ZENOH_RUNTIME already set in
# the environment is kept as it is.
export ZENOH_RUNTIME="${ZENOH_RUNTIME:-(net: (handover: tx))}"
