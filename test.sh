#!/usr/bin/env bash
# The README's test command: builds everything (Rust library, Java face, component, examples)
# and runs every test suite, including the interop tests against Python eclipse-zenoh.
# When the aarch64 cross toolchain and emulator are installed (.ci/run installs them), the native
# jar also carries linux-aarch64 and an arm64 JVM under qemu runs the emulated smoke suite.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
bash tools/python-env.sh >/dev/null
extra=()
if bash tools/aarch64-toolchain.sh --check; then
  extra+=(-Dcamelzenoh.aarch64=true)
else
  echo "test.sh: building linux-x86_64 only (for linux-aarch64 too: bash tools/aarch64-toolchain.sh --install, as .ci/run does)" >&2
fi
exec mvn -B -ntp install "${extra[@]}" "$@"
