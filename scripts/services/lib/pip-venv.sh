#!/usr/bin/env bash
# A pinned Python tool in a virtualenv under $CELLA_TOOLS_DIR, for the test tools from PyPI
# (schemathesis.sh, python-clients.sh). Source it, set the variables below, then call
# `pip_venv_main "$@"`:
#
#   TOOL         the tool's name (log lines, lock file)
#   VENV         the virtualenv's directory (name it after the pinned version)
#   REQUIREMENTS the pip requirements, pinned (`name==version` …)
#   CONSTRAINTS  a constraints file: a `pip freeze` of a working install, so every package a
#                requirement pulls in is pinned too and a fresh machine gets the same tools
#   CHECK        a command (array) that must succeed in a good install
#   PRINT        what `path` prints (the binary or the virtualenv)
#
#   install    create the virtualenv (cached: skipped when it is there, passes CHECK and was
#              made from the current constraints); one installer at a time
#   path       print PRINT (exit 1 if not installed)
#
# Only PyPI is needed; once installed it runs offline. Needs python3 (3.9+) with venv (on Debian,
# python3-venv is installed with apt when missing and we are root).

pip_venv_log() { echo "${TOOL}: $*" >&2; }

pip_venv_installed() {
  [ -x "$VENV/bin/python" ] && "${CHECK[@]}" >/dev/null 2>&1 && cmp -s "$VENV/.constraints" "$CONSTRAINTS"
}

# Debian's python3 creates virtualenvs only with python3-venv (ensurepip).
pip_venv_ensure_python() {
  command -v python3 >/dev/null && python3 -c 'import ensurepip' 2>/dev/null && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    pip_venv_log "installing python3 and python3-venv (apt)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv >/dev/null
  fi
  command -v python3 >/dev/null && python3 -c 'import ensurepip' 2>/dev/null || {
    pip_venv_log "python3 with venv is required (apt-get install python3 python3-venv)"
    exit 1
  }
}

pip_venv_install() {
  if pip_venv_installed; then
    pip_venv_log "already installed: $VENV"
    return 0
  fi
  pip_venv_ensure_python
  local tools_dir
  tools_dir="$(dirname "$VENV")"
  mkdir -p "$tools_dir"
  # One installer at a time (another test run may be installing too); a virtualenv names its own
  # path in its scripts, so it is made in place and removed again if anything fails.
  exec 9>"$tools_dir/.$TOOL.lock"
  flock 9
  if pip_venv_installed; then return 0; fi
  pip_venv_log "installing ${REQUIREMENTS[*]} into $VENV"
  rm -rf "$VENV"
  if ! { python3 -m venv "$VENV" &&
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --constraint "$CONSTRAINTS" \
      "${REQUIREMENTS[@]}"; }; then
    rm -rf "$VENV"
    pip_venv_log "install failed"
    exit 1
  fi
  cp "$CONSTRAINTS" "$VENV/.constraints"
  pip_venv_installed || {
    rm -rf "$VENV"
    pip_venv_log "the installed tool does not run"
    exit 1
  }
  pip_venv_log "installed into $VENV"
}

pip_venv_main() {
  case "${1:-}" in
    install) pip_venv_install ;;
    path)
      pip_venv_installed || {
        pip_venv_log "not installed (run: $0 install)"
        exit 1
      }
      echo "$PRINT"
      ;;
    *)
      echo "usage: $0 install|path" >&2
      exit 2
      ;;
  esac
}
