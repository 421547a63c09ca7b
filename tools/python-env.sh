#!/usr/bin/env bash
# Creates (once) the project-local virtualenv with Python eclipse-zenoh, our independent test
# peer, and prints its python path. Idempotent: re-running with the same requirements is a no-op.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${CAMELZENOH_VENV:-$root/.venv}"
req="$root/tools/requirements.txt"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$req" "$stamp"; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req" >&2
  cp "$req" "$stamp"
fi
"$venv/bin/python" -c 'import zenoh' >&2
echo "$venv/bin/python"
