#!/usr/bin/env python3
"""Score fusionscope-cli's fusion findings on every fusion one can inject into a real trace.

For each pair of adjacent kernels of one layer (the `--layer` instance of a module scope), the pair
is merged into one fused kernel in every layer (tools/inject_fusion.py), the original and the mutated
trace are compared in both argument orders, and the findings are scored against the injected truth:

  precision   findings that are the injected difference (right fused side, <= 10 % other kernels)
  exact       of those, findings whose fused-side kernel ids are also right
  recall      injected occurrences whose unfused kernels some correct finding holds
  extra       extra-work entries claimed with medium or high confidence (there should be none)

Fused names rotate through realistic and opaque schemes, so nothing depends on the name.

Example:
  evaluate_fusions.py --cli build/release/app/cli/fusionscope-cli \\
      ../shared/traces/tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz \\
      --layer Qwen2DecoderLayer_5 --scope DecoderLayer [--keep second]

Standard library only; takes a few seconds per injected pair.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inject_fusion  # noqa: E402

SCHEMES = ["fused_{first}_{second}_kernel", "triton_poi_fused_{first}_{second}_0", "merged_kernel_17",
           "opaque_kernel_x"]


def compare(cli, a, b):
    out = subprocess.run([cli, "compare", a, b, "--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def score(result, truth, mutated_side):
    fused_side = mutated_side if truth["fused_side"] == "mutated" else ("a" if mutated_side == "b" else "b")
    unfused = set(next(iter(truth["unfused_kernel_ids"].values())))
    fused = set(next(iter(truth["fused_kernel_ids"].values())))
    s = {"findings": 0, "correct": 0, "exact": 0, "occurrences": len(truth["occurrences"]), "found": 0, "extra": 0}
    covered = set()
    for f in result["fusion_patterns"]:
        s["findings"] += 1
        u = f["b_kernels"] if f["fused_side"] == "a" else f["a_kernels"]
        k = f["a_kernels"] if f["fused_side"] == "a" else f["b_kernels"]
        if f["fused_side"] != fused_side or not u or 10 * len(set(u) & unfused) < 9 * len(u):
            continue
        s["correct"] += 1
        covered |= set(u)
        if k and 10 * len(set(k) & fused) >= 9 * len(k):
            s["exact"] += 1
    s["found"] = sum(all(i in covered for i in o["unfused"]) for o in truth["occurrences"])
    s["extra"] = sum(1 for e in result["extra_work"] if e["confidence"] != "low")
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace")
    ap.add_argument("--cli", default="build/release/app/cli/fusionscope-cli")
    ap.add_argument("--layer", required=True, help="the module instance whose adjacent kernel pairs are tried")
    ap.add_argument("--scope", required=True, help="the module scope every fused pair must lie in (a regex)")
    ap.add_argument("--keep", choices=("first", "second"), default="first")
    a = ap.parse_args()
    _, events = inject_fusion.load(a.trace)
    links = inject_fusion.Links(events)
    layer = [i for i in inject_fusion.kernel_order(events) if a.layer in links.scopes_of(events[i])]
    if len(layer) < 2:
        sys.exit("evaluate_fusions: %s has fewer than two kernels in %s" % (a.trace, a.layer))
    totals = dict.fromkeys(("findings", "correct", "exact", "occurrences", "found", "extra"), 0)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for pos in range(len(layer) - 1):
            k1, k2 = events[layer[pos]], events[layer[pos + 1]]
            case = {"first": "name:^%s$" % re.escape(k1["name"]), "second": "name:^%s$" % re.escape(k2["name"]),
                    "scope": a.scope, "fused_name": SCHEMES[pos % len(SCHEMES)], "keep": a.keep}
            mutated = os.path.join(tmp, "mutated.json.gz")
            try:
                truth = inject_fusion.run_case(a.trace, mutated, None, case)
            except SystemExit:
                continue
            row = []
            for side, (x, y) in (("b", (a.trace, mutated)), ("a", (mutated, a.trace))):
                s = score(compare(a.cli, x, y), truth, side)
                for key in totals:
                    totals[key] += s[key]
                ok = s["correct"] == s["findings"] == s["exact"] and s["found"] == s["occurrences"] and not s["extra"]
                failures += not ok
                row.append("%d/%d correct, %d exact, %d/%d found, %d extra%s" % (
                    s["correct"], s["findings"], s["exact"], s["found"], s["occurrences"], s["extra"],
                    "" if ok else "  <-- off"))
            print("%3d %-22s %-22s %s | reversed: %s" % (pos, links.cpu_op_of(k1)[:22], links.cpu_op_of(k2)[:22],
                                                       row[0], row[1]), flush=True)
    t = totals
    print("\nprecision %d/%d, exact ids %d/%d, recall %d/%d occurrences, confident extra work %d; %d comparisons off"
          % (t["correct"], t["findings"], t["exact"], t["correct"], t["found"], t["occurrences"], t["extra"], failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
