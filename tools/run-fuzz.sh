#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) in build/fuzz and runs each for a bounded
# time on a seed corpus made by tools/make_bad_inputs.py (plus the shipped registries).
#   tools/run-fuzz.sh [SECONDS_PER_TARGET]     (default 60)
# Needs clang and libclang-rt-14-dev (Debian 12: apt-get install clang libclang-rt-14-dev).
# Crashes are written to build/fuzz/findings/<target>/ (crash-*, leak-*, timeout-*); exit status 1 if any.
set -eu
SECONDS_PER_TARGET=${1:-60}
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${FUSIONSCOPE_FUZZ_BUILD:-$SRC/build/fuzz}
JOBS=${JOBS:-2}
command -v clang++ >/dev/null || { echo "run-fuzz.sh: clang++ not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }

if [ ! -f "$BUILD/build.ninja" ]; then
    cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++ -DFUSIONSCOPE_FUZZ=ON \
        -DFUSIONSCOPE_BUILD_GUI=OFF -DFUSIONSCOPE_BUILD_BENCH=OFF -DFUSIONSCOPE_BUILD_TESTS=OFF >/dev/null
fi
ninja -C "$BUILD" -j "$JOBS" fuzz_traceparser fuzz_registry

SEEDS="$BUILD/seeds"
if [ ! -d "$SEEDS/trace" ]; then
    mkdir -p "$SEEDS/trace" "$SEEDS/registry"
    python3 "$SRC/tools/make_bad_inputs.py" --seeds "$SEEDS/trace" >/dev/null
    cp "$SRC/resources/kernel_registry.yaml" "$SEEDS/registry/" 2>/dev/null || true
    printf 'rules:\n  - pattern: "gemm"\n    op: Dense GEMM\n    vendor: nvidia\n    unless: "(fp8|int8)"\n' > "$SEEDS/registry/small.yaml"
fi

status=0
for t in fuzz_traceparser fuzz_registry; do
    # Registries are small: a shorter max_len keeps each run (hundreds of regexes) fast.
    case $t in fuzz_traceparser) seeds="$SEEDS/trace"; maxlen=65536 ;; *) seeds="$SEEDS/registry"; maxlen=4096 ;; esac
    work="$BUILD/corpus/$t"; findings="$BUILD/findings/$t"
    mkdir -p "$work" "$findings"
    echo "== $t for ${SECONDS_PER_TARGET}s"
    # -rss_limit_mb bounds memory; -timeout flags inputs slower than 10 s as hangs.
    if ! "$BUILD/tests/fuzz/$t" "$work" "$seeds" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 \
        -timeout=10 -max_len="$maxlen" -artifact_prefix="$findings/" -print_final_stats=1 2>"$BUILD/$t.log"; then
        status=1
        echo "   FAILED: see $BUILD/$t.log and $findings/"
    fi
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$BUILD/$t.log" | sed 's/^/   /' || true
done
exit $status
