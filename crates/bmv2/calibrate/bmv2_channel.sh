#!/bin/sh
# Measures BMv2's runtime interface for the control-channel cost model
# (docs/SWITCH.md, "Calibration on BMv2"). Needs p4c-bm2-ss, simple_switch and
# simple_switch_CLI (BMv2's Python runtime modules) on PATH.
# Usage: crates/bmv2/calibrate/bmv2_channel.sh [THRIFT_PORT]
set -eu
port=${1:-19391}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT INT TERM
p4c-bm2-ss -o "$dir/cal.json" "$here/cal.p4"
simple_switch --thrift-port "$port" --device-id 7 "$dir/cal.json" >"$dir/ss.log" 2>&1 &
pid=$!
sleep 2
py=$(head -1 "$(command -v simple_switch_CLI)" | sed 's/^#!//')
uptime
"$py" "$here/bmv2_channel.py" "$port" --rounds 5
# The CLI as a user drives it: 1 vs 1,000 table_add in one session.
for n in 1 1000; do
    i=0; : >"$dir/c$n.txt"
    while [ $i -lt $n ]; do
        i=$((i + 1)); echo "table_add flows fwd $i $((i + 1000000)) => 1 $i" >>"$dir/c$n.txt"
    done
done
for r in 1 2 3; do
    for n in 1 1000; do
        echo "table_clear flows" | simple_switch_CLI --thrift-port "$port" >/dev/null
        s=$(date +%s%N)
        simple_switch_CLI --thrift-port "$port" <"$dir/c$n.txt" >/dev/null 2>&1
        e=$(date +%s%N)
        echo "cli session of $n table_add: $(((e - s) / 1000)) us"
    done
done
