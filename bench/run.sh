#!/usr/bin/env bash
# Benchmarks FusionScope's trace reading against Python's json.load on the same generated file,
# in the same run, and prints both figures and their ratio.
#   bench/run.sh [SIZE]      SIZE: uncompressed trace size (default 1G; e.g. 100M, 3G)
# Needs a release build (cmake --preset release && cmake --build build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1G}
bin=${FUSIONSCOPE_BENCH:-build/release/bench/fusionscope-bench}
[ -x "$bin" ] || { echo "build first: cmake --preset release && cmake --build build/release" >&2; exit 2; }
mkdir -p bench/out
trace=bench/out/bench_${size}.json
if [ ! -f "$trace" ]; then
    echo "generating $trace ..."
    python3 tools/gen_trace.py --vendor nvidia --layers 32 --target-size "$size" --seed 7 --out "$trace" --quiet
fi
bytes=$(stat -c %s "$trace")
cat "$trace" > /dev/null  # both readers start from a warm page cache

echo "== FusionScope load (one core parses) =="
"$bin" load "$trace" | tee bench/out/fs.txt
fs_s=$(grep '^seconds=' bench/out/fs.txt | cut -d= -f2)
fs_rss=$(grep '^peak_rss_kb=' bench/out/fs.txt | cut -d= -f2)

echo "== Python json.load =="
/usr/bin/env time -f 'py_seconds=%e\npy_peak_rss_kb=%M' python3 -c "import json; json.load(open('$trace'))" 2> bench/out/py.txt
cat bench/out/py.txt
py_s=$(grep '^py_seconds=' bench/out/py.txt | cut -d= -f2)
py_rss=$(grep '^py_peak_rss_kb=' bench/out/py.txt | cut -d= -f2)

python3 - "$bytes" "$fs_s" "$fs_rss" "$py_s" "$py_rss" <<'PY'
import sys
b, fs, fsr, py, pyr = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
print(f"== summary: {b/1e6:.0f} MB uncompressed ==")
print(f"FusionScope: {fs:.2f} s  {b/1e6/fs:.0f} MB/s  peak RSS {fsr/1024:.0f} MB ({fsr*1024/b:.2f}x file)")
print(f"json.load:   {py:.2f} s  {b/1e6/py:.0f} MB/s  peak RSS {pyr/1024:.0f} MB ({pyr*1024/b:.2f}x file)")
print(f"speed-up: {py/fs:.1f}x (target >= 20x); memory ratio vs file: {fsr*1024/b:.2f} (target < 1.5)")
PY
