#!/usr/bin/env bash
# IPFS Cluster for tests, benchmarks and CI: cluster peers on loopback, each with its own kubo daemon.
#
#   ipfs-cluster.sh install              build the pinned ipfs-cluster-service and ipfs-cluster-ctl into
#                                        $CELLA_TOOLS_DIR/bin (skip if present)
#   ipfs-cluster.sh path                 print ipfs-cluster-service's path (exit 1 if not installed)
#   ipfs-cluster.sh start <dir> [<n>]    start <n> peers (default 1) under <dir>, each with its own kubo
#                                        daemon (scripts/services/kubo.sh); print one line per peer:
#                                        "<cluster REST API URL> <kubo RPC API URL>"
#   ipfs-cluster.sh stop <dir>           stop the peers and daemons started under <dir>
#
# How it runs without the internet: every listener is on 127.0.0.1 (cluster libp2p, REST API, kubo API
# and swarm); the peers form a private network with a secret generated per <dir>; peer 1.. join peer 0
# with --bootstrap; no mDNS, no IPFS proxy or pinning-service API; CRDT consensus (needs no fixed peer
# set). The kubo daemons run online on loopback only (no DHT, no bootstrap) so that a peer can fetch a
# pin's blocks from another peer's daemon over bitswap; they meet because the cluster connects them.
#
# How it builds: `go install github.com/ipfs-cluster/ipfs-cluster/cmd/ipfs-cluster-service@vX` fails
# here: go install looks for the module's deprecation notice in the proxy's version list (@v/list),
# which the Go module proxy reachable here refuses (403). So, as kubo.sh does, we fetch the module
# source through the proxy and `go build` both commands inside it (the same packages go install
# would build, with the dependencies pinned by the module's go.sum).
# Version: v1.1.0. The newer v1.1.5 is on the proxy but the checksum database has no entry for it
# (404), so it could only be built unverified; v1.1.1-v1.1.4 are refused (403).
set -euo pipefail

CLUSTER_VERSION="${CLUSTER_VERSION:-v1.1.0}"
TOOLS_DIR="${CELLA_TOOLS_DIR:-$HOME/.cache/cella/tools}"
BIN_DIR="$TOOLS_DIR/bin"
SERVICE="$BIN_DIR/ipfs-cluster-service"
CTL="$BIN_DIR/ipfs-cluster-ctl"
KUBO_SH="$(cd "$(dirname "$0")" && pwd)/kubo.sh"
MODULE=github.com/ipfs-cluster/ipfs-cluster

die() { echo "ipfs-cluster.sh: $*" >&2; exit 1; }

# "ipfs-cluster-service version 1.1.0" -> "1.1.0"
version_of() { [ -x "$1" ] && "$1" --version 2>/dev/null | awk '{print $NF}' || true; }

cmd_install() {
  local want="${CLUSTER_VERSION#v}"
  if [ "$(version_of "$SERVICE")" = "$want" ] && [ "$(version_of "$CTL")" = "$want" ]; then
    echo "ipfs-cluster ${CLUSTER_VERSION} already installed in $BIN_DIR" >&2
    return 0
  fi
  command -v go >/dev/null || die "Go is required to build IPFS Cluster (https://go.dev/dl/)"
  mkdir -p "$BIN_DIR"
  local src work
  src="$(cd /tmp && go mod download -json "${MODULE}@${CLUSTER_VERSION}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -n "$src" ] && [ -d "$src" ] || die "could not download ${MODULE}@${CLUSTER_VERSION}"
  # The module cache is read-only; build from a writable copy.
  work="$(mktemp -d)"
  # shellcheck disable=SC2064 # expand $work now: it is local and gone when the EXIT trap runs.
  trap "chmod -R u+w '$work' 2>/dev/null; rm -rf '$work'" EXIT
  cp -R "$src/." "$work/src"
  chmod -R u+w "$work"
  mkdir "$work/bin"
  echo "building ipfs-cluster ${CLUSTER_VERSION} (a few minutes) ..." >&2
  (cd "$work/src" && CGO_ENABLED=0 go build -buildvcs=false -trimpath -o "$work/bin/" \
    ./cmd/ipfs-cluster-service ./cmd/ipfs-cluster-ctl)
  # Move into place one by one: a half-built binary never sits in $BIN_DIR.
  mv "$work/bin/ipfs-cluster-ctl" "$CTL.tmp" && mv "$CTL.tmp" "$CTL"
  mv "$work/bin/ipfs-cluster-service" "$SERVICE.tmp" && mv "$SERVICE.tmp" "$SERVICE"
  echo "installed ipfs-cluster-service and ipfs-cluster-ctl $(version_of "$SERVICE") in $BIN_DIR" >&2
}

cmd_path() {
  [ -x "$SERVICE" ] && [ -x "$CTL" ] || die "ipfs-cluster not installed (run: $0 install)"
  echo "$SERVICE"
}

# A port nothing listens on now (bash's /dev/tcp: a refused connect means free), not one handed out
# earlier in this run, and below the kernel's ephemeral range, where every outgoing connection (and
# every listener on port 0) takes its port. Another process can still take it before the daemon
# binds it: start_peer then starts the peer again on new ports.
# Sets FREE_PORT (a variable, not output: $(…) would run it in a subshell and forget TAKEN).
TAKEN=" "
EPHEMERAL_LOW="$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
free_port() {
  local p i
  for i in $(seq 1 200); do
    p=$((10000 + RANDOM % (EPHEMERAL_LOW - 10000)))
    case "$TAKEN" in *" $p "*) continue ;; esac
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      TAKEN="$TAKEN$p "
      FREE_PORT="$p"
      return 0
    fi
  done
  die "no free port found"
}

# Writes a peer's ports file: KUBO_API=… KUBO_SWARM=… CLUSTER=… REST=…
new_ports() {
  local line="" name
  for name in KUBO_API KUBO_SWARM CLUSTER REST; do
    free_port
    line="$line$name=$FREE_PORT "
  done
  echo "${line% }" >"$1"
}

ctl() { "$CTL" --host "/ip4/127.0.0.1/tcp/$1" --timeout 5 "${@:2}"; }

# Blocks until <cmd...> succeeds, at most <tenths> tenths of a second; on failure shows the peer's log.
wait_for() {
  local tenths="$1" log="$2" what="$3" i
  shift 3
  for i in $(seq 1 "$tenths"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  tail -n 40 "$log" >&2
  die "$what: not within $((tenths / 10)) s"
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Starts peer <i> in <p> (its kubo daemon, then the cluster peer) and prints
# "<REST API URL> <kubo API URL>". Returns 75 when one of its ports was taken in the meantime,
# after stopping what it started and dropping its ports and configuration.
start_peer() {
  local i="$1" p="$2" bootstrap="$3" kubo_url tries
  [ -f "$p/ports" ] || new_ports "$p/ports"
  local KUBO_API KUBO_SWARM CLUSTER REST
  read -r KUBO_API KUBO_SWARM CLUSTER REST < <(sed 's/[A-Z_]*=//g' "$p/ports")
  if ! kubo_url="$("$KUBO_SH" start "$p/kubo" "$KUBO_API" "$KUBO_SWARM" 2>"$p/kubo-start.log")"; then
    if grep -q "address already in use" "$p/kubo-start.log"; then
      rm -f "$p/ports" "$p/kubo/daemon.pid"
      return 75
    fi
    cat "$p/kubo-start.log" >&2
    die "peer-$i's kubo daemon did not start"
  fi
  [ -f "$p/cluster/service.json" ] || init_peer "$p" "$(cat "$p/../secret")" "peer-$i" "$CLUSTER" "$REST" "$KUBO_API"
  if ! alive "$p/cluster.pid"; then
    # shellcheck disable=SC2086 # $bootstrap is empty or one option and its value
    nohup "$SERVICE" --config "$p/cluster" daemon $bootstrap >"$p/cluster.log" 2>&1 &
    echo $! >"$p/cluster.pid"
  fi
  for tries in $(seq 1 600); do
    if ctl "$REST" id >/dev/null 2>&1; then
      echo "http://127.0.0.1:$REST $kubo_url"
      return 0
    fi
    alive "$p/cluster.pid" || break
    sleep 0.1
  done
  if ! alive "$p/cluster.pid" && grep -q "address already in use" "$p/cluster.log"; then
    "$KUBO_SH" stop "$p/kubo"
    rm -rf "$p/ports" "$p/cluster" "$p/cluster.pid"
    return 75
  fi
  tail -n 40 "$p/cluster.log" >&2
  die "peer-$i's REST API: not within 60 s"
}

# The peers peer 0 sees (with CRDT consensus, those whose ping metric arrived), and whether it has
# every metric (freespace, pinqueue, tag:group, ping) of every peer: an allocation with a
# replication factor above 1 only considers peers with all of them. A peer's first metrics, sent
# as it starts, are usually lost (the pubsub mesh is not up yet); it sends them again after half
# their TTL, so init_peer shortens the TTLs (10 s instead of 30 s; pings every 2 s instead of 15 s)
# and start waits for them.
peers_seen() { [ "$(ctl "$1" --enc json peers ls | grep -c '"cluster_peers":')" -ge "$2" ]; }
metrics_seen() {
  local names name
  names="$(curl -fsS -m 5 "http://127.0.0.1:$1/monitor/metrics" | tr -d '[]"' | tr ',' ' ')"
  [ -n "$names" ] || return 1
  for name in $names; do
    [ "$(curl -fsS -m 5 "http://127.0.0.1:$1/monitor/metrics/$name" | grep -o '"peer":"[^"]*"' | sort -u | wc -l)" -ge "$2" ] || return 1
  done
}

init_peer() {
  local p="$1" secret="$2" name="$3" cluster_port="$4" rest_port="$5" kubo_api="$6"
  # ipfs-cluster-service init applies CLUSTER_* variables to the configuration it writes.
  CLUSTER_SECRET="$secret" \
    CLUSTER_PEERNAME="$name" \
    CLUSTER_LISTENMULTIADDRESS="/ip4/127.0.0.1/tcp/$cluster_port" \
    CLUSTER_MDNSINTERVAL=0s \
    CLUSTER_MONITORPINGINTERVAL=2s \
    CLUSTER_DISK_METRICTTL=10s \
    CLUSTER_PINQUEUE_METRICTTL=10s \
    CLUSTER_TAGS_METRICTTL=10s \
    CLUSTER_RESTAPI_HTTPLISTENMULTIADDRESS="/ip4/127.0.0.1/tcp/$rest_port" \
    CLUSTER_IPFSHTTP_NODEMULTIADDRESS="/ip4/127.0.0.1/tcp/$kubo_api" \
    CLUSTER_IPFSHTTP_CONNECTSWARMSDELAY=1s \
    "$SERVICE" --config "$p/cluster" init --consensus crdt >"$p/init.log" 2>&1 ||
    { cat "$p/init.log" >&2; die "ipfs-cluster-service init failed"; }
  # Only the REST API: drop the IPFS proxy and the pinning-service API (more listeners, unused).
  sed -i -e '/"ipfsproxy": {/,/^    },$/d' -e '/"pinsvcapi": {/,/^    },$/d' "$p/cluster/service.json"
  grep -q '"ipfsproxy"\|"pinsvcapi"' "$p/cluster/service.json" && die "could not drop the unused APIs"
  chmod 600 "$p/cluster/service.json" "$p/cluster/identity.json"
}

cmd_start() {
  local dir="${1:?usage: ipfs-cluster.sh start <dir> [<peers>]}" n="${2:-1}"
  [[ "$n" =~ ^[1-9]$ ]] || die "peers must be 1 to 9"
  [ -x "$SERVICE" ] && [ -x "$CTL" ] || die "ipfs-cluster not installed (run: $0 install)"
  mkdir -p "$dir"
  if [ -f "$dir/peers" ]; then
    [ "$(wc -l <"$dir/peers")" -eq "$n" ] || die "$dir holds a cluster of another size"
  else
    : >"$dir/secret"
    chmod 600 "$dir/secret"
    # 32 random bytes, hex: the private-network key all peers of this cluster share.
    od -An -N32 -tx1 /dev/urandom | tr -d ' \n' >"$dir/secret"
  fi
  local i p line bootstrap="" id attempt rc
  local -a lines=()
  for ((i = 0; i < n; i++)); do
    p="$dir/peer-$i"
    mkdir -p "$p"
    for attempt in 1 2 3 4 5; do
      rc=0
      line="$(start_peer "$i" "$p" "$bootstrap")" || rc=$?
      [ "$rc" -eq 75 ] || break
      echo "ipfs-cluster.sh: peer-$i: a port was taken meanwhile, starting it on other ports" >&2
    done
    [ "$rc" -eq 0 ] || die "peer-$i did not start"
    if [ "$i" -eq 0 ]; then
      id="$(sed -n 's/^[[:space:]]*"id": "\([^"]*\)",\{0,1\}$/\1/p' "$p/cluster/identity.json")"
      [ -n "$id" ] || die "no peer id in $p/cluster/identity.json"
      bootstrap="--bootstrap /ip4/127.0.0.1/tcp/$(sed 's/.*CLUSTER=\([0-9]*\).*/\1/' "$p/ports")/p2p/$id"
    fi
    lines+=("$line")
  done
  local rest0
  rest0="$(sed 's/.*REST=//' "$dir/peer-0/ports")"
  wait_for 600 "$dir/peer-0/cluster.log" "$n peers in the cluster" peers_seen "$rest0" "$n"
  wait_for 600 "$dir/peer-0/cluster.log" "the metrics of $n peers" metrics_seen "$rest0" "$n"
  printf '%s\n' "${lines[@]}" >"$dir/peers"
  cat "$dir/peers"
}

stop_pid() {
  local pidfile="$1" pid i
  [ -f "$pidfile" ] || return 0
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$pidfile"
}

cmd_stop() {
  local dir="${1:?usage: ipfs-cluster.sh stop <dir>}" p
  # Each takes ~2 s to shut down: all peers at once, then all daemons at once.
  for p in "$dir"/peer-*; do [ -d "$p" ] && stop_pid "$p/cluster.pid" & done
  wait
  for p in "$dir"/peer-*; do [ -d "$p" ] && "$KUBO_SH" stop "$p/kubo" & done
  wait
}

case "${1:-}" in
  install) cmd_install ;;
  path) cmd_path ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) die "usage: $0 install | path | start <dir> [<peers>] | stop <dir>" ;;
esac
