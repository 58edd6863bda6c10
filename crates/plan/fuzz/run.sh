#!/usr/bin/env bash
# Runs every fuzz target of the planner's readers for SECONDS seconds each
# (default 10) on the stable toolchain (see .ci/fuzz-common.sh):
#   spec      `tandem plan --spec` (TOML and JSON) through validation and solving
#   topology  GraphML, SNDlib XML and PoP-CSV topologies (`plan eval`, `export-spec`)
#   traffic   traffic-matrix series and the variability histogram (`plan eval`)
#   mps       the MPS reader (the format `--export-mps` writes)
# The plan crate is built without HiGHS (pure-Rust solver), so the fuzz build does
# not compile C++. Seeds: the robustness test files (testdata/robust/), the
# smallest example spec and, when the shared data directory is there
# (TANDEM_DATA, default ../shared/data next to the repository), real topologies
# and the variability histogram.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

repo=../../..
data="${TANDEM_DATA:-$repo/../shared/data}"
mkdir -p seeds/spec seeds/topology seeds/traffic seeds/mps
cp ../testdata/robust/spec.toml "$repo/examples/plan/topologyzoo-abilene.toml" seeds/spec/
cp ../testdata/robust/topology.graphml ../testdata/robust/topology.xml \
    ../testdata/robust/pops.csv seeds/topology/
cp ../testdata/robust/tm.csv ../testdata/robust/hist.csv seeds/traffic/
if [ -d "$data" ]; then
    cp "$data"/topologies/topologyzoo/Abilene.graphml "$data"/topologies/sndlib/abilene.xml \
        "$data"/topologies/rocketfuel/derived_pop_level/AS1755_pop_from_weights.csv \
        seeds/topology/ 2>/dev/null || true
    cp "$data"/traffic_matrices/abilene_variability_hist.csv seeds/traffic/ 2>/dev/null || true
fi
# A small model in the free format the writer emits.
printf '%s\n' 'NAME t' 'ROWS' ' N  OBJ' ' L  cap' ' G  need' 'COLUMNS' \
    '    x  OBJ  1  cap  2' '    x  need  1' '    y  cap  1  need  1' \
    'RHS' '    RHS  cap  10  need  3' 'RANGES' '    RNG  cap  4' \
    'BOUNDS' ' UP BND x 5' ' MI BND y' ' LO BND y -2' 'ENDATA' > seeds/mps/model.mps

fuzz_all "$seconds" spec:16384 topology:8192 traffic:4096 mps:4096
