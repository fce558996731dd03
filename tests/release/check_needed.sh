#!/bin/sh
# Regression guard of the commands' start-up work: openlim-cmd and openlim-policy (every command
# but lsadmin and lsmon) must not load POCO, libcrypto, spdlog, ncurses or the shared libstdc++ (the dynamic
# loader's relocations of those were most of a command's run time). Usage: check_needed.sh BINARY...
status=0
for bin in "$@"; do
  if ! dyn=$(readelf -d "$bin" 2>&1); then
    echo "FAIL $bin: readelf: $dyn"
    status=1
    continue
  fi
  bad=$(printf '%s\n' "$dyn" | grep 'NEEDED' | grep -E 'libPoco|libcrypto|libssl|libspdlog|libfmt|libstdc\+\+|libboost|libncurses|libtinfo')
  if [ -n "$bad" ]; then
    echo "FAIL $bin needs:"
    printf '%s\n' "$bad"
    status=1
  else
    echo "ok   $bin: $(printf '%s\n' "$dyn" | grep NEEDED | sed 's/.*\[\(.*\)\]/\1/' | tr '\n' ' ')"
  fi
done
exit $status
