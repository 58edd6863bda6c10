# Shared by crates/*/fuzz/run.sh (sourced, not run). A fuzz crate's run.sh sets
# up seeds and calls `fuzz_all SECONDS TARGET:MAX_LEN...`, which builds every
# target of the crate in one cargo invocation, then runs each for SECONDS seconds
# with its corpus (corpus/TARGET, kept between runs) and seeds (seeds/TARGET).
# It returns non-zero if any target crashed, after running them all; crashing
# inputs are left in artifacts/TARGET/.
#
# cargo-fuzz needs nightly-only flags (-Zsanitizer, -Cpasses=sancov-module
# options); RUSTC_BOOTSTRAP=1 lets the stable compiler accept them. With
# --sanitizer none no sanitizer runtime is needed; coverage instrumentation still
# guides the fuzzer, and Rust panics (bounds checks, overflow checks via
# --debug-assertions) are the crashes found. CARGO_TARGET_DIR may point every
# fuzz crate at one directory so that dependencies they share build once.

fuzz_seconds() {
    case "${1:-10}" in
        ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
    esac
    echo "${1:-10}"
}

fuzz_all() {
    local seconds="$1"
    shift
    if ! cargo fuzz --version >/dev/null 2>&1; then
        echo "cargo-fuzz not found; installing it (cargo install cargo-fuzz --locked)" >&2
        cargo install cargo-fuzz --locked
    fi
    export RUSTC_BOOTSTRAP=1
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
    local flags=(--sanitizer none --debug-assertions)
    cargo fuzz build "${flags[@]}"
    local status=0 spec target max_len
    for spec in "$@"; do
        target="${spec%%:*}"
        max_len="${spec#*:}"
        mkdir -p "corpus/$target" "seeds/$target"
        echo "-- fuzz target $target (${seconds}s)"
        cargo fuzz run "$target" "corpus/$target" "seeds/$target" "${flags[@]}" -- \
            -max_total_time="$seconds" -max_len="$max_len" || status=$?
    done
    return "$status"
}
