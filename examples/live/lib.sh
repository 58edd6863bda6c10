# Shared by the live example scripts (nat-demo.sh, bench.sh, tcp-bench.sh), the
# shell counterpart of the testnet crate the live tests use: root and tool
# checks, the tandem binary, namespaces joined by veth pairs with addresses in
# 198.18.0.0/15 only, offloads, and one exit trap that deletes everything the
# script made (also on failure or Ctrl-C). Source it, don't run it:
#
#   live_need NAME "PACKAGES" TOOL...  root and the tools, or exit 1 saying what to install
#   live_tandem                        TANDEM (realpath), built in release when unset
#   live_at_exit FUNCTION              run FUNCTION on exit, before the namespaces go
#   live_netns NS...                   namespaces with lo up and IPv6 off, deleted on exit
#   live_veth NS1 DEV1 NS2 DEV2        a veth pair (NS2 may be NS1)
#   live_wire NS DEV...                offloads off (TSO, GSO, GRO, tx checksums), then up:
#                                      the NF's sockets see frames as on a wire
#   live_mac NS DEV                    DEV's MAC address
#   live_client_switch_server C W S    client 198.18.0.2 [c0] -- [c1] W [s1] -- [s0] server 198.19.0.2,
#                                      every end wired, each host routing the other's /24 via
#                                      its gateway across W (198.18.0.1 and 198.19.0.1)
#   live_neigh_across C S              the two hosts' gateways are each other's MACs (static
#                                      neighbours, for an NF in W that forwards no ARP)

LIVE_NETNS=()
LIVE_EXIT_HOOKS=()

live_need() { # name packages tool...
    local name=$1 packages=$2 missing=() tool
    shift 2
    if [ "$(id -u)" -ne 0 ]; then
        echo "$name: needs root (network namespaces and raw sockets)" >&2
        exit 1
    fi
    for tool in "$@"; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "$name: missing ${missing[*]}; on Debian/Ubuntu: apt-get install -y $packages" >&2
        exit 1
    fi
}

live_tandem() {
    if [ -z "${TANDEM:-}" ]; then
        echo "== building tandem (release)"
        cargo build --release --bin tandem
        TANDEM=target/release/tandem
    fi
    TANDEM=$(realpath "$TANDEM")
}

live_at_exit() { LIVE_EXIT_HOOKS+=("$1"); }

live_cleanup() {
    local hook ns pid
    for hook in "${LIVE_EXIT_HOOKS[@]}"; do "$hook" || true; done
    for ns in "${LIVE_NETNS[@]}"; do
        # What is still running inside keeps the namespace (and its veths) alive.
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
        ip netns del "$ns" 2>/dev/null || true
    done
    return 0
}
trap live_cleanup EXIT

live_netns() { # ns...
    local ns k
    for ns in "$@"; do
        ip netns add "$ns"
        LIVE_NETNS+=("$ns")
        ip -n "$ns" link set lo up
        # IPv4 only (the NFs drop everything else); /proc/sys, as a fresh Debian
        # may lack the sysctl tool.
        for k in all default; do
            ip netns exec "$ns" sh -c "echo 1 > /proc/sys/net/ipv6/conf/$k/disable_ipv6"
        done
    done
}

live_veth() { # ns1 dev1 ns2 dev2
    if [ "$1" = "$3" ]; then
        ip -n "$1" link add "$2" type veth peer name "$4"
    else
        ip -n "$1" link add "$2" type veth peer name "$4" netns "$3"
    fi
}

live_wire() { # ns dev...
    local ns=$1 dev
    shift
    for dev in "$@"; do
        ip netns exec "$ns" ethtool -K "$dev" tso off gso off gro off tx off >/dev/null
        ip -n "$ns" link set "$dev" up
    done
}

live_mac() { ip -n "$1" -br link show "$2" | awk '{print $3}'; }

live_client_switch_server() { # client switch server
    live_netns "$1" "$2" "$3"
    live_veth "$1" c0 "$2" c1
    live_veth "$3" s0 "$2" s1
    live_wire "$1" c0
    live_wire "$2" c1 s1
    live_wire "$3" s0
    ip -n "$1" addr add 198.18.0.2/24 dev c0
    ip -n "$1" route add 198.19.0.0/16 via 198.18.0.1 dev c0
    ip -n "$3" addr add 198.19.0.2/24 dev s0
    ip -n "$3" route add 198.18.0.0/24 via 198.19.0.1 dev s0
}

live_neigh_across() { # client server
    ip -n "$1" neigh replace 198.18.0.1 lladdr "$(live_mac "$2" s0)" dev c0 nud permanent
    ip -n "$2" neigh replace 198.19.0.1 lladdr "$(live_mac "$1" c0)" dev s0 nud permanent
}
