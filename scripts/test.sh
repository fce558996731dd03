#!/usr/bin/env bash
# The README's test command: install what is needed, build everything, run every test.
# Also builds the libFuzzer targets with clang (when present) and runs each one briefly.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

jobs=$(nproc)
build=${OPENLIM_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs"
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 300)

if command -v clang++ >/dev/null 2>&1 && [ "${OPENLIM_SKIP_FUZZ:-0}" != 1 ]; then
  fuzz_build="${build}-fuzz"
  CC=clang CXX=clang++ cmake -S . -B "$fuzz_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DOPENLIM_FUZZ=ON -DOPENLIM_ONLY_CORE=ON -DBUILD_TESTING=OFF >/dev/null
  cmake --build "$fuzz_build" -j "$jobs"
  bash scripts/run-fuzzers.sh "$fuzz_build" "${OPENLIM_FUZZ_SECONDS:-10}"
fi
