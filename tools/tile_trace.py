#!/usr/bin/env python3
"""Repeat a real Kineto trace's events N times in time, for benchmarks that look like users' traces.

Generated traces carry a few events per kernel; a real PyTorch trace carries tens (CPU ops with
shapes, Python frames, launches, flows, memory events). Tiling a real trace keeps that mix at any
size. Copy k of every event is shifted by k × (the trace's span + --gap-us), and every id that links
events is remapped so that links stay unique and valid across copies:

  correlation ids (args "correlation" and the ids of "ac2g" flow events: Kineto gives a launch's flow
  the launch's correlation id), External ids, Python ids with their parent ids, "Ev Idx",
  "Record function id", "Sequence number", and the ids of every other flow category (each its own
  range). Copy k of an id is id + k × (max − min + 1) over the original's ids of that kind, so the
  copies' ranges never overlap.

ProfilerStep#n annotations are renumbered the same way (each copy is one more set of steps, as a
longer profiling run records them). Kept as they are: metadata events (ph "M", written once, before
the copies) and the document's other keys (deviceProperties, distributedInfo, ...); "Python module
id", which names a module instance of the model (a repeated iteration runs the same modules); thread,
stream and device ids; callback ids ("cbid", "cid"); addresses.

The input and output are gzip-compressed when their names end in .gz.

  tile_trace.py IN --copies N --out OUT
  tile_trace.py IN --target-size 1G --out OUT     (N chosen so the uncompressed output is about 1 GB)

Standard library only.
"""

import argparse
import gzip
import json
import math
import os
import re
import sys

# Argument ids and the range each is remapped in. Ids of one range refer to each other.
ID_ARGS = {
    "correlation": "correlation",
    "External id": "external",
    "Python id": "python",
    "Python parent id": "python",
    "Ev Idx": "ev_idx",
    "Record function id": "record_function",
    "Sequence number": "sequence",
}
FLOW_PHASES = ("s", "t", "f")
STEP_NAME = re.compile(r"^ProfilerStep#(\d+)$")


def flow_range(event):
    """The id range of a flow event: a launch-to-kernel flow shares its ids with correlation ids."""
    cat = event.get("cat", "")
    return "correlation" if cat == "ac2g" else "flow:" + str(cat)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def parse_size(text):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]?)B?", text.strip().upper())
    if not m:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 100M, 1G)")
    return int(float(m.group(1)) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[m.group(2)])


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, EOFError, ValueError) as e:
        sys.exit(f"tile_trace.py: {path}: cannot read a JSON trace: {e}")
    if isinstance(doc, list):
        doc = {"traceEvents": doc}
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        sys.exit(f"tile_trace.py: {path}: no traceEvents array")
    return doc


class Plan:
    """What changes from one copy to the next: the time shift, and each id range's stride."""

    def __init__(self, events, gap_us):
        lo = {}
        hi = {}

        def see(name, v):
            if is_int(v):
                lo[name] = min(lo.get(name, v), v)
                hi[name] = max(hi.get(name, v), v)

        start, end = math.inf, -math.inf
        for e in events:
            if not isinstance(e, dict) or e.get("ph") == "M":
                continue
            ts = e.get("ts")
            if is_number(ts):
                start = min(start, ts)
                dur = e.get("dur")
                end = max(end, ts + (dur if is_number(dur) and dur > 0 else 0))
            args = e.get("args")
            if isinstance(args, dict):
                for key, name in ID_ARGS.items():
                    if key in args:
                        see(name, args[key])
            if e.get("ph") in FLOW_PHASES:
                see(flow_range(e), e.get("id"))
            m = STEP_NAME.match(str(e.get("name", "")))
            if m:
                see("step", int(m.group(1)))
        if start > end:
            sys.exit("tile_trace.py: the trace has no timed events")
        self.span_us = end - start
        # A whole number of microseconds: integer timestamps stay integers, and a float timestamp
        # plus an integer keeps its decimals.
        self.shift_us = math.ceil(self.span_us + gap_us)
        self.stride = {name: hi[name] - lo[name] + 1 for name in lo}

    def id(self, name, v, copy):
        if is_int(v):  # every int id was seen by __init__, so its range has a stride
            return v + copy * self.stride[name]
        if isinstance(v, str) and v:
            return f"{v}.{copy}"  # a string flow id: unique per copy, equal within one
        return v  # null (a root frame's parent) stays null

    def event(self, e, copy):
        """Copy `copy` of event `e` (a new dict; `e` is left unchanged)."""
        out = dict(e)
        ts = e.get("ts")
        if is_number(ts):
            shifted = ts + copy * self.shift_us
            if isinstance(ts, float):
                # Drop binary noise from the addition: at most the original's decimals.
                decimals = repr(ts).partition(".")[2]
                if "e" not in decimals:
                    shifted = round(shifted, len(decimals))
            out["ts"] = shifted
        args = e.get("args")
        if isinstance(args, dict):
            changed = None
            for key, name in ID_ARGS.items():
                if key in args and name in self.stride:
                    changed = changed or dict(args)
                    changed[key] = self.id(name, args[key], copy)
            if changed is not None:
                out["args"] = changed
        if e.get("ph") in FLOW_PHASES and "id" in e:
            out["id"] = self.id(flow_range(e), e["id"], copy)
        m = STEP_NAME.match(str(e.get("name", "")))
        if m:
            out["name"] = f"ProfilerStep#{int(m.group(1)) + copy * self.stride['step']}"
        return out


def dumps(e):
    return json.dumps(e, ensure_ascii=False)


def write(path, doc, plan, copies):
    """Writes the document with its events repeated; metadata events once, first. One event a line,
    as the profiler writes them."""
    events = doc["traceEvents"]
    meta = [e for e in events if not isinstance(e, dict) or e.get("ph") == "M"]
    timed = [e for e in events if isinstance(e, dict) and e.get("ph") != "M"]
    opener = gzip.open if path.endswith(".gz") else open
    kwargs = {"compresslevel": 6} if path.endswith(".gz") else {}
    # Under another name until complete: an interrupted run never leaves a truncated trace behind
    # that a benchmark would take for a finished one.
    partial = path + ".partial"
    with opener(partial, "wt", encoding="utf-8", **kwargs) as f:
        f.write("{\n")
        for key, value in doc.items():
            if key != "traceEvents":
                f.write(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
        f.write('  "traceEvents": [\n')
        first = True
        for e in meta:
            f.write(("" if first else ",\n") + "  " + dumps(e))
            first = False
        for copy in range(copies):
            for e in timed:
                f.write(("" if first else ",\n") + "  " + dumps(plan.event(e, copy) if copy else e))
                first = False
        f.write("\n  ]\n}\n")
    os.replace(partial, path)


def copies_for(doc, plan, target):
    """The number of copies whose uncompressed output comes closest to `target` bytes."""
    per_copy = sum(len(dumps(e).encode()) + 4 for e in doc["traceEvents"] if isinstance(e, dict) and e.get("ph") != "M")
    return max(1, round(target / per_copy))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace", help="a Kineto JSON trace (.json or .json.gz)")
    how = ap.add_mutually_exclusive_group(required=True)
    how.add_argument("--copies", type=int, help="how many times the events are repeated")
    how.add_argument("--target-size", type=parse_size, help="uncompressed output size to come close to (e.g. 1G)")
    ap.add_argument("--gap-us", type=float, default=1000.0, help="idle time between copies (default 1000 µs)")
    ap.add_argument("--out", required=True, help="the tiled trace (.json or .json.gz)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    if args.copies is not None and args.copies < 1:
        ap.error("--copies must be at least 1")
    if args.gap_us < 0:
        ap.error("--gap-us must not be negative")

    doc = load(args.trace)
    plan = Plan(doc["traceEvents"], args.gap_us)
    copies = args.copies if args.copies is not None else copies_for(doc, plan, args.target_size)
    write(args.out, doc, plan, copies)
    if not args.quiet:
        print(f"{args.out}: {copies} copies of {args.trace}, each shifted by {plan.shift_us} µs "
              f"(span {plan.span_us:.3f} µs + gap {args.gap_us:g} µs)", file=sys.stderr)


if __name__ == "__main__":
    main()
