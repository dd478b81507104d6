#!/usr/bin/env python3
"""Golden reference numbers for FusionScope tests, computed independently of the C++ code.

Standard library only. Reads every *.json / *.json.gz Kineto (PyTorch profiler) Chrome trace under a
root directory and writes:

  tests/golden/shared_traces.tsv               one row of scalar columns per trace
  tests/golden/shared_traces.json              everything, including top-5 kernel lists
  tests/golden/kernel_names/<trace>.tsv        name, count, total_us per distinct kernel name

Usage:  python3 tools/golden_reference.py [TRACES_ROOT] [--out OUT_DIR]
        (defaults: ../shared/traces relative to the repo, tests/golden inside the repo)

Numeric conventions (the C++ side should match these):
  * Floats are parsed with decimal.Decimal, so ts/dur are converted to integer nanoseconds exactly
    (round half even below 1 ns). Sums and the kernel window are computed in integer ns and printed
    as microseconds with 3 decimals. *_ns columns in the JSON keep the exact integers.
  * A kernel is a ph=="X" event whose cat, lower-cased, is "kernel". A missing dur counts as 0.
  * Streams are distinct (pid, args.stream) pairs of kernels.
"""
import argparse
import collections
import decimal
import gzip
import json
import os
import re
import sys

KINDS = ("kernel", "gpu_memcpy", "gpu_memset", "cpu_op", "python_function",
         "cuda_runtime", "cuda_driver", "user_annotation", "gpu_user_annotation")
LAUNCH_CATS = ("cuda_runtime", "cuda_driver")
NS = decimal.Decimal(1000)


def to_ns(v):
    """Exact integer nanoseconds from a microsecond value (int, Decimal, or numeric string)."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v * 1000
    if isinstance(v, str):
        try:
            v = decimal.Decimal(v)
        except decimal.InvalidOperation:
            return None
    if isinstance(v, decimal.Decimal):
        return int((v * NS).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))
    if isinstance(v, float):
        return round(v * 1000)
    return None


def us(ns):
    """Integer ns -> microseconds string with exactly 3 decimals (exact, no float rounding)."""
    if ns is None:
        return ""
    sign = "-" if ns < 0 else ""
    q, r = divmod(abs(ns), 1000)
    return "%s%d.%03d" % (sign, q, r)


def us_num(ns):
    """Integer ns -> float µs for JSON (shortest repr of the 3-decimal value)."""
    return None if ns is None else float(us(ns))


def plain(o):
    """Make Decimal-bearing structures JSON-serialisable."""
    if isinstance(o, decimal.Decimal):
        return int(o) if o == o.to_integral_value() else float(o)
    if isinstance(o, dict):
        return {k: plain(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [plain(v) for v in o]
    return o


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f, parse_float=decimal.Decimal)


def key_str(v):
    return v if isinstance(v, str) else json.dumps(plain(v))


def detect_platform(top, events):
    """Returns (platform, rule, all_rules_that_fired). AMD rules are checked first."""
    fired = []
    for k in ("roctracer_version", "hip_runtime_version"):
        if k in top:
            fired.append(("AMD", "top-level key " + k))
    for dp in top.get("deviceProperties") or []:
        if isinstance(dp, dict) and dp.get("warpSize") == 64:
            fired.append(("AMD", "deviceProperties warpSize==64"))
            break
    launch_names = [e.get("name") for e in events
                    if isinstance(e, dict) and e.get("cat") in LAUNCH_CATS and isinstance(e.get("name"), str)]
    if any(n.startswith("hip") for n in launch_names):
        fired.append(("AMD", "cuda_runtime/cuda_driver name starts with hip"))
    for k in ("cuda_runtime_version", "cupti_version"):
        if k in top:
            fired.append(("NVIDIA", "top-level key " + k))
    if any(n.startswith("cu") for n in launch_names):
        fired.append(("NVIDIA", "cuda_runtime/cuda_driver name starts with cu"))
    if not fired:
        return "unknown", "", []
    amd = [r for p, r in fired if p == "AMD"]
    if amd:
        return "AMD", amd[0], ["%s: %s" % f for f in fired]
    return "NVIDIA", fired[0][1], ["%s: %s" % f for f in fired]


def is_rocprofv3(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        return re.match(rb'\s*\{\s*"rocprofiler-sdk-tool"', f.read(256)) is not None


def analyse(path):
    data = load(path)
    if isinstance(data, list):
        top, events, bare = {}, data, True
    else:
        top, events, bare = data, data.get("traceEvents") or [], False

    ph_counts = collections.Counter()
    x_by_cat = collections.Counter()
    flows = collections.Counter()
    kernels = []
    launch_corr = set()
    has_python_function = False
    cpu_ops = cpu_ops_with_dims = 0
    for e in events:
        if not isinstance(e, dict):
            ph_counts["<non-object>"] += 1
            continue
        ph = e.get("ph")
        cat = e.get("cat")
        ph_counts[str(ph)] += 1
        if ph == "X":
            x_by_cat[str(cat)] += 1
            if isinstance(cat, str) and cat.lower() == "kernel":
                kernels.append(e)
            if cat == "python_function":
                has_python_function = True
            if cat == "cpu_op":
                cpu_ops += 1
                if "Input Dims" in (e.get("args") or {}):
                    cpu_ops_with_dims += 1
        elif ph in ("s", "f"):
            flows["%s/%s" % (ph, cat)] += 1
        if cat in LAUNCH_CATS:
            c = (e.get("args") or {}).get("correlation")
            if c is not None:
                launch_corr.add(key_str(c))

    # kernels
    total_ns = 0
    missing_dur = 0
    first_ns = last_ns = None
    per_name = collections.defaultdict(lambda: [0, 0])
    streams, pids, devices = set(), set(), set()
    with_ext = with_corr = corr_matched = 0
    for e in kernels:
        args = e.get("args") or {}
        d = to_ns(e.get("dur"))
        if d is None:
            missing_dur += 1
            d = 0
        t = to_ns(e.get("ts"))
        total_ns += d
        if t is not None:
            first_ns = t if first_ns is None else min(first_ns, t)
            last_ns = t + d if last_ns is None else max(last_ns, t + d)
        name = e.get("name") if isinstance(e.get("name"), str) else key_str(e.get("name"))
        per_name[name][0] += 1
        per_name[name][1] += d
        pid = key_str(e.get("pid"))
        pids.add(pid)
        if "device" in args:
            devices.add(key_str(args["device"]))
        streams.add((pid, key_str(args.get("stream"))))
        if "External id" in args:
            with_ext += 1
        if "correlation" in args:
            with_corr += 1
            if key_str(args["correlation"]) in launch_corr:
                corr_matched += 1

    names_sorted = sorted(per_name.items(), key=lambda kv: (-kv[1][1], kv[0]))
    platform, rule, rules = detect_platform(top, events)
    dprops = [dp for dp in (top.get("deviceProperties") or []) if isinstance(dp, dict)]
    gpu_names = [str(dp.get("name", "")) for dp in dprops]

    return {
        "bare_array": bare,
        "events": len(events),
        "ph_counts": dict(sorted(ph_counts.items())),
        "x_by_cat": dict(sorted(x_by_cat.items())),
        "kind_counts": {k: x_by_cat.get(k, 0) for k in KINDS},
        "flows": dict(sorted(flows.items())),
        "flow_s_ac2g": flows.get("s/ac2g", 0),
        "flow_f_ac2g": flows.get("f/ac2g", 0),
        "metadata": ph_counts.get("M", 0),
        "kernels": len(kernels),
        "kernels_missing_dur": missing_dur,
        "kernel_total_ns": total_ns,
        "kernel_total_us": us_num(total_ns),
        "kernel_distinct_names": len(per_name),
        "kernel_streams": len(streams),
        "kernel_stream_list": sorted([list(s) for s in streams]),
        "kernel_pids": sorted(pids),
        "kernel_devices": sorted(devices),
        "kernel_first_ts_ns": first_ns,
        "kernel_last_end_ns": last_ns,
        "kernel_first_ts_us": us_num(first_ns),
        "kernel_last_end_us": us_num(last_ns),
        "kernel_window_us": us_num(None if first_ns is None else last_ns - first_ns),
        "platform": platform,
        "platform_rule": rule,
        "platform_rules_fired": rules,
        "gpu_name": gpu_names[0] if gpu_names else "",
        "gpu_names": gpu_names,
        "kernels_with_external_id": with_ext,
        "kernels_with_correlation": with_corr,
        "kernels_correlation_matched_launch": corr_matched,
        "top5_kernels": [{"name": n, "count": c, "total_ns": t, "total_us": us_num(t)}
                         for n, (c, t) in names_sorted[:5]],
        "has_python_function": has_python_function,
        "cpu_ops": cpu_ops,
        "cpu_ops_with_input_dims": cpu_ops_with_dims,
        "_names_sorted": names_sorted,
    }


def sanitize(rel):
    base = re.sub(r"\.json(\.gz)?$", "", rel)
    return re.sub(r"[^A-Za-z0-9._-]+", "_", base.replace(os.sep, "__").replace("/", "__"))


def tsv_field(s):
    return str(s).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


TSV_COLUMNS = (
    ["trace", "events", "metadata"] + ["n_" + k for k in KINDS] +
    ["flow_s_ac2g", "flow_f_ac2g", "kernels", "kernel_total_us", "kernel_distinct_names",
     "kernel_streams", "kernel_pids", "kernel_devices", "kernel_first_ts_us", "kernel_last_end_us",
     "platform", "platform_rule", "gpu_name", "gpu_names_distinct", "kernels_with_external_id",
     "kernels_with_correlation", "kernels_correlation_matched_launch", "has_python_function",
     "cpu_ops_with_input_dims", "kernels_missing_dur"])


def tsv_row(rel, r):
    distinct = []
    for n in r["gpu_names"]:
        if n not in distinct:
            distinct.append(n)
    vals = {
        "trace": rel, "events": r["events"], "metadata": r["metadata"],
        "flow_s_ac2g": r["flow_s_ac2g"], "flow_f_ac2g": r["flow_f_ac2g"],
        "kernels": r["kernels"], "kernel_total_us": us(r["kernel_total_ns"]),
        "kernel_distinct_names": r["kernel_distinct_names"], "kernel_streams": r["kernel_streams"],
        "kernel_pids": ",".join(r["kernel_pids"]), "kernel_devices": ",".join(r["kernel_devices"]),
        "kernel_first_ts_us": us(r["kernel_first_ts_ns"]), "kernel_last_end_us": us(r["kernel_last_end_ns"]),
        "platform": r["platform"], "platform_rule": r["platform_rule"], "gpu_name": r["gpu_name"],
        "gpu_names_distinct": "|".join(distinct),
        "kernels_with_external_id": r["kernels_with_external_id"],
        "kernels_with_correlation": r["kernels_with_correlation"],
        "kernels_correlation_matched_launch": r["kernels_correlation_matched_launch"],
        "has_python_function": int(r["has_python_function"]),
        "cpu_ops_with_input_dims": r["cpu_ops_with_input_dims"],
        "kernels_missing_dur": r["kernels_missing_dur"],
    }
    for k in KINDS:
        vals["n_" + k] = r["kind_counts"][k]
    return "\t".join(tsv_field(vals[c]) for c in TSV_COLUMNS)


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(repo, "..", "shared", "traces"))
    ap.add_argument("--out", default=os.path.join(repo, "tests", "golden"))
    a = ap.parse_args()
    root = os.path.normpath(a.root)
    if not os.path.isdir(root):
        print("traces root not found: %s" % root, file=sys.stderr)
        return 1

    paths = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".json") or f.endswith(".json.gz"):
                paths.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    paths.sort()

    os.makedirs(os.path.join(a.out, "kernel_names"), exist_ok=True)
    results = collections.OrderedDict()
    for rel in paths:
        if is_rocprofv3(os.path.join(root, rel)):
            continue  # not a Kineto trace: tools/profiler_exports_reference.py has its figures
        r = analyse(os.path.join(root, rel))
        names_sorted = r.pop("_names_sorted")
        with open(os.path.join(a.out, "kernel_names", sanitize(rel) + ".tsv"), "w", encoding="utf-8", newline="\n") as f:
            f.write("name\tcount\ttotal_us\n")
            for n, (c, t) in names_sorted:
                f.write("%s\t%d\t%s\n" % (tsv_field(n), c, us(t)))
        r["kernel_names_file"] = "kernel_names/" + sanitize(rel) + ".tsv"
        results[rel] = r

    with open(os.path.join(a.out, "shared_traces.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(TSV_COLUMNS) + "\n")
        for rel, r in results.items():
            f.write(tsv_row(rel, r) + "\n")
    with open(os.path.join(a.out, "shared_traces.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump({"generator": "tools/golden_reference.py", "traces": plain(results)}, f, indent=1, sort_keys=False)
        f.write("\n")

    hdr = ("trace", "events", "kernels", "kernel_us", "platform", "gpu_name", "names", "streams")
    rows = [(rel, r["events"], r["kernels"], us(r["kernel_total_ns"]), r["platform"], r["gpu_name"],
             r["kernel_distinct_names"], r["kernel_streams"]) for rel, r in results.items()]
    w = [max(len(str(x[i])) for x in rows + [hdr]) for i in range(len(hdr))]
    for row in [hdr] + rows:
        print("  ".join(str(v).ljust(w[i]) if i in (0, 4, 5) else str(v).rjust(w[i]) for i, v in enumerate(row)))
    print("\nwrote %s/shared_traces.{tsv,json} and %d files in %s/kernel_names/" % (a.out, len(results), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
