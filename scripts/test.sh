#!/usr/bin/env bash
# `npm test`: everything CI checks, in one command, on a fresh machine.
#  1. external tools for the at-scale engine suites: FerretDB (MongoDB wire protocol), kubo (IPFS
#     daemon) and IPFS Cluster (ipfs-cluster-service and -ctl), built once with Go into
#     $CELLA_TOOLS_DIR (default ~/.cache/cella/tools); and, pinned from PyPI in virtualenvs there,
#     schemathesis (the OpenAPI fuzzer of the server's hardening suite) and the Python side of
#     packages/api-clients (openapi-python-client, mypy, cryptography);
#  2. Debian's Chromium for the browser tests (the API reference page, the SDK in a page; installed
#     with apt when missing and we are root);
#  3. no import circles and the server's layers pointing one way (dependency-cruiser,
#     .dependency-cruiser.cjs);
#  4. build, typecheck, lint and every package's tests through turbo.
set -euo pipefail
cd "$(dirname "$0")/.."
export CELLA_TOOLS_DIR="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}"
# No telemetry from the tools (turbo phones home by default; the network is closed anyway).
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

scripts/services/ferretdb.sh install
scripts/services/kubo.sh install
scripts/services/ipfs-cluster.sh install
scripts/services/schemathesis.sh install
scripts/services/python-clients.sh install
scripts/ensure-chromium.sh

npx prettier --check . --log-level warn
npm run lint:imports --silent
npx turbo run build typecheck lint --concurrency=2 --output-logs=errors-only
npx turbo run test --concurrency=1 --output-logs=new-only "$@"
