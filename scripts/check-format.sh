#!/usr/bin/env bash
# Fails when a tracked C or C++ file differs from what clang-format makes of it (.clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: clang-format is not installed" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.cc' '*.h' '*.c' 2>/dev/null || find lim melim include tests elim_examples -name '*.cc' -o -name '*.h' -o -name '*.c')
bad=$(clang-format --dry-run "${files[@]}" 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning:.*/\1/p' | sort -u)
if [ -n "$bad" ]; then
  echo "check-format: these files differ from clang-format's layout (run clang-format -i on them):"
  echo "$bad"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
