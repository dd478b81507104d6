#!/bin/sh
# Builds the non-GUI tree with AddressSanitizer + UndefinedBehaviorSanitizer and runs its unit,
# golden and robustness tests. The GUI and benchmarks are left out to keep CI short, and so is the
# Python module: built with ASan it would only load into a python3 started with libasan preloaded
# (the library it wraps is what these suites check; its own tests run in the dev build).
#   tools/asan-check.sh [BUILD_DIR]     (default build/asan-ci)
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build/asan-ci}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DFUSIONSCOPE_BUILD_GUI=OFF -DFUSIONSCOPE_BUILD_BENCH=OFF -DFUSIONSCOPE_BUILD_PYTHON=OFF \
    -DFUSIONSCOPE_HASWELL_PARSER=OFF \
    -DCMAKE_CXX_FLAGS='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined' \
    -DCMAKE_EXE_LINKER_FLAGS='-fsanitize=address,undefined' > /dev/null
cmake --build "$dir" -j2
ctest --test-dir "$dir" --output-on-failure -j2 -L 'unit|golden|robustness'
