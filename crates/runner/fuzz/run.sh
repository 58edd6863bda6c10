#!/usr/bin/env bash
# Runs the `capture` fuzz target for SECONDS seconds (default 10) on the stable
# toolchain (see .ci/fuzz-common.sh): any bytes as the capture of
# `tandem run --input` / `tandem check --input`, replayed through an example NF
# on the reference interpreter, the partitioned engine or PayloadPark in front of
# it (the first byte picks program and engine).
# Seeds: the generated captures of ../../trace/fuzz/seeds/pcap/, each behind a
# few program/engine choices.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

mkdir -p seeds/capture
# pick byte: program = low 3 bits (mazunat, lb, firewall, proxy, trojan), engine =
# next 2 bits (reference, partitioned, park), input port = bit 5.
for f in ../../trace/fuzz/seeds/pcap/*; do
    for pick in 000 001 002 003 004 010 011 012 013 014 020 042; do
        { printf "\\$pick"; cat "$f"; } > "seeds/capture/$(basename "$f")-$pick"
    done
done

fuzz_all "$seconds" capture:16384
