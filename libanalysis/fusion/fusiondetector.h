#pragma once
// Fusion findings and extra work between two traces, from the kernel alignment of their aligned
// layers (fusion/kerneldifferences.h): the same difference at many places becomes one finding whose
// kernel lists hold exactly the kernels of its occurrences.
//
// Time at stake = the unfused runs' time − the fused kernel's time (measured on the fused side,
// per occurrence, scaled to the unfused side's occurrences), floored at 0.
// Confidence: high when the same kernel runs differ in (nearly, ≥ 90 %) every compared layer pair
// of their class (at least two); medium when they recur but not that widely; low for a single
// occurrence and for unexplained kernels.
#include "align/layeralignment.h"
#include "fusion/findings.h"

namespace fusion {

class TaskPool;

constexpr double kHighConfidenceLayerShare = 0.9;

struct FusionAnalysis {
    std::vector<FusionFinding> findings;    // by time at stake, descending
    std::vector<ExtraWork> extraWork;       // by time, descending
    std::vector<LeftOutLayer> leftOutLayers;
    std::vector<std::string> warnings;      // one per left-out layer, with the traces' labels
};

// The findings of the aligned layer pairs of one stage; labels word the evidence sentences. With a
// pool, independent parts run on its helpers (the findings are the same).
FusionAnalysis detectFusions(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers, Stage stage,
                             const std::string &labelA, const std::string &labelB, TaskPool *pool = nullptr);

} // namespace fusion
