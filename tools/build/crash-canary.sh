#!/usr/bin/env bash
# Crash canary of every module's build (the parent pom runs it):
#   crash-canary.sh arm   MODULE_DIR TARGET_DIR   (initialize: a fresh TARGET_DIR/hs_err/)
#   crash-canary.sh check MODULE_DIR TARGET_DIR   (verify: fail when a JVM crashed)
# Every forked test JVM writes its fatal error log to TARGET_DIR/hs_err/hs_err_pid<pid>.log
# (-XX:ErrorFile, the parent pom's camelzenoh.test.argLine; JVMs that tests launch themselves get
# the same option from the system property camelzenoh.test.argLine). A JVM started without it
# writes hs_err_pid<pid>.log into its working directory, the module's directory or one below
# TARGET_DIR: those are found too. Any such file fails the build, named, with its summary lines.
set -euo pipefail
mode=${1:?arm|check}
module=${2:?module directory}
target=${3:?target directory}
case "$mode" in
  arm)
    rm -rf "$target/hs_err"
    mkdir -p "$target/hs_err"
    ;;
  check)
    found=()
    while IFS= read -r -d '' f; do found+=("$f"); done < <(
      { [ -d "$target" ] && find "$target" -name 'hs_err_pid*.log' -print0; } 2>/dev/null
      find "$module" -maxdepth 1 -name 'hs_err_pid*.log' -print0 2>/dev/null
    )
    if [ ${#found[@]} -gt 0 ]; then
      echo "[ERROR] crash canary: ${#found[@]} JVM crash log(s) in $module:"
      for f in "${found[@]}"; do
        echo "[ERROR]   $f"
        # the error line and the problematic frame, as the JVM summarizes them
        grep -m 6 -E '^# (A fatal error|[A-Z]+ \(|JRE version|Problematic frame|[CVJj] )' "$f" \
          | sed 's/^/[ERROR]     /' || true
      done
      echo "[ERROR] a forked JVM crashed (native code?); look at the log(s), then delete them or mvn clean"
      exit 1
    fi
    ;;
  *) echo "crash-canary.sh: unknown mode $mode" >&2; exit 2 ;;
esac
