#!/usr/bin/env bash
# The README's main job: builds what is needed (skipping tests) and runs the zenoh <-> HTTP bridge
# on its embedded zenoh peer. Arguments go to the bridge, e.g. --http.port=8080.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
mvn -B -q -ntp install -DskipTests -pl examples/zenoh-http-bridge -am
app=examples/zenoh-http-bridge
exec java -cp "$app/target/classes:$(cat "$app/target/classpath.txt")" \
  io.github.camelzenoh.examples.http.ZenohHttpBridge "$@"
