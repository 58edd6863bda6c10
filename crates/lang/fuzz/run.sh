#!/usr/bin/env bash
# Runs the `compile` fuzz target (the whole .nf front end) for SECONDS seconds
# (default 10) on the stable toolchain, installing cargo-fuzz first if it is
# missing. Exits non-zero on a crash (libFuzzer's exit status); the crashing input
# is left in artifacts/compile/.
#
# cargo-fuzz needs nightly-only flags; RUSTC_BOOTSTRAP=1 lets the stable compiler
# accept them. With --sanitizer none no sanitizer runtime is needed; coverage still
# guides the fuzzer, and Rust panics (including overflow checks, enabled by
# --debug-assertions) are the crashes found. Seeds are the example programs and
# the malformed programs of the golden tests.
set -euo pipefail

SECONDS_TO_RUN="${1:-10}"
case "$SECONDS_TO_RUN" in
    ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

cd "$(dirname "$0")"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz not found; installing it (cargo install cargo-fuzz --locked)" >&2
    cargo install cargo-fuzz --locked
fi

export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
mkdir -p corpus/compile seeds/compile
cp ../../../examples/nf/*.nf ../testdata/*.nf seeds/compile/ 2>/dev/null || true

exec cargo fuzz run compile corpus/compile seeds/compile \
    --sanitizer none \
    --debug-assertions \
    -- \
    -max_total_time="$SECONDS_TO_RUN" \
    -max_len=4096
