#!/usr/bin/env bash
# Tandem live vs the Linux kernel on the same veth topology and the same offered
# load (docs/LIVE.md, "Benchmark against the kernel"). Run as root from anywhere
# in the repository:
#
#     sudo examples/live/bench.sh                               # builds tandem (release)
#     sudo TANDEM=target/release/tandem OUT=bench examples/live/bench.sh
#
# Topology, addresses in 198.18.0.0/15 only:
#
#   gen [g0] ---- [i0] dut [o1] ---- [g1] gen
#   (tandem loadgen sends on g0 198.18.0.2 -> 198.19.0.2 and receives on g1)
#
# Systems in the dut namespace, one at a time, interleaved round by round:
#   kernel          plain IPv4 forwarding (the ceiling)
#   kernel-nat      forwarding + nftables masquerade on o1 (conntrack)
#   kernel-fw       forwarding + nftables stateful firewall (ct state, inside may open)
#   tandem-nat      tandem live examples/nf/mazunat.nf (port 0 = i0, port 1 = o1;
#                   default --io auto: AF_XDP on veth)
#   tandem-cofilter tandem filter live (port 0 = i0, port 1 = o1)
#   tandem-nat-w2   tandem live --workers 2 (only when CPUS names two CPUs; AF_PACKET
#                   with a fanout group)
#   tandem-nat-xdp  tandem live --io afxdp (ask for it in SYSTEMS)
#   tandem-cofilter-xdp  tandem filter live --io afxdp (ask for it in SYSTEMS)
#   tandem-nat-xdpgen, tandem-cofilter-xdpgen  the same with --io afxdp-generic
#                   (generic XDP; the generator's 64-byte UDP frames need no offload turned off)
#   tandem-nat-afpacket, tandem-cofilter-afpacket  the same with --io afpacket
#                   (ask for them in SYSTEMS)
#   tandem-nat-kxdp, tandem-cofilter-kxdp  the switch part in the kernel's XDP
#                   hook (--switch xdp; ask for them in SYSTEMS); the generator's
#                   veth ends get GRO on for these runs, which veth needs to
#                   receive redirected frames
#   tandem-nat-kxdpgen, tandem-cofilter-kxdpgen  the same in generic XDP
#                   (--xdp-mode generic; ask for them in SYSTEMS)
#
# Per system and round: a closed-loop run (WINDOW frames in flight: the rate the
# path carries) and an open-loop run at RATE frames/s (latency percentiles).
# With REPLIES=1 (the default) every flow is answered once from g1 before the
# measuring starts, so that stateful filters hold the flows as replied (CoFilter
# offloads only those to its switch; conntrack calls them established); with
# REPLIES=0 every frame is of a flow never answered, which CoFilter's agent
# decides one by one.
# CPUS (default: one CPU, the last) pins the generator and tandem with taskset; the
# kernel's forwarding runs in the generator's send calls, so on the same CPU. With
# one CPU, every number is "per core" with the generator on that core too.
# NF_CPU (unset by default) separates them: the system under test gets NF_CPU and
# the generator the first CPU of CPUS (the two must differ). Every veth end then
# gets TSO off and GRO on (veth hands a frame to its peer's NAPI only so) and
# threaded NAPI, the dut's ends' threads pinned to NF_CPU, the generator's to
# its CPU, so each frame's forwarding, NAT or XDP program runs on NF_CPU and
# the generator's sending and receiving on the other. Each closed-loop run also reports how busy the two CPUs
# were (/proc/stat), and the table the frames/s per busy NF core.
#
# MODE=flowsetup measures flow setup instead (issue #18): every frame opens a new
# UDP flow (`tandem loadgen --new-flows`), offered open loop at each of RATES new
# flows/s, NEW_FLOWS flows per run (MazuNAT's maps hold 65,536), the system
# restarted for every run (tandem) or given fresh flows (the kernel, whose UDP
# conntrack timeout is set to 3 s in the dut namespace so entries of earlier runs
# go). Reported: flows/s that came through, loss and first-packet delay
# percentiles. Default systems there: kernel-nat tandem-nat-serial tandem-nat-batched
#   tandem-nat-serial   tandem live ... --channel serial (Gallium's channel)
#   tandem-nat-batched  tandem live ... --channel batched (group commit; the
#                       default of tandem live, so the same as tandem-nat)
#   tandem-nat-handshake  tandem live ... --offload-after-handshake (ask for it
#                       in SYSTEMS): a flow's keys go to the switch only after a
#                       TCP packet past the handshake or, for UDP, its second
#                       packet, so single-packet flows stay on the server
# and, on request in SYSTEMS, MazuNAT as two processes (docs/LIVE.md, "Two
# processes"): `tandem switch` on i0/o1 with its CPU port on a veth pair
# (cpu0 | link0) to `tandem server`, P4Runtime on the dut's loopback:
#   tandem-procs        tandem server --window 1 --group-commit off (one Write
#                       at a time, each packet's its own: the blocking client)
#   tandem-procs-gc     tandem server --window 4 --group-commit on (pipelined
#                       Writes, group commit)
#   tandem-procs-w2     as tandem-procs-gc with tandem switch --workers 2 (two
#                       data-path threads, each with its own copy of the switch)
# (they can run in MODE=forward too). SERVER_WORKERS / SWITCH_WORKERS (1) pass
# --workers to the two processes of tandem-procs and tandem-procs-gc.
#
# Output: OUT/results.jsonl (one line per run, with the load average), OUT/table.md,
# OUT/bench.svg. Knobs: ROUNDS (3), DURATION (5 s), WARMUP (1 s), WINDOW (4096),
# RATE (20000), FLOWS (64), SIZE (64), SYSTEMS (all above), CPUS; with
# MODE=flowsetup: RATES ("1000 10000 50000 100000 200000"), NEW_FLOWS (40000).
# Needs: ip, ethtool, nft, taskset, python3 (plot and table).
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/live/lib.sh

live_need bench "iproute2 ethtool nftables util-linux python3" ip ethtool nft taskset python3
live_tandem
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-1}
WINDOW=${WINDOW:-4096}
RATE=${RATE:-20000}
FLOWS=${FLOWS:-64}
SIZE=${SIZE:-64}
OUT=${OUT:-bench-out}
MODE=${MODE:-forward}
RATES=${RATES:-"1000 10000 50000 100000 200000"}
NEW_FLOWS=${NEW_FLOWS:-40000}
REPLIES=${REPLIES:-1}
last_cpu=$(($(nproc) - 1))
CPUS=${CPUS:-$last_cpu}
case "$MODE" in
forward) SYSTEMS=${SYSTEMS:-"kernel kernel-nat kernel-fw tandem-nat tandem-cofilter"} ;;
flowsetup) SYSTEMS=${SYSTEMS:-"kernel-nat tandem-nat-serial tandem-nat-batched"} ;;
*) echo "bench: MODE is forward or flowsetup, not $MODE" >&2; exit 1 ;;
esac
case "$CPUS" in *,*|*-*) SYSTEMS=${SYSTEMS_2:-"$SYSTEMS tandem-nat-w2"} ;; esac
GEN_CPU=${CPUS%%[,-]*}
NF_CPU=${NF_CPU:-}
SYS_CPUS=$CPUS
if [ -n "$NF_CPU" ]; then
    [ "$NF_CPU" != "$GEN_CPU" ] || { echo "bench: NF_CPU must differ from the generator's CPU $GEN_CPU" >&2; exit 1; }
    SYS_CPUS=$NF_CPU
fi
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
: > "$OUT/results.jsonl"

G=tnd-bench-g-$$ D=tnd-bench-d-$$
DUT_PID=
DUT_PID2=
CUR_SYS=
stop_dut() {
    for pid in $DUT_PID2 $DUT_PID; do
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    # Every run's last status lines of the two-process systems, kept.
    case "$CUR_SYS" in tandem-procs*)
        for d in server switch; do
            tail -n 1 "$OUT/$CUR_SYS.$d.log" >> "$OUT/$CUR_SYS.$d.runs.jsonl" 2>/dev/null || true
        done ;;
    esac
    # The generator's ends as the other systems have them (see *-kxdp).
    [ -z "$NF_CPU" ] && case "$CUR_SYS" in *-kxdp|*-kxdpgen)
        for dev in g0 g1; do ip netns exec "$G" ethtool -K "$dev" gro off >/dev/null 2>&1 || true; done ;;
    esac
    DUT_PID=
    DUT_PID2=
    CUR_SYS=
}
# Waits (10 s at most) until FILE contains TEXT, while process PID lives.
wait_log() {
    for _ in $(seq 100); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        kill -0 "$3" 2>/dev/null || break
        sleep 0.1
    done
    cat "$1" >&2
    echo "bench: $1 never said $2" >&2
    exit 1
}
live_at_exit stop_dut

echo "== namespaces $G (generator), $D (system under test)"
live_netns "$G" "$D"
live_veth "$G" g0 "$D" i0
live_veth "$G" g1 "$D" o1
for dev in g0 g1; do ip -n "$G" link set "$dev" up; done
for dev in i0 o1; do ip -n "$D" link set "$dev" up; done
ip -n "$D" addr add 198.18.0.1/24 dev i0
ip -n "$D" addr add 198.19.0.1/24 dev o1
g1_mac=$(live_mac "$G" g1)
i0_mac=$(live_mac "$D" i0)
o1_mac=$(live_mac "$D" o1)
ip -n "$D" neigh add 198.19.0.2 lladdr "$g1_mac" dev o1 nud permanent
ip netns exec "$D" sh -c 'for f in /proc/sys/net/ipv4/conf/*/rp_filter; do echo 0 > $f; done'
# The server link of the two-process systems (transfer headers need room).
live_veth "$D" cpu0 "$D" link0
for dev in cpu0 link0; do ip -n "$D" link set "$dev" mtu 9000; done
live_wire "$D" cpu0 link0

# NF_CPU: GRO and threaded NAPI on every end (set once they are up), the threads
# pinned; pin_napi runs again after each start, as an XDP attach may make them anew.
if [ -n "$NF_CPU" ]; then
    # TSO off on the sender is what lets veth hand a frame to its peer's NAPI.
    for dev in g0 g1; do
        ip netns exec "$G" ethtool -K "$dev" tso off gso off gro on >/dev/null
        ip netns exec "$G" sh -c "echo 1 > /sys/class/net/$dev/threaded"
    done
    for dev in i0 o1; do
        ip netns exec "$D" ethtool -K "$dev" tso off gso off gro on >/dev/null
        ip netns exec "$D" sh -c "echo 1 > /sys/class/net/$dev/threaded"
    done
fi
pin_napi() {
    [ -n "$NF_CPU" ] || return 0
    local dev pid
    for dev in g0 g1 i0 o1; do
        for pid in $(pgrep "^napi/$dev-" || true); do
            case $dev in g*) taskset -pc "$GEN_CPU" "$pid" >/dev/null ;; *) taskset -pc "$NF_CPU" "$pid" >/dev/null ;; esac
        done
    done
}
pin_napi
# "busy total" jiffies of CPU $1 so far.
cpu_ticks() { awk -v c="cpu$1" '$1 == c { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t }' /proc/stat; }

forwarding() { ip netns exec "$D" sh -c "echo $1 > /proc/sys/net/ipv4/ip_forward"; }

start_system() {
    CUR_SYS=$1
    ip netns exec "$D" nft flush ruleset
    case "$1" in
    kernel) forwarding 1 ;;
    kernel-nat)
        forwarding 1
        ip netns exec "$D" nft -f - <<'EOF'
table ip nat {
    chain post { type nat hook postrouting priority srcnat; oifname "o1" masquerade; }
}
EOF
        ;;
    kernel-fw)
        forwarding 1
        ip netns exec "$D" nft -f - <<'EOF'
table inet fw {
    chain forward_filter {
        type filter hook forward priority filter; policy drop;
        ct state established,related accept
        iifname "i0" ct state new accept
    }
}
EOF
        ;;
    tandem-procs*)
        forwarding 0
        local sopts grpc=127.0.0.1:9559 sw_workers=${SWITCH_WORKERS:-1}
        case "$1" in
        tandem-procs) sopts=(--window 1 --group-commit off) ;;
        tandem-procs-gc) sopts=(--window 4 --group-commit on) ;;
        tandem-procs-w2) sopts=(--window 4 --group-commit on); sw_workers=2 ;;
        *) echo "bench: unknown system $1" >&2; exit 1 ;;
        esac
        taskset -c "$SYS_CPUS" "$TANDEM" switch examples/nf/mazunat.nf --set external_ip=198.19.0.1 \
            --grpc "$grpc" --netns "$D" -p 0=i0 -p 1=o1 --cpu-port cpu0 \
            --workers "$sw_workers" > "$OUT/$1.switch.log" 2>&1 &
        DUT_PID=$!
        wait_log "$OUT/$1.switch.log" "P4Runtime" "$DUT_PID"
        taskset -c "$SYS_CPUS" "$TANDEM" server examples/nf/mazunat.nf --set external_ip=198.19.0.1 \
            --switch "$grpc" --netns "$D" --link link0 --workers "${SERVER_WORKERS:-1}" \
            "${sopts[@]}" > "$OUT/$1.server.log" 2>&1 &
        DUT_PID2=$!
        wait_log "$OUT/$1.server.log" "primary for the switch" "$DUT_PID2"
        ;;
    tandem-*)
        # The kernel must not forward what tandem forwards.
        forwarding 0
        local cmd bin=$TANDEM
        # SYSTEM@alt runs the binary in ALT instead (before/after comparisons).
        case "$1" in *@alt) bin=${ALT:?"$1 needs ALT=path/to/another/tandem"} ;; esac
        case "${1%@alt}" in
        tandem-nat) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1) ;;
        tandem-nat-w2) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --workers 2) ;;
        tandem-nat-xdp) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --io afxdp) ;;
        tandem-nat-batched) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --channel batched) ;;
        tandem-nat-serial) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --channel serial) ;;
        tandem-nat-handshake) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --offload-after-handshake) ;;
        tandem-cofilter) cmd=(filter live) ;;
        tandem-cofilter-xdp) cmd=(filter live --io afxdp) ;;
        tandem-nat-xdpgen) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --io afxdp-generic) ;;
        tandem-cofilter-xdpgen) cmd=(filter live --io afxdp-generic) ;;
        tandem-nat-afpacket) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --io afpacket) ;;
        tandem-cofilter-afpacket) cmd=(filter live --io afpacket) ;;
        tandem-nat-kxdp) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --switch xdp) ;;
        tandem-cofilter-kxdp) cmd=(filter live --switch xdp) ;;
        tandem-nat-kxdpgen) cmd=(live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --switch xdp --xdp-mode generic) ;;
        tandem-cofilter-kxdpgen) cmd=(filter live --switch xdp --xdp-mode generic) ;;
        esac
        # A frame an XDP program redirects into a veth is received by its
        # peer's NAPI, which veth runs with GRO on there (set once it is up).
        [ -z "$NF_CPU" ] && case "$1" in *-kxdp|*-kxdpgen)
            for dev in g0 g1; do ip netns exec "$G" ethtool -K "$dev" gro on >/dev/null; done ;;
        esac
        taskset -c "$SYS_CPUS" "$bin" "${cmd[@]}" --netns "$D" -p 0=i0 -p 1=o1 -q \
            --summary "$OUT/$1.summary.json" > "$OUT/$1.log" 2>&1 &
        DUT_PID=$!
        sleep 0.5
        kill -0 "$DUT_PID" 2>/dev/null || { cat "$OUT/$1.log" >&2; exit 1; }
        ;;
    *) echo "bench: unknown system $1" >&2; exit 1 ;;
    esac
    pin_napi
}

run_gen() { # system round kind args...
    local sys=$1 round=$2 kind=$3
    shift 3
    local load
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    local nf0 gen0 nf1 gen1
    nf0=$(cpu_ticks "${NF_CPU:-$GEN_CPU}") gen0=$(cpu_ticks "$GEN_CPU")
    taskset -c "$GEN_CPU" "$TANDEM" loadgen --netns "$G" --tx g0 --rx g1 --dst-mac "$i0_mac" \
        --flows "$FLOWS" --size "$SIZE" --duration "$DURATION" --warmup "$WARMUP" "$@" >"$OUT/gen.json"
    nf1=$(cpu_ticks "${NF_CPU:-$GEN_CPU}") gen1=$(cpu_ticks "$GEN_CPU")
    python3 -c 'import json,sys; v=json.load(open(sys.argv[5]))
def busy(a, b):
    (ba, ta), (bb, tb) = map(int, a.split()), map(int, b.split())
    return (bb - ba) / max(tb - ta, 1)
v.update(system=sys.argv[1], round=int(sys.argv[2]), kind=sys.argv[3], loadavg=sys.argv[4],
         nf_cpu_busy=busy(sys.argv[6], sys.argv[7]), gen_cpu_busy=busy(sys.argv[8], sys.argv[9]),
         separate_cpus=sys.argv[10] == "1")
print(json.dumps(v))' "$sys" "$round" "$kind" "$load" "$OUT/gen.json" "$nf0" "$nf1" "$gen0" "$gen1" \
        "$([ -n "$NF_CPU" ] && echo 1 || echo 0)" >> "$OUT/results.jsonl"
    tail -n 1 "$OUT/results.jsonl" | python3 -c 'import json,sys; v=json.load(sys.stdin); l=v["lat_ns"]; print("   %-16s %-7s %9.0f pps  loss %5.2f %%  p50 %8.1f us  p99 %8.1f us  cpu nf %3.0f %% gen %3.0f %%  load %s" % (v["system"], v["kind"], v["pps"], 100*v["loss"], l["p50"]/1e3, l["p99"]/1e3, 100*v["nf_cpu_busy"], 100*v["gen_cpu_busy"], v["loadavg"]))'
}

if [ "$MODE" = flowsetup ]; then
    ip netns exec "$D" sh -c 'echo 3 > /proc/sys/net/netfilter/nf_conntrack_udp_timeout' 2>/dev/null || true
    echo "== $ROUNDS rounds of: $SYSTEMS at $RATES new flows/s, $NEW_FLOWS flows a run (CPUs $CPUS${NF_CPU:+, system on $NF_CPU})"
    base=0
    for round in $(seq 1 "$ROUNDS"); do
        echo "-- round $round ($(uptime))"
        for rate in $RATES; do
            secs=$(python3 -c "import sys; print(min(float(sys.argv[1]), int(sys.argv[2]) / float(sys.argv[3])))" "$DURATION" "$NEW_FLOWS" "$rate")
            for sys in $SYSTEMS; do
                start_system "$sys"
                DURATION=$secs WARMUP=0 run_gen "$sys" "$round" newflows --new-flows \
                    --flow-base "$base" --rate "$rate"
                base=$((base + NEW_FLOWS + 1))
                stop_dut
                case "$sys" in kernel*) sleep 4 ;; esac
            done
        done
    done
else
    replies=()
    [ "$REPLIES" = 1 ] && replies=(--reply-mac "$o1_mac")
    echo "== $ROUNDS rounds of: $SYSTEMS (CPUs $CPUS, generator on $GEN_CPU${NF_CPU:+, system on $NF_CPU}, replies ${REPLIES})"
    for round in $(seq 1 "$ROUNDS"); do
        echo "-- round $round ($(uptime))"
        for sys in $SYSTEMS; do
            start_system "$sys"
            run_gen "$sys" "$round" window --window "$WINDOW" "${replies[@]}"
            run_gen "$sys" "$round" rate --rate "$RATE" "${replies[@]}"
            stop_dut
        done
    done
fi

python3 examples/live/bench-report.py "$OUT"
