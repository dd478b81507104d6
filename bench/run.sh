#!/usr/bin/env bash
# Benchmarks FusionScope end to end on generated traces, each read uncompressed and gzip-compressed:
# load, analysis and the GUI's time to first view, next to Python's json.load of the same file
# measured in the same run; then the comparison of a pair of traces. Then the same on real traces:
# the shared Qwen1.5-0.5B pair (H100, MI300X) tiled in time by tools/tile_trace.py, whose ~30 events
# per kernel (CPU ops with shapes, Python frames, launches, flows) generated traces do not have.
# Prints markdown tables and writes them to bench/out/results.md (the raw key=value figures stay in
# bench/out/runs/).
#   bench/run.sh [SIZE...]      SIZE: uncompressed trace size as gen_trace.py reads it (default: 100M 1G 3G;
#                               "none": no generated traces, the real tiles only)
# Environment:
#   FUSIONSCOPE_BUILD    build directory (default build/release: cmake --preset release && cmake --build build/release)
#   BENCH_SKIP_PYTHON    sizes whose json.load is skipped, e.g. "3G" (json.load of 3 GB takes minutes
#                        and ~15 GB of memory); by default every size runs it
#   BENCH_COMPARE_SIZE   size of the compared pair (default 1G); the pair is compared when that size
#                        is among the SIZEs
#   BENCH_REAL_SIZES     sizes of the real tiles (default "100M 1G"; "" leaves the real traces out)
#   FUSIONSCOPE_SHARED_TRACES  where the shared traces are (default ../shared/traces); absent: no real rows
#   BENCH_ROUNDS         runs of each real tile's load and triage and of each real pair's timings, the
#                        median kept (default 3)
# Missing traces are generated (a 3G one takes minutes and ~3.5 GB of disk with its .gz).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100M 1G 3G)
[ "${sizes[*]}" != none ] || sizes=()  # bench/run.sh none: the real tiles only
build=${FUSIONSCOPE_BUILD:-build/release}
bench=$build/bench/fusionscope-bench
cli=$build/app/cli/fusionscope-cli
gui=$build/app/gui/fusionscope
skip_python=" ${BENCH_SKIP_PYTHON:-} "
compare_size=${BENCH_COMPARE_SIZE:-1G}
read -r -a real_sizes <<< "${BENCH_REAL_SIZES-100M 1G}"
shared=${FUSIONSCOPE_SHARED_TRACES:-../shared/traces}
real_model=Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz
if [ ${#real_sizes[@]} -gt 0 ] && [ ! -f "$shared/tracelens/h100/$real_model" ]; then
    echo "note: $shared/tracelens/h100/$real_model is absent: no real-trace rows" >&2
    real_sizes=()
fi
out=bench/out
runs=$out/runs

[ -x "$bench" ] || { echo "build first: cmake --preset release && cmake --build build/release" >&2; exit 2; }
[ -x "$gui" ] || echo "note: $gui is missing (FUSIONSCOPE_BUILD_GUI=OFF?): no GUI figures" >&2
mkdir -p "$runs"
rm -f "$runs"/*

# gen_trace.py writes the file as it goes: generate under a temporary name so that an interrupted
# run never leaves a truncated trace behind that the next run would measure.
generate() {  # FILE VENDOR SEED SIZE
    local file=$1 tmp=${1%.json}.partial.json
    [ -f "$file" ] && return
    echo "generating $file (--vendor $2 --seed $3 --target-size $4) ..."
    python3 tools/gen_trace.py --vendor "$2" --layers 32 --target-size "$4" --seed "$3" --out "$tmp" --quiet
    mv "$tmp" "$file"
}

compress() {  # FILE: FILE.gz next to it, as gzip -6 -k would write it
    [ -f "$1.gz" ] && return
    echo "compressing $1 ..."
    gzip -6 -c "$1" > "$1.gz.partial"
    mv "$1.gz.partial" "$1.gz"
}

# Every reader starts from a warm page cache: what is measured is parsing, not the disk.
warm() { cat "$@" > /dev/null; }

# Runs one measurement; its key=value lines go to $runs/NAME.txt. A failure is recorded (and the
# table shows it) rather than ending a run that may have gone on for many minutes.
measure() {  # NAME COMMAND...
    local name=$1
    shift
    echo "-- $name: $*"
    if "$@" > "$runs/$name.txt" 2> "$runs/$name.err"; then
        sed 's/^/   /' "$runs/$name.txt"
    else
        echo "error=exit $? ($(tail -n 1 "$runs/$name.err"))" >> "$runs/$name.txt"
        echo "   FAILED: $(tail -n 1 "$runs/$name.err")"
    fi
}

python_load() {  # FILE: json.load with the peak RSS, as key=value lines on stdout
    local reader="open(sys.argv[1])"
    [[ $1 == *.gz ]] && reader="gzip.open(sys.argv[1])"
    /usr/bin/env time -f 'seconds=%e\npeak_rss_kb=%M' -o /dev/stdout \
        python3 -c "import gzip, json, sys; json.load($reader)" "$1"
}

cli_timed() {  # COMMAND FILE...: fusionscope-cli COMMAND --format json, its wall time and peak RSS
    local times rc=0
    times=$(mktemp)
    /usr/bin/env time -f 'seconds=%e\npeak_rss_kb=%M' -o "$times" "$cli" "$@" --format json > /dev/null || rc=$?
    cat "$times"
    rm -f "$times"
    return $rc
}

first_view() {  # FILE...: the GUI, offscreen
    QT_QPA_PLATFORM=offscreen "$gui" --time-to-first-view "$@"
}

# The ratios of the real rows divide one timing by another, and on a shared machine one run of
# either may be off by a third: those measurements run in $rounds rounds, each round taking every
# command of the row once (so that a noisy spell hits them alike), and each keeps its median run.
rounds=${BENCH_ROUNDS:-3}
[ "$rounds" -ge 1 ] 2>/dev/null || { echo "bench/run.sh: BENCH_ROUNDS must be a whole number of at least 1" >&2; exit 2; }
keep_median() {  # NAME KEY: $runs/NAME.rN.txt -> $runs/NAME.txt, the run whose KEY is the median
    python3 - "$runs" "$1" "$2" "$rounds" <<'PY'
import os, shutil, sys
runs, name, key, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
timed, failed = [], []
for r in range(1, rounds + 1):
    path = os.path.join(runs, f"{name}.r{r}.txt")
    found = False
    for line in open(path):
        if line.startswith(key + "="):
            timed.append((float(line.split("=", 1)[1]), path))
            found = True
    if not found:
        failed.append(r)
timed.sort()
chosen = timed[len(timed) // 2][1] if timed else os.path.join(runs, f"{name}.r1.txt")
shutil.copy(chosen, os.path.join(runs, f"{name}.txt"))
print(f"   {name}: {key} of {rounds} runs: " + ", ".join(f"{t:g}" for t, _ in timed) + " -> the median kept"
      + (f"; FAILED: run {', '.join(map(str, failed))} (see {name}.rN.txt)" if failed else ""))
PY
}

for size in "${sizes[@]}"; do
    generate "$out/bench_$size.json" nvidia 7 "$size"
    compress "$out/bench_$size.json"
    if [ "$size" = "$compare_size" ]; then
        generate "$out/bench_${size}_amd.json" amd 8 "$size"
        compress "$out/bench_${size}_amd.json"
    fi
done

# The real tiles: tools/tile_trace.py picks the number of copies that comes closest to the size.
tile() {  # GPU SIZE: bench/out/qwen_GPU_SIZE.json and its .gz
    local file=$out/qwen_$1_$2.json
    if [ ! -f "$file" ]; then
        echo "tiling $file ..."
        python3 tools/tile_trace.py "$shared/tracelens/$1/$real_model" --target-size "$2" --out "$file" --quiet
    fi
    compress "$file"
}
for size in "${real_sizes[@]}"; do
    tile h100 "$size"
    tile mi300 "$size"
done

uptime | tee "$runs/uptime_start.txt"
for size in "${sizes[@]}"; do
    for format in json json.gz; do
        file=$out/bench_$size.$format
        echo "== $file =="
        warm "$file"
        measure "$size.$format.load" "$bench" load "$file"
        warm "$file"
        measure "$size.$format.analyze" "$bench" analyze "$file"
        if [ -x "$gui" ]; then
            warm "$file"
            measure "$size.$format.gui" first_view "$file"
        fi
        if [[ $skip_python == *" $size "* ]]; then
            echo "-- $size.$format.python: skipped (BENCH_SKIP_PYTHON)"
        else
            warm "$file"
            measure "$size.$format.python" python_load "$file"
        fi
        uptime > "$runs/$size.$format.uptime.txt"
    done
done

if [[ " ${sizes[*]} " == *" $compare_size "* ]]; then
    for format in json json.gz; do
        a=$out/bench_$compare_size.$format b=$out/bench_${compare_size}_amd.$format
        echo "== compare $a $b =="
        warm "$a" "$b"
        measure "compare.$format.bench" "$bench" compare "$a" "$b"
        if [ -x "$gui" ]; then
            warm "$a" "$b"
            measure "compare.$format.gui" first_view "$a" "$b"
        fi
    done
fi
for size in "${real_sizes[@]}"; do
    for format in json json.gz; do
        for gpu in h100 mi300; do
            file=$out/qwen_${gpu}_$size.$format
            name=real.$size.$gpu.$format
            echo "== $file =="
            warm "$file"
            for r in $(seq "$rounds"); do
                measure "$name.load.r$r" "$bench" load "$file"
                measure "$name.triage.r$r" cli_timed triage "$file"
            done
            keep_median "$name.load" seconds
            keep_median "$name.triage" seconds
            warm "$file"
            measure "$name.summary" cli_timed summary "$file"
            warm "$file"
            measure "$name.python" python_load "$file"
        done
        a=$out/qwen_h100_$size.$format b=$out/qwen_mi300_$size.$format
        echo "== compare $a $b =="
        warm "$a" "$b"
        for r in $(seq "$rounds"); do
            measure "real.$size.$format.loadboth.r$r" "$bench" load "$a" "$b"
            measure "real.$size.$format.compare.r$r" cli_timed compare "$a" "$b"
            if [ -x "$gui" ]; then
                measure "real.$size.$format.gui.r$r" first_view "$a" "$b"
            fi
        done
        keep_median "real.$size.$format.loadboth" seconds
        keep_median "real.$size.$format.compare" seconds
        if [ -x "$gui" ]; then
            keep_median "real.$size.$format.gui" first_view_seconds
        fi
        uptime > "$runs/real.$size.$format.uptime.txt"
    done
done
uptime | tee "$runs/uptime_end.txt"

BENCH_ROUNDS=$rounds BENCH_REAL_SIZES_RUN="${real_sizes[*]}" python3 - "$runs" "$out/results.md" "$compare_size" "${sizes[@]}" <<'PY'
import os, sys

runs, results, compare_size, sizes = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
real_sizes = os.environ.get("BENCH_REAL_SIZES_RUN", "").split()
formats = ("json", "json.gz")

def figures(name):
    """One measurement's key=value lines; {} when it did not run."""
    path = os.path.join(runs, name + ".txt")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)

def num(d, key):
    try:
        return float(d[key])
    except (KeyError, ValueError):
        return None

def cell(d, key, fmt=".2f", scale=1.0):
    """A figure for the table: "failed" when its run failed, "—" when it did not run."""
    if "error" in d:
        return "failed"
    v = num(d, key)
    return "—" if v is None else format(v * scale, fmt)

def load_average(name):
    path = os.path.join(runs, name)
    return open(path).read().split("load average:")[-1].strip() if os.path.exists(path) else "?"

def mb(kb):
    return kb / 1024 if kb is not None else None

def size_row(size, fmt):
    key = f"{size}.{fmt}"
    load, an, gui, py = (figures(f"{key}.{t}") for t in ("load", "analyze", "gui", "python"))
    path = f"bench/out/bench_{size}.{fmt}"
    json_bytes, rss = num(load, "bytes"), num(load, "peak_rss_kb")
    per_m = None
    if num(an, "analysis_seconds") is not None and num(an, "kernels"):
        per_m = num(an, "analysis_seconds") / (num(an, "kernels") / 1e6)
    rss_cell = cell(load, "peak_rss_kb", ".0f", 1 / 1024)
    if rss is not None and json_bytes:
        rss_cell += f" ({rss * 1024 / json_bytes:.2f}×)"
    gui_cell = cell(gui, "first_view_seconds")
    if num(gui, "peak_rss_kb") is not None:
        gui_cell += f" ({mb(num(gui, 'peak_rss_kb')):.0f})"
    speedup = "—"
    if num(py, "seconds") and num(load, "seconds"):
        x = num(py, "seconds") / num(load, "seconds")
        speedup = f"{x:.1f} {'✓' if x >= 8 else '✗'}"
    cells = [size, fmt, f"{os.path.getsize(path) / 1e6:.0f}" if os.path.exists(path) else "—",
             cell(load, "bytes", ".0f", 1e-6), cell(load, "seconds"), cell(load, "mb_per_s", ".0f"), rss_cell,
             cell(an, "analysis_seconds"), cell(an, "kernels", ",.0f"), "—" if per_m is None else f"{per_m:.2f}",
             gui_cell, cell(gui, "idle_seconds"),
             cell(py, "seconds", ".1f") if py else "skipped", cell(py, "peak_rss_kb", ".0f", 1 / 1024) if py else "—",
             speedup, load_average(f"{key}.uptime.txt").split(",")[0]]
    return "| " + " | ".join(cells) + " |", per_m

def size_table():
    lines = ["| size | format | file MB | JSON MB | load s | MB/s | peak RSS MB (× JSON) | analysis s | kernels "
             "| analysis s / M kernels | GUI first view s (RSS MB) | GUI idle s | json.load s | json.load peak RSS MB "
             "| speed-up × | load avg |",
             "|---|---|" + "---:|" * 14]
    per_m = {}
    for size in sizes:
        for fmt in formats:
            row, per_m[size, fmt] = size_row(size, fmt)
            lines.append(row)
    # Analysis in linear time: its seconds per million kernels stay flat across sizes.
    for fmt in formats:
        flat = [(s, per_m[s, fmt]) for s in sizes if per_m[s, fmt]]
        if len(flat) >= 2:
            spread = max(v for _, v in flat) / min(v for _, v in flat)
            lines += ["", f"Analysis seconds per million kernels ({fmt}): " + ", ".join(f"{s} {v:.2f}" for s, v in flat)
                      + f"; largest / smallest {spread:.2f} (1 = linear in kernel count)."]
    return lines

def step_table():
    """The analysis' steps, to see which one grows when the total does."""
    steps = ("summary", "classification", "attribution", "layers", "inference")
    lines = ["| size | format | " + " | ".join(f"{s} s" for s in steps) + " |", "|---|---|" + "---:|" * len(steps)]
    for size in sizes:
        for fmt in formats:
            an = figures(f"{size}.{fmt}.analyze")
            lines.append(f"| {size} | {fmt} | " + " | ".join(cell(an, s + "_seconds") for s in steps) + " |")
    return lines

def compare_table():
    lines = [f"Comparison of bench_{compare_size}.json (NVIDIA) with bench_{compare_size}_amd.json (AMD): both "
             "loaded and analysed in parallel, then compared (fusionscope-bench compare); target: total under 5 s.",
             "",
             "| format | load + analyse both s | compare s | alignment s | fusion detection s | total s | target < 5 s "
             "| findings | peak RSS MB | GUI first view s (RSS MB) | GUI idle s |",
             "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for fmt in formats:
        c, gui = figures(f"compare.{fmt}.bench"), figures(f"compare.{fmt}.gui")
        total = num(c, "total_seconds")
        verdict = "—" if total is None else "✓" if total < 5 else "✗"
        gui_cell = cell(gui, "first_view_seconds")
        if num(gui, "peak_rss_kb") is not None:
            gui_cell += f" ({mb(num(gui, 'peak_rss_kb')):.0f})"
        cells = [fmt, cell(c, "load_analyze_seconds"), cell(c, "compare_seconds"), cell(c, "alignment_seconds"),
                 cell(c, "fusion_seconds"), cell(c, "total_seconds"), verdict, cell(c, "findings", ".0f"),
                 cell(c, "peak_rss_kb", ".0f", 1 / 1024), gui_cell, cell(gui, "idle_seconds")]
        lines.append("| " + " | ".join(cells) + " |")
    return lines

def ratio(x, y, fmt=".2f"):
    return "—" if x is None or not y else format(x / y, fmt)

def mark(ok):
    return "" if ok is None else " ✓" if ok else " ✗"

def real_tables():
    """The real tiles: per trace, then the pair. Targets: load ≥ 25× json.load, anonymous memory
    ≤ 100 bytes per event, peak RSS ≤ 1.4× the file, triage ≤ 1.6× the load, compare ≤ 1.2× loading
    both, the GUI's first view of the pair ≤ 1.5× loading both."""
    lines = ["Real traces: the shared Qwen1.5-0.5B-Chat inference pair (H100, MI300X; TraceLens test data) tiled "
             "in time by tools/tile_trace.py to about the size given. load: fusionscope-bench load (read, "
             "decompress, parse); anonymous memory: RssAnon once loaded and its peak while loading (the heap, "
             "not the mapped file), in MB and bytes per event; summary, triage: fusionscope-cli … --format json, "
             "wall time of the whole process; load and triage: the median of " + os.environ.get("BENCH_ROUNDS", "3")
             + " runs, taken in turn. × json.load: Python's json.load of the same file in this run, "
             "divided by FusionScope's time (a speed-up). Targets: load ≥ 25× json.load, anonymous ≤ 100 B/event, "
             "peak RSS ≤ 1.4× the file, triage ≤ 1.6× load.",
             "",
             "| tile | GPU | format | file MB | JSON MB | events | kernels | load s | × json.load | peak RSS MB (× JSON) "
             "| anon MB (B/event) | peak anon MB (B/event) | summary s (× json.load) | triage s (÷ load) "
             "| json.load s | json.load peak RSS MB |",
             "|---|---|---|" + "---:|" * 13]
    for size in real_sizes:
        for fmt in formats:
            for gpu in ("h100", "mi300"):
                key = f"real.{size}.{gpu}.{fmt}"
                load, summ, tri, py = (figures(f"{key}.{t}") for t in ("load", "summary", "triage", "python"))
                path = f"bench/out/qwen_{gpu}_{size}.{fmt}"
                json_bytes, events = num(load, "bytes"), num(load, "events")
                load_s, py_s = num(load, "seconds"), num(py, "seconds")
                speed = ratio(py_s, load_s, ".1f")
                if speed != "—":
                    speed += mark(py_s / load_s >= 25)
                rss = num(load, "peak_rss_kb")
                rss_cell = cell(load, "peak_rss_kb", ".0f", 1 / 1024)
                if rss is not None and json_bytes:
                    rss_cell += f" ({rss * 1024 / json_bytes:.2f}×{mark(rss * 1024 / json_bytes <= 1.4)})"
                anon_cells = []
                for k in ("anon_kb", "peak_anon_kb"):
                    c, v = cell(load, k, ".0f", 1 / 1024), num(load, k)
                    if v is not None and events:
                        per = v * 1024 / events
                        c += f" ({per:.0f}{mark(per <= 100) if k == 'anon_kb' else ''})"
                    anon_cells.append(c)
                summ_cell = cell(summ, "seconds")
                if num(summ, "seconds") and py_s:
                    summ_cell += f" ({py_s / num(summ, 'seconds'):.1f}×)"
                tri_cell = cell(tri, "seconds")
                if num(tri, "seconds") is not None and load_s:
                    tri_cell += f" ({num(tri, 'seconds') / load_s:.2f}{mark(num(tri, 'seconds') / load_s <= 1.6)})"
                cells = [size, "H100" if gpu == "h100" else "MI300X", fmt,
                         f"{os.path.getsize(path) / 1e6:.0f}" if os.path.exists(path) else "—",
                         cell(load, "bytes", ".0f", 1e-6), cell(load, "events", ",.0f"), cell(load, "kernels", ",.0f"),
                         cell(load, "seconds"), speed, rss_cell] + anon_cells + [
                         summ_cell, tri_cell, cell(py, "seconds", ".1f") if py else "—",
                         cell(py, "peak_rss_kb", ".0f", 1 / 1024) if py else "—"]
                lines.append("| " + " | ".join(cells) + " |")
    lines += ["",
              "The pair: load both: fusionscope-bench load A B (both at once, as a comparison loads them); compare: "
              "fusionscope-cli compare A B --format json (load, analyse, compare, write); GUI: the offscreen window's "
              "first view of the pair; each the median of " + os.environ.get("BENCH_ROUNDS", "3") + " runs, the three "
              "taken in turn. Targets: compare ≤ 1.2× load both, GUI ≤ 1.5× load both.",
              "",
              "| tile | format | load both s | json.load both s | × json.load | compare s (÷ load both) | × json.load "
              "| compare peak RSS MB | GUI first view s (÷ load both) | load avg |",
              "|---|---|" + "---:|" * 8]
    for size in real_sizes:
        for fmt in formats:
            both, cmp_, gui = (figures(f"real.{size}.{fmt}.{t}") for t in ("loadboth", "compare", "gui"))
            pys = [num(figures(f"real.{size}.{g}.{fmt}.python"), "seconds") for g in ("h100", "mi300")]
            py_both = None if None in pys else sum(pys)
            both_s, cmp_s, gui_s = num(both, "seconds"), num(cmp_, "seconds"), num(gui, "first_view_seconds")
            cmp_cell = cell(cmp_, "seconds")
            if cmp_s is not None and both_s:
                cmp_cell += f" ({cmp_s / both_s:.2f}{mark(cmp_s / both_s <= 1.2)})"
            gui_cell = cell(gui, "first_view_seconds")
            if gui_s is not None and both_s:
                gui_cell += f" ({gui_s / both_s:.2f}{mark(gui_s / both_s <= 1.5)})"
            cells = [size, fmt, cell(both, "seconds"), "—" if py_both is None else f"{py_both:.1f}",
                     ratio(py_both, both_s, ".1f"), cmp_cell, ratio(py_both, cmp_s, ".1f"),
                     cell(cmp_, "peak_rss_kb", ".0f", 1 / 1024), gui_cell,
                     load_average(f"real.{size}.{fmt}.uptime.txt").split(",")[0]]
            lines.append("| " + " | ".join(cells) + " |")
    return lines

lines = [f"FusionScope bench, {os.cpu_count()} cores; load average (1, 5, 15 min) {load_average('uptime_start.txt')} "
         f"at the start, {load_average('uptime_end.txt')} at the end.",
         "",
         "Load: read + decompress + parse (fusionscope-bench load); MB/s and × JSON refer to the uncompressed JSON. "
         "Analysis: summary, classification, attribution, stages + layers, inferred attribution. GUI first view: "
         "process start until the offscreen window has painted the analysed trace once; GUI idle: until every "
         "background job (the triage too) has finished. Speed-up: json.load s / load s (target ≥ 8×). "
         "Load avg: the 1-minute load average after the row.",
         ""]
if sizes:
    lines += size_table() + [""] + step_table()
if compare_size in sizes:
    lines += [""] + compare_table()
if real_sizes:
    lines += [""] + real_tables()
text = "\n".join(lines) + "\n"
with open(results, "w") as f:
    f.write(text)
print("\n" + text + f"\n(written to {results})")
PY
