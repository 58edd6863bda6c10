#!/usr/bin/env bash
# Runs the front end's fuzz targets for SECONDS seconds each (default 10) on the
# stable toolchain (see .ci/fuzz-common.sh):
#   compile  any bytes as a `.nf` program (the whole front end)
#   config   any bytes as `--config FILE.toml` and as `--set` lines, compiling
#            every example program with them
#   entries  any bytes as the file a `set … from PARAM` loads (firewall rules)
# Seeds: the example programs and the malformed programs of the golden tests;
# the example rules file; a config of every parameter type.
set -euo pipefail
cd "$(dirname "$0")"
source ../../../.ci/fuzz-common.sh
seconds="$(fuzz_seconds "${1:-}")"

repo=../../..
mkdir -p seeds/compile seeds/config seeds/entries
cp "$repo"/examples/nf/*.nf ../testdata/*.nf seeds/compile/
cp "$repo"/examples/nf/firewall.rules seeds/entries/
printf '%s\n' '[params]' 'external_ip = "198.51.100.7"' 'port_min = 2000' \
    'port_max = 3000' 'backends = ["10.0.1.1", "10.0.1.9"]' 'ports = [80, 443]' \
    'rules = "firewall.rules"' > seeds/config/params.toml
printf '%s\n' 'vip=10.0.0.1' 'proxy_port=8080' 'port_min=1' > seeds/config/sets.txt

fuzz_all "$seconds" compile:4096 config:2048 entries:4096
