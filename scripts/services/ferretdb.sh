#!/usr/bin/env bash
# FerretDB v1 (MongoDB wire protocol over SQLite) for the DocumentStore conformance suite.
#
#   ferretdb.sh install                 build the binary into $CELLA_TOOLS_DIR/bin (cached; needs Go)
#   ferretdb.sh start <datadir> <port>  start it in the background on 127.0.0.1:<port> with the SQLite
#                                       handler, wait until it accepts connections, print MONGODB_URI
#   ferretdb.sh stop [<datadir>]        stop the instance started for <datadir> (default: every
#                                       instance this script started and recorded)
#
# Why not plain `go install ...@v1.24.2`: a binary built that way panics at start-up
# ("Invalid build/version/version.txt file content"), because FerretDB reads its version from a
# generated file that the published module does not contain. So `install` copies the module
# source out of the Go module cache, writes build/version/version.txt and builds from that copy.
set -euo pipefail

FERRETDB_VERSION="v1.24.2"
TOOLS_DIR="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}"
BIN="$TOOLS_DIR/bin/ferretdb"
STATE_ROOT="${CELLA_FERRETDB_STATE:-${TMPDIR:-/tmp}/cella-ferretdb}"

log() { echo "ferretdb.sh: $*" >&2; }

binary_works() {
  [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1
}

install() {
  if binary_works; then
    log "already installed: $BIN"
    return 0
  fi
  command -v go >/dev/null || { log "Go is required to build FerretDB"; exit 1; }
  mkdir -p "$TOOLS_DIR/bin"
  local src build
  src="$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -n "$src" ] && [ -d "$src" ] || { log "go mod download failed"; exit 1; }
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' RETURN
  cp -r "$src/." "$build/"
  chmod -R u+w "$build"
  echo "$FERRETDB_VERSION" > "$build/build/version/version.txt"
  log "building FerretDB $FERRETDB_VERSION (a few minutes on a cold Go cache)"
  (cd "$build" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -o "$BIN.tmp" ./cmd/ferretdb)
  mv -f "$BIN.tmp" "$BIN"
  binary_works || { log "built binary does not run"; exit 1; }
  log "installed $BIN ($("$BIN" --version 2>/dev/null | head -n1))"
}

# Waits until something accepts TCP connections on 127.0.0.1:$1 (bash's /dev/tcp, no extra tools).
wait_port() {
  local port="$1" pid="$2" i
  for i in $(seq 1 200); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

start() {
  local datadir="${1:?usage: ferretdb.sh start <datadir> <port>}" port="${2:?usage: ferretdb.sh start <datadir> <port>}"
  binary_works || { log "not installed; run: $0 install"; exit 1; }
  mkdir -p "$datadir/data" "$STATE_ROOT"
  datadir="$(cd "$datadir" && pwd)"
  # --debug-addr=- : the default debug listener (127.0.0.1:8088) would clash between instances.
  nohup "$BIN" \
    --handler=sqlite \
    --sqlite-url="file:$datadir/data/" \
    --state-dir="$datadir" \
    --listen-addr="127.0.0.1:$port" \
    --debug-addr=- \
    --telemetry=disable \
    --log-level=warn \
    >"$datadir/ferretdb.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" > "$datadir/ferretdb.pid"
  echo "$datadir" >> "$STATE_ROOT/instances"
  if ! wait_port "$port" "$pid"; then
    log "FerretDB did not start; log follows"
    cat "$datadir/ferretdb.log" >&2 || true
    kill "$pid" 2>/dev/null || true
    exit 1
  fi
  echo "mongodb://127.0.0.1:$port/"
}

stop_one() {
  local datadir="$1" pid
  [ -f "$datadir/ferretdb.pid" ] || return 0
  pid="$(cat "$datadir/ferretdb.pid")"
  # Only stop the process if it is still our ferretdb (pids are reused).
  if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "ferretdb"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$datadir/ferretdb.pid"
}

stop() {
  if [ $# -ge 1 ]; then
    local d
    d="$(cd "$1" && pwd)"
    stop_one "$d"
    if [ -f "$STATE_ROOT/instances" ]; then
      grep -vxF "$d" "$STATE_ROOT/instances" >"$STATE_ROOT/instances.tmp" || true
      mv -f "$STATE_ROOT/instances.tmp" "$STATE_ROOT/instances"
    fi
    return 0
  fi
  [ -f "$STATE_ROOT/instances" ] || return 0
  while read -r d; do [ -n "$d" ] && stop_one "$d"; done <"$STATE_ROOT/instances"
  rm -f "$STATE_ROOT/instances"
}

case "${1:-}" in
  install) install ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: $0 install | start <datadir> <port> | stop [<datadir>]" >&2; exit 2 ;;
esac
