#!/usr/bin/env bash
# Installs the Debian 12 packages openlim needs to build, test and run.
# Idempotent: installs only what is missing, and says nothing when all is present.
set -euo pipefail

packages=(
  build-essential g++ cmake ninja-build pkg-config
  libpoco-dev libboost-dev libboost-filesystem-dev libboost-system-dev
  libspdlog-dev libfmt-dev libssl-dev
  # lsmon's full screen (the terminal database and screen updates only a curses library does)
  libncurses-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  procps iproute2 python3 clang-format clang libclang-rt-14-dev
  # promtool checks the metrics text; the prometheus server scrapes a test cluster
  prometheus
  # the package test runs lintian on the .deb the build makes
  lintian
  # the partition test (tests/integration/reserve/test_partition.py) splits loopback hosts
  nftables
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
