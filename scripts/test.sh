#!/usr/bin/env bash
# The README's test command: install what is needed, build everything, run every test.
# Also: the style check (clang-format, the checked-in .clang-format), and one clang build with
# AddressSanitizer + UndefinedBehaviorSanitizer where the unit tests run and every
# libFuzzer target runs for a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

jobs=$(nproc)
build=${OPENLIM_BUILD_DIR:-build}

# Style first: it takes a second and names every file that differs.
bash scripts/check-format.sh

# Optimised as released, without debug info: -g alone costs a third of the compile time, and
# the suite must build and run in well under 20 minutes on 2 cores. The unit tests are built
# and run once, in the sanitized build below.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DOPENLIM_UNIT_TESTS=OFF \
  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" >/dev/null
cmake --build "$build" -j "$jobs"
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 300)

# One clang build with AddressSanitizer + UndefinedBehaviorSanitizer (and libFuzzer's coverage)
# serves both: the unit tests run in it, then every fuzz target runs briefly.
san_build="${build}-san"
# -O0 with line tables: sanitizer reports keep file:line, and the build takes half the time
# of -O1 (the unit tests are as quick either way; the fuzz targets run fewer inputs a second).
CC=clang CXX=clang++ cmake -S . -B "$san_build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O0 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O0 -gline-tables-only -DNDEBUG" \
  -DOPENLIM_FUZZ=ON -DOPENLIM_STATIC_COMMANDS=OFF >/dev/null
targets=$(ninja -C "$san_build" -t targets all | sed -n 's/^\(unit_[a-z_0-9]*\|[a-z_0-9]*_fuzz\): .*/\1/p' | grep -v '^cmake_' | sort -u)
targets="$targets lsadmin"  # the ckconfig goldens run it
# shellcheck disable=SC2086
cmake --build "$san_build" -j "$jobs" --target $targets
# Label `unit` (tests/unit/CMakeLists.txt); the checks on released binaries (tests/release) run
# in the optimised build above.
(cd "$san_build" && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --output-on-failure -j "$jobs" --timeout 300 -L unit)
# 4 s a target: 30 targets keep the whole run under its 25 minutes on 2 cores (a longer
# search on demand: OPENLIM_FUZZ_SECONDS=600).
bash scripts/run-fuzzers.sh "$san_build" "${OPENLIM_FUZZ_SECONDS:-4}"
