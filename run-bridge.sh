#!/usr/bin/env bash
# The README's main job: builds and installs what is needed (mvn install, skipping tests: it writes
# the project's artifacts into ~/.m2) and runs the zenoh <-> HTTP bridge on its embedded zenoh peer.
# Arguments go to the bridge, e.g. --http.port=8080; JVM options and system properties go in
# JAVA_OPTS, e.g. JAVA_OPTS=-Dhttp.port=8080 ./run-bridge.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
mvn -B -q -ntp install -DskipTests -pl examples/zenoh-http-bridge -am
app=examples/zenoh-http-bridge
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-} -cp "$app/target/classes:$(cat "$app/target/classpath.txt")" \
  io.github.camelzenoh.examples.http.ZenohHttpBridge "$@"
