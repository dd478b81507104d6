#!/usr/bin/env python3
"""Per-rank GPU time of a distributed run's traces, measured from the raw JSON: the independent
figures the rank-table tests check FusionScope's against.

For each trace file given (or each trace of a directory), in rank order (distributedInfo.rank, else
the number after "rank" in the file name):

  kernels, kernel_us   count and summed duration of the kernels
  busy_us              union of kernels, memcpys and memsets, per device, summed
  span_us, idle_us     first start to last end per device, summed; idle = span - busy
  comm_us              union of the communication kernels (NCCL/RCCL: the name holds "nccl" or
                       "rccl"), per device, summed
  exposed_comm_us      the part of that union no other kernel or memset covers

--scope all measures each file as a whole; --scope steps measures each ProfilerStep#N (its GPU
annotation's window when there is one: the operations starting inside it; else those launched
inside its CPU annotation) and sums over the steps. Then the slowest rank (most kernel time), the
median kernel time and the skew (max / median).

  rank_reference.py DIR_OR_FILES... [--scope all|steps]

Standard library only.
"""

import argparse
import decimal
import gzip
import json
import os
import re
import statistics
import sys


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        # Decimals, not floats: timestamps of 10^15 µs have no nanoseconds left in a double.
        return json.load(f, parse_float=decimal.Decimal)


def ns(x):
    return int((decimal.Decimal(x) * 1000).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))


def union(spans):
    total, end = 0, None
    for s, e in sorted(spans):
        if end is None or s > end:
            total += e - s
            end = e
        elif e > end:
            total += e - end
            end = e
    return total


def measure(ops):
    """ops: (device, start, end, kind, dur) with kind kernel/comm/memcpy/memset."""
    out = dict(kernels=0, kernel=0, busy=0, span=0, comm=0, exposed_comm=0)
    devices = sorted({o[0] for o in ops})
    for d in devices:
        mine = [o for o in ops if o[0] == d]
        spans = [(o[1], o[2]) for o in mine]
        comm = [(o[1], o[2]) for o in mine if o[3] == "comm"]
        compute = [(o[1], o[2]) for o in mine if o[3] in ("kernel", "memset")]
        out["busy"] += union(spans)
        out["span"] += max(e for _, e in spans) - min(s for s, _ in spans)
        out["comm"] += union(comm)
        out["exposed_comm"] += union(comm + compute) - union(compute)
    for o in ops:
        if o[3] in ("kernel", "comm"):
            out["kernels"] += 1
            out["kernel"] += o[4]
    out["idle"] = out["span"] - out["busy"]
    return out


def figures(doc, scope):
    events = doc["traceEvents"]
    ops = []
    for e in events:
        cat = e.get("cat")
        if e.get("ph") != "X" or cat not in ("kernel", "gpu_memcpy", "gpu_memset"):
            continue
        a = e.get("args", {})
        kind = {"gpu_memcpy": "memcpy", "gpu_memset": "memset"}.get(cat, "kernel")
        if kind == "kernel" and re.search("nccl|rccl", e["name"], re.I):
            kind = "comm"
        start, dur = ns(e["ts"]), ns(e.get("dur", 0))
        ops.append((a.get("device", e.get("pid")), start, start + dur, kind, dur, a.get("correlation")))
    if scope == "all":
        return measure(ops)
    gpu = {}
    cpu = {}
    for e in events:
        m = re.fullmatch(r"ProfilerStep#(\d+)", e.get("name", ""))
        if m and e.get("ph") == "X":
            (gpu if e.get("cat") == "gpu_user_annotation" else cpu)[int(m.group(1))] = (ns(e["ts"]), ns(e["ts"]) + ns(e["dur"]))
    launches = {}
    for e in events:
        if e.get("cat") == "cuda_runtime" and "correlation" in e.get("args", {}):
            launches.setdefault(e["args"]["correlation"], ns(e["ts"]))
    total = None
    for n in sorted(set(gpu) | set(cpu)):
        def inside(o):
            if n in gpu:
                if gpu[n][0] <= o[1] < gpu[n][1]:
                    return True
                if any(w[0] <= o[1] < w[1] for w in gpu.values()):
                    return False
            t = launches.get(o[5])
            return n in cpu and t is not None and cpu[n][0] <= t < cpu[n][1]
        step = measure([o for o in ops if inside(o)])
        total = step if total is None else {k: total[k] + step[k] for k in total}
    return total


def rank_of(doc, path):
    info = doc.get("distributedInfo") or {}
    if isinstance(info.get("rank"), int):
        return info["rank"]
    m = re.search(r"rank[-_]?(\d+)", os.path.basename(path), re.I)
    return int(m.group(1)) if m else -1


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+")
    p.add_argument("--scope", choices=["all", "steps"], default="all")
    args = p.parse_args()
    files = []
    for path in args.paths:
        if os.path.isdir(path):
            files += [os.path.join(path, f) for f in sorted(os.listdir(path)) if re.search(r"\.json(\.gz)?$", f)]
        else:
            files.append(path)
    rows = []
    for f in files:
        doc = load(f)
        rows.append((rank_of(doc, f), os.path.basename(f), figures(doc, args.scope)))
    rows.sort()
    print(f"{'rank':>5} {'kernels':>8} {'kernel_us':>12} {'busy_us':>12} {'span_us':>12} {'idle_us':>12} "
          f"{'comm_us':>10} {'exp_comm_us':>12}  file")
    for rank, name, r in rows:
        print(f"{rank:>5} {r['kernels']:>8} {r['kernel'] / 1000:>12.3f} {r['busy'] / 1000:>12.3f} "
              f"{r['span'] / 1000:>12.3f} {r['idle'] / 1000:>12.3f} {r['comm'] / 1000:>10.3f} "
              f"{r['exposed_comm'] / 1000:>12.3f}  {name}")
    times = [r["kernel"] for _, _, r in rows]
    slowest = max(range(len(rows)), key=lambda i: times[i])
    median = statistics.median(times)
    print(f"slowest: rank {rows[slowest][0]} ({rows[slowest][1]}), median kernel_us {median / 1000:.3f}, "
          f"skew {max(times) / median:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
