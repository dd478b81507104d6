#!/usr/bin/env python3
"""Inject known kernel fusions (or a different profiling window) into a real Kineto trace.

The result is a pair (original, mutated) whose only difference is known exactly, with a
ground-truth file naming the kernels involved by FusionScope kernel id (0-based, in start order,
ties by file order). Comparing the pair in both argument orders must find exactly that difference.

A fusion merges two consecutive kernels of one stream into one kernel: the first keeps its launch
(or the second, with --keep second) and takes the fused name, the first's start and the summed
duration (or --fused-share F of it: the fused kernel is faster, and each occurrence's saving, the
summed duration minus the fused one, goes into the ground truth as saving_ns); the other kernel, its runtime launch and its flow events are removed. CPU ops and Python frames are kept, as a fused implementation behind the
same model code would leave them. Which pairs are merged:

  --first SEL --second SEL   every pair of kernels adjacent on one stream where the first matches
                             SEL and the second the other SEL. A SEL is `op:REGEX` (the launching
                             cpu_op's name), `name:REGEX` (the kernel name) or a bare REGEX (name).
  --scope REGEX              only kernels launched inside an nn.Module scope matching REGEX
  --per-layer N              at most N pairs per module scope instance (default: all)

A split (`--split SEL --split-names A,B`) is the inverse: each matching kernel hands the last part
of its time to new kernels launched by the same cpu op (a split-K GEMM and its reduce), so the
mutated trace is the unfused side.

A window cut (`--cut-first N --cut-last M`) removes the first N and last M kernels with their
launches and flows instead, as a shorter profiling window would.

Examples:
  inject_fusion.py qwen.json.gz --first op:aten::pow --second op:aten::mean \\
      --scope DecoderLayer --fused-name triton_red_fused_mean_pow_0 --out m.json.gz --truth t.json
  inject_fusion.py qwen.json.gz --cut-first 60 --cut-last 30 --out cut.json.gz --truth t.json
  inject_fusion.py --batch tests/golden/injected_fusions.json --traces ../shared/traces --out-dir DIR

Standard library only.
"""

import argparse
import bisect
import gzip
import json
import os
import re
import sys

LAUNCH_CATS = ("cuda_runtime", "cuda_driver")


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    return doc, (doc["traceEvents"] if isinstance(doc, dict) else doc)


def save(path, doc):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "wt", encoding="utf-8") as f:
        json.dump(doc, f, separators=(",", ":"))


def is_kernel(e):
    return e.get("ph") == "X" and str(e.get("cat", "")).lower() == "kernel"


def kernel_order(events):
    """Event indices of the kernels in FusionScope's id order: start time, then file order."""
    ks = [i for i, e in enumerate(events) if is_kernel(e)]
    ks.sort(key=lambda i: (round(float(events[i]["ts"]) * 1000), i))
    return ks


class Links:
    """Kernel → launch → cpu_op / module scope, as the profiler links them."""

    def __init__(self, events):
        self.launch = {}
        for i, e in enumerate(events):
            if e.get("cat") in LAUNCH_CATS and "correlation" in e.get("args", {}):
                self.launch.setdefault(e["args"]["correlation"], i)
        self.cpu = {}
        for e in events:
            if e.get("cat") == "cpu_op" and "External id" in e.get("args", {}):
                ext = e["args"]["External id"]
                if ext not in self.cpu or e["dur"] < self.cpu[ext]["dur"]:
                    self.cpu[ext] = e
        # nn.Module frames per thread, sorted by start, for the scope active at a launch.
        self.modules = {}
        for e in events:
            if e.get("cat") == "python_function" and str(e.get("name", "")).startswith("nn.Module: "):
                self.modules.setdefault((e.get("pid"), e.get("tid")), []).append(e)
        for v in self.modules.values():
            v.sort(key=lambda e: e["ts"])
        self.starts = {k: [e["ts"] for e in v] for k, v in self.modules.items()}
        self.events = events

    def launch_of(self, k):
        i = self.launch.get(k.get("args", {}).get("correlation"))
        return None if i is None else self.events[i]

    def cpu_op_of(self, k):
        ext = k.get("args", {}).get("External id")
        if ext is None:
            launch = self.launch_of(k)
            ext = launch["args"].get("External id") if launch else None
        op = self.cpu.get(ext)
        return op["name"] if op else ""

    def scopes_of(self, k):
        launch = self.launch_of(k)
        if not launch:
            return []
        key = (launch.get("pid"), launch.get("tid"))
        frames, starts = self.modules.get(key, []), self.starts.get(key, [])
        t = launch["ts"]
        hi = bisect.bisect_right(starts, t)
        return [f["name"][len("nn.Module: "):] for f in frames[:hi] if f["ts"] + f["dur"] >= t]


def selector(text):
    if text.startswith("op:"):
        rx = re.compile(text[3:])
        return lambda k, links: bool(rx.search(links.cpu_op_of(k)))
    rx = re.compile(text[5:] if text.startswith("name:") else text)
    return lambda k, links: bool(rx.search(k.get("name", "")))


def remove_kernels(events, victims):
    """Drops the kernels at event indices `victims` with their launches and flows."""
    correlations = {events[i].get("args", {}).get("correlation") for i in victims}
    correlations.discard(None)
    drop = set(victims)
    for i, e in enumerate(events):
        if e.get("cat") in LAUNCH_CATS and e.get("args", {}).get("correlation") in correlations:
            drop.add(i)
        elif e.get("ph") in ("s", "f") and e.get("cat") == "ac2g" and e.get("id") in correlations:
            drop.add(i)
    return [e for i, e in enumerate(events) if i not in drop]


def ids_by_object(events):
    """{id(kernel event): FusionScope kernel id} over a (mutated) event list."""
    return {id(events[i]): n for n, i in enumerate(kernel_order(events))}


def short_op(k, links):
    op = links.cpu_op_of(k).split("::")[-1].strip("_") or "k"
    return re.sub(r"[^A-Za-z0-9]+", "_", op)


def matching_pairs(events, links, first, second, scope, per_layer):
    order = kernel_order(events)
    sel1, sel2 = selector(first), selector(second)
    scope_rx = re.compile(scope) if scope else None
    by_stream = {}
    for i in order:
        k = events[i]
        by_stream.setdefault((k.get("pid"), k.get("tid"), k.get("args", {}).get("stream")), []).append(i)
    pairs, used, per_scope = [], set(), {}
    for seq in by_stream.values():
        for x, y in zip(seq, seq[1:]):
            kx, ky = events[x], events[y]
            if x in used or y in used or not sel1(kx, links) or not sel2(ky, links):
                continue
            if scope_rx:
                # Both kernels in the same instance of the scope: two kernels of one layer.
                inner = [s for s in links.scopes_of(kx) if scope_rx.search(s)]
                if not inner or inner[-1] not in links.scopes_of(ky):
                    continue
                if per_layer and per_scope.get(inner[-1], 0) >= per_layer:
                    continue
                per_scope[inner[-1]] = per_scope.get(inner[-1], 0) + 1
            pairs.append((x, y))
            used.update((x, y))
    return pairs


def inject(events, first, second, fused_name, scope=None, per_layer=0, keep="first", share=1.0):
    """Merges matching pairs; returns the new events and the occurrences (kernel ids before/after).
    keep="second" keeps the second kernel's launch instead (it then starts where the first did).
    share: the fused kernel's duration over the two kernels' summed duration."""
    links = Links(events)
    pairs = matching_pairs(events, links, first, second, scope, per_layer)
    if not pairs:
        raise SystemExit("inject_fusion: no kernel pair matches %s then %s" % (first, second))
    before = ids_by_object(events)
    merged = []
    for x, y in pairs:
        kx, ky = events[x], events[y]
        names = [kx["name"], ky["name"]]
        ids = [before[id(kx)], before[id(ky)]]
        kept = ky if keep == "second" else kx
        kept["name"] = fused_name.format(first=short_op(kx, links), second=short_op(ky, links))
        summed = round(float(kx["dur"]) + float(ky["dur"]), 3)
        before_ns = round(float(kx["dur"]) * 1000) + round(float(ky["dur"]) * 1000)
        kept["dur"] = summed if share == 1.0 else round(summed * share, 3)
        kept["ts"] = kx["ts"]
        saving_ns = before_ns - round(kept["dur"] * 1000)
        merged.append((kept, ids, names, saving_ns))
    events = remove_kernels(events, {(x if keep == "second" else y) for x, y in pairs})
    after = ids_by_object(events)
    occurrences = [{"unfused": ids, "fused": [after[id(k)]], "unfused_names": names, "fused_name": k["name"],
                    "saving_ns": saving_ns} for k, ids, names, saving_ns in merged]
    occurrences.sort(key=lambda o: o["unfused"][0])
    return events, occurrences, "mutated"


def split(events, target, names, share, scope=None):
    """The inverse of a fusion: each kernel matching `target` keeps its name and launch for the first
    (1 - share) of its time, and kernels named `names` launched by the same cpu op run the rest, as a
    library that splits the work (split-K GEMM + reduce) would. The mutated side is the unfused one."""
    links = Links(events)
    sel = selector(target)
    scope_rx = re.compile(scope) if scope else None
    before = ids_by_object(events)
    corr = [e.get("args", {}).get("correlation") for e in events]
    next_corr = max([c for c in corr if isinstance(c, int)] or [0]) + 1
    out, split_of = [], []
    for e in events:
        out.append(e)
        if not is_kernel(e) or not sel(e, links):
            continue
        if scope_rx and not any(scope_rx.search(s) for s in links.scopes_of(e)):
            continue
        launch = links.launch_of(e)
        dur = float(e["dur"])
        e["dur"] = round(dur * (1 - share), 3)
        t = float(e["ts"]) + e["dur"]
        pieces = []
        for name in names:
            piece = json.loads(json.dumps(e))
            piece["name"] = name
            piece["ts"] = round(t, 3)
            piece["dur"] = round(dur * share / len(names), 3)
            piece.setdefault("args", {})["correlation"] = next_corr
            t += piece["dur"]
            out.append(piece)
            pieces.append(piece)
            if launch is not None:
                copy = json.loads(json.dumps(launch))
                copy["args"]["correlation"] = next_corr
                out.append(copy)
            next_corr += 1
        split_of.append((e, pieces))
    if not split_of:
        raise SystemExit("inject_fusion: no kernel matches %s" % target)
    after = ids_by_object(out)
    occurrences = [{"unfused": [after[id(e)]] + [after[id(p)] for p in pieces], "fused": [before[id(e)]],
                    "unfused_names": [e["name"]] + names, "fused_name": e["name"]} for e, pieces in split_of]
    occurrences.sort(key=lambda o: o["fused"][0])
    return out, occurrences, "original"


def cut(events, first_n, last_n):
    order = kernel_order(events)
    victims = set(order[:first_n]) | set(order[len(order) - last_n:] if last_n else [])
    return remove_kernels(events, victims), len(victims)


def run_case(source, out, truth, args):
    doc, events = load(source)
    record = {"original": os.path.abspath(source), "mutated": os.path.abspath(out)}
    if args.get("cut_first") or args.get("cut_last"):
        events, n = cut(events, args.get("cut_first", 0), args.get("cut_last", 0))
        record.update({"kind": "window_cut", "removed_kernels": n})
    else:
        if args.get("split"):
            events, occ, fused_side = split(events, args["split"], args["split_names"], args.get("split_share", 0.2),
                                            args.get("scope"))
        else:
            events, occ, fused_side = inject(events, args["first"], args["second"],
                                             args.get("fused_name") or "fused_{first}_{second}_kernel",
                                             args.get("scope"), args.get("per_layer", 0), args.get("keep", "first"),
                                             args.get("fused_share", 1.0))
        unfused_side = "original" if fused_side == "mutated" else "mutated"
        record.update({"kind": "fusion", "operation": args.get("operation", ""), "fused_side": fused_side,
                       "occurrences": occ, "saving_ns": sum(o.get("saving_ns", 0) for o in occ),
                       "unfused_kernel_ids": {unfused_side: sorted(i for o in occ for i in o["unfused"])},
                       "fused_kernel_ids": {fused_side: sorted(i for o in occ for i in o["fused"])}})
    if isinstance(doc, dict):
        doc["traceEvents"] = events
    else:
        doc = events
    save(out, doc)
    if truth:
        with open(truth, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1)
    return record


def run_batch(spec_path, traces, out_dir):
    """Every case of a batch file; cases whose source trace is absent are skipped."""
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    os.makedirs(out_dir, exist_ok=True)
    done = []
    for case in spec["cases"]:
        source = os.path.join(traces, case["source"])
        if not os.path.exists(source):
            print("inject_fusion: skipping %s: %s is absent" % (case["id"], source), file=sys.stderr)
            continue
        out = os.path.join(out_dir, case["id"] + ".json.gz")
        rec = run_case(source, out, None, case)
        rec["id"] = case["id"]
        done.append(rec)
        n = len(rec.get("occurrences", [])) or rec.get("removed_kernels", 0)
        print("inject_fusion: %s: %d %s" % (case["id"], n, "occurrences" if rec["kind"] == "fusion" else "kernels cut"))
    with open(os.path.join(out_dir, "truth.json"), "w", encoding="utf-8") as f:
        json.dump({"cases": done}, f, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace", nargs="?")
    ap.add_argument("--first")
    ap.add_argument("--second")
    ap.add_argument("--scope")
    ap.add_argument("--per-layer", type=int, default=0)
    ap.add_argument("--fused-name", default="fused_{first}_{second}_kernel",
                    help="name of the fused kernel; {first} and {second} stand for the two cpu ops")
    ap.add_argument("--keep", choices=("first", "second"), default="first",
                    help="whose launch the fused kernel keeps (the other's is removed)")
    ap.add_argument("--fused-share", type=float, default=1.0,
                    help="the fused kernel's duration over the two kernels' summed duration (default 1)")
    ap.add_argument("--operation", default="", help="a label for the truth file")
    ap.add_argument("--split", help="SEL: split each matching kernel instead (the mutated side is unfused)")
    ap.add_argument("--split-names", default="splitKreduce_kernel",
                    help="with --split: comma-separated names of the kernels split off")
    ap.add_argument("--split-share", type=float, default=0.2, help="with --split: their share of the time")
    ap.add_argument("--cut-first", type=int, default=0)
    ap.add_argument("--cut-last", type=int, default=0)
    ap.add_argument("--out")
    ap.add_argument("--truth")
    ap.add_argument("--batch", help="a JSON list of cases (see tests/golden/injected_fusions.json)")
    ap.add_argument("--traces", help="with --batch: the folder the cases' sources are relative to")
    ap.add_argument("--out-dir", help="with --batch: where mutated traces and truth.json go")
    a = ap.parse_args()
    if a.batch:
        if not a.traces or not a.out_dir:
            ap.error("--batch needs --traces and --out-dir")
        if not os.path.isdir(a.traces):
            print("inject_fusion: %s is absent; no cases generated" % a.traces, file=sys.stderr)
            os.makedirs(a.out_dir, exist_ok=True)
            with open(os.path.join(a.out_dir, "truth.json"), "w", encoding="utf-8") as f:
                json.dump({"cases": [], "skipped": "traces folder absent"}, f)
            return
        run_batch(a.batch, a.traces, a.out_dir)
        return
    if not a.trace or not a.out:
        ap.error("a trace and --out are needed")
    if not (a.cut_first or a.cut_last or a.split) and not (a.first and a.second):
        ap.error("give --first and --second, --split, or --cut-first/--cut-last")
    rec = run_case(a.trace, a.out, a.truth, {"first": a.first, "second": a.second, "scope": a.scope,
                                              "per_layer": a.per_layer, "fused_name": a.fused_name, "keep": a.keep,
                                              "fused_share": a.fused_share,
                                              "operation": a.operation, "split": a.split,
                                              "split_names": a.split_names.split(","), "split_share": a.split_share,
                                              "cut_first": a.cut_first,
                                              "cut_last": a.cut_last})
    n = len(rec.get("occurrences", [])) or rec.get("removed_kernels", 0)
    print("%s: %d %s" % (a.out, n, "occurrences" if rec["kind"] == "fusion" else "kernels cut"))


if __name__ == "__main__":
    main()
