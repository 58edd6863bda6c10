#!/usr/bin/env bash
# Runs the `parse_frame` fuzz target for SECONDS seconds (default 10) on the stable
# toolchain, installing cargo-fuzz first if it is missing. Exits non-zero on a crash
# (libFuzzer's exit status), and the crashing input is left in artifacts/parse_frame/.
#
# cargo-fuzz needs nightly-only flags (-Zsanitizer, -Cpasses=sancov-module options);
# RUSTC_BOOTSTRAP=1 lets the stable compiler accept them. With --sanitizer none no
# sanitizer runtime is needed; coverage instrumentation still guides the fuzzer, and Rust
# panics (bounds checks, overflow checks via --debug-assertions) are the crashes found.
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
mkdir -p corpus/parse_frame

exec cargo fuzz run parse_frame corpus/parse_frame seeds/parse_frame \
    --sanitizer none \
    --debug-assertions \
    -- \
    -max_total_time="$SECONDS_TO_RUN" \
    -max_len=2048
