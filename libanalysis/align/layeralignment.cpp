#include "align/layeralignment.h"
#include "trace/traceerror.h"
#include "util/taskpool.h"
#include "util/tokenalign.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>

namespace fusion {

namespace {

std::vector<uint32_t> layersInStage(const AnalyzedTrace &t, Stage stage)
{
    std::vector<uint32_t> out;
    for (const Layer &l : t.layers.layers)
        if (stage == Stage::All || !(t.stages.hasPrefill || t.stages.hasDecode) || l.stage == stage)
            out.push_back(l.index);
    return out;
}

// Layers are compared by their op mix. Traces repeat a handful of distinct mixes thousands of
// times, so each layer gets the id of its mix and similarities are computed once per pair of mixes.
struct LayerMixes {
    std::vector<uint32_t> mixOf;                          // per layer index in the stage list
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> mixes;  // (op id, count), sorted
};

LayerMixes layerMixes(const AnalyzedTrace &t, const std::vector<uint32_t> &layers,
                      std::map<std::string, uint32_t> &opIds)
{
    LayerMixes out;
    std::map<std::vector<std::pair<uint32_t, uint32_t>>, uint32_t> ids;
    // The op's id per class, looked up by name once per class rather than once per kernel.
    std::vector<uint32_t> opOfClass(t.classes.classes.size(), TraceClassification::kNoClass);
    const auto opId = [&](uint32_t kernel) {
        uint32_t &op = opOfClass[t.classes.classOfKernel[kernel]];
        if (op == TraceClassification::kNoClass)
            op = opIds.try_emplace(t.classes.opOf(kernel), uint32_t(opIds.size())).first->second;
        return op;
    };
    for (uint32_t l : layers) {
        std::map<uint32_t, uint32_t> counts;
        for (uint32_t id : t.layers.layers[l].kernels)
            counts[opId(id)]++;
        std::vector<std::pair<uint32_t, uint32_t>> mix(counts.begin(), counts.end());
        auto [it, fresh] = ids.try_emplace(mix, uint32_t(out.mixes.size()));
        if (fresh)
            out.mixes.push_back(std::move(mix));
        out.mixOf.push_back(it->second);
    }
    return out;
}

// Shared op counts over all op counts (weighted Jaccard).
double mixSimilarity(const std::vector<std::pair<uint32_t, uint32_t>> &x, const std::vector<std::pair<uint32_t, uint32_t>> &y)
{
    uint32_t shared = 0, all = 0;
    size_t i = 0, j = 0;
    while (i < x.size() || j < y.size()) {
        if (j == y.size() || (i < x.size() && x[i].first < y[j].first)) {
            all += x[i++].second;
        } else if (i == x.size() || y[j].first < x[i].first) {
            all += y[j++].second;
        } else {
            shared += std::min(x[i].second, y[j].second);
            all += std::max(x[i].second, y[j].second);
            ++i, ++j;
        }
    }
    return all ? double(shared) / double(all) : 0.0;
}

} // namespace

LayerAlignment alignLayers(const AnalyzedTrace &a, const AnalyzedTrace &b, Stage stage,
                           const std::function<bool(double)> &progress, TaskPool *pool)
{
    LayerAlignment out;
    const auto la = layersInStage(a, stage), lb = layersInStage(b, stage);
    const bool byScope = a.layers.method == "module scope" && b.layers.method == "module scope";
    out.method = a.layers.method + " / " + b.layers.method;
    // Compared by scope, layers pair by block number and their op mixes are not read.
    std::map<std::string, uint32_t> opIds;
    const auto mixes = [&](const AnalyzedTrace &t, const std::vector<uint32_t> &layers) {
        if (!byScope)
            return layerMixes(t, layers, opIds);
        LayerMixes none;
        none.mixOf.assign(layers.size(), 0);
        return none;
    };
    const LayerMixes ma = mixes(a, la), mb = mixes(b, lb);
    std::vector<std::vector<uint8_t>> alike(ma.mixes.size(), std::vector<uint8_t>(mb.mixes.size()));
    for (size_t x = 0; x < ma.mixes.size(); ++x)
        for (size_t y = 0; y < mb.mixes.size(); ++y)
            alike[x][y] = mixSimilarity(ma.mixes[x], mb.mixes[y]) >= 0.5;
    // What `same` reads of each layer, side by side: the alignment below may ask millions of times,
    // and the layers themselves are large and scattered.
    struct Key {
        Stage stage;
        uint32_t ordinal, mix;
    };
    auto keysOf = [](const AnalyzedTrace &t, const std::vector<uint32_t> &layers, const LayerMixes &m) {
        std::vector<Key> keys;
        keys.reserve(layers.size());
        for (size_t i = 0; i < layers.size(); ++i)
            keys.push_back({t.layers.layers[layers[i]].stage, t.layers.layers[layers[i]].ordinal, m.mixOf[i]});
        return keys;
    };
    const std::vector<Key> ka = keysOf(a, la, ma), kb = keysOf(b, lb, mb);
    auto same = [&](size_t i, size_t j) {
        const Key &x = ka[i], &y = kb[j];
        if (x.stage != y.stage && x.stage != Stage::All && y.stage != Stage::All)
            return false;
        if (byScope)  // the same model on both sides: block instance numbers correspond
            return x.ordinal == y.ordinal;
        return alike[x.mix][y.mix] != 0;
    };
    // Usually the layers simply correspond one to one; only otherwise is an alignment needed
    // (banded for long runs: thousands of decode layers).
    std::vector<AlignStep> steps;
    bool oneToOne = la.size() == lb.size();
    for (size_t i = 0; oneToOne && i < la.size(); ++i)
        oneToOne = same(i, i);
    // Compared by scope, `same` is the equality of one number per layer unless stage All (which
    // matches any stage) meets another stage: with no layer in stage All it is (stage, block
    // number), with every layer in it (no phase annotations) the block number alone. Those numbers
    // are aligned as tokens 64 columns at a time (4392 x 3840 layers on the 1 GB Qwen pair, one
    // alignment on the comparison's critical path).
    const auto inAll = [](const std::vector<Key> &keys) {
        return size_t(std::count_if(keys.begin(), keys.end(), [](const Key &k) { return k.stage == Stage::All; }));
    };
    const size_t allA = inAll(ka), allB = inAll(kb);
    const bool withStage = allA == 0 && allB == 0, numbersOnly = allA == ka.size() && allB == kb.size();
    const auto tokens = [&](const std::vector<Key> &keys) {
        std::vector<uint64_t> out;
        out.reserve(keys.size());
        for (const Key &k : keys)
            out.push_back(withStage ? uint64_t(k.stage) << 32 | k.ordinal : k.ordinal);
        return out;
    };
    if (oneToOne)
        for (size_t i = 0; i < la.size(); ++i)
            steps.push_back({int32_t(i), int32_t(i)});
    else if (byScope && (withStage || numbersOnly))
        steps = alignTokens(tokens(ka), tokens(kb), {}, size_t(16) << 20);
    else
        steps = alignSequences(la.size(), lb.size(), same, {}, size_t(16) << 20);
    // The kernels of each layer pair, the longest part of a comparison of long traces: the second
    // half of the pairs is aligned on the pool's helper (else a thread of its own) with its own
    // aligner (an aligner memoises per pair of kernel sequences, the same answers on either
    // thread), so the result does not depend on it. The kernel pairs are then made on this thread
    // alone: they allocate for every kernel, and two threads doing so queue for malloc's lock.
    out.pairs.resize(steps.size());
    static const Layer empty;
    auto layerOf = [&](const AnalyzedTrace &t, const std::vector<uint32_t> &ids, int32_t i) -> const Layer & {
        return i >= 0 ? t.layers.layers[ids[size_t(i)]] : empty;
    };
    std::vector<const std::vector<AlignStep> *> kernelSteps(steps.size());
    KernelAligner first(a, b), second(a, b);
    std::atomic<bool> stop{false};
    auto alignRange = [&](KernelAligner &aligner, size_t from, size_t to, bool reportProgress) {
        for (size_t i = from; i < to; ++i) {
            if (((i - from + 1) & 63) == 0) {
                if (stop.load(std::memory_order_relaxed))
                    return false;
                if (reportProgress && progress && !progress(0.1 + 0.5 * double(i + 1 - from) / double(to - from)))
                    return false;
            }
            kernelSteps[i] = &aligner.steps(layerOf(a, la, steps[i].a), layerOf(b, lb, steps[i].b));
        }
        return true;
    };
    const size_t half = steps.size() >= 256 ? steps.size() / 2 : steps.size();
    TaskPool own;
    std::optional<PoolHelper> helper;
    if (!pool && half < steps.size())
        pool = &own, helper.emplace(own);
    auto secondHalf = TaskPool::later(pool, [&] { return alignRange(second, half, steps.size(), false); });
    const bool firstDone = alignRange(first, 0, half, true);
    if (!firstDone)
        stop = true;
    const bool secondDone = secondHalf.get();
    if (!firstDone || !secondDone)
        throw Cancelled();
    for (size_t i = 0; i < steps.size(); ++i) {
        if ((i & 255) == 0 && progress && !progress(0.6 + 0.1 * double(i) / double(steps.size())))
            throw Cancelled();
        const AlignStep &s = steps[i];
        const Layer &x = layerOf(a, la, s.a), &y = layerOf(b, lb, s.b);
        LayerPair &p = out.pairs[i];
        p.a = s.a >= 0 ? int32_t(x.index) : -1;
        p.b = s.b >= 0 ? int32_t(y.index) : -1;
        p.aTotal = x.total;
        p.bTotal = y.total;
        p.aKernels = uint32_t(x.kernels.size());
        p.bKernels = uint32_t(y.kernels.size());
        p.kernels = first.pairs(x, y, *kernelSteps[i]);
    }
    return out;
}


} // namespace fusion
