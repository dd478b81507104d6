#include "compare/modulecomparison.h"
#include "compare/comparison.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace fusion {

namespace {

// The kernel time the analysis covers: the whole file, or the kernels of the scope's steps.
Ns scopeKernelTime(const AnalyzedTrace &t)
{
    const GpuOpTable &k = t.trace->store.kernels;
    Ns total = 0;
    for (uint32_t id = 0; id < k.size(); ++id)
        if (t.stages.ofKernel[id] != Stage::Outside)
            total += k.dur[id];
    return total;
}


struct ModuleStats {
    uint32_t calls = 0;  // runs of consecutive kernels (on one stream) under one instance: one call each
    std::vector<uint32_t> kernels;
    Ns total = 0;
};

// "Qwen2RMSNorm_3" → "Qwen2RMSNorm"; scopes may carry the "nn.Module: " prefix.
std::string baseName(std::string_view scope)
{
    if (scope.starts_with("nn.Module: "))
        scope.remove_prefix(11);
    const size_t us = scope.rfind('_');
    if (us != std::string_view::npos && us + 1 < scope.size()
        && std::all_of(scope.begin() + long(us) + 1, scope.end(), [](char c) { return c >= '0' && c <= '9'; }))
        scope = scope.substr(0, us);
    return std::string(scope);
}

// Containers hold whole sub-networks; comparing their kernel counts says nothing about fusion.
bool isContainer(const std::string &base, const std::string &blockName)
{
    static const char *words[] = {"Model", "ModuleList", "Sequential", "ForCausalLM", "Layer", "Block", "Decoder", "Encoder"};
    if (!blockName.empty() && base == blockName)
        return true;
    for (const char *w : words)
        if (base.find(w) != std::string::npos)
            return true;
    return false;
}

std::map<std::string, ModuleStats> modulesOf(const AnalyzedTrace &t)
{
    // Kernels share a few hundred scope chains: each chain's modules (those that are no container)
    // are found once, as (module, instance) indices, so that the kernel loop does no string work.
    // An instance is the scope as written ("Qwen2MLP_3"), its module the base name ("Qwen2MLP").
    const auto &scopes = t.attribution.scopes;
    std::map<std::string, uint32_t> moduleIndex, instanceIndex;
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> modulesOfChain(scopes.size());
    for (size_t s = 1; s < scopes.size(); ++s)
        for (const std::string &scope : scopes[s]) {
            const std::string base = baseName(scope);
            if (isContainer(base, t.layers.blockName))
                continue;
            const uint32_t module = moduleIndex.try_emplace(base, uint32_t(moduleIndex.size())).first->second;
            const uint32_t instance = instanceIndex.try_emplace(scope, uint32_t(instanceIndex.size())).first->second;
            modulesOfChain[s].push_back({module, instance});
        }
    std::vector<ModuleStats> stats(moduleIndex.size());
    // Per (stream, instance): the stream position of the last kernel seen under it. Runs are counted
    // per stream so that kernels of other streams (communication, copies) do not split a call.
    std::unordered_map<uint64_t, uint64_t> lastPositionOf;
    std::map<int32_t, uint64_t> streamPosition;
    const GpuOpTable &k = t.trace->store.kernels;
    for (uint32_t id = 0; id < k.size(); ++id) {
        const uint64_t position = ++streamPosition[k.stream[id]];
        // Inferred scopes are borrowed from other layers' kernels: they would count calls twice.
        if (t.attribution.kind[id] == AttributionKind::Inferred || t.attribution.scope[id] == 0
            || t.stages.ofKernel[id] == Stage::Outside)
            continue;
        for (const auto &[module, instance] : modulesOfChain[t.attribution.scope[id]]) {
            ModuleStats &m = stats[module];
            const uint64_t key = uint64_t(uint32_t(k.stream[id])) << 32 | instance;
            auto [it, fresh] = lastPositionOf.try_emplace(key, position);
            if (fresh || it->second + 1 != position)
                ++m.calls;
            it->second = position;
            m.kernels.push_back(id);
            m.total += k.dur[id];
        }
    }
    std::map<std::string, ModuleStats> out;
    for (const auto &[name, module] : moduleIndex)
        if (!stats[module].kernels.empty())  // modules of chains no kernel counts for are absent
            out.emplace(name, std::move(stats[module]));
    return out;
}

} // namespace

namespace {

// Per side and kernel: whether it lies in an aligned layer pair, whether a fusion finding holds it
// on its unfused side, and its share of that finding's savings (spread evenly over its kernels).
struct KernelSavings {
    std::vector<uint8_t> aligned, inFinding;
    std::vector<double> saved;
};

KernelSavings savingsPerKernel(size_t kernels, const Comparison &c, bool sideA)
{
    KernelSavings out{std::vector<uint8_t>(kernels, 0), std::vector<uint8_t>(kernels, 0), std::vector<double>(kernels, 0.0)};
    for (const LayerPair &p : c.layers.pairs) {
        if (p.a < 0 || p.b < 0)
            continue;
        for (const KernelPair &k : p.kernels)
            for (uint32_t id : sideA ? k.aKernels : k.bKernels)
                out.aligned[id] = 1;
    }
    for (const FusionFinding &f : c.findings) {
        if ((f.fusedSide == TraceSide::A) == sideA)
            continue;  // the fused side's kernels save nothing
        const std::vector<uint32_t> &ids = sideA ? f.aKernels : f.bKernels;
        for (uint32_t id : ids) {
            out.inFinding[id] = 1;
            out.saved[id] += double(f.timeAtStake) / double(ids.size());
        }
    }
    return out;
}

Ns medianDuration(const AnalyzedTrace &t, const std::vector<uint32_t> &ids)
{
    std::vector<Ns> d;
    for (uint32_t id : ids)
        d.push_back(t.trace->store.kernels.dur[id]);
    if (d.empty())
        return 0;
    std::nth_element(d.begin(), d.begin() + long(d.size() / 2), d.end());
    return d[d.size() / 2];
}

} // namespace

std::vector<ModuleDifference> compareModules(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    const auto ma = modulesOf(a), mb = modulesOf(b);
    const KernelSavings savedA = savingsPerKernel(a.trace->store.kernels.size(), c, true);
    const KernelSavings savedB = savingsPerKernel(b.trace->store.kernels.size(), c, false);
    std::vector<ModuleDifference> out;
    // Once per trace, not per module: the shares below are of the kernel time the scope covers.
    const Ns scopeTimeA = scopeKernelTime(a), scopeTimeB = scopeKernelTime(b);
    for (const auto &[name, x] : ma) {
        auto it = mb.find(name);
        if (it == mb.end())
            continue;
        const ModuleStats &y = it->second;
        ModuleDifference d;
        d.module = name;
        d.aInstances = x.calls;
        d.bInstances = y.calls;
        d.aKernelsPerCall = double(x.kernels.size()) / d.aInstances;
        d.bKernelsPerCall = double(y.kernels.size()) / d.bInstances;
        if (std::fabs(d.aKernelsPerCall - d.bKernelsPerCall) < 1.0)
            continue;
        d.unfusedSide = d.aKernelsPerCall > d.bKernelsPerCall ? TraceSide::A : TraceSide::B;
        d.aTotal = x.total;
        d.bTotal = y.total;
        d.aKernels = x.kernels;
        d.bKernels = y.kernels;
        const bool aUnfused = d.unfusedSide == TraceSide::A;
        const double unfusedPerCall = double(aUnfused ? x.total : y.total) / (aUnfused ? d.aInstances : d.bInstances);
        const double fusedPerCall = double(aUnfused ? y.total : x.total) / (aUnfused ? d.bInstances : d.aInstances);
        const uint32_t calls = aUnfused ? d.aInstances : d.bInstances;
        d.speedGap = Ns((unfusedPerCall - fusedPerCall) * calls);
        const AnalyzedTrace &unfused = aUnfused ? a : b;
        const std::vector<uint32_t> &ids = aUnfused ? x.kernels : y.kernels;
        const KernelSavings &saved = aUnfused ? savedA : savedB;
        double savings = 0;
        bool aligned = false, fused = false;
        for (uint32_t id : ids) {
            aligned = aligned || saved.aligned[id];
            fused = fused || saved.inFinding[id];
            savings += saved.saved[id];
        }
        // In aligned layers, the kernel alignment decides: extra kernels that no fusion explains
        // (a zero-fill one side needs) make no fusion candidate.
        if (aligned && !fused)
            continue;
        Ns extra = Ns(savings + 0.5);
        if (!aligned) {
            const double perCall = std::fabs(d.aKernelsPerCall - d.bKernelsPerCall);
            extra = Ns(perCall * calls * double(medianDuration(unfused, ids)));
            d.estimated = true;
        }
        d.timeDifference = extra;
        const Ns unfusedKernelTime = aUnfused ? scopeTimeA : scopeTimeB;
        d.impactPercent = unfusedKernelTime > 0 ? 100.0 * double(d.timeDifference) / double(unfusedKernelTime) : 0.0;
        out.push_back(std::move(d));
    }
    std::sort(out.begin(), out.end(), [](const ModuleDifference &p, const ModuleDifference &q) {
        return p.timeDifference != q.timeDifference ? p.timeDifference > q.timeDifference : p.module < q.module;
    });
    return out;
}

} // namespace fusion
