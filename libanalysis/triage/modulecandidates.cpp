#include "triage/modulecandidates.h"

#include "triage/sitetext.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <map>
#include <span>
#include <unordered_map>

namespace fusion {

namespace {

bool has(const std::string &s, std::initializer_list<const char *> words)
{
    for (const char *w : words)
        if (s.find(w) != std::string::npos)
            return true;
    return false;
}


// ---- What a kernel does, told from its name and launching op ----------------------------------

KernelKind kernelType(const std::string &rawName, const std::string &op)
{
    const std::string n = lowerAscii(rawName);
    const std::string o = lowerAscii(op);
    if (has(n, {"flash", "attn_fwd", "attn_bwd", "fmha", "attention"}))
        return KernelKind::Attention;
    static const char *gemmOps[] = {"aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::matmul", "aten::linear", "aten::_scaled_mm"};
    if (std::find(std::begin(gemmOps), std::end(gemmOps), o) != std::end(gemmOps)
        || has(n, {"gemm", "gemv", "matmul", "cublas", "cutlass", "xmma", "wgmma", "nvjet", "cijk_", "bmm"}))
        return KernelKind::Gemm;
    if (o.find("conv") != std::string::npos || has(n, {"igemm", "implicit_gemm", "fprop", "scudnn"}))
        return KernelKind::Conv;
    if (has(n, {"layer_norm", "layernorm", "rmsnorm", "rms_norm", "batch_norm", "batchnorm", "group_norm", "groupnorm", "instance_norm"}))
        return KernelKind::Norm;
    if (n.find("softmax") != std::string::npos)
        return KernelKind::Softmax;
    if (n.find("reduce_kernel") != std::string::npos)
        return KernelKind::Reduce;
    if (n.find("copy") != std::string::npos)
        return KernelKind::CopyCast;
    return KernelKind::Elementwise;
}

// ---- Containers: the nn.Module instances kernels ran under -------------------------------------

// A kernel-launching CPU op with its kernels and their time. A thread's ops, sorted by start, are
// what a container's kernels are read from: a scan of one array, no lookup per op (outer frames
// scan most of it).
struct LaunchingOp {
    Ns start, end;
    int32_t op;
    std::span<const uint32_t> kernels;
    Ns kernelTime;
};
struct ThreadOps {
    std::vector<LaunchingOp> ops;
    std::vector<size_t> kernelsBefore;  // kernels of ops[0, i): a range's count in two reads
};

struct Container {
    Ns start, end;
    ProcId pid, tid;
    std::string_view name;
    const ThreadOps *thread;  // its thread's launching ops,
    size_t first, last;       // of which [first, last) start inside it
};

// A view into `raw`.
std::string_view baseNameOf(std::string_view raw)
{
    constexpr std::string_view prefix = "nn.Module: ";
    if (raw.rfind(prefix, 0) != 0)
        return raw;  // plain frames and cpu_ops keep their full text
    std::string_view s = raw.substr(prefix.size());
    size_t end = s.size();
    while (end > 0 && s[end - 1] >= '0' && s[end - 1] <= '9')
        --end;
    if (end < s.size() && end > 0 && s[end - 1] == '_')
        return s.substr(0, end - 1);
    return s;
}

// "path(68): apply_rotary_pos_emb" → "apply_rotary_pos_emb"; module base names unchanged.
std::string displayName(const std::string &base)
{
    const size_t p = base.find("): ");
    return p == std::string::npos ? base : base.substr(p + 3);
}

bool isContainerName(std::string_view base)
{
    auto endsWith = [&](std::string_view suf) {
        return base.size() >= suf.size() && base.compare(base.size() - suf.size(), suf.size(), suf) == 0;
    };
    return base == "Sequential" || base == "ModuleList" || base == "ModuleDict" || endsWith("Layer") || endsWith("Block");
}

} // namespace

const char *kernelKindName(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Attention: return "Attention";
    case KernelKind::Gemm: return "GEMM";
    case KernelKind::Conv: return "CONV";
    case KernelKind::Norm: return "Norm";
    case KernelKind::Softmax: return "Softmax";
    case KernelKind::Reduce: return "Reduce";
    case KernelKind::CopyCast: return "Copy/Cast";
    case KernelKind::Elementwise: break;
    }
    return "Elementwise";
}


ModuleCandidates findModuleCandidates(const Trace &trace, const TraceAttribution &attr, const GpuSpecs &specs,
                                      const ModuleCandidateOptions &options)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    ModuleCandidates out;

    // The baseline impacts are shares of: the whole GPU span, idle gaps included.
    Ns lo = 0, hi = 0;
    bool any = false;
    for (const GpuOpTable *t : {&s.kernels, &s.memOps})
        for (size_t i = 0; i < t->size(); ++i) {
            lo = any ? std::min(lo, t->start[i]) : t->start[i];
            hi = any ? std::max(hi, t->end(i)) : t->end(i);
            any = true;
        }
    out.baselineMs = double(options.baseline > 0 ? options.baseline : hi - lo) / 1e6;
    const GpuSpec *gpu = nullptr;
    if (!options.gpuKey.empty())
        gpu = specs.byKey(options.gpuKey);
    else if (const auto dev = analysedDevice(s))
        gpu = specs.find(*dev);
    out.gpuKey = gpu ? gpu->key : "";
    if (out.baselineMs <= 0)
        return out;

    // Kernels per launching cpu_op, in id order: slices of one array (a vector per op, hundreds of
    // thousands of them, kept malloc busy), counted first, then filled.
    auto launched = [&](size_t i) {
        return i < attr.cpuOp.size() && attr.cpuOp[i] >= 0 && attr.kind[i] != AttributionKind::Inferred;
    };
    std::vector<uint32_t> opBegin(s.cpuOps.size() + 1, 0), opKernels;
    for (size_t i = 0; i < k.size(); ++i)
        if (launched(i))
            ++opBegin[size_t(attr.cpuOp[i]) + 1];
    for (size_t o = 0; o < s.cpuOps.size(); ++o)
        opBegin[o + 1] += opBegin[o];
    opKernels.resize(opBegin.back());
    {
        std::vector<uint32_t> next(opBegin.begin(), opBegin.end() - 1);
        for (size_t i = 0; i < k.size(); ++i)
            if (launched(i))
                opKernels[next[size_t(attr.cpuOp[i])]++] = uint32_t(i);
    }
    auto kernelsOfOp = [&](int32_t op) {
        return std::span<const uint32_t>(opKernels).subspan(opBegin[size_t(op)], opBegin[size_t(op) + 1] - opBegin[size_t(op)]);
    };
    // Per thread, its kernel-launching ops sorted by start.
    std::map<std::pair<ProcId, ProcId>, ThreadOps> opsOfThread;
    for (size_t o = 0; o < s.cpuOps.size(); ++o) {
        const auto ks = kernelsOfOp(int32_t(o));
        if (ks.empty())
            continue;
        Ns time = 0;
        for (uint32_t kid : ks)
            time += k.dur[kid];
        opsOfThread[{s.cpuOps.pid[o], s.cpuOps.tid[o]}].ops.push_back(
            {s.cpuOps.start[o], s.cpuOps.start[o] + s.cpuOps.dur[o], int32_t(o), ks, time});
    }
    for (auto &[t, thread] : opsOfThread) {
        std::sort(thread.ops.begin(), thread.ops.end(), [](const LaunchingOp &a, const LaunchingOp &b) {
            return std::make_pair(a.start, a.op) < std::make_pair(b.start, b.op);
        });
        thread.kernelsBefore.assign(1, 0);
        for (const LaunchingOp &op : thread.ops)
            thread.kernelsBefore.push_back(thread.kernelsBefore.back() + op.kernels.size());
    }

    // The frames and ops that could hold two kernels. A real trace has millions of them, most around
    // one kernel or none: the kernels of the ops starting inside one bound what it holds, so those
    // bound below two are left out before the sort (they would be skipped after it).
    std::vector<Container> containers;
    std::pair<ProcId, ProcId> lastThread{};
    const ThreadOps *thread = nullptr;
    bool looked = false;
    auto addIfHolding = [&](Ns start, Ns dur, ProcId pid, ProcId tid, StrId name) {
        if (dur <= 0)
            return;
        if (!looked || lastThread != std::make_pair(pid, tid)) {  // rows come in runs of one thread
            const auto it = opsOfThread.find({pid, tid});
            thread = it == opsOfThread.end() ? nullptr : &it->second;
            lastThread = {pid, tid};
            looked = true;
        }
        if (!thread)
            return;
        const Ns end = start + dur;
        const auto &ops = thread->ops;
        const auto from = std::lower_bound(ops.begin(), ops.end(), start,
                                           [](const LaunchingOp &op, Ns v) { return op.start < v; });
        const auto to = std::upper_bound(from, ops.end(), end, [](Ns v, const LaunchingOp &op) { return v < op.start; });
        const size_t first = size_t(from - ops.begin()), last = size_t(to - ops.begin());
        if (thread->kernelsBefore[last] - thread->kernelsBefore[first] < 2)
            return;
        containers.push_back({start, end, pid, tid, s.str(name), thread, first, last});
    };
    for (size_t i = 0; i < s.pyFrames.size(); ++i)
        addIfHolding(s.pyFrames.start[i], s.pyFrames.dur[i], s.pyFrames.pid[i], s.pyFrames.tid[i], s.pyFrames.name[i]);
    for (size_t i = 0; i < s.cpuOps.size(); ++i)
        addIfHolding(s.cpuOps.start[i], s.cpuOps.dur[i], s.cpuOps.pid[i], s.cpuOps.tid[i], s.cpuOps.name[i]);
    std::stable_sort(containers.begin(), containers.end(), [](const Container &a, const Container &b) {
        return a.start != b.start ? a.start < b.start : a.end > b.end;
    });

    // Split each op's cost (bytes and flops from its shapes) evenly over its kernels.
    std::unordered_map<int32_t, KernelCost> opCost;
    auto kernelOf = [&](uint32_t id) {
        ModuleKernel mk;
        mk.kernel = id;
        mk.name = std::string(s.str(k.name[id]));
        const int32_t op = attr.cpuOp[id];
        mk.op = std::string(s.str(s.cpuOps.name[size_t(op)]));
        mk.type = kernelType(mk.name, mk.op);
        mk.dur = k.dur[id];
        auto it = opCost.find(op);
        if (it == opCost.end())
            it = opCost.emplace(op, costOfOp(s, size_t(op), mk.name)).first;
        KernelCost c = it->second;
        const double n = double(kernelsOfOp(op).size());
        if (c.modeled && n > 1) {
            c.flops /= n;
            if (c.bytesIn > 0)
                c.bytesIn /= n;
            if (c.bytesOut > 0)
                c.bytesOut /= n;
        }
        mk.cost = c;
        return mk;
    };

    // The name tests below, once per distinct kernel name: a model's outermost frames hold every
    // kernel of the run, and testing (or copying) each of their kernels made triage take minutes.
    enum : uint8_t { kTested = 1, kExcluded = 2, kAlreadyFused = 4 };
    std::vector<uint8_t> nameFlags(s.strings.size(), 0);
    auto flagsOf = [&](uint32_t kid) {
        uint8_t &f = nameFlags[k.name[kid]];
        if (!f) {
            const std::string n = lowerAscii(std::string(s.str(k.name[kid])));
            f = kTested | (has(n, {"nccl", "rccl", "memcpy", "memset"}) ? kExcluded : 0)
                | (has(n, {"attn_fwd", "attn_bwd", "fmha", "unified_attention", "paged_attention", "flash_attn",
                           "flash_fwd", "silu_and_mul"}) ? kAlreadyFused : 0);
        }
        return f;
    };
    // A module holding an already fused kernel, or fewer than two it could fuse, is no candidate.
    auto eligibleKernels = [&](const std::vector<uint32_t> &ks) -> size_t {
        size_t eligible = 0;
        for (uint32_t kid : ks) {
            const uint8_t f = flagsOf(kid);
            if (f & kAlreadyFused)
                return 0;
            eligible += !(f & kExcluded);
        }
        return eligible;
    };

    std::vector<ModuleCandidate> cands;
    std::unordered_map<std::string_view, size_t> candOfBase;  // views into the trace's strings
    std::vector<const Container *> firstInstance;
    for (const Container &c : containers) {
        // Of the ops that start inside the container, those that also end inside: first their count
        // and time, the kernel ids only for the first instance of a name.
        const auto first = c.thread->ops.begin() + long(c.first), last = c.thread->ops.begin() + long(c.last);
        size_t count = 0;
        Ns time = 0;
        for (auto it = first; it != last; ++it)
            if (it->end <= c.end + 1) {
                count += it->kernels.size();
                time += it->kernelTime;
            }
        if (count < 2)
            continue;
        const std::string_view base = baseNameOf(c.name);
        if (auto it = candOfBase.find(base); it != candOfBase.end()) {
            ++cands[it->second].instanceCount;
            cands[it->second].totalKernelTime += time;
            continue;
        }
        std::vector<uint32_t> ks;
        ks.reserve(count);
        for (auto it = first; it != last; ++it)
            if (it->end <= c.end + 1)
                ks.insert(ks.end(), it->kernels.begin(), it->kernels.end());
        ModuleCandidate m;
        m.operation = displayName(std::string(base));
        m.moduleName = std::string(c.name);
        m.eligibleKernelCount = eligibleKernels(ks);
        if (m.eligibleKernelCount >= 2)  // the others are dropped by the gates below: kernels not needed
            for (uint32_t kid : ks)
                m.kernels.push_back(kernelOf(kid));
        m.totalKernelTime = time;
        candOfBase.emplace(base, cands.size());
        cands.push_back(std::move(m));
        firstInstance.push_back(&c);
    }

    // Gates: two or more kernels to fuse; not matrices with only norms or copies beside them (those
    // are library calls already); not a plain container (Sequential, ModuleList).
    std::vector<ModuleCandidate> kept;
    for (size_t ci = 0; ci < cands.size(); ++ci) {
        ModuleCandidate &m = cands[ci];
        if (m.eligibleKernelCount < 2)
            continue;
        const bool anyMatrix = std::any_of(m.kernels.begin(), m.kernels.end(), [](const ModuleKernel &x) { return x.matrix(); });
        const bool restNormOrCopy = std::all_of(m.kernels.begin(), m.kernels.end(), [](const ModuleKernel &x) {
            return x.matrix() || x.type == KernelKind::CopyCast
                || has(lowerAscii(x.name), {"batchnorm", "layernorm", "groupnorm", "instancenorm", "rmsnorm"});
        });
        if (anyMatrix && restNormOrCopy)
            continue;
        if (isContainerName(baseNameOf(m.moduleName)))
            continue;
        // Attention-core narrowing: GEMM … softmax … GEMM.
        for (size_t i = 0; i < m.kernels.size(); ++i) {
            if (lowerAscii(m.kernels[i].name).find("softmax") == std::string::npos)
                continue;
            int before = -1, after = -1;
            for (int j = int(i) - 1; j >= 0 && before < 0; --j)
                if (m.kernels[size_t(j)].type == KernelKind::Gemm)
                    before = j;
            for (size_t j = i + 1; j < m.kernels.size() && after < 0; ++j)
                if (m.kernels[j].type == KernelKind::Gemm)
                    after = int(j);
            if (before < 0 || after < 0)
                continue;
            m.kernels = std::vector<ModuleKernel>(m.kernels.begin() + before, m.kernels.begin() + after + 1);
            m.eligibleKernelCount = m.kernels.size();
            Ns slice = 0;
            for (const ModuleKernel &x : m.kernels)
                slice += x.dur;
            m.totalKernelTime = slice * Ns(m.instanceCount);
            break;
        }
        // Parent chain of the first instance: enclosing containers on its thread, innermost first.
        const Container &self = *firstInstance[ci];
        std::vector<const Container *> parents;
        for (const Container &c : containers)
            if (&c != &self && c.pid == self.pid && c.tid == self.tid && c.start <= self.start && c.end >= self.end
                && (c.start < self.start || c.end > self.end || &c < &self))
                parents.push_back(&c);
        std::sort(parents.begin(), parents.end(), [](const Container *a, const Container *b) {
            return a->end - a->start < b->end - b->start;
        });
        for (const Container *p : parents)
            m.parentChain.push_back(std::string(baseNameOf(p->name)));
        kept.push_back(std::move(m));
    }
    // Kernel-set dedup: the same ordered kernel list keeps the module scope with the deepest chain.
    std::vector<ModuleCandidate> unique;
    std::map<std::vector<std::string>, size_t> byKernels;
    for (ModuleCandidate &m : kept) {
        std::vector<std::string> key;
        for (const ModuleKernel &x : m.kernels)
            key.push_back(x.name);
        auto it = byKernels.find(key);
        if (it == byKernels.end()) {
            byKernels.emplace(std::move(key), unique.size());
            unique.push_back(std::move(m));
            continue;
        }
        ModuleCandidate &old = unique[it->second];
        const auto rank = [](const ModuleCandidate &c) {
            return std::make_pair(c.moduleName.rfind("nn.Module:", 0) == 0, c.parentChain.size());
        };
        if (rank(m) > rank(old))
            old = std::move(m);
    }
    std::stable_sort(unique.begin(), unique.end(), [](const ModuleCandidate &a, const ModuleCandidate &b) {
        return a.totalKernelTime > b.totalKernelTime;
    });

    // Before estimating: too many kernels to fuse as one, or the same module seen again.
    std::vector<ModuleCandidate> filtered;
    std::map<std::tuple<uint64_t, size_t, long long>, size_t> bySignature;
    for (ModuleCandidate &m : unique) {
        if (m.kernels.size() > 15)
            continue;
        if (double(m.totalKernelTime) / 1000.0 < out.baselineMs * 10 * 2.0)
            continue;
        const auto sig = std::make_tuple(m.instanceCount, m.kernels.size(), std::llround(double(m.totalKernelTime) / 100.0));
        if (auto it = bySignature.find(sig); it != bySignature.end()) {
            if (m.moduleName.size() < filtered[it->second].moduleName.size())
                filtered[it->second] = std::move(m);
            continue;
        }
        bySignature.emplace(sig, filtered.size());
        filtered.push_back(std::move(m));
    }

    // Estimates: the fused kernel's time from its bytes and flops on this GPU, against the measured time.
    for (ModuleCandidate &m : filtered) {
        const auto &ks = m.kernels;
        if (ks.size() < 2)
            continue;
        size_t modeled = 0, matrices = 0;
        bool triton = false, normOnly = true;
        for (const ModuleKernel &x : ks) {
            modeled += x.cost.modeled;
            matrices += x.matrix();
            triton = triton || x.name.rfind("triton_", 0) == 0;
            if (!x.matrix())
                normOnly = normOnly && (x.type == KernelKind::Norm || has(lowerAscii(x.name), {"batchnorm", "layernorm", "groupnorm",
                                                                                      "instancenorm", "miopenbatchnorm", "rmsnorm"}));
        }
        if (!modeled || matrices == ks.size() || triton || (matrices && normOnly))
            continue;
        const double coverage = double(modeled) / double(ks.size());
        if (coverage < (ks.size() < 5 ? 0.5 : 0.75))
            continue;
        double currentUs = 0;
        for (const ModuleKernel &x : ks)
            currentUs += double(x.dur) / 1000.0;
        if (currentUs <= 0)
            continue;
        // Sub-groups: each matrix kernel starts a new group.
        std::vector<std::vector<const ModuleKernel *>> groups;
        for (const ModuleKernel &x : ks) {
            if (x.matrix() || groups.empty())
                groups.emplace_back();
            groups.back().push_back(&x);
        }
        double savings = 0;
        bool estimable = true, epilogue = false;
        for (const auto &g : groups) {
            const bool gm = std::any_of(g.begin(), g.end(), [](const ModuleKernel *x) { return x->matrix(); });
            const bool gn = std::any_of(g.begin(), g.end(), [](const ModuleKernel *x) { return !x->matrix(); });
            if (gm && gn) {
                epilogue = true;
                for (const ModuleKernel *x : g)
                    if (!x->matrix())
                        savings += double(x->dur) / 1000.0;
            } else if (!gm) {
                std::vector<const ModuleKernel *> md;
                double groupUs = 0, unmodeledUs = 0;
                for (const ModuleKernel *x : g) {
                    groupUs += double(x->dur) / 1000.0;
                    if (x->cost.modeled)
                        md.push_back(x);
                    else
                        unmodeledUs += double(x->dur) / 1000.0;
                }
                if (md.empty())
                    continue;
                if (!gpu) {
                    estimable = false;
                    break;
                }
                const auto side = [](const KernelCost &c, bool in) {
                    const double v = in ? c.bytesIn : c.bytesOut;
                    if (v >= 0)
                        return v;
                    return (std::max(c.bytesIn, 0.0) + std::max(c.bytesOut, 0.0)) / 2.0;
                };
                const double bytes = side(md.front()->cost, true) + side(md.back()->cost, false);
                double flops = 0;
                for (const ModuleKernel *x : md)
                    flops += x->cost.flops;
                const auto vec = gpu->peakFlops.find("vector_fp32");
                const double tMem = bytes / gpu->hbmBytesPerS * 1e6;
                const double tVec = vec == gpu->peakFlops.end() ? 0.0 : flops / vec->second * 1e6;
                const double tOpt = std::max(tMem, tVec), tSum = tMem + tVec;
                const double tFused = tOpt + (1.0 - 0.85) * (tSum - tOpt);
                savings += std::max(0.0, groupUs - tFused - unmodeledUs);
            }
        }
        if (!estimable)
            continue;
        const double gapHigh = savings / currentUs;
        m.timeMs = currentUs * double(m.instanceCount) / 1000.0;
        m.savingsHighMs = savings * double(m.instanceCount) / 1000.0;
        if (m.savingsHighMs < 0.1)
            continue;
        m.impactHigh = gapHigh * m.timeMs / out.baselineMs * 100.0;
        m.impactMid = 0.875 * m.impactHigh;
        m.impactLow = 0.75 * m.impactHigh;
        if (m.impactHigh < 2.0)
            continue;
        m.modeledKernelCount = modeled;
        m.estimation = modeled == ks.size() ? Estimation::Full : Estimation::Partial;
        m.bound = epilogue ? Bound::Compute : Bound::Memory;
        m.matrixFusion = matrices > 0;
        if (modeled < ks.size())
            m.warning = std::to_string(ks.size() - modeled) + " of " + std::to_string(ks.size())
                      + " kernels lack a cost model; their measured time is used";
        // Confidence (a name and a kernel composition agree on what the module is) and label.
        const std::string hint = lowerAscii(std::string(baseNameOf(m.moduleName)) + " " + m.moduleName);
        std::string nameSignal;
        if (has(hint, {"attention", "sdpa", "self_attn"}))
            nameSignal = "attention";
        else if (has(hint, {"rmsnorm", "rms_norm", "layernorm", "layer_norm", "batchnorm", "batch_norm"}))
            nameSignal = "norm";
        else if (has(hint, {"mlp"}))
            nameSignal = "mlp";
        else if (has(hint, {"rotary", "rope", "apply_rotary"}))
            nameSignal = "rope";
        else if (has(hint, {"silu", "swiglu"}))
            nameSignal = "siglu";
        bool anySoftmax = false, anyRsqrt = false, anyNeg = false, anyCat = false, anyAct = false, anyMul = false;
        for (const ModuleKernel &x : ks) {
            const std::string n = lowerAscii(x.name);
            anySoftmax = anySoftmax || n.find("softmax") != std::string::npos;
            anyRsqrt = anyRsqrt || n.find("rsqrt") != std::string::npos;
            anyNeg = anyNeg || n.find("neg") != std::string::npos;
            anyCat = anyCat || has(n, {"catarray", "cat_"});
            anyAct = anyAct || has(n, {"silu", "gelu"});
            anyMul = anyMul || has(n, {"mul"});
        }
        std::string composition;
        if (matrices >= 2 && anySoftmax)
            composition = "attention";
        else if (anyRsqrt)
            composition = "norm";
        else if (matrices >= 2 && matrices < ks.size())
            composition = "mlp";
        else if (anyNeg && anyCat)
            composition = "rope";
        else if (!matrices && ks.size() >= 3)
            composition = "elementwise_chain";
        m.confidence = !nameSignal.empty() && !composition.empty() ? Confidence::High
                     : (!nameSignal.empty() || !composition.empty()) ? Confidence::Medium : Confidence::Low;
        const bool anySub = std::any_of(ks.begin(), ks.end(), [](const ModuleKernel &x) { return x.op == "aten::sub"; });
        if (nameSignal == "attention")
            m.label = "Unfused attention";
        else if (nameSignal == "norm")
            m.label = anySub || has(hint, {"layer_norm", "layernorm"}) ? "Unfused LayerNorm"
                    : has(hint, {"batch_norm", "batchnorm"}) ? "Unfused BatchNorm" : "Unfused RMSNorm";
        else if (nameSignal == "rope")
            m.label = "Unfused RoPE";
        else if (anyAct && anyMul)
            m.label = "Unfused SwiGLU/GeGLU";
        else if (epilogue)
            m.label = "GEMM epilogue";
        else if (composition == "elementwise_chain")
            m.label = "Element-wise chain";
        else
            m.label = "Fusion candidate";
        out.candidates.push_back(std::move(m));
    }
    std::stable_sort(out.candidates.begin(), out.candidates.end(),
                     [](const ModuleCandidate &a, const ModuleCandidate &b) { return a.impactMid > b.impactMid; });
    return out;
}

} // namespace fusion
