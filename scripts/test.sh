#!/usr/bin/env bash
# The README's test command: install what is needed, build everything, run every test.
# Also: the style check (clang-format, the checked-in .clang-format), and one clang build with
# AddressSanitizer + UndefinedBehaviorSanitizer where the unit tests run again and every
# libFuzzer target runs for a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

jobs=$(nproc)
build=${OPENLIM_BUILD_DIR:-build}

# Style first: it takes a second and names every file that differs.
bash scripts/check-format.sh

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs"
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 300)

# One clang build with AddressSanitizer + UndefinedBehaviorSanitizer (and libFuzzer's coverage)
# serves both: the unit tests run again in it, then every fuzz target runs briefly.
san_build="${build}-san"
CC=clang CXX=clang++ cmake -S . -B "$san_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPENLIM_FUZZ=ON -DOPENLIM_STATIC_COMMANDS=OFF >/dev/null
targets=$(ninja -C "$san_build" -t targets all | sed -n 's/^\(unit_[a-z_0-9]*\|[a-z_0-9]*_fuzz\): .*/\1/p' | grep -v '^cmake_' | sort -u)
targets="$targets lsadmin"  # the ckconfig goldens run it
# shellcheck disable=SC2086
cmake --build "$san_build" -j "$jobs" --target $targets
# Label `unit` (tests/unit/CMakeLists.txt); the check on the release commands' linking is not
# for this build.
(cd "$san_build" && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --output-on-failure -j "$jobs" --timeout 300 -L unit -E '^cmd_dynamic_libraries$')
bash scripts/run-fuzzers.sh "$san_build" "${OPENLIM_FUZZ_SECONDS:-6}"
