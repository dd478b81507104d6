#!/usr/bin/env python3
"""Which kernels of a real trace are which fusion pieces, and in what order they run.

Standard library only, written apart from the C++ code so that its figures can check the triage's
fusion families (tests/golden/tst_fusionfamilies.cpp quotes them). For one Kineto trace it prints:

  * every kernel sorted into a piece kind by its name alone (regular expressions below): GEMM, MoE
    GEMM, MoE routing, quantization, activation, norm, eager norm pieces, RoPE, KV-cache write,
    attention, softmax, element-wise add/mul, copy, other; with counts and times;
  * the pairs of kinds that follow each other directly on one stream (A -> B, counted);
  * per Python call (nn.Module or function frame active at the launching cpu_op, or at the launch
    when there is no cpu_op): the kinds of the kernels it launched, grouped by frame name, so that
    e.g. "apply_rotary_pos_emb: 24 calls, each neg x2 cat x2 mul x4 add x2" can be read off.

Usage:  python3 tools/kernel_pieces.py TRACE [--calls REGEX] [--follow KIND] [--seq PATTERN]...
  --calls REGEX   print per-call kernel kinds only for frames whose name matches REGEX
  --follow KIND   list what runs right after each kernel of KIND on its stream
  --seq PATTERN   count the places where kernels of these kinds run one after the other on one
                  stream, e.g. "gemm activation" or "pow mean * rsqrt" (* = any kernel, a|b = either
                  kind); prints the count and the time of the kernels at each position
"""
import argparse
import bisect
import collections
import gzip
import json
import re
import sys

# First match wins; tested on the lower-cased kernel name.
KINDS = [
    ("epilogue", r"epilogue::impl::globalkernel"),
    ("kv_cache", r"reshape_and_cache|store_kvcache|set_kv_buffer|cache_kernel|kvcache_write|concat_and_cache"),
    ("attention", r"flash|attn_fwd|attn_bwd|fmha|attention|reduce_segments"),
    ("moe_gemm", r"matmul_ogs|fused_moe|moe_gemm|grouped_gemm|ck_moe|fmoe"),
    ("moe_routing", r"topk|routing|moe_align|moe_sum|bitmatrix|finalize_matmul_scatter|moe_sorting|"
                    r"topkgating|expert"),
    # A norm kernel that also quantizes its output, told by its template arguments: aiter
    # add_rmsnorm_quant_kernel<I, O, block, size, ADD_RESIDUAL, FUSE_QUANT, ...> (mangled Lb1E =
    # true) and ck_tile Rmsnorm2dFusedQuantEnum (0 = no quantization).
    ("norm_quant", r"rmsnorm_quant_kernel\w*?li\d+eli\d+elb[01]elb1e|rmsnorm2dfusedquantenume[1-9]|"
                   r"rms_norm\w*quant|rmsnorm\w*fp8"),
    ("norm", r"rmsnorm|rms_norm|layer_norm|layernorm|mean_mul_pow_rsqrt|batch_norm|group_norm"),
    ("quant", r"quant|cvt_fp16_to_fp4|to_fp8|float8|fp8_cast|scaled_fp8"),
    ("fft", r"fft2d"),  # the transforms of an FFT convolution (its GEMM is gcgemm)
    ("gemm", r"gemm|cijk_|cutlass|xmma|nvjet|matmul|cublas|gemv|scudnn|fprop|wgmma"),
    ("rope", r"rotary|rope"),
    ("softmax", r"softmax"),
    ("activation", r"silu|gelu|relu|clamp_scalar|sigmoid|tanh|act_and_mul|swiglu"),
    ("dropout", r"dropout"),
    ("pow", r"pow_tensor"),
    ("mean", r"meanops"),
    ("rsqrt", r"rsqrt"),
    ("neg", r"neg_kernel"),
    ("cat", r"catarraybatched"),
    ("add", r"functor_add|add_kernel"),
    ("mul", r"mulfunctor|mul_kernel"),
    ("copy", r"copy|fill|pad"),
]
KIND_RE = [(k, re.compile(p)) for k, p in KINDS]


def kind_of(name):
    n = name.lower()
    for k, r in KIND_RE:
        if r.search(n):
            return k
    return "other"


def load(path):
    opener = gzip.open if open(path, "rb").read(2) == b"\x1f\x8b" else open
    with opener(path, "rt") as f:
        d = json.load(f)
    return d["traceEvents"] if isinstance(d, dict) else d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--calls", default="")
    ap.add_argument("--follow", default="")
    ap.add_argument("--seq", action="append", default=[])
    a = ap.parse_args()
    ev = load(a.trace)
    kernels = [e for e in ev if e.get("ph") == "X" and str(e.get("cat", "")).lower() == "kernel"]
    # The device with the most kernel time (multi-GPU traces).
    per_pid = collections.Counter()
    for k in kernels:
        per_pid[k.get("pid")] += k.get("dur", 0)
    if per_pid:
        pid = per_pid.most_common(1)[0][0]
        kernels = [k for k in kernels if k.get("pid") == pid]
    kernels.sort(key=lambda e: (e["ts"], e["ts"] + e.get("dur", 0)))
    total = sum(k.get("dur", 0) for k in kernels)
    print(f"{len(kernels)} kernels, {total:.3f} us")

    kinds = collections.defaultdict(lambda: [0, 0.0, collections.Counter()])
    for k in kernels:
        kk = kind_of(k["name"])
        k["_kind"] = kk
        kinds[kk][0] += 1
        kinds[kk][1] += k.get("dur", 0)
        kinds[kk][2][k["name"][:90]] += 1
    print("\nkinds (count, us, share):")
    for kk, (n, t, names) in sorted(kinds.items(), key=lambda x: -x[1][1]):
        print(f"  {kk:12s} {n:6d} {t:12.3f} {100 * t / total:6.2f}%")
        for nm, c in names.most_common(4):
            print(f"      {c:5d} x {nm}")

    streams = collections.defaultdict(list)
    for k in kernels:
        args = k.get("args", {})
        streams[args.get("stream", args.get("cuda_stream", k.get("tid")))].append(k)
    pairs = collections.Counter()
    follow = collections.Counter()
    for s in streams.values():
        for x, y in zip(s, s[1:]):
            pairs[(x["_kind"], y["_kind"])] += 1
            if a.follow and x["_kind"] == a.follow:
                follow[y["name"][:90]] += 1
    print("\nkind -> next kind on the same stream:")
    for (x, y), c in sorted(pairs.items(), key=lambda p: -p[1]):
        if x != y or x not in ("other", "copy"):
            print(f"  {c:6d}  {x} -> {y}")
    for pattern in a.seq:
        want = [None if p == "*" else set(p.split("|")) for p in pattern.split()]
        hits, times = 0, [0.0] * len(want)
        for s in streams.values():
            for i in range(len(s) - len(want) + 1):
                if all(w is None or s[i + j]["_kind"] in w for j, w in enumerate(want)):
                    hits += 1
                    for j in range(len(want)):
                        times[j] += s[i + j].get("dur", 0)
        print(f"\nsequence {pattern!r}: {hits} on one stream; us per position: "
              + ", ".join(f"{t:.3f}" for t in times))
    if a.follow:
        print(f"\nafter {a.follow}:")
        for nm, c in follow.most_common():
            print(f"  {c:6d}  {nm}")

    # Kernel -> launching cpu_op (External id), else its runtime launch (correlation).
    ops = {}
    launches = {}
    for e in ev:
        if e.get("ph") != "X":
            continue
        cat = str(e.get("cat", "")).lower()
        args = e.get("args", {})
        if cat == "cpu_op" and "External id" in args:
            ops.setdefault(args["External id"], e)
        elif cat in ("cuda_runtime", "cuda_driver") and "correlation" in args:
            launches[args["correlation"]] = e
    frames = collections.defaultdict(list)  # (pid, tid) -> python frames sorted by ts
    for e in ev:
        if e.get("ph") == "X" and e.get("cat") == "python_function":
            frames[(e["pid"], e["tid"])].append(e)
    starts = {}
    for key, fs in frames.items():
        fs.sort(key=lambda e: e["ts"])
        starts[key] = [f["ts"] for f in fs]

    def active(host, probe):
        fs = frames.get((host["pid"], host["tid"]), [])
        i = bisect.bisect_right(starts.get((host["pid"], host["tid"]), []), probe)
        return [f for f in fs[:i] if f["ts"] + f.get("dur", 0) >= probe]

    calls = collections.defaultdict(collections.Counter)  # (frame name, frame ts) -> kinds
    if frames and a.calls:
        want = re.compile(a.calls)
        for k in kernels:
            args = k.get("args", {})
            host = ops.get(args.get("External id"))
            probe = None
            if host is not None:
                probe = host["ts"] + min(0.5 * host.get("dur", 0), 1.0)
            else:
                host = launches.get(args.get("correlation"))
                if host is not None:
                    probe = host["ts"]
            if host is None:
                continue
            for f in active(host, probe):
                if want.search(f["name"]):
                    calls[(f["name"], f["ts"])][k["_kind"]] += 1
        byname = collections.defaultdict(collections.Counter)
        for (name, _), kc in calls.items():
            base = re.sub(r"_\d+$", "", name)
            byname[base][" ".join(f"{kk}x{n}" for kk, n in sorted(kc.items()))] += 1
        print(f"\ncalls of frames matching {a.calls!r} (calls, kinds launched per call):")
        for base, shapes in sorted(byname.items()):
            print(f"  {base}: {sum(shapes.values())} calls")
            for shape, c in shapes.most_common():
                print(f"      {c:5d} x {shape}")


if __name__ == "__main__":
    sys.exit(main())
