#!/usr/bin/env python3
"""Checks fusionscope-cli's Perfetto export against what Perfetto UI and chrome://tracing need and
against the comparison it shows.

Debian 12 ships no Perfetto trace processor, so the viewer's import is modelled here: events are
taken in time order (ties in file order), each thread keeps a stack of open slices, a slice must
nest inside the one it starts in, and a flow event binds to the slice open on its thread at its
time, the "s" before the "f" of the same id. The figures the export must show are taken from the
CLI's compare and triage JSON and, for kernel ids, starts and correlation ids, from the raw traces
read here with Python's json.

  check_perfetto_export.py --cli BUILD/app/cli/fusionscope-cli --samples DIR [--shared DIR] --work DIR
  check_perfetto_export.py --self-test      the checker finds each defect of a set of broken files
"""
import argparse
import csv
import gzip
import json
import os
import subprocess
import sys
import time


def load_json(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


class Import:
    """What a viewer makes of a trace-event file: processes, threads, slices, flows; and errors."""

    def __init__(self, doc):
        self.errors = []
        self.process_names = {}
        self.thread_names = {}
        self.slices = []   # dicts: the events, with "_end" and "_index"
        self.flows = {}    # (cat, name, id) -> {"s": slice, "f": slice}
        if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
            self.errors.append("not the object form with a traceEvents array")
            return
        if list(doc)[0] != "otherData":
            self.errors.append("otherData is not the first key")
        events = doc["traceEvents"]
        for i, e in enumerate(events):
            self._check_event(i, e)
        if self.errors:
            return
        order = sorted(range(len(events)), key=lambda i: (events[i]["ts"], i))
        stacks = {}
        for i in order:
            self._replay(events[i], i, stacks)
        for key, ends in self.flows.items():
            if "s" not in ends or "f" not in ends:
                self.errors.append("flow %s has no %s" % (key, "start" if "s" not in ends else "end"))

    def _check_event(self, i, e):
        where = "event %d" % i
        if not isinstance(e, dict):
            self.errors.append(where + " is not an object")
            return
        keys = list(e)
        if keys[:4] != ["ph", "ts", "pid", "tid"]:
            self.errors.append(where + " does not start with ph, ts, pid, tid: %s" % keys[:4])
        for k in ("ph", "ts", "pid", "tid"):
            if k not in e:
                self.errors.append(where + " has no " + k)
                return
        if not isinstance(e["ts"], (int, float)) or e["ts"] < 0:
            self.errors.append(where + " has a bad ts %r" % (e["ts"],))
        if not isinstance(e["pid"], int) or not isinstance(e["tid"], int) or e["tid"] == 0:
            self.errors.append(where + " has a bad pid or tid")
        for k, v in e.items():
            if isinstance(v, list):
                self.errors.append(where + " has an array outside args (%s): Perfetto's importer refuses it" % k)
        ph = e["ph"]
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                self.errors.append(where + " has a bad dur %r" % (e.get("dur"),))
            if not isinstance(e.get("name"), str) or not isinstance(e.get("args", {}), dict):
                self.errors.append(where + " has no name or bad args")
        elif ph in ("s", "f"):
            if not isinstance(e.get("id"), int) or "cat" not in e or "name" not in e:
                self.errors.append(where + " is a flow without id, cat or name")
            if ph == "f" and e.get("bp") != "e":
                self.errors.append(where + " ends a flow without binding to its enclosing slice (bp e)")
        elif ph == "M":
            if e.get("name") == "process_name":
                self.process_names[e["pid"]] = e["args"]["name"]
            elif e.get("name") == "thread_name":
                self.thread_names[(e["pid"], e["tid"])] = e["args"]["name"]
        else:
            self.errors.append(where + " has an unexpected phase " + ph)

    def _replay(self, e, i, stacks):
        track = (e["pid"], e["tid"])
        stack = stacks.setdefault(track, [])
        ph = e["ph"]
        if ph == "X":
            ts, end = e["ts"], e["ts"] + e["dur"]
            while stack and stack[-1]["_end"] <= ts:
                stack.pop()
            if stack and end > stack[-1]["_end"] + 1e-9:
                self.errors.append("slice %d (%s) overlaps slice %d (%s) on %s without nesting"
                                   % (i, e["name"], stack[-1]["_index"], stack[-1]["name"], track))
                return
            s = dict(e, _end=end, _index=i)
            self.slices.append(s)
            stack.append(s)
        elif ph in ("s", "f"):
            key = (e["cat"], e["name"], e["id"])
            ends = self.flows.setdefault(key, {})
            top = stack[-1] if stack else None
            if top is None or not (top["ts"] <= e["ts"] <= top["_end"]):
                self.errors.append("flow %s %s at %s binds to no slice on %s" % (ph, key, e["ts"], track))
                return
            if ph in ends:
                self.errors.append("flow %s has two %s events" % (key, ph))
            if ph == "f" and "s" not in ends:
                self.errors.append("flow %s ends before it starts: Perfetto drops it" % (key,))
            ends[ph] = top

    def of_cat(self, cat, pid=None):
        return [s for s in self.slices if s.get("cat") == cat and (pid is None or s["pid"] == pid)]

    def flows_of(self, cat):
        return [ends for (c, _, _), ends in self.flows.items() if c == cat and "s" in ends and "f" in ends]


def raw_kernels(path):
    """Kernel id -> (ts µs, correlation), ids in start order with ties in file order."""
    events = load_json(path)["traceEvents"]
    kernels = [(e["ts"], i, e.get("args", {}).get("correlation")) for i, e in enumerate(events)
               if e.get("ph") == "X" and e.get("cat") == "kernel"]
    kernels.sort(key=lambda k: (k[0], k[1]))
    return [(ts, corr) for ts, _, corr in kernels]


class Checks:
    def __init__(self):
        self.failures = []
        self.count = 0

    def expect(self, ok, message):
        self.count += 1
        if not ok:
            self.failures.append(message)


def check_refs(checks, where, refs, ids, kernels):
    checks.expect([r["id"] for r in refs] == ids, where + ": kernel refs are not the kernel ids")
    for r in refs:
        ts, corr = kernels[r["id"]]
        checks.expect(abs(r["start_us"] - ts) < 5e-4, where + ": kernel %d starts at %s, the file says %s" % (r["id"], r["start_us"], ts))
        checks.expect(r["correlation"] == corr, where + ": kernel %d correlation %s, the file says %s" % (r["id"], r["correlation"], corr))


def check_pair(cli, work, name, a, b, label_a, label_b, checks):
    out = os.path.join(work, name + ".json.gz")
    started = time.monotonic()
    run = subprocess.run([cli, "export", a, b, "--label-a", label_a, "--label-b", label_b, "--out", out],
                         capture_output=True, text=True)
    seconds = time.monotonic() - started
    checks.expect(run.returncode == 0, "%s: export failed: %s" % (name, run.stderr))
    if run.returncode:
        return
    cmp_json = json.loads(subprocess.run([cli, "compare", a, b, "--label-a", label_a, "--label-b", label_b, "--format", "json"],
                                         capture_output=True, text=True, check=True).stdout)
    imp = Import(load_json(out))
    checks.expect(not imp.errors, "%s: %s" % (name, "; ".join(imp.errors[:10])))
    if imp.errors:
        return
    names = sorted(imp.process_names.values())
    checks.expect(names == ["A \u00b7 " + label_a, "B \u00b7 " + label_b], "%s: processes %s" % (name, names))
    pid = {side: p for p, n in imp.process_names.items() for side in "ab" if n.startswith(side.upper() + " \u00b7")}

    # Every kernel on its stream, with the file's own start.
    kernels = {side: raw_kernels(path) for side, path in (("a", a), ("b", b))}
    for side in "ab":
        ks = imp.of_cat("kernel", pid[side])
        checks.expect(len(ks) == cmp_json[side]["kernels"]["count"] == len(kernels[side]),
                      "%s: %d kernel slices on %s, compare counts %d" % (name, len(ks), side, cmp_json[side]["kernels"]["count"]))
        ids = sorted(k["args"]["kernel_id"] for k in ks)
        checks.expect(ids == list(range(len(ks))), "%s: kernel ids of %s are not 0..n-1" % (name, side))
        bad = [k for k in ks if abs(k["args"]["start_us"] - kernels[side][k["args"]["kernel_id"]][0]) > 5e-4]
        checks.expect(not bad, "%s: %d kernel slices of %s carry another start than the file's" % (name, len(bad), side))
        checks.expect(all(imp.thread_names[(k["pid"], k["tid"])].startswith("stream ") for k in ks),
                      "%s: kernels of %s off the stream threads" % (name, side))

    # Layers: one slice per layer, an arrow per aligned pair, the first aligned pair starting together.
    alignment = cmp_json["layers"]["alignment"]
    aligned = [p for p in alignment if p["a"] is not None and p["b"] is not None]
    layer_flows = imp.flows_of("fusionscope.layer")
    checks.expect(len(layer_flows) == len(aligned), "%s: %d layer arrows for %d aligned layers" % (name, len(layer_flows), len(aligned)))
    joined = {}
    for fl in layer_flows:
        ends = {fl["s"]["pid"]: fl["s"], fl["f"]["pid"]: fl["f"]}
        if sorted(ends) == sorted(pid.values()) and all(e["cat"] == "layer" for e in ends.values()):
            joined[ends[pid["a"]]["args"]["pair"], ends[pid["b"]]["args"]["pair"]] = (ends[pid["a"]]["name"], ends[pid["b"]]["name"])
    expected = {(i, i): (p["a_name"], p["b_name"]) for i, p in enumerate(alignment) if p["a"] is not None and p["b"] is not None}
    checks.expect(joined == expected, "%s: the layer arrows do not join the aligned pairs" % name)
    for side in "ab":
        checks.expect(len(imp.of_cat("layer", pid[side])) == cmp_json["layers"][side], "%s: layer slices of %s" % (name, side))
    if aligned:
        first = aligned[0]
        starts = {s["pid"]: s["ts"] for s in imp.of_cat("layer") if s["name"] in (first["a_name"], first["b_name"])
                  and s["args"].get("pair") == alignment.index(first)}
        checks.expect(len(starts) == 2 and abs(starts[pid["a"]] - starts[pid["b"]]) < 5e-4,
                      "%s: the first aligned layer does not start at the same time on both: %s" % (name, starts))

    # Findings: a slice each over its kernels, arrows to the kernels the other side runs instead.
    patterns = cmp_json["fusion_patterns"]
    findings = imp.of_cat("fusion_finding")
    checks.expect(len(findings) == len(patterns), "%s: %d finding slices for %d findings" % (name, len(findings), len(patterns)))
    kernel_of = {(k["pid"], k["tid"], k["ts"]): k for k in imp.of_cat("kernel")}
    for s in findings:
        i = s["args"]["finding"]
        f = patterns[i]
        unfused = "b" if f["fused_side"] == "a" else "a"
        checks.expect(s["pid"] == pid[unfused], "%s: finding %d not on the unfused side" % (name, i))
        checks.expect(abs(s["args"]["time_at_stake_us"] - f["time_at_stake_us"]) < 5e-4 and s["args"]["evidence"] == f["evidence"],
                      "%s: finding %d args differ from compare's" % (name, i))
        occurrences = [o for o in imp.of_cat("fusion_occurrence") if o["args"]["finding"] == i]
        covered = sorted(k for o in occurrences for k in o["args"][unfused + "_kernels"])
        checks.expect(covered == f[unfused + "_kernels"], "%s: occurrences of finding %d cover other kernels" % (name, i))
        reached = sorted(fl["s" if fl["f"] in occurrences else "f"]["args"]["kernel_id"]
                         for fl in imp.flows_of("fusionscope.fusion") if fl["s"] in occurrences or fl["f"] in occurrences)
        checks.expect(reached == f[f["fused_side"] + "_kernels"], "%s: arrows of finding %d reach %s, not its fused kernels %s"
                      % (name, i, reached, f[f["fused_side"] + "_kernels"]))
        check_refs(checks, "%s finding %d a" % (name, i), f["a_kernel_refs"], f["a_kernels"], kernels["a"])
        check_refs(checks, "%s finding %d b" % (name, i), f["b_kernel_refs"], f["b_kernels"], kernels["b"])
        occ_ids = sorted(k for o in f["occurrences"] for k in o[unfused + "_kernels"])
        checks.expect(occ_ids == f[unfused + "_kernels"], "%s: compare's occurrences of finding %d" % (name, i))
    for i, e in enumerate(cmp_json["extra_work"]):
        check_refs(checks, "%s extra work %d a" % (name, i), e["a_kernel_refs"], e["a_kernels"], kernels["a"])
        check_refs(checks, "%s extra work %d b" % (name, i), e["b_kernel_refs"], e["b_kernels"], kernels["b"])
    checks.expect(len(imp.of_cat("extra_work")) == len(cmp_json["extra_work"]), "%s: extra-work slices" % name)

    # The CSV tables carry the same kernel references.
    csv_dir = os.path.join(work, name + "_csv")
    subprocess.run([cli, "compare", a, b, "--format", "csv", "--out", csv_dir], check=True, capture_output=True)
    for table, items in (("fusion_patterns", patterns), ("extra_work", cmp_json["extra_work"])):
        with open(os.path.join(csv_dir, table + ".csv"), newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        checks.expect(len(rows) == len(items), "%s: %s.csv rows" % (name, table))
        for row, item in zip(rows, items):
            for side in "ab":
                ids = [int(x) for x in row[side + "_kernel_ids"].split()]
                starts = [float(x) for x in row[side + "_kernel_starts_us"].split()]
                corrs = [None if x == "-" else int(x) for x in row[side + "_correlations"].split()]
                refs = [{"id": k, "start_us": s, "correlation": c} for k, s, c in zip(ids, starts, corrs)]
                checks.expect(len(refs) == len(ids) == len(item[side + "_kernels"]), "%s: %s.csv columns of %s" % (name, table, side))
                check_refs(checks, "%s %s.csv %s" % (name, table, side), refs, item[side + "_kernels"], kernels[side])

    size = os.path.getsize(out)
    print("%s: %d events (%d slices, %d flows: %d layer, %d fusion), %d finding slices, %d occurrence slices, "
          "%d extra-work slices, %.2f MB gz, export %.2f s"
          % (name, len(imp.slices) + 2 * len(imp.flows) + len(imp.thread_names) * 2 + len(imp.process_names) * 2,
             len(imp.slices), len(imp.flows), len(layer_flows), len(imp.flows_of("fusionscope.fusion")), len(findings),
             len(imp.of_cat("fusion_occurrence")), len(imp.of_cat("extra_work")), size / 1e6, seconds))


def check_single(cli, work, name, trace, checks):
    out = os.path.join(work, name + ".json")
    run = subprocess.run([cli, "export", trace, "--label-a", "T", "--out", out], capture_output=True, text=True)
    checks.expect(run.returncode == 0, "%s: export failed: %s" % (name, run.stderr))
    if run.returncode:
        return
    triage = json.loads(subprocess.run([cli, "triage", trace, "--format", "json"], capture_output=True, text=True,
                                       check=True).stdout)
    imp = Import(load_json(out))
    checks.expect(not imp.errors, "%s: %s" % (name, "; ".join(imp.errors[:10])))
    checks.expect(list(imp.process_names.values()) == ["T"], "%s: process %s" % (name, imp.process_names))
    families = sum(len(s["fusion_families"]) for s in triage["stages"])
    checks.expect(len(imp.of_cat("fusion_family")) == families,
                  "%s: %d family slices for %d families" % (name, len(imp.of_cat("fusion_family")), families))
    candidates = triage["stages"][0]["module_candidates"]["candidates"] if triage["stages"] else []
    checks.expect(len(imp.of_cat("module_candidate")) == len(candidates), "%s: module candidate slices" % name)
    checks.expect(len(imp.of_cat("kernel")) == len(raw_kernels(trace)), "%s: kernel slices" % name)
    print("%s: %d slices, %d family slices, %d module candidates" % (name, len(imp.slices), families, len(candidates)))


def self_test():
    """Each broken file must be caught: a checker that finds nothing proves nothing."""
    def doc(*events):
        return {"otherData": {}, "traceEvents": list(events)}

    def x(ts, dur, tid=1, name="k", **more):
        return dict({"ph": "X", "ts": ts, "pid": 1, "tid": tid, "dur": dur, "name": name, "cat": "kernel", "args": {}}, **more)

    def flow(ph, ts, tid=1, fid=1):
        e = {"ph": ph, "ts": ts, "pid": 1, "tid": tid, "id": fid, "cat": "c", "name": "n"}
        if ph == "f":
            e["bp"] = "e"
        return e

    good = doc(x(0, 10), x(2, 3), flow("s", 3), x(20, 4, tid=2), flow("f", 22, tid=2))
    cases = {
        "good": (good, None),
        "partial overlap": (doc(x(0, 10), x(5, 10)), "without nesting"),
        "negative duration": (doc(x(0, -1)), "bad dur"),
        "missing tid": (doc({"ph": "X", "ts": 0, "pid": 1, "dur": 1, "name": "k"}), "does not start with"),
        "array outside args": (doc(x(0, 1, ids=[1, 2])), "array outside args"),
        "flow end first": (doc(x(0, 10), x(20, 4, tid=2), flow("f", 5), flow("s", 22, tid=2)), "ends before it starts"),
        "flow in no slice": (doc(x(0, 10), x(20, 4, tid=2), flow("s", 15), flow("f", 22, tid=2)), "binds to no slice"),
        "unpaired flow": (doc(x(0, 10), flow("s", 5)), "has no end"),
        "otherData last": ({"traceEvents": [], "otherData": {}}, "otherData is not the first key"),
    }
    failed = 0
    for name, (d, expected) in cases.items():
        errors = Import(d).errors
        ok = not errors if expected is None else any(expected in e for e in errors)
        print("%-20s %s %s" % (name, "ok" if ok else "MISSED", errors[:2]))
        failed += not ok
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cli")
    p.add_argument("--samples")
    p.add_argument("--shared")
    p.add_argument("--work")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    os.makedirs(args.work, exist_ok=True)
    checks = Checks()
    nv = os.path.join(args.samples, "sample_nvidia.json.gz")
    amd = os.path.join(args.samples, "sample_amd.json.gz")
    check_pair(args.cli, args.work, "samples", nv, amd, "NVIDIA sample", "AMD sample", checks)
    check_single(args.cli, args.work, "sample_single", nv, checks)
    qwen = "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
    h100 = os.path.join(args.shared or "", "tracelens", "h100", qwen)
    mi300 = os.path.join(args.shared or "", "tracelens", "mi300", qwen)
    if args.shared and os.path.exists(h100) and os.path.exists(mi300):
        check_pair(args.cli, args.work, "qwen", h100, mi300, "H100", "MI300X", checks)
    else:
        print("SKIP qwen: the shared traces (%s) are absent" % (args.shared,))
    for f in checks.failures:
        print("FAIL " + f)
    print("%d passed, %d failed" % (checks.count - len(checks.failures), len(checks.failures)))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
