#!/bin/sh
# Regression guard of lim/cmd/hot_sections.ld (issue 6: a command's start-up is mostly page
# faults): in each static query command, the C library's start-up, the client's request and
# the command's own entry lie in the hot part of .text, ahead of the rest. A script gone
# stale (renamed files, another glibc) fails here instead of silently costing ~20 faults a
# run. Usage: check_hot_sections.sh BINARY...
status=0
for bin in "$@"; do
  hot=$(readelf -SW "$bin" | sed -n 's/.*\] \.text\.hot_openlim *PROGBITS *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p')
  if [ -z "$hot" ]; then
    echo "FAIL $bin: no .text.hot_openlim section"
    status=1
    continue
  fi
  start=${hot% *}
  size=${hot#* }
  lo=$((0x$start)); hi=$((0x$start + 0x$size))
  for sym in __libc_start_main _dl_aux_init _ZN7openlim6config12parseLsfConf \
             _ZN7openlim5shell9LimClient3ask; do
    addr=$(nm "$bin" | grep " [Tt] $sym" | head -1 | cut -d' ' -f1)
    if [ -z "$addr" ]; then
      echo "FAIL $bin: no symbol $sym"
      status=1
    elif [ $((0x$addr)) -lt $lo ] || [ $((0x$addr)) -ge $hi ]; then
      echo "FAIL $bin: $sym at 0x$addr, outside the hot text [$lo, $hi)"
      status=1
    fi
  done
  [ $status -eq 0 ] && echo "ok   $bin: hot text of $((hi - lo)) bytes"
done
exit $status
