#include "fusion/fusiondetector.h"
#include "fusion/corroboration.h"
#include "classify/opnames.h"
#include "fusion/fusedparts.h"
#include "fusion/kerneldifferences.h"
#include "util/taskpool.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace fusion {

namespace {

std::string joinUnique(const std::vector<std::string> &parts, const char *sep)
{
    std::string out;
    std::vector<std::string> seen;
    for (const std::string &p : parts) {
        if (p.empty() || std::find(seen.begin(), seen.end(), p) != seen.end())
            continue;
        seen.push_back(p);
        out += (out.empty() ? "" : sep) + p;
    }
    return out;
}

struct Side {
    const AnalyzedTrace &t;
    const std::string &label;
    TraceSide tag;
    std::string name(uint32_t id) const { return std::string(t.trace->store.str(t.trace->store.kernels.name[id])); }
    const std::string &op(uint32_t id) const { return t.classes.opOf(id); }
    Ns dur(uint32_t id) const { return t.trace->store.kernels.dur[id]; }
    Ns total(const std::vector<uint32_t> &ids) const
    {
        Ns s = 0;
        for (uint32_t id : ids)
            s += dur(id);
        return s;
    }
    // "aten::pow" → "pow"; "" when no (linked, not inferred) CPU op launched the kernel.
    std::string cpuOp(uint32_t id) const
    {
        const int32_t op = t.attribution.cpuOp[id];
        if (op < 0 || t.attribution.kind[id] == AttributionKind::Inferred)
            return {};
        return std::string(t.trace->store.str(t.trace->store.cpuOps.name[size_t(op)]));
    }
};

std::string shortCpuOp(std::string op)
{
    if (const size_t colon = op.rfind(':'); colon != std::string::npos)
        op = op.substr(colon + 1);
    while (!op.empty() && op.front() == '_')
        op.erase(op.begin());
    while (!op.empty() && op.back() == '_')
        op.pop_back();
    return op;
}

// Kernel names by summed time, the most expensive first.
std::vector<std::string> topNames(const Side &s, const std::vector<uint32_t> &ids, size_t n)
{
    std::unordered_map<StrId, Ns> byId;
    for (uint32_t id : ids)
        byId[s.t.trace->store.kernels.name[id]] += s.dur(id);
    std::vector<std::pair<Ns, std::string>> v;
    for (const auto &[name, ns] : byId)
        v.emplace_back(ns, std::string(s.t.trace->store.str(name)));
    std::sort(v.begin(), v.end(), [](auto &x, auto &y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
    std::vector<std::string> out;
    for (size_t i = 0; i < v.size() && i < n; ++i)
        out.push_back(v[i].second);
    return out;
}

void addLocations(const Side &s, const std::vector<uint32_t> &ids, std::vector<std::string> &out)
{
    std::unordered_map<uint32_t, Ns> byIndex;
    for (uint32_t id : ids)
        if (s.t.attribution.location[id] != 0)
            byIndex[s.t.attribution.location[id]] += s.dur(id);
    std::map<std::string, Ns> byDisplay;  // locations of different stacks may share a display
    for (const auto &[index, ns] : byIndex)
        byDisplay[s.t.attribution.locations[index].display] += ns;
    std::vector<std::pair<Ns, std::string>> v;
    for (auto &[loc, ns] : byDisplay)
        v.emplace_back(ns, loc);
    std::sort(v.begin(), v.end(), [](auto &x, auto &y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
    for (size_t i = 0; i < v.size() && i < 3; ++i)
        if (std::find(out.begin(), out.end(), v[i].second) == out.end())
            out.push_back(v[i].second);
}

// What a fusion fuses, in the words a user knows: the fused kernel's op when it names a composite
// (RMSNorm+GEMM, RoPE, SwiGLU), else the unfused run's ops — the CPU ops (pow + mean) for the many
// small kernels a model launches through aten, the kernel op (Dense GEMM + Reduce) otherwise.
std::string operationOf(const Occurrence &o, const Side &unfused, const Side &fused)
{
    for (uint32_t f : o.fused) {
        const KernelClass &c = fused.t.classes.ofKernel(f);
        const bool plain = isLightOp(c.op) || isMatrixOp(c.op) || isAttentionOp(c.op)
                        || c.op.find("fused") != std::string::npos;
        if (c.isFused() || !plain)
            return c.op;
    }
    std::vector<std::string> parts;
    for (uint32_t u : o.unfused) {
        const std::string cpu = shortCpuOp(unfused.cpuOp(u));
        const bool byCpuOp = isLightOp(unfused.op(u)) && !cpu.empty() && o.rule != FusionMethod::SplitInsideOp;
        parts.push_back(byCpuOp ? cpu : unfused.op(u));
    }
    return joinUnique(parts, " + ");
}

// What makes two occurrences the same difference: the same ops launched by the same CPU ops, in
// order. Not the kernel names: a GEMM's tile (and name) differs between prefill and decode while
// the fusion is one and the same.
std::string sequenceKey(const Side &s, const std::vector<uint32_t> &ids)
{
    std::string key;
    for (uint32_t id : ids)
        key += s.op(id) + '/' + s.cpuOp(id) + '\x1f';
    return key;
}

Confidence confidenceOf(uint64_t count, size_t layers, uint32_t comparable, bool explained)
{
    if (!explained || count < 2)
        return Confidence::Low;
    if (comparable >= 2 && double(layers) >= kHighConfidenceLayerShare * double(comparable))
        return Confidence::High;
    return Confidence::Medium;
}

std::string layersText(size_t layers, uint32_t comparable)
{
    return std::to_string(layers) + " of " + std::to_string(comparable) + " compared layer" + (comparable == 1 ? "" : "s");
}

// Per side: the class of each compared layer pair's layer on that side, and how many compared
// pairs each class has — the denominator of "recurs in every layer of its class".
struct LayerClasses {
    std::map<uint32_t, std::string> ofPair[2];
    std::map<std::string, uint32_t> count[2];
    LayerClasses(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers,
                 const std::vector<uint32_t> &compared)
    {
        for (uint32_t i : compared) {
            const LayerPair &p = layers.pairs[i];
            const Layer &la = a.layers.layers[size_t(p.a)], &lb = b.layers.layers[size_t(p.b)];
            for (int s = 0; s < 2; ++s) {
                const Layer &l = s == 0 ? la : lb;
                const std::string key = std::to_string(int(l.stage)) + ':' + layerClass(l.name);
                ofPair[s][i] = key;
                ++count[s][key];
            }
        }
    }
    // Compared pairs of the classes the given pairs belong to.
    uint32_t comparable(TraceSide side, const std::vector<uint32_t> &pairs) const
    {
        const int s = side == TraceSide::A ? 0 : 1;
        std::set<std::string> classes;
        for (uint32_t p : pairs)
            if (auto it = ofPair[s].find(p); it != ofPair[s].end())
                classes.insert(it->second);
        uint32_t n = 0;
        for (const std::string &c : classes)
            n += count[s].at(c);
        return std::max<uint32_t>(n, 1);
    }
};

std::vector<uint32_t> &kernelsOf(std::vector<uint32_t> &a, std::vector<uint32_t> &b, TraceSide side)
{
    return side == TraceSide::A ? a : b;
}

void finish(std::vector<uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

FusionAnalysis detectFusions(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers, Stage stage,
                             const std::string &labelA, const std::string &labelB, TaskPool *pool)
{
    FusionAnalysis out;
    const Side sa{a, labelA, TraceSide::A}, sb{b, labelB, TraceSide::B};
    auto sideOf = [&](TraceSide tag) -> const Side & { return tag == TraceSide::A ? sa : sb; };
    auto otherOf = [&](TraceSide tag) -> const Side & { return tag == TraceSide::A ? sb : sa; };
    auto hintsLater = TaskPool::later(pool, [&] { return countBasedHints(a, b, stage); });  // needs no alignment
    const KernelDifferences diffs = findKernelDifferences(a, b, layers, pool);
    const LayerClasses classes(a, b, layers, diffs.comparedPairs);

    // The same difference at many places: the same kernel run on one side, the same fused kernel(s)
    // on the other, the same kind.
    std::map<std::string, FusionFinding> findings;
    std::map<std::string, ExtraWork> extra;
    std::map<std::string, FusionMethod> ruleOf;
    for (const Occurrence &o : diffs.occurrences) {
        const Side &x = sideOf(o.side), &y = otherOf(o.side);
        if (o.kind == DifferenceKind::Fusion) {
            const std::string key = sideName(o.side) + sequenceKey(x, o.unfused) + '\x1e' + sequenceKey(y, o.fused);
            auto [it, fresh] = findings.try_emplace(key);
            FusionFinding &f = it->second;
            if (fresh) {
                f.operation = operationOf(o, x, y);
                f.fusedSide = y.tag;
                ruleOf[key] = o.rule;
            }
            ruleOf[key] = std::min(ruleOf[key], o.rule);
            ++f.count;
            f.unfusedTotal += x.total(o.unfused);
            f.fusedTotal += y.total(o.fused);
            auto &ua = kernelsOf(f.aKernels, f.bKernels, x.tag), &fa = kernelsOf(f.aKernels, f.bKernels, y.tag);
            ua.insert(ua.end(), o.unfused.begin(), o.unfused.end());
            fa.insert(fa.end(), o.fused.begin(), o.fused.end());
            f.layerPairs.push_back(o.pair);
            f.occurrences.push_back({o.pair, o.unfused, o.fused});
            continue;
        }
        const bool explained = o.kind == DifferenceKind::ExtraWork;
        const std::string cpu = explained ? x.cpuOp(o.unfused.front()) : std::string();
        const std::string key = sideName(o.side) + (explained ? "e" : "u") + cpu + '\x1e' + sequenceKey(x, o.unfused);
        auto [it, fresh] = extra.try_emplace(key);
        ExtraWork &e = it->second;
        if (fresh) {
            e.side = x.tag;
            e.cpuOp = cpu;
            e.explained = explained;
            std::vector<std::string> ops;
            for (uint32_t u : o.unfused)
                ops.push_back(x.op(u));
            e.operation = joinUnique(ops, " + ");
        }
        ++e.count;
        e.total += x.total(o.unfused);
        auto &ids = kernelsOf(e.aKernels, e.bKernels, x.tag);
        ids.insert(ids.end(), o.unfused.begin(), o.unfused.end());
        e.layerPairs.push_back(o.pair);
        e.occurrences.push_back({o.pair, o.unfused, {}});
    }

    const std::vector<Corroboration> hints = hintsLater.get();
    for (auto &[key, f] : findings) {
        const Side &fused = sideOf(f.fusedSide), &unfused = otherOf(f.fusedSide);
        finish(f.aKernels);
        finish(f.bKernels);
        finish(f.layerPairs);
        f.comparableLayers = classes.comparable(unfused.tag, f.layerPairs);
        const auto &uids = f.fusedSide == TraceSide::A ? f.bKernels : f.aKernels;
        const auto &fids = f.fusedSide == TraceSide::A ? f.aKernels : f.bKernels;
        f.methods.push_back(ruleOf[key]);
        if (std::any_of(fids.begin(), fids.end(), [&](uint32_t id) { return fused.t.classes.ofKernel(id).isFused(); }))
            f.methods.push_back(FusionMethod::ExplicitFusedOp);
        for (const Corroboration &h : hints)
            if (h.fusedSide == f.fusedSide && std::find(f.methods.begin(), f.methods.end(), h.method) == f.methods.end()
                && std::any_of(uids.begin(), uids.end(), [&](uint32_t id) { return unfused.op(id) == h.op; }))
                f.methods.push_back(h.method);
        // What fusing saves: the fused kernel's cost per occurrence, scaled to the unfused side's
        // occurrences (one each here), comes off the unfused runs' time.
        f.timeAtStake = std::max<Ns>(0, f.unfusedTotal - f.fusedTotal);
        f.fusedKernels = topNames(fused, fids, 3);
        f.unfusedComponents = topNames(unfused, uids, 6);
        f.confidence = confidenceOf(f.count, f.layerPairs.size(), f.comparableLayers, true);
        f.unfusedPerRun = uint32_t(f.count ? uids.size() / f.count : 0);
        f.fusedPerRun = fids.size() == f.count ? 1 : uint32_t(fids.size() / std::max<uint64_t>(1, f.count));
        f.evidence = fused.label + " runs " + (fids.size() == f.count ? "one kernel" : std::to_string(f.fusedPerRun) + " kernels")
                     + " where " + unfused.label + " runs " + std::to_string(f.unfusedPerRun) + " (" + f.operation + "), "
                     + std::to_string(f.count) + "× in " + layersText(f.layerPairs.size(), f.comparableLayers) + ".";
        addLocations(unfused, uids, f.locations);
        addLocations(fused, fids, f.locations);
        out.findings.push_back(std::move(f));
    }
    for (auto &[key, e] : extra) {
        const Side &x = sideOf(e.side);
        auto &ids = kernelsOf(e.aKernels, e.bKernels, e.side);
        finish(ids);
        finish(e.layerPairs);
        e.comparableLayers = classes.comparable(e.side, e.layerPairs);
        e.kernels = topNames(x, ids, 4);
        e.confidence = confidenceOf(e.count, e.layerPairs.size(), e.comparableLayers, e.explained);
        const std::string where = std::to_string(e.count) + "× in " + layersText(e.layerPairs.size(), e.comparableLayers);
        e.evidence = e.explained
            ? x.label + " runs " + e.cpuOp + " (" + e.operation + ") where " + otherOf(e.side).label
                  + " runs no such op, " + where + "."
            : x.label + " runs " + e.operation + " kernels that have no counterpart in " + otherOf(e.side).label
                  + " and no CPU-side evidence says why, " + where + ".";
        addLocations(x, ids, e.locations);
        out.extraWork.push_back(std::move(e));
    }
    std::sort(out.findings.begin(), out.findings.end(), [](const FusionFinding &x, const FusionFinding &y) {
        return std::tie(y.timeAtStake, y.unfusedTotal, x.operation, x.aKernels) < std::tie(x.timeAtStake, x.unfusedTotal, y.operation, y.aKernels);
    });
    std::sort(out.extraWork.begin(), out.extraWork.end(), [](const ExtraWork &x, const ExtraWork &y) {
        return std::tie(y.total, x.operation, x.aKernels, x.bKernels) < std::tie(x.total, y.operation, y.aKernels, y.bKernels);
    });
    for (const LeftOutLayer &l : diffs.leftOut) {
        out.leftOutLayers.push_back({l.pair, l.side, l.reason});
        const LayerPair &p = layers.pairs[l.pair];
        const AnalyzedTrace &t = l.side == TraceSide::A ? a : b;
        const int32_t index = l.side == TraceSide::A ? p.a : p.b;
        out.warnings.push_back(sideOf(l.side).label + ": layer " + t.layers.layers[size_t(index)].name
                               + " left out of the fusion analysis: " + l.reason + " (cut by the profiling window?)");
    }
    return out;
}

} // namespace fusion
