#!/usr/bin/env bash
# Runs every built libFuzzer target for a few seconds on its seed corpus (tests/fuzz/corpus/NAME),
# as many at a time as there are cores (each target is single-threaded).
# Usage: run-fuzzers.sh BUILD_DIR SECONDS
set -euo pipefail
build=$1
seconds=${2:-10}
root="$(cd "$(dirname "$0")/.." && pwd)"
shopt -s nullglob

# One target: prints its last lines and fails when it finds a crash, a leak or a timeout.
run_one() {
  local bin=$1 name work seeds
  name=$(basename "$bin")
  work=$(mktemp -d)
  seeds="$root/tests/fuzz/corpus/$name"
  [ -d "$seeds" ] || seeds=""
  echo "fuzz: $name for ${seconds}s"
  # shellcheck disable=SC2086
  if ! "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 "$work" $seeds \
    >"$work.log" 2>&1; then
    tail -50 "$work.log"
    echo "fuzz: $name FAILED"
    rm -rf "$work"
    return 1
  fi
  rm -rf "$work" "$work.log"
}
export -f run_one
export root seconds

bins=("$build"/tests/fuzz/*_fuzz)
[ ${#bins[@]} -gt 0 ] || { echo "fuzz: no targets in $build/tests/fuzz"; exit 1; }
printf '%s\n' "${bins[@]}" | xargs -P "$(nproc)" -I{} bash -c 'run_one "$1"' _ {}
echo "fuzz: ${#bins[@]} target(s) ran clean"
