#!/usr/bin/env bash
# Runs the `capture` fuzz target (any bytes as the capture of
# `tandem filter run --input`, replayed through CoFilter and its baseline with
# small tables) for SECONDS seconds (default 10) on the stable toolchain (see
# .ci/fuzz-common.sh). Seeds: the generated captures of
# ../../trace/fuzz/seeds/pcap/ behind each choice of port and SYN defence.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

mkdir -p seeds/capture
for f in ../../trace/fuzz/seeds/pcap/*; do
    for pick in 000 001 002 003; do
        { printf "\\$pick"; cat "$f"; } > "seeds/capture/$(basename "$f")-$pick"
    done
done

fuzz_all "$seconds" capture:16384
