#!/usr/bin/env bash
# The README's test command: install what is needed, build everything, run every test.
# Then: the style check (clang-format, the checked-in .clang-format), the unit tests once more
# under AddressSanitizer + UndefinedBehaviorSanitizer, and the libFuzzer targets with clang
# (when present), each for a few seconds.
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

if [ "${OPENLIM_SKIP_SANITIZE:-0}" != 1 ]; then
  asan_build="${build}-asan"
  cmake -S . -B "$asan_build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DOPENLIM_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS=-O1 >/dev/null
  units=$(ninja -C "$asan_build" -t targets all | sed -n 's/^\(unit_[a-z_0-9]*\): .*/\1/p' | sort -u)
  # shellcheck disable=SC2086
  cmake --build "$asan_build" -j "$jobs" --target $units
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
  # Label `unit` (tests/unit/CMakeLists.txt); the checks on the command binaries' linking are
  # for the release build only.
  (cd "$asan_build" && ctest --output-on-failure -j "$jobs" --timeout 300 -L unit \
    -E '^cmd_dynamic_libraries$')
fi

if command -v clang++ >/dev/null 2>&1 && [ "${OPENLIM_SKIP_FUZZ:-0}" != 1 ]; then
  fuzz_build="${build}-fuzz"
  CC=clang CXX=clang++ cmake -S . -B "$fuzz_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DOPENLIM_FUZZ=ON -DOPENLIM_ONLY_CORE=ON -DBUILD_TESTING=OFF >/dev/null
  cmake --build "$fuzz_build" -j "$jobs"
  bash scripts/run-fuzzers.sh "$fuzz_build" "${OPENLIM_FUZZ_SECONDS:-10}"
fi
