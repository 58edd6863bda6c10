#!/usr/bin/env bash
# Tandem live demo: curl downloads a file through MazuNAT running on real
# interfaces. Run as root from anywhere in the repository:
#
#     sudo examples/live/nat-demo.sh                              # builds tandem (release)
#     sudo TANDEM=target/release/tandem examples/live/nat-demo.sh # or use a built binary
#     sudo SWITCH=xdp examples/live/nat-demo.sh                   # the switch part in XDP
#
# It builds three network namespaces joined by veth pairs, with addresses in
# 198.18.0.0/15 (reserved for benchmarking) only:
#
#   client 198.18.0.2 [c0] --- [c1] switch: tandem live mazunat.nf [s1] --- [s0] server 198.19.0.2
#
# starts `tandem live` on MazuNAT in the switch namespace (port 0 = c1, port 1 =
# s1, external address 198.19.0.1), serves a random 1 MB file with python3's
# http.server in the server namespace, downloads it with curl from the client
# namespace, compares the bytes, prints what the server saw and tandem's summary,
# and deletes everything on exit (also on failure or Ctrl-C).
#
# SWITCH (model, the default, or xdp) is `tandem live --switch`: with xdp the
# switch part runs in the kernel's XDP hook on c1 and s1 (docs/XDP.md), and the
# hosts' ends get GRO on, which veth needs to receive frames an XDP program
# redirects.
#
# Needs: ip (iproute2), ethtool, curl, python3. On Debian/Ubuntu:
#     apt-get install -y iproute2 ethtool curl python3
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/live/lib.sh

live_need nat-demo "iproute2 ethtool curl python3" ip ethtool curl python3
SWITCH=${SWITCH:-model}
case "$SWITCH" in
model | xdp) ;;
*) echo "nat-demo: SWITCH is model or xdp, not $SWITCH" >&2; exit 1 ;;
esac
live_tandem

C=tnd-demo-c-$$ W=tnd-demo-w-$$ S=tnd-demo-s-$$
TMP=$(mktemp -d)
TANDEM_PID= HTTP_PID=
stop_all() {
    [ -n "$HTTP_PID" ] && kill "$HTTP_PID" 2>/dev/null
    [ -n "$TANDEM_PID" ] && kill "$TANDEM_PID" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$TMP"
}
live_at_exit stop_all

echo "== namespaces $C (client), $W (switch), $S (server)"
live_client_switch_server "$C" "$W" "$S"
# MazuNAT forwards IPv4 only (no ARP): static neighbours across it.
live_neigh_across "$C" "$S"
if [ "$SWITCH" = xdp ]; then
    ip netns exec "$C" ethtool -K c0 gro on >/dev/null
    ip netns exec "$S" ethtool -K s0 gro on >/dev/null
fi

echo "== tandem live examples/nf/mazunat.nf --switch $SWITCH in $W (port 0 = c1, port 1 = s1)"
"$TANDEM" live examples/nf/mazunat.nf --set external_ip=198.19.0.1 --switch "$SWITCH" \
    --netns "$W" -p 0=c1 -p 1=s1 --duration 60 -q \
    --record "$TMP/rec" --summary "$TMP/summary.json" >"$TMP/tandem.out" 2>&1 &
TANDEM_PID=$!
for _ in $(seq 100); do [ -e "$TMP/rec/in/port1.pcap" ] && break; sleep 0.1; done
[ -e "$TMP/rec/in/port1.pcap" ] || { cat "$TMP/tandem.out"; echo "nat-demo: tandem live did not start" >&2; exit 1; }

mkdir "$TMP/www"
head -c 1000000 /dev/urandom >"$TMP/www/file.bin"
ip netns exec "$S" python3 -m http.server 8080 --bind 198.19.0.2 --directory "$TMP/www" \
    >"$TMP/http.log" 2>&1 &
HTTP_PID=$!
for _ in $(seq 100); do ip netns exec "$S" ss -Hltn 'sport = :8080' | grep -q . && break; sleep 0.1; done

echo "== curl http://198.19.0.2:8080/file.bin from $C, through the NAT"
ip netns exec "$C" curl --noproxy '*' -sS --max-time 20 -o "$TMP/got.bin" -w 'curl: %{size_download} bytes in %{time_total} s\n' \
    http://198.19.0.2:8080/file.bin
cmp "$TMP/www/file.bin" "$TMP/got.bin"
echo "download: $(wc -c <"$TMP/got.bin") bytes, identical to the served file"
echo "the server saw: $(grep -m1 'GET /file.bin' "$TMP/http.log" | awk '{print $1}') (MazuNAT's external address)"

kill -TERM "$TANDEM_PID"
wait "$TANDEM_PID"
TANDEM_PID=
echo "== tandem summary"
cat "$TMP/tandem.out"
echo "nat-demo: OK"
