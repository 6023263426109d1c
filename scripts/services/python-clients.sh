#!/usr/bin/env bash
# The Python side of packages/api-clients (from PyPI): openapi-python-client generates a client
# from each OpenAPI document, mypy type-checks it, and cryptography (P-256) runs the Python sign-in
# of docs/did.md.
#
#   python-clients.sh install    create a virtualenv with the pinned versions in $CELLA_TOOLS_DIR
#                                (cached: skipped when it is there, runs, and was made from the
#                                current constraints)
#   python-clients.sh path       print the virtualenv's path (exit 1 if not installed)
#
# Every Python package is pinned: the three tools here, everything they pull in by
# python-clients-constraints.txt (a `pip freeze` of a working install). The virtualenv logic is
# lib/pip-venv.sh's.
set -euo pipefail

OPENAPI_PYTHON_CLIENT_VERSION="0.29.1"
MYPY_VERSION="2.4.1"
CRYPTOGRAPHY_VERSION="50.0.2"
HERE="$(cd "$(dirname "$0")" && pwd)"
TOOL=python-clients
VENV="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}/python-clients-$OPENAPI_PYTHON_CLIENT_VERSION-$MYPY_VERSION-$CRYPTOGRAPHY_VERSION"
REQUIREMENTS=(
  "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION"
  "mypy==$MYPY_VERSION"
  "cryptography==$CRYPTOGRAPHY_VERSION"
)
CONSTRAINTS="$HERE/python-clients-constraints.txt"
PRINT="$VENV"
runs() {
  "$VENV/bin/openapi-python-client" --version | grep -qx "openapi-python-client version: $OPENAPI_PYTHON_CLIENT_VERSION" &&
    "$VENV/bin/mypy" --version | grep -q "^mypy $MYPY_VERSION" &&
    "$VENV/bin/python" -c 'import cryptography, sys; sys.exit(cryptography.__version__ != sys.argv[1])' "$CRYPTOGRAPHY_VERSION"
}
CHECK=(runs)

# shellcheck source=lib/pip-venv.sh
. "$HERE/lib/pip-venv.sh"
pip_venv_main "$@"
