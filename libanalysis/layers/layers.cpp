#include "layers/layers.h"
#include "classify/opnames.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <regex>
#include <unordered_map>

namespace fusion {

namespace {

// "nn.Module: Qwen2DecoderLayer_3" → ("Qwen2DecoderLayer", 3) for repeated-block names.
bool blockInstance(std::string_view scope, std::string &block, int &instance)
{
    static const std::regex re(R"(^(?:nn\.Module: )?([A-Za-z0-9_]*?(?:DecoderLayer|EncoderLayer|Layer|Block))_(\d+)$)");
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_match(scope.begin(), scope.end(), m, re))
        return false;
    block = m[1].str();
    const std::string digits = m[2].str();
    // An absurd instance number ("Layer_99999999999") is not a block, not a reason to fail.
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), instance);
    return ec == std::errc() && end == digits.data() + digits.size();
}

void finishLayer(LayerModel &model, Layer &layer, const Trace &trace, const TraceStages &stages)
{
    // Kernels outside the analysis scope belong to no layer; a layer cut by the scope's edge keeps
    // its kernels inside (the comparison leaves such cut layers out).
    std::erase_if(layer.kernels, [&](uint32_t id) { return stages.ofKernel[id] == Stage::Outside; });
    if (layer.kernels.empty()) {
        layer = Layer{};
        return;
    }
    const GpuOpTable &k = trace.store.kernels;
    layer.start = k.start[layer.kernels.front()];
    layer.end = 0;
    layer.total = 0;
    size_t prefill = 0, decode = 0;
    for (uint32_t id : layer.kernels) {
        layer.end = std::max(layer.end, k.end(id));
        layer.total += k.dur[id];
        prefill += stages.ofKernel[id] == Stage::Prefill;
        decode += stages.ofKernel[id] == Stage::Decode;
        model.layerOfKernel[id] = int32_t(model.layers.size());
    }
    layer.stage = prefill > decode ? Stage::Prefill : decode > prefill ? Stage::Decode : Stage::All;
    layer.index = uint32_t(model.layers.size());
    model.layers.push_back(std::move(layer));
    layer = Layer{};
}

// Layers from nn.Module scopes: the repeated block with the most instances wins; consecutive
// kernels of one instance form a layer; the instance number going back starts a new pass.
bool byModuleScope(const Trace &trace, const TraceAttribution &attr, const TraceStages &stages, LayerModel &model)
{
    const size_t n = trace.store.kernels.size();
    if (attr.scopes.size() <= 1)
        return false;
    // Per scope chain: (block, instance) of its first repeated-block element.
    std::vector<std::pair<std::string, int>> chainBlock(attr.scopes.size(), {std::string(), -1});
    std::map<std::string, std::map<int, int>> instances;
    for (size_t s = 1; s < attr.scopes.size(); ++s)
        for (const std::string &scope : attr.scopes[s]) {
            std::string block;
            int inst = 0;
            if (blockInstance(scope, block, inst)) {
                chainBlock[s] = {block, inst};
                instances[block][inst]++;
                break;
            }
        }
    std::string best;
    size_t bestCount = 0;
    for (const auto &[block, inst] : instances)
        if (inst.size() > bestCount)
            best = block, bestCount = inst.size();
    if (bestCount < 2)
        return false;
    model.blockName = best;
    Layer cur;
    int curInst = -1;
    uint32_t pass = 0;
    for (uint32_t id = 0; id < n; ++id) {
        const auto &[block, inst] = chainBlock[attr.scope[id]];
        if (block != best)
            continue;  // kernels outside the blocks (embedding, lm_head) belong to no layer
        if (inst != curInst) {
            finishLayer(model, cur, trace, stages);
            if (curInst >= 0 && inst <= curInst)
                ++pass;
            curInst = inst;
            cur.pass = pass;
            cur.ordinal = uint32_t(inst);
            cur.name = best + "_" + std::to_string(inst);
        }
        cur.kernels.push_back(id);
    }
    finishLayer(model, cur, trace, stages);
    model.passes = pass + 1;
    model.method = "module scope";
    return model.layers.size() >= 2;
}


// Layers from attention kernels: each layer runs one attention; its boundary is the norm that
// most often precedes the attention (so QKV projections stay in the layer), else the kernel after
// the previous attention.
bool byAttentionAnchors(const Trace &trace, const TraceClassification &classes, const TraceStages &stages,
                        LayerModel &model)
{
    const size_t n = trace.store.kernels.size();
    std::vector<uint32_t> anchors;
    for (uint32_t id = 0; id < n; ++id)
        if (isAttentionOp(classes.opOf(id)) && (anchors.empty() || anchors.back() + 1 != id))
            anchors.push_back(id);
    if (anchors.size() < 2)
        return false;
    std::vector<uint32_t> starts;
    uint32_t prevEnd = 0;
    for (uint32_t a : anchors) {
        uint32_t s = a;
        for (uint32_t j = a; j > prevEnd; --j)
            if (isNormOp(classes.opOf(j - 1))) {
                s = j - 1;
                break;
            }
        starts.push_back(std::max(s, prevEnd));
        prevEnd = a + 1;
    }
    Layer cur;
    for (size_t l = 0; l < starts.size(); ++l) {
        const uint32_t from = starts[l];
        const uint32_t to = l + 1 < starts.size() ? starts[l + 1] : uint32_t(n);
        cur.ordinal = uint32_t(l);
        cur.name = "layer " + std::to_string(l);
        for (uint32_t id = from; id < to; ++id)
            cur.kernels.push_back(id);
        finishLayer(model, cur, trace, stages);
    }
    model.passes = 1;
    model.method = "attention anchors";
    return true;
}

// Layers from correlation groups: consecutive kernels launched under one correlation id (a CUDA /
// HIP graph replays hundreds of kernels under one launch).
bool byCorrelationGroups(const Trace &trace, const TraceStages &stages, LayerModel &model)
{
    const GpuOpTable &k = trace.store.kernels;
    Layer cur;
    int64_t corr = kNone - 1;
    for (uint32_t id = 0; id < k.size(); ++id) {
        if (k.correlation[id] != corr && !cur.kernels.empty()) {
            cur.ordinal = uint32_t(model.layers.size());
            cur.name = "group " + std::to_string(cur.ordinal);
            finishLayer(model, cur, trace, stages);
        }
        corr = k.correlation[id];
        cur.kernels.push_back(id);
    }
    cur.ordinal = uint32_t(model.layers.size());
    cur.name = "group " + std::to_string(cur.ordinal);
    finishLayer(model, cur, trace, stages);
    model.passes = 1;
    model.method = "correlation groups";
    return model.layers.size() >= 2 && model.layers.size() < k.size() / 2;
}

} // namespace

LayerModel detectLayers(const Trace &trace, const TraceClassification &classes, const TraceAttribution &attribution,
                        const TraceStages &stages)
{
    const size_t n = trace.store.kernels.size();
    auto fresh = [&] {
        LayerModel m;
        m.layerOfKernel.assign(n, -1);
        return m;
    };
    LayerModel model = fresh();
    if (byModuleScope(trace, attribution, stages, model))
        return model;
    model = fresh();
    if (byAttentionAnchors(trace, classes, stages, model))
        return model;
    model = fresh();
    if (byCorrelationGroups(trace, stages, model))
        return model;
    model = fresh();
    model.method = "none";
    if (n > 0) {
        Layer all;
        all.name = "whole trace";
        for (uint32_t id = 0; id < n; ++id)
            all.kernels.push_back(id);
        finishLayer(model, all, trace, stages);
        model.passes = 1;
    }
    return model;
}

} // namespace fusion
