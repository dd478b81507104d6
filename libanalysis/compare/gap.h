#pragma once
// Where the difference between two traces' GPU time comes from: named, additive parts (see
// compare/gapdecomposition.h for how they are measured) and what-if projections built on them.
#include "util/traceside.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fusion {

enum class GapKind : uint8_t { Fusion, KernelSpeed, ExtraWork, Idle, OutsideLayers, Residual };
const char *gapKindName(GapKind k);  // fusion, kernel_speed, extra_work, idle, outside_layers, residual

// One part: the time it counts on each side; its share of the gap is b − a.
struct GapPart {
    std::string name;                    // "fusion: pow + mean (fused by H100)", "kernel speed: GEMM", …
    GapKind kind = GapKind::Residual;
    std::string subject;                 // what the name is about: the operation, CPU op or layer class
    TraceSide side = TraceSide::A;       // fusion: the fusing side; extra work: the side running it
    int ordinal = 1;                     // 2, 3, … when findings read alike (the name says "(2)")
    int64_t a = 0, b = 0;                // ns
    std::vector<uint32_t> aKernels, bKernels;  // the kernels it counts (none for idle gaps)
    int64_t gap() const { return b - a; }
};

// A total on each side and parts whose gaps sum to bTotal − aTotal exactly (the residual part
// holds whatever the named parts do not explain, so it is never hidden).
struct GapBreakdown {
    int64_t aTotal = 0, bTotal = 0;      // ns
    std::vector<GapPart> parts;
};

// The aligned layers of one class ("Qwen2DecoderLayer"): their layer windows (first kernel's start
// to last kernel's end, summed) decomposed into kernel parts, idle gaps and a residual.
struct GapLayerClass {
    std::string name;
    uint32_t layers = 0;                 // aligned layer pairs of the class
    GapBreakdown gap;
};

// "If B fused like A", "if B's kernels ran at A's speed", and the mirror for A: a projected time
// for one side, from the parts above.
struct WhatIfItem {
    std::string name;                    // the fusion finding's part name, or the op
    int64_t saving = 0;                  // ns (negative: the change would cost time)
    double speedRatio = 1.0;             // fusions: the side's kernel time over the other's for the fused op
};
struct WhatIf {
    std::string scenario;                // b_fused_like_a, b_at_a_speed, a_fused_like_b, a_at_b_speed
    TraceSide side = TraceSide::B;       // the side projected
    int64_t base = 0, projected = 0;     // ns: that side's busy time now, and projected
    std::string assumption;              // one sentence
    std::vector<WhatIfItem> items;
    int64_t saving() const { return base - projected; }
    double savingPercent() const { return base > 0 ? 100.0 * double(saving()) / double(base) : 0.0; }
};

struct GapDecomposition {
    GapBreakdown busy;                   // GPU busy time of the scope (union of kernels, memcpys, memsets)
    bool hasWall = false;                // false when a stage is chosen: a stage has no wall-time window
    GapBreakdown wall;                   // span of the profiled window (per step and device, summed)
    std::vector<GapLayerClass> layerClasses;
    std::vector<WhatIf> whatIf;
    std::vector<std::string> notes;      // what limits the figures (different step counts, …)
};

} // namespace fusion
