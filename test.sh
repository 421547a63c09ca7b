#!/usr/bin/env bash
# The README's test command: builds everything (Rust library, Java face, component, examples)
# and runs every test suite, including the interop tests against Python eclipse-zenoh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
bash tools/python-env.sh >/dev/null
exec mvn -B -ntp install "$@"
