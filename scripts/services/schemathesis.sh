#!/usr/bin/env bash
# schemathesis (the OpenAPI schema fuzzer, from PyPI) for the server's fuzz test
# (packages/server/test/hardening/fuzz.test.ts).
#
#   schemathesis.sh install    create a virtualenv with the pinned version in $CELLA_TOOLS_DIR
#                              (cached: skipped when it is there, answers --version and was made
#                              from the current constraints)
#   schemathesis.sh path       print the `st` binary's path (exit 1 if not installed)
#
# Every Python package is pinned: schemathesis itself here, everything it pulls in by
# schemathesis-constraints.txt (a `pip freeze` of a working install). The virtualenv logic is
# lib/pip-venv.sh's.
set -euo pipefail

SCHEMATHESIS_VERSION="4.32.5"
HERE="$(cd "$(dirname "$0")" && pwd)"
TOOL=schemathesis
VENV="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}/schemathesis-$SCHEMATHESIS_VERSION"
REQUIREMENTS=("schemathesis==$SCHEMATHESIS_VERSION")
CONSTRAINTS="$HERE/schemathesis-constraints.txt"
PRINT="$VENV/bin/st"
st_version() { [ "$("$VENV/bin/st" --version 2>/dev/null)" = "st, version $SCHEMATHESIS_VERSION" ]; }
CHECK=(st_version)

# shellcheck source=lib/pip-venv.sh
. "$HERE/lib/pip-venv.sh"
pip_venv_main "$@"
