#!/usr/bin/env bash
# Runs every built libFuzzer target for a few seconds on its seed corpus (tests/fuzz/corpus/NAME).
# Usage: run-fuzzers.sh BUILD_DIR SECONDS
set -euo pipefail
build=$1
seconds=${2:-10}
root="$(cd "$(dirname "$0")/.." && pwd)"
shopt -s nullglob
ran=0
for bin in "$build"/tests/fuzz/*_fuzz; do
  name=$(basename "$bin")
  work=$(mktemp -d)
  seeds="$root/tests/fuzz/corpus/$name"
  [ -d "$seeds" ] || seeds=""
  echo "fuzz: $name for ${seconds}s"
  "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 "$work" $seeds \
    >"$work.log" 2>&1 || { tail -50 "$work.log"; echo "fuzz: $name FAILED"; exit 1; }
  rm -rf "$work" "$work.log"
  ran=$((ran + 1))
done
echo "fuzz: $ran target(s) ran clean"
