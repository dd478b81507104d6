#!/usr/bin/env python3
"""Reference figures of rocprofv3 JSON and Nsight Systems SQLite exports, computed independently of
the C++ readers (Python's json, gzip and sqlite3 modules only), for the golden tests.

    tools/profiler_exports_reference.py [FILE...]     (default: the samples under ../shared/traces)

For each file it prints: kernels (dispatches with end >= start), their total time in microseconds
(exact: integer nanoseconds printed with 3 decimals), distinct kernel names, the five names with the
most time (count, total us), the GPU the most kernel time ran on and its name, memory copies,
memsets, runtime API calls (HIP / CUDA runtime and driver) and CPU ranges (roctx / NVTX).

Naming rules (what FusionScope is specified to do, applied here on their own):
  * rocprofv3: kernel_symbols[kernel_id].formatted_kernel_name (else demangled_kernel_name without
    " [clone .kd]", else kernel_name without ".kd"); the GPU name is the product_name of the agent
    (type 2) the dispatches ran on.
  * Nsight: StringIds[demangledName] (else shortName, else mangledName); the GPU name from
    TARGET_INFO_GPU, joined through TARGET_INFO_CUDA_DEVICE (cudaId -> gpuId) when present, else by
    TARGET_INFO_GPU.cuDevice; runtime calls are the rows of eventClass 0 or 1.
"""
import collections
import gzip
import json
import os
import sqlite3
import sys


def us(ns):
    return "%d.%03d" % divmod(ns, 1000)


def rocprof(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    kernels = collections.defaultdict(lambda: [0, 0])
    per_agent = collections.Counter()
    gpu_names = {}
    copies = apis = ranges = 0
    for proc in doc["rocprofiler-sdk-tool"]:
        names = {}
        for s in proc.get("kernel_symbols", []):
            n = s.get("formatted_kernel_name") or ""
            if not n:
                n = s.get("demangled_kernel_name") or ""
                n = n[:-len(" [clone .kd]")] if n.endswith(" [clone .kd]") else n
            if not n:
                n = s.get("kernel_name") or ""
                n = n[:-3] if n.endswith(".kd") else n
            names[s["kernel_id"]] = n
        for a in proc.get("agents", []):
            if a.get("type") == 2:
                gpu_names[a["id"]["handle"]] = a.get("product_name") or a.get("name")
        rec = proc.get("buffer_records", {})
        for d in rec.get("kernel_dispatch", []):
            dur = d["end_timestamp"] - d["start_timestamp"]
            if dur < 0:
                continue
            info = d["dispatch_info"]
            k = kernels[names.get(info["kernel_id"], "kernel_id %d" % info["kernel_id"])]
            k[0] += 1
            k[1] += dur
            per_agent[info["agent_id"]["handle"]] += dur
        copies += len(rec.get("memory_copy", []))
        apis += len(rec.get("hip_api", []))
        msgs = {m["key"] for m in proc.get("strings", {}).get("marker_api", [])}
        ranges += sum(1 for m in rec.get("marker_api", []) if m["correlation_id"]["internal"] in msgs)
    agent = per_agent.most_common(1)[0][0] if per_agent else None
    return kernels, gpu_names.get(agent, ""), copies, 0, apis, ranges


def nsight(path):
    db = sqlite3.connect("file:%s?mode=ro&immutable=1" % path, uri=True)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    strings = dict(db.execute("SELECT id, value FROM StringIds"))
    kernels = collections.defaultdict(lambda: [0, 0])
    per_device = collections.Counter()
    for start, end, dev, dem, short, mangled in db.execute(
            "SELECT start, end, deviceId, demangledName, shortName, mangledName FROM CUPTI_ACTIVITY_KIND_KERNEL"):
        if end < start:
            continue
        name = strings.get(dem) or strings.get(short) or strings.get(mangled) or ""
        kernels[name][0] += 1
        kernels[name][1] += end - start
        per_device[dev] += end - start
    device = per_device.most_common(1)[0][0] if per_device else None
    gpu = ""
    if "TARGET_INFO_GPU" in tables:
        cols = {r[1] for r in db.execute("PRAGMA table_info(TARGET_INFO_GPU)")}
        if "TARGET_INFO_CUDA_DEVICE" in tables:
            row = db.execute("SELECT g.name FROM TARGET_INFO_CUDA_DEVICE c JOIN TARGET_INFO_GPU g ON g.id = c.gpuId "
                             "WHERE c.cudaId = ?", (device,)).fetchone()
        else:
            row = db.execute("SELECT name FROM TARGET_INFO_GPU WHERE %s = ?" % ("cuDevice" if "cuDevice" in cols else "id"),
                             (device,)).fetchone()
        gpu = row[0] if row else ""

    def count(table, where=""):
        return db.execute("SELECT count(*) FROM %s %s" % (table, where)).fetchone()[0] if table in tables else 0
    calls = count("CUPTI_ACTIVITY_KIND_RUNTIME", "WHERE eventClass IN (0, 1)")
    ranges = count("NVTX_EVENTS", "WHERE eventType IN (59, 60, 70, 71) AND end IS NOT NULL")
    return kernels, gpu, count("CUPTI_ACTIVITY_KIND_MEMCPY"), count("CUPTI_ACTIVITY_KIND_MEMSET"), calls, ranges


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shared = os.path.join(repo, "..", "shared", "traces")
    files = sys.argv[1:] or [os.path.join(shared, p) for p in (
        "rocprofv3/908_results.json.gz", "nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite",
        "nsys/perlmutter-cloverleaf-cuda.sqlite")]
    for path in files:
        with open(path, "rb") as f:
            head = f.read(16)
        kernels, gpu, copies, memsets, calls, ranges = (nsight if head.startswith(b"SQLite format 3") else rocprof)(path)
        total = sum(t for _, t in kernels.values())
        print("%s\n  kernels %d, total %s us, %d distinct names, GPU %r" % (
            os.path.relpath(path, shared), sum(c for c, _ in kernels.values()), us(total), len(kernels), gpu))
        print("  memcpy %d, memset %d, runtime calls %d, CPU ranges %d" % (copies, memsets, calls, ranges))
        for name, (c, t) in sorted(kernels.items(), key=lambda kv: (-kv[1][1], kv[0]))[:5]:
            print("    %6d  %14s us  %s" % (c, us(t), name[:150]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
