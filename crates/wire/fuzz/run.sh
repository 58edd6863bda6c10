#!/usr/bin/env bash
# Runs the `parse_frame` fuzz target (the whole-frame parser and everything
# reachable from a parsed frame) for SECONDS seconds (default 10) on the stable
# toolchain (see .ci/fuzz-common.sh). Seeds are in seeds/parse_frame/.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

fuzz_all "$seconds" parse_frame:2048
