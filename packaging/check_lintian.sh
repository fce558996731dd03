#!/bin/sh
# Runs lintian on the openlim .deb that the packaging_deb_contents test made in
# BINARY_DIR/packages: the package passes with no error and no warning. The tags the package
# overrides are in debian/lintian-overrides, each with its reason.
# Usage: check_lintian.sh BINARY_DIR. Exits 77 (ctest: skipped) when lintian is missing.
set -eu
if ! command -v lintian >/dev/null 2>&1; then
  echo "lintian is not installed (scripts/install-deps.sh installs it): skipped"
  exit 77
fi
set -- "$1"/packages/openlim_*.deb
if [ ! -f "$1" ]; then
  echo "no openlim_*.deb in the build's packages/ folder" >&2
  exit 1
fi
echo "lintian $1"
lintian --fail-on error,warning --no-tag-display-limit --display-info "$1"
echo "lintian: no error, no warning"
