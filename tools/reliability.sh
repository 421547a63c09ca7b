#!/usr/bin/env bash
# The full forms of the reliability suites: the same JUnit classes the normal build runs (the
# Zenoh*ReliabilityIT classes by failsafe, plus ZenohLifecycleTest's route cycles) in CI size,
# scaled up by -Dcamelzenoh.full=true:
#   router faults     20 router kills/restarts per router kind (CI: 3 + 2)
#   no loss           10,000,000 reliable+BLOCK messages through a route (CI: 200,000)
#   lifecycle         1,000 route stop/start cycles, 100 CamelContext cycles (CI: 200 / 20)
#   concurrency       8 threads x 100,000 sends while the route stops and starts (CI: 8 x 10,000)
#   bad input         the same 263 cases, 235 rejected by the component, 28 by Camel (full in CI)
#   security          TLS, mTLS, user/password, ACL (already full in CI)
#   fuzz              the adversarial peer against every consumer type, 10 min (CI: 30 s);
#                     ZenohFuzzIT, seed printed, replay with -Dcamelzenoh.fuzzSeed=N
# Figures are printed at the end and kept in camel-zenoh/target/reliability/figures.txt;
# docs/reliability.md quotes them. Any count can be overridden, e.g. -Dcamelzenoh.noLossMessages=1000000
# (names: routerRestarts, noLossMessages, routeCycles, contextCycles, concurrencySends, concurrencyRestarts,
# fuzzSeconds).
#
#   tools/reliability.sh                 # everything, full size (about 17-20 minutes on 2 cores)
#   tools/reliability.sh -Dit.test=ZenohNoLossReliabilityIT -Dtest=none   # one suite
#   tools/reliability.sh -Dit.test=ZenohFuzzIT -Dtest=none                 # the fuzzer only
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
bash tools/python-env.sh >/dev/null
start=$(date +%s)
rm -f camel-zenoh/target/reliability/figures.txt
# one reactor build: the suites run against this clone's binding (native/target), not ~/.m2
mvn -B -ntp verify -pl camel-zenoh -am -Dcamelzenoh.full=true -Dinvoker.skip=true \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dtest='ZenohLifecycleTest#twoHundredStopStartCyclesLeaveNothingBehind' \
  -Dit.test='Zenoh*ReliabilityIT,ZenohFuzzIT' "$@"
echo
echo "== reliability figures (full form) =="
grep -h '^\[full\]' camel-zenoh/target/reliability/figures.txt | cut -d' ' -f3- || true
echo "reliability: finished in $(( $(date +%s) - start )) s"
