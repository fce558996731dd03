#!/bin/sh
# Test fixture for LSF_RSH: plays `rsh HOST COMMAND` on loopback by running COMMAND here
# with OPENLIM_HOST=HOST. Hosts listed in $FAKE_RSH_DOWN are unreachable (exit 255, like
# ssh); every call is appended to $FAKE_RSH_LOG.
host=$1
shift
[ -n "$FAKE_RSH_LOG" ] && echo "$host $*" >> "$FAKE_RSH_LOG"
for down in $FAKE_RSH_DOWN; do
  if [ "$down" = "$host" ]; then
    echo "ssh: connect to host $host port 22: Connection refused" >&2
    exit 255
  fi
done
OPENLIM_HOST=$host exec /bin/sh -c "$*"
