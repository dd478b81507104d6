#!/usr/bin/env python3
"""Build the traces of a distributed run from one real single-rank Kineto trace, for tests.

Public multi-rank traces small enough to keep are rare, so a rank set is derived: rank r is the
input trace with

  - every kernel's duration shortened by 0-30 per mille, chosen deterministically from (r, kernel
    index), so that no two ranks are alike and no kernel grows into the next one on its stream;
  - --slow R: rank R runs slower, every timestamp and duration stretched by --slow-factor around the
    trace's first timestamp (CPU and GPU alike, so steps, launches and flows stay consistent);
  - --comm R: rank R gets --comm-kernels NCCL all-reduce kernels of --comm-us each, on a stream of
    their own inside the first profiler step's GPU window (the communication a straggler waits in);
  - every timestamp shifted by r ms (the ranks' clocks differ);
  - "distributedInfo": {"backend": "nccl", "rank": r, "world_size": N} written first in the file,
    as PyTorch writes it for a distributed run, except for the ranks of --no-field (their rank then
    comes from the file name only).

Files are named rank-<r>.json.gz (HTA's naming), or trace_rank<r>_.json.gz with --names underscore.
All arithmetic is in integer nanoseconds, so the output is the same on every machine.

  make_rank_set.py TRACE --out DIR [--ranks 4] [--slow 2] [--comm 3] [--no-field 1]

Standard library only.
"""

import argparse
import gzip
import json
import os
import sys

COMM_NAME = "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
COMM_STREAM = 99


def ns(us):
    return round(us * 1000)


def us(n):
    return n / 1000


def shrink_permille(rank, index):
    return (index * 2654435761 + rank * 40503 + 17) % 31


def derive(doc, rank, world, args):
    events = [dict(e) for e in doc["traceEvents"]]
    timed = [e for e in events if e.get("ph") != "M" and "ts" in e]
    origin = min(ns(e["ts"]) for e in timed)
    num, den = (int(x) for x in args.slow_factor.split("/"))
    k = 0
    for e in timed:
        start, dur = ns(e["ts"]), ns(e["dur"]) if "dur" in e else None
        if e.get("cat") == "kernel" and dur is not None:
            dur -= dur * shrink_permille(rank, k) // 1000
            k += 1
        if rank == args.slow:
            start = origin + (start - origin) * num // den
            dur = None if dur is None else dur * num // den
        e["ts"] = start
        if dur is not None:
            e["dur"] = dur
    if rank == args.comm:
        kernels = [e for e in timed if e.get("cat") == "kernel"]
        window = next(e for e in timed if e.get("cat") == "gpu_user_annotation")
        first = kernels[0]
        device = first.get("args", {}).get("device", 0)
        step = window["dur"] // (args.comm_kernels + 2)
        length = ns(args.comm_us)
        if step <= length:
            sys.exit("make_rank_set.py: the communication kernels do not fit the step's window")
        for j in range(args.comm_kernels):
            kernel = {"ph": "X", "cat": "kernel", "name": COMM_NAME, "pid": first["pid"], "tid": COMM_STREAM,
                      "ts": window["ts"] + (j + 1) * step, "dur": length,
                      "args": {"device": device, "stream": COMM_STREAM, "correlation": 990000 + j}}
            events.append(kernel)
            timed.append(kernel)
    shift = rank * 1000000
    for e in timed:
        e["ts"] = us(e["ts"] + shift)
        if "dur" in e:
            e["dur"] = us(e["dur"])
    out = {}
    if rank not in args.no_field:
        out["distributedInfo"] = {"backend": "nccl", "rank": rank, "world_size": world}
    for key, value in doc.items():
        if key != "distributedInfo":
            out[key] = events if key == "traceEvents" else value
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trace")
    p.add_argument("--out", required=True, help="directory for the rank files")
    p.add_argument("--ranks", type=int, default=4)
    p.add_argument("--slow", type=int, default=-1, help="the rank that runs slower")
    p.add_argument("--slow-factor", default="5/4", help="how much slower, as a fraction (default 5/4)")
    p.add_argument("--comm", type=int, default=-1, help="the rank with extra communication kernels")
    p.add_argument("--comm-kernels", type=int, default=4)
    p.add_argument("--comm-us", type=float, default=15.0)
    p.add_argument("--no-field", type=int, action="append", default=[], help="a rank written without distributedInfo")
    p.add_argument("--names", choices=["hta", "underscore"], default="hta")
    args = p.parse_args()
    opener = gzip.open if args.trace.endswith(".gz") else open
    with opener(args.trace, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    os.makedirs(args.out, exist_ok=True)
    for rank in range(args.ranks):
        name = f"rank-{rank}.json.gz" if args.names == "hta" else f"trace_rank{rank}_.json.gz"
        with gzip.open(os.path.join(args.out, name), "wt", encoding="utf-8", compresslevel=1) as f:
            json.dump(derive(doc, rank, args.ranks, args), f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
