#!/usr/bin/env bash
# Runs the capture-reader fuzz targets for SECONDS seconds each (default 10) on
# the stable toolchain (see .ci/fuzz-common.sh):
#   pcap  any bytes as a pcap/pcapng file (`run`/`check --input`, `filter run`,
#         `trace stats`): packets until a located fault, statistics agree
#   cdf   flow-size CDF text (the embedded distributions' format)
# Seeds: small generated captures in seeds/pcap/ (`tandem trace gen`: web search,
# trojan, SYN flood, datacenter sizes, nanosecond pcap) and the embedded CDFs.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

mkdir -p seeds/cdf
cp ../data/*.txt seeds/cdf/

fuzz_all "$seconds" pcap:16384 cdf:4096
