#!/usr/bin/env bash
# The linux-aarch64 cross toolchain and emulator, from Debian's packages (rustup cannot download
# targets on this network): Debian's own rustc/cargo with the aarch64 standard library, the aarch64
# linker and C library, qemu-user-static and an arm64 JRE to run the emulated smoke suite.
#   --check    exit 0 when everything is installed (prints what is missing otherwise)
#   --install  install what is missing (root, apt)
set -euo pipefail
need=(/usr/bin/cargo /usr/bin/rustc /usr/lib/rustlib/aarch64-unknown-linux-gnu/lib
      /usr/bin/aarch64-linux-gnu-gcc /usr/lib/aarch64-linux-gnu/libc.so
      /usr/bin/qemu-aarch64-static /usr/lib/jvm/java-17-openjdk-arm64/bin/java)
missing() {
  local m=()
  for p in "${need[@]}"; do [ -e "$p" ] || m+=("$p"); done
  echo "${m[@]:-}"
}
case "${1:---check}" in
  --check)
    m=$(missing)
    if [ -n "$m" ]; then
      echo "aarch64 cross toolchain not installed (missing: $m)" >&2
      exit 1
    fi
    ;;
  --install)
    [ -z "$(missing)" ] && exit 0
    dpkg --add-architecture arm64
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web libstd-rust-web-dev:arm64 \
      gcc-aarch64-linux-gnu libc6-dev:arm64 qemu-user-static openjdk-17-jre-headless:arm64 >/dev/null
    ;;
  *) echo "usage: $0 [--check|--install]" >&2; exit 2 ;;
esac
