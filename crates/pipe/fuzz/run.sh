#!/usr/bin/env bash
# Runs the `program_json` fuzz target (any bytes as the `pipe` program JSON of
# `tandem switch --grpc ADDR PROGRAM` and of P4Runtime's device config) for
# SECONDS seconds (default 10) on the stable toolchain (see
# .ci/fuzz-common.sh). Seeds: the programs in seed-programs/ (PayloadPark's
# program and MazuNAT's switch part as `tandem park p4` and `tandem compile`
# write them, compacted).
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

mkdir -p seeds/program_json
cp seed-programs/*.json seeds/program_json/

fuzz_all "$seconds" program_json:65536
