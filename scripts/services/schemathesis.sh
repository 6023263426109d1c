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
# schemathesis-constraints.txt (a `pip freeze` of a working install), so a fresh machine gets the
# same fuzzer. Only PyPI is needed; once installed it runs offline. Needs python3 (3.9+) with venv
# (on Debian, python3-venv is installed with apt when missing and we are root).
set -euo pipefail

SCHEMATHESIS_VERSION="4.32.5"
HERE="$(cd "$(dirname "$0")" && pwd)"
CONSTRAINTS="$HERE/schemathesis-constraints.txt"
TOOLS_DIR="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}"
VENV="$TOOLS_DIR/schemathesis-$SCHEMATHESIS_VERSION"
ST="$VENV/bin/st"
STAMP="$VENV/.constraints"

log() { echo "schemathesis.sh: $*" >&2; }

installed() {
  [ -x "$ST" ] && [ "$("$ST" --version 2>/dev/null)" = "st, version $SCHEMATHESIS_VERSION" ] &&
    cmp -s "$STAMP" "$CONSTRAINTS"
}

# Debian's python3 creates virtualenvs only with python3-venv (ensurepip).
ensure_venv() {
  command -v python3 >/dev/null && python3 -c 'import ensurepip' 2>/dev/null && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    log "installing python3 and python3-venv (apt)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null
  fi
  command -v python3 >/dev/null && python3 -c 'import ensurepip' 2>/dev/null || {
    log "python3 with venv is required (apt-get install python3 python3-venv)"
    exit 1
  }
}

install() {
  if installed; then
    log "already installed: $ST"
    return 0
  fi
  ensure_venv
  mkdir -p "$TOOLS_DIR"
  # One installer at a time (another test run may be installing too); a virtualenv names its own
  # path in its scripts, so it is made in place and removed again if anything fails.
  exec 9>"$TOOLS_DIR/.schemathesis.lock"
  flock 9
  if installed; then return 0; fi
  log "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  rm -rf "$VENV"
  if ! { python3 -m venv "$VENV" &&
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --constraint "$CONSTRAINTS" \
      "schemathesis==$SCHEMATHESIS_VERSION"; }; then
    rm -rf "$VENV"
    log "install failed"
    exit 1
  fi
  cp "$CONSTRAINTS" "$STAMP"
  installed || { rm -rf "$VENV"; log "the installed st does not run"; exit 1; }
  log "installed $("$ST" --version)"
}

case "${1:-}" in
  install) install ;;
  path)
    installed || { log "not installed (run: $0 install)"; exit 1; }
    echo "$ST"
    ;;
  *)
    echo "usage: $0 install|path" >&2
    exit 2
    ;;
esac
