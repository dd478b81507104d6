#pragma once
// Forward passes and layers of one trace: by repeated nn.Module block scopes
// (…DecoderLayer_N, …Layer_N, …Block_N) when Python frames exist, else by attention kernels as
// anchors, else by correlation groups. The method used is recorded.
#include "attribution/attribution.h"
#include "classify/traceclassification.h"
#include "stages/stages.h"

#include <string>
#include <vector>

namespace fusion {

struct Layer {
    uint32_t index = 0;                // position in LayerModel::layers
    uint32_t pass = 0;                 // forward pass it belongs to
    uint32_t ordinal = 0;              // layer number inside its pass (0-based)
    std::string name;                  // e.g. "Qwen2DecoderLayer_3" or "layer 3"
    std::vector<uint32_t> kernels;     // kernel ids, ascending
    Ns start = 0, end = 0, total = 0;  // first start, last end, summed kernel time
    Stage stage = Stage::All;
};

struct LayerModel {
    std::vector<Layer> layers;
    std::vector<int32_t> layerOfKernel;  // per kernel id, -1 outside any layer
    std::string method;                  // "module scope", "attention anchors", "correlation groups", "none"
    std::string blockName;               // the repeated block, e.g. "Qwen2DecoderLayer"
    uint32_t passes = 0;
};

LayerModel detectLayers(const Trace &trace, const TraceClassification &classes, const TraceAttribution &attribution,
                        const TraceStages &stages);

} // namespace fusion
