#!/usr/bin/env bash
# The README's second command: a working openlim cluster on this machine in one step.
#
#   bash scripts/quickstart.sh            # hostA of conf/ on 127.0.0.11 (hostB, hostC unavail)
#   bash scripts/quickstart.sh --three    # hostA..hostC on 127.0.0.11-13
#   bash scripts/quickstart.sh stop       # stop the lims started here
#
# Installs the build dependencies (scripts/install-deps.sh), builds into build/ (cmake +
# ninja), and prepares ./_demo/: serverdir/ (melim and the example elims), log/, a fresh
# cluster key. Nothing is installed system-wide and nothing runs as root except apt-get.
# The sample configuration conf/ reads OPENLIM_SERVERDIR, OPENLIM_LOGDIR, OPENLIM_KEYFILE.
# Run again while the demo runs, it replaces it: the old lims are stopped, and waited for,
# before the new ones start.
#
# Environment: OPENLIM_BUILD_DIR (default build/), OPENLIM_DEMO_DIR (default _demo/), and
# OPENLIM_QUICKSTART_PREBUILT=1 to use the binaries already in OPENLIM_BUILD_DIR (no
# install-deps, no cmake: the tests run the quickstart this way on their own build).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${OPENLIM_BUILD_DIR:-build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
demo=${OPENLIM_DEMO_DIR:-$root/_demo}
# How long a stopped lim may take to exit (it frees its ports as it exits).
stop_wait_s=${OPENLIM_STOP_WAIT_S:-10}

usage() {
  echo "Usage: bash scripts/quickstart.sh [--three] | stop"
}

env_lines() {
  cat <<EOF
export LSF_ENVDIR=$root/conf
export OPENLIM_SERVERDIR=$demo/serverdir
export OPENLIM_LOGDIR=$demo/log
export OPENLIM_KEYFILE=$demo/cluster.key
export OPENLIM_STATEDIR=$demo/state
export OPENLIM_HOST=hostA
export PATH=$build/lim/cmd:\$PATH
EOF
}

# Whether pid still runs the lim we started for host (a pid may be reused once it exits).
ours() {
  [ -r "/proc/$1/cmdline" ] && tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q -- "--host $2"
}

# Stops the lims this script started and waits until they have exited (so their ports are
# free for the next start): TERM, up to stop_wait_s seconds, then KILL. Exits 1 when one
# is still there after that.
stop_lims() {
  local any=0 pids=() hosts=()
  for pidfile in "$demo"/run/lim.*.pid; do
    [ -e "$pidfile" ] || continue
    local pid host
    pid=$(cat "$pidfile")
    host=$(basename "$pidfile" .pid)
    host=${host#lim.}
    if ours "$pid" "$host" && kill -TERM "$pid" 2>/dev/null; then
      echo "quickstart: stopping lim for $host (pid $pid)"
      pids+=("$pid")
      hosts+=("$host")
      any=1
    fi
    rm -f "$pidfile"
  done
  [ $any = 1 ] || { echo "quickstart: no lim of ours is running"; return 0; }
  local i left deadline=$((stop_wait_s * 10))
  for ((t = 0; ; t++)); do
    left=0
    for i in "${!pids[@]}"; do
      ours "${pids[$i]}" "${hosts[$i]}" && left=1
    done
    [ $left = 0 ] && break
    if [ "$t" -ge "$deadline" ]; then
      for i in "${!pids[@]}"; do
        if ours "${pids[$i]}" "${hosts[$i]}"; then
          echo "quickstart: lim for ${hosts[$i]} (pid ${pids[$i]}) did not exit in ${stop_wait_s} s: killed" >&2
          kill -KILL "${pids[$i]}" 2>/dev/null || true
        fi
      done
      sleep 0.2
      for i in "${!pids[@]}"; do
        if ours "${pids[$i]}" "${hosts[$i]}"; then
          echo "quickstart: lim for ${hosts[$i]} (pid ${pids[$i]}) is still running" >&2
          return 1
        fi
      done
      break
    fi
    sleep 0.1
  done
  echo "quickstart: stopped"
}

three=0
case "${1:-}" in
  stop) stop_lims; exit $? ;;
  --three) three=1 ;;
  -h|--help) usage; exit 0 ;;
  "") ;;
  *) usage >&2; exit 2 ;;
esac

if [ "${OPENLIM_QUICKSTART_PREBUILT:-0}" != 1 ]; then
  echo "quickstart: installing dependencies (if missing)"
  bash scripts/install-deps.sh

  echo "quickstart: building into $build/"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" -j "$(nproc)" --target lim melim lsload lshosts lsinfo lsid lsplace \
    lspolicy bhosts lsadmin lsreserve lsrelease lsquota lsrun lsgrun lslogin lsloadadj \
    lsclusters elim_scratch >/dev/null
fi

mkdir -p "$demo/serverdir" "$demo/log" "$demo/run" "$demo/state"
# A demo already running is replaced: its lims must be gone before ours bind their ports.
if ! stop_lims >/dev/null; then
  echo "quickstart: a lim of the running demo did not stop; see above" >&2
  exit 1
fi
# A fresh cluster key, readable by us only (lim refuses a key others can read).
umask 077
if command -v openssl >/dev/null 2>&1; then
  openssl rand -hex 32 >"$demo/cluster.key"
else
  head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$demo/cluster.key"
fi
umask 022
# A file of serverdir replaced by a rename, never written over: a melim or elim of the old
# demo may still be running it ("text file busy").
put() {
  cp "$1" "$demo/serverdir/.new.$$" && chmod 755 "$demo/serverdir/.new.$$" &&
    mv -f "$demo/serverdir/.new.$$" "$demo/serverdir/$(basename "$1")"
}
put "$build/melim/io/melim"
ln -sf "$build/lim/daemon/lim" "$demo/serverdir/lim"
for e in elim_examples/elim.*; do
  case "$e" in *.c) continue ;; esac
  put "$e"
done
if [ -x "$build/elim_examples/elim.scratch" ]; then put "$build/elim_examples/elim.scratch"; fi
# elim.licenses reads the free license count from a file a license poller would keep fresh.
echo 12 >"$demo/licenses"
export ELIM_LICENSE_FILE="$demo/licenses"

eval "$(env_lines)"
hosts=(hostA)
[ $three = 1 ] && hosts=(hostA hostB hostC)
for h in "${hosts[@]}"; do
  # -2 keeps lim in the foreground so we know its pid; it runs in the background here.
  nohup "$build/lim/daemon/lim" -2 -d "$LSF_ENVDIR" --host "$h" \
    >"$demo/log/lim.$h.stderr" 2>&1 </dev/null &
  echo $! >"$demo/run/lim.$h.pid"
  echo "quickstart: started lim for $h (pid $!), log in $demo/log/"
done

echo "quickstart: waiting for the master to answer"
for _ in $(seq 1 100); do
  lsid >/dev/null 2>&1 && break
  sleep 0.2
done
if ! lsid >/dev/null 2>&1; then
  echo "quickstart: lim did not answer; see $demo/log/" >&2
  tail -n 20 "$demo/log/lim.hostA.stderr" >&2 || true
  exit 1
fi
# Each lim's first load report reaches the master within an exchange interval (15 s in
# conf/); wait until every started host shows values.
reported() {
  local out h
  out=$(lsload "${hosts[@]}" 2>/dev/null) || return 1
  for h in "${hosts[@]}"; do
    echo "$out" | grep "^$h " | grep -qv unavail || return 1
  done
}
for _ in $(seq 1 80); do
  reported && break
  sleep 0.5
done
# ut needs two CPU samples (5 s apart) and the elims report their first values within a few
# seconds: wait for those too, so the first lsload shows real numbers.
settled() {
  lsload -I ut:usr_tmp:licenses "${hosts[@]}" 2>/dev/null | awk 'NR > 1 && /-/ { bad = 1 }
    END { exit bad }'
}
for _ in $(seq 1 60); do
  settled && break
  sleep 0.5
done

run() {
  echo
  echo "\$ $*"
  "$@" || true
}
run lsid
run lshosts -l hostA
run lsload -l
run lsinfo
# No load index in the selection: the demo places on a busy machine too.
run lsplace --explain -R 'select[mem>100] order[r15s]'
run lspolicy
run lspolicy -p apps -a ncpus=1 --explain
run lspolicy -d --explain -p rated
run lspolicy -d --explain -p balanced

# A reservation holds its slots until released. A new master first rebuilds its ledger from
# the hosts (about one exchange interval): lsreserve exits 4 until then.
echo
echo "\$ lsreserve -n 1 -t 600"
for _ in $(seq 1 60); do
  out=$(lsreserve -n 1 -t 600 2>&1) && break
  [ $? -eq 4 ] || break
  sleep 0.5
done
echo "$out"
run lsreserve -l
# The sample lsf.quotas limits each user: lsquota shows what the reservation holds of it.
run lsquota
id=$(echo "$out" | awk '/^Reservation/ { print $2 }')
[ -n "$id" ] && run lsrelease "$id"
# Load sharing: every demo host lives on this machine, so the test remote shell runs the
# command here and says (OPENLIM_RSH_HOST) which host it was meant for.
LSF_RSH="$PWD/tests/integration/remote/openlim_test_rsh" run lsrun -v hostname
LSF_RSH="$PWD/tests/integration/remote/openlim_test_rsh" run lsgrun -p -m "${hosts[*]}" \
  sh -c 'echo "running on ${OPENLIM_RSH_HOST:-the local host}"'

cat <<EOF

openlim is running. To use the commands in this shell:

$(env_lines)

Stop it with:  bash scripts/quickstart.sh stop
EOF
