#!/usr/bin/env bash
# kubo (go-ipfs) for tests, benchmarks and CI: an offline daemon on loopback.
#
#   kubo.sh install                     build the pinned kubo into $CELLA_TOOLS_DIR/bin (skip if present)
#   kubo.sh path                        print the binary's path (exit 1 if not installed)
#   kubo.sh start <repo-dir> <api-port> init an offline repo if missing, start the daemon, print the API URL
#   kubo.sh start <repo-dir> <api-port> <swarm-port>
#                                       the same, but online on loopback only (swarm on 127.0.0.1:<swarm-port>,
#                                       no routing, no bootstrap): daemons of one machine exchange blocks with
#                                       each other (IPFS Cluster's replication) and with nothing else
#   kubo.sh stop <repo-dir>             stop the daemon started on <repo-dir>
#
# How it builds: `go install github.com/ipfs/kubo/cmd/ipfs@vX` does not work for current kubo: its
# go.mod has `exclude` (and in v0.43.1 `replace`) directives, which `go install pkg@version` refuses.
# So we fetch the module source through the Go module proxy and `go build` inside it, as kubo's own
# release build does.
# Version: v0.43.0, not v0.43.1: v0.43.1 replaces go-libp2p with a fork (github.com/lidel/go-libp2p)
# that the Go module proxy does not serve (403). The daemon runs offline with no swarm listeners, so
# v0.43.1's QUIC dependency fix is moot here.
set -euo pipefail

KUBO_VERSION="${KUBO_VERSION:-v0.43.0}"
TOOLS_DIR="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}"
BIN_DIR="$TOOLS_DIR/bin"
IPFS="$BIN_DIR/ipfs"

die() { echo "kubo.sh: $*" >&2; exit 1; }

installed_version() { [ -x "$IPFS" ] && "$IPFS" version --number 2>/dev/null || true; }

cmd_install() {
  if [ "$(installed_version)" = "${KUBO_VERSION#v}" ]; then
    echo "kubo ${KUBO_VERSION} already installed at $IPFS" >&2
    return 0
  fi
  command -v go >/dev/null || die "Go is required to build kubo (https://go.dev/dl/)"
  mkdir -p "$BIN_DIR"
  local src work
  src="$(cd /tmp && go mod download -json "github.com/ipfs/kubo@${KUBO_VERSION}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -n "$src" ] && [ -d "$src" ] || die "could not download github.com/ipfs/kubo@${KUBO_VERSION}"
  # The module cache is read-only; build from a writable copy.
  work="$(mktemp -d)"
  # shellcheck disable=SC2064 # expand $work now: it is local and gone when the EXIT trap runs.
  trap "chmod -R u+w '$work' 2>/dev/null; rm -rf '$work'" EXIT
  cp -R "$src/." "$work/"
  chmod -R u+w "$work"
  echo "building kubo ${KUBO_VERSION} (a few minutes) ..." >&2
  # Build to a temp name, then rename: a half-built binary never sits at $IPFS.
  (cd "$work" && CGO_ENABLED=0 go build -buildvcs=false -trimpath -o "$IPFS.tmp" ./cmd/ipfs)
  mv "$IPFS.tmp" "$IPFS"
  echo "installed $("$IPFS" version) at $IPFS" >&2
}

cmd_path() {
  [ -x "$IPFS" ] || die "kubo not installed (run: $0 install)"
  echo "$IPFS"
}

api_answers() { curl -fsS -m 2 -X POST "$1/api/v0/id" >/dev/null 2>&1; }

cmd_start() {
  local repo="${1:?usage: kubo.sh start <repo-dir> <api-port> [<swarm-port>]}" port="${2:?usage: kubo.sh start <repo-dir> <api-port> [<swarm-port>]}"
  local swarm_port="${3:-}"
  [ -x "$IPFS" ] || die "kubo not installed (run: $0 install)"
  export IPFS_PATH="$repo"
  local url="http://127.0.0.1:$port"
  if [ -f "$repo/daemon.pid" ] && kill -0 "$(cat "$repo/daemon.pid")" 2>/dev/null; then
    api_answers "$url" || die "a daemon runs on $repo but $url does not answer"
    echo "$url"
    return 0
  fi
  if [ ! -f "$repo/config" ]; then
    mkdir -p "$repo"
    # test: loopback-only addresses, no bootstrap peers, no mDNS.
    # unixfs-v1-2025: CIDv1, raw leaves, 1 MiB chunks, 1024 links per node (the helia engine's profile).
    "$IPFS" init --empty-repo --profile=test,unixfs-v1-2025 >/dev/null
    "$IPFS" config Addresses.API "/ip4/127.0.0.1/tcp/$port"
    "$IPFS" config --json Addresses.Gateway '[]'
    "$IPFS" config --json Addresses.Swarm '[]'
    "$IPFS" config --json Bootstrap '[]'
    "$IPFS" config --json Discovery.MDNS.Enabled false
    "$IPFS" config --json AutoConf.Enabled false
    "$IPFS" config --json Routing.DelegatedRouters '[]'
    "$IPFS" config --json Ipns.DelegatedPublishers '[]'
    "$IPFS" config --json DNS.Resolvers '{}'
    "$IPFS" config --json Provide.Enabled false
  else
    "$IPFS" config Addresses.API "/ip4/127.0.0.1/tcp/$port"
  fi
  local mode=(--offline)
  if [ -n "$swarm_port" ]; then
    # Online, but the only peers it can meet are the ones told to connect over loopback (no DHT,
    # no delegated routing, no bootstrap, no mDNS: set above) and it reports nothing anywhere.
    "$IPFS" config --json Addresses.Swarm "[\"/ip4/127.0.0.1/tcp/$swarm_port\"]"
    "$IPFS" config Routing.Type none
    "$IPFS" config --json Plugins.Plugins.telemetry.Config '{"Mode": "off"}'
    mode=()
  fi
  nohup "$IPFS" daemon "${mode[@]}" >"$repo/daemon.log" 2>&1 &
  echo $! >"$repo/daemon.pid"
  local i
  for i in $(seq 1 300); do
    if api_answers "$url"; then echo "$url"; return 0; fi
    kill -0 "$(cat "$repo/daemon.pid")" 2>/dev/null || { cat "$repo/daemon.log" >&2; die "daemon exited"; }
    sleep 0.1
  done
  cat "$repo/daemon.log" >&2
  die "API $url did not answer within 30 s"
}

cmd_stop() {
  local repo="${1:?usage: kubo.sh stop <repo-dir>}"
  local pidfile="$repo/daemon.pid"
  [ -f "$pidfile" ] || return 0
  local pid
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    local i
    for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$pidfile"
}

case "${1:-}" in
  install) cmd_install ;;
  path) cmd_path ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | path | start <repo-dir> <api-port> [<swarm-port>] | stop <repo-dir>" ;;
esac
