#!/usr/bin/env bash
# Real TCP through a NAT: the kernel's (nftables masquerade, conntrack) beside
# tandem live MazuNAT in userspace and with its switch part in XDP, on the same
# three namespaces, rounds interleaved (docs/XDP.md, "Real TCP"). Run as root
# from anywhere in the repository:
#
#     sudo examples/live/tcp-bench.sh                           # builds tandem (release)
#     sudo TANDEM=target/release/tandem OUT=tcp examples/live/tcp-bench.sh
#
#   client 198.18.0.2 [c0] --- [c1] nat [s1] --- [s0] server 198.19.0.2
#
# Every veth end has TSO, GSO and checksum offload off (the NF sees wire frames);
# the hosts' ends (c0, s0) have GRO on, which veth needs to receive frames an XDP
# program redirects, and which every system gets alike.
#
# Systems (SYSTEMS, default all):
#   kernel       IPv4 forwarding, no NAT (the ceiling of this setup; the server
#                sees the client's own address)
#   kernel-nat   IPv4 forwarding + nftables masquerade on s1
#   tandem-nat   tandem live examples/nf/mazunat.nf (AF_XDP sockets, the switch
#                part interpreted in userspace)
#   tandem-xdp   tandem live --switch xdp (the switch part in the kernel's XDP
#                hook, the server part in userspace)
#   tandem-xdpgen the same in generic XDP (--xdp-mode generic; ask for it)
# Per system and round:
#   iperf3       one TCP stream, client to server, IPERF_SECS (4) s: Gb/s
#   ab           ab -n AB_N (5000) -c 32 against nginx, one 100-byte file per
#                connection: new connections per second
#   NPtcp        1-byte ping-pong, NP_N (2000) times: half the round trip, µs
#
# TESTS (default "iperf3 ab NPtcp") picks which of them run.
# Output: OUT/results.jsonl (one line per measurement) and OUT/table.md
# (median and range over ROUNDS, default 3).
# Needs: ip, ethtool, nft, iperf3, nginx, ab, NPtcp, python3. On Debian:
#     apt-get install -y iproute2 ethtool nftables iperf3 nginx apache2-utils netpipe-tcp python3
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/live/lib.sh

live_need tcp-bench "iproute2 ethtool nftables iperf3 nginx apache2-utils netpipe-tcp python3" \
    ip ethtool nft iperf3 nginx ab NPtcp python3
live_tandem
ROUNDS=${ROUNDS:-3}
IPERF_SECS=${IPERF_SECS:-4}
AB_N=${AB_N:-5000}
NP_N=${NP_N:-2000}
SYSTEMS=${SYSTEMS:-kernel kernel-nat tandem-nat tandem-xdp}
TESTS=${TESTS:-iperf3 ab NPtcp}
OUT=${OUT:-tcp-bench}
mkdir -p "$OUT"
: >"$OUT/results.jsonl"

C=tnd-tcp-c-$$ W=tnd-tcp-w-$$ S=tnd-tcp-s-$$
TMP=$(mktemp -d)
TANDEM_PID= NGINX_PID= IPERF_PID=
stop_tandem() {
    if [ -n "$TANDEM_PID" ]; then
        kill -TERM "$TANDEM_PID" 2>/dev/null || true
        wait "$TANDEM_PID" 2>/dev/null || true
        TANDEM_PID=
    fi
}
stop_all() {
    stop_tandem
    for p in "$NGINX_PID" "$IPERF_PID"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$TMP"
}
live_at_exit stop_all

live_client_switch_server "$C" "$W" "$S"
# GRO on the hosts' ends once they are up (veth starts its NAPI then).
ip netns exec "$C" ethtool -K c0 gro on
ip netns exec "$S" ethtool -K s0 gro on

# The NAT's namespace for each system: the kernel's needs addresses and
# neighbours of its own; tandem's forwards frames between the hosts' MACs.
kernel_on() { # plain | nat
    ip -n "$W" addr add 198.18.0.1/24 dev c1
    ip -n "$W" addr add 198.19.0.1/24 dev s1
    ip netns exec "$W" sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward'
    [ "$1" = nat ] && ip netns exec "$W" nft -f - <<'EOF'
table ip tcpbench {
    chain post { type nat hook postrouting priority srcnat; oifname "s1" masquerade; }
}
EOF
    ip -n "$C" neigh replace 198.18.0.1 lladdr "$(live_mac "$W" c1)" dev c0 nud permanent
    ip -n "$S" neigh replace 198.19.0.1 lladdr "$(live_mac "$W" s1)" dev s0 nud permanent
}
kernel_off() {
    ip netns exec "$W" nft delete table ip tcpbench 2>/dev/null || true
    ip netns exec "$W" sh -c 'echo 0 >/proc/sys/net/ipv4/ip_forward'
    ip -n "$W" addr flush dev c1
    ip -n "$W" addr flush dev s1
    ip netns exec "$W" conntrack -F 2>/dev/null || true
}
tandem_on() {
    live_neigh_across "$C" "$S"
    "$TANDEM" live examples/nf/mazunat.nf --set external_ip=198.19.0.1 "$@" \
        --netns "$W" -p 0=c1 -p 1=s1 --duration 600 -q \
        --summary "$TMP/summary.json" >"$TMP/tandem.out" 2>&1 &
    TANDEM_PID=$!
    # Ready when a TCP connection crosses.
    for _ in $(seq 100); do
        ip netns exec "$C" timeout 0.3 bash -c '</dev/tcp/198.19.0.2/80' 2>/dev/null && return 0
        kill -0 "$TANDEM_PID" 2>/dev/null || break
        sleep 0.1
    done
    cat "$TMP/tandem.out" >&2
    echo "tcp-bench: tandem live $* did not start" >&2
    exit 1
}
sys_on() {
    case "$1" in
    kernel) kernel_on plain ;;
    kernel-nat) kernel_on nat ;;
    tandem-nat) tandem_on ;;
    tandem-xdp) tandem_on --switch xdp ;;
    tandem-xdpgen) tandem_on --switch xdp --xdp-mode generic ;;
    *) echo "tcp-bench: unknown system $1" >&2; exit 1 ;;
    esac
}
sys_off() {
    case "$1" in
    kernel | kernel-nat) kernel_off ;;
    *) stop_tandem ;;
    esac
    # nginx closes first, so each connection leaves a TIME_WAIT socket on the
    # server for 60 s. A NAT started afresh hands out external ports from
    # port_min again, and a SYN that reuses a TIME_WAIT 4-tuple waits for the
    # client's retransmission: every system starts with none left.
    ip netns exec "$S" ss -K state time-wait >/dev/null 2>&1 || true
}

# The servers, up for the whole run.
mkdir -p "$TMP/www" "$TMP/nginx"
head -c 100 /dev/urandom >"$TMP/www/100b"
cat >"$TMP/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $TMP/nginx/body;
    proxy_temp_path $TMP/nginx/proxy;
    fastcgi_temp_path $TMP/nginx/fastcgi;
    uwsgi_temp_path $TMP/nginx/uwsgi;
    scgi_temp_path $TMP/nginx/scgi;
    server { listen 198.19.0.2:80 backlog=4096; root $TMP/www; }
}
EOF
ip netns exec "$S" nginx -c "$TMP/nginx.conf" -p "$TMP/nginx" &
NGINX_PID=$!
ip netns exec "$S" iperf3 -s -B 198.19.0.2 >/dev/null 2>&1 &
IPERF_PID=$!
sleep 0.5

record() { # system round test metric value
    printf '{"system":"%s","round":%s,"test":"%s","metric":"%s","value":%s}\n' "$@" | tee -a "$OUT/results.jsonl"
}
for round in $(seq "$ROUNDS"); do
    for sys in $SYSTEMS; do
        echo "== round $round: $sys" >&2
        sys_on "$sys"
        case " $TESTS " in *" iperf3 "*)
            gbps=$(ip netns exec "$C" iperf3 -c 198.19.0.2 -t "$IPERF_SECS" -J |
                python3 -c 'import json,sys; print(json.load(sys.stdin)["end"]["sum_received"]["bits_per_second"]/1e9)')
            record "$sys" "$round" iperf3 gbps "$gbps"
        ;; esac
        case " $TESTS " in *" ab "*)
            cps=$(ip netns exec "$C" ab -q -n "$AB_N" -c 32 http://198.19.0.2/100b 2>&1 |
                awk '/Requests per second/ {print $4} /Failed requests/ && $3 != 0 {print "failed " $3 > "/dev/stderr"}')
            record "$sys" "$round" ab conns_per_s "$cps"
        ;; esac
        case " $TESTS " in *" NPtcp "*)
            ip netns exec "$S" NPtcp -p 0 >/dev/null 2>&1 &
            np=$!
            sleep 0.3
            ip netns exec "$C" NPtcp -h 198.19.0.2 -l 1 -u 1 -p 0 -n "$NP_N" -o "$TMP/np.out" >/dev/null 2>&1
            wait "$np" || true
            usec=$(awk 'NR==1 {print $3 * 1e6}' "$TMP/np.out")
            record "$sys" "$round" NPtcp half_rtt_us "$usec"
        ;; esac
        sys_off "$sys"
    done
done

python3 - "$OUT/results.jsonl" >"$OUT/table.md" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
systems = list(dict.fromkeys(r["system"] for r in rows))
tests = [("iperf3", "bulk TCP, iperf3 one stream (Gb/s)"),
         ("ab", "new connections, ab -c 32 against nginx (/s)"),
         ("NPtcp", "latency, NPtcp 1 byte (half round trip, µs)")]
print("| test | " + " | ".join(systems) + " |")
print("|---|" + "---|" * len(systems))
for t, label in tests:
    cells = []
    for s in systems:
        v = sorted(r["value"] for r in rows if r["system"] == s and r["test"] == t)
        cells.append(f"{statistics.median(v):.3g} ({v[0]:.3g}–{v[-1]:.3g})" if v else "–")
    print(f"| {label} | " + " | ".join(cells) + " |")
EOF
cat "$OUT/table.md"
