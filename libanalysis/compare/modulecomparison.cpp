#include "compare/modulecomparison.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace fusion {

namespace {

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
    std::map<std::string, ModuleStats> out;
    // Per (stream, instance): the stream position of the last kernel seen under it. Runs are counted
    // per stream so that kernels of other streams (communication, copies) do not split a call.
    std::map<std::pair<int32_t, std::string>, uint64_t> lastPositionOf;
    std::map<int32_t, uint64_t> streamPosition;
    const GpuOpTable &k = t.trace->store.kernels;
    for (uint32_t id = 0; id < k.size(); ++id) {
        const uint64_t position = ++streamPosition[k.stream[id]];
        // Inferred scopes are borrowed from other layers' kernels: they would count calls twice.
        if (t.attribution.kind[id] == AttributionKind::Inferred || t.attribution.scope[id] == 0)
            continue;
        for (const std::string &scope : t.attribution.scopeOf(id)) {
            const std::string base = baseName(scope);
            if (isContainer(base, t.layers.blockName))
                continue;
            ModuleStats &m = out[base];
            auto [it, fresh] = lastPositionOf.try_emplace({k.stream[id], scope}, position);
            if (fresh || it->second + 1 != position)
                ++m.calls;
            it->second = position;
            m.kernels.push_back(id);
            m.total += k.dur[id];
        }
    }
    return out;
}

} // namespace

std::vector<ModuleDifference> compareModules(const AnalyzedTrace &a, const AnalyzedTrace &b)
{
    const auto ma = modulesOf(a), mb = modulesOf(b);
    std::vector<ModuleDifference> out;
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
        d.unfusedSide = d.aKernelsPerCall > d.bKernelsPerCall ? 'a' : 'b';
        d.aTotal = x.total;
        d.bTotal = y.total;
        d.aKernels = x.kernels;
        d.bKernels = y.kernels;
        const bool aUnfused = d.unfusedSide == 'a';
        const double unfusedPerCall = double(aUnfused ? x.total : y.total) / (aUnfused ? d.aInstances : d.bInstances);
        const double fusedPerCall = double(aUnfused ? y.total : x.total) / (aUnfused ? d.bInstances : d.aInstances);
        const uint32_t calls = aUnfused ? d.aInstances : d.bInstances;
        d.timeDifference = Ns(std::max(0.0, unfusedPerCall - fusedPerCall) * calls);
        const Ns unfusedKernelTime = aUnfused ? a.summary.kernelTotal : b.summary.kernelTotal;
        d.impactPercent = unfusedKernelTime > 0 ? 100.0 * double(d.timeDifference) / double(unfusedKernelTime) : 0.0;
        out.push_back(std::move(d));
    }
    std::sort(out.begin(), out.end(), [](const ModuleDifference &p, const ModuleDifference &q) {
        return p.timeDifference != q.timeDifference ? p.timeDifference > q.timeDifference : p.module < q.module;
    });
    return out;
}

} // namespace fusion
