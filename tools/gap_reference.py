#!/usr/bin/env python3
"""GPU busy and wall time of a Kineto trace's profiler steps, computed independently of the C++ code.

The reference figures of the gap decomposition tests (tests/golden/tst_gapdecomposition.cpp): the
decomposition's total must be B's busy time minus A's as this script measures it over the raw JSON.

  * A GPU operation is a ph=="X" event of cat kernel, gpu_memcpy or gpu_memset.
  * It belongs to the ProfilerStep#N whose gpu_user_annotation window holds its start, else to the one
    whose CPU user_annotation window holds its launch (the cuda_runtime/cuda_driver event of the same
    correlation id), else to none.
  * busy = the length of the union of the operations' intervals, per device, summed;
    wall = per step and device, from the first operation's start to the last one's end, summed.
  * Times are integer nanoseconds (µs × 1000, from the decimal text), printed as µs with 3 decimals.

Usage: python3 tools/gap_reference.py TRACE... [--all]   (--all: every operation of the file)
Standard library only.
"""
import argparse
import collections
import decimal
import gzip
import json
import re

GPU_CATS = ("kernel", "gpu_memcpy", "gpu_memset")
LAUNCH_CATS = ("cuda_runtime", "cuda_driver")
STEP = re.compile(r"^ProfilerStep#(\d+)$")


def ns(v):
    return int((decimal.Decimal(str(v)) * 1000).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))


def union(spans):
    total, cur_s, cur_e = 0, None, None
    for s, e in sorted(spans):
        if cur_e is not None and s <= cur_e:
            cur_e = max(cur_e, e)
            continue
        if cur_e is not None:
            total += cur_e - cur_s
        cur_s, cur_e = s, e
    return total + (cur_e - cur_s if cur_e is not None else 0)


def measure(path, whole_file):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        doc = json.load(f, parse_float=decimal.Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    gpu_windows, cpu_windows, launch_at, ops = [], [], {}, []
    for e in events:
        if e.get("ph") != "X":
            continue
        cat = str(e.get("cat", "")).lower()
        m = STEP.match(str(e.get("name", "")))
        if m and cat in ("gpu_user_annotation", "user_annotation"):
            start = ns(e["ts"])
            (gpu_windows if cat == "gpu_user_annotation" else cpu_windows).append((start, start + ns(e.get("dur", 0)), int(m.group(1))))
        elif cat in LAUNCH_CATS and "correlation" in e.get("args", {}):
            launch_at.setdefault(e["args"]["correlation"], ns(e["ts"]))
        elif cat in GPU_CATS:
            start = ns(e["ts"])
            args = e.get("args", {})
            ops.append((start, start + ns(e.get("dur", 0)), args.get("device", 0), args.get("correlation")))

    def step_of(start, corr):
        for s, e, n in gpu_windows:
            if s <= start < e:
                return n
        t = launch_at.get(corr)
        if t is not None:
            for s, e, n in cpu_windows:
                if s <= t < e:
                    return n
        return None

    groups = collections.defaultdict(list)  # (step, device) -> spans
    for s, e, device, corr in ops:
        step = "file" if whole_file or not (gpu_windows or cpu_windows) else step_of(s, corr)
        if step is not None:
            groups[(step, device)].append((s, e))
    busy = sum(union(v) for v in groups.values())
    wall = sum(max(e for _, e in v) - min(s for s, _ in v) for v in groups.values())
    return busy, wall, len({k[0] for k in groups})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("traces", nargs="+")
    ap.add_argument("--all", action="store_true", help="every GPU operation of the file, not only the steps'")
    args = ap.parse_args()
    for path in args.traces:
        busy, wall, steps = measure(path, args.all)
        print("%s\tbusy_us %.3f\twall_us %.3f\tsteps %d" % (path, busy / 1000, wall / 1000, steps))


if __name__ == "__main__":
    main()
