#!/usr/bin/env bash
# Runs every fuzz target of the box's readers for SECONDS seconds each (default
# 10) on the stable toolchain (see .ci/fuzz-common.sh):
#   boxcfg   a box configuration (`tandem box --config`, what `tandem plan -o`
#            writes) through the strict reader and validator, then, if valid,
#            the classifier and an inline box over packets aimed at its filters
#   catalog  the application catalogue (`tandem box --catalog`); programs are
#            looked up in examples/nf/ (paths leaving it are skipped)
# Seeds: seeds/boxcfg (configurations `tandem plan` wrote for the robustness
# spec, prefix and hash filters) and the shipped catalogue with its paths made
# relative to examples/nf/.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

mkdir -p seeds/catalog
sed 's#\.\./nf/##' ../../../examples/box/catalog.toml > seeds/catalog/catalog.toml

fuzz_all "$seconds" boxcfg:16384 catalog:4096
