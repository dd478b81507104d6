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
#include "compare/comparison.h"

namespace fusion {

constexpr double kHighConfidenceLayerShare = 0.9;

// Fills c.findings, c.extraWork and c.leftOutLayers (and their warnings) from c.layers.
void detectFusions(const AnalyzedTrace &a, const AnalyzedTrace &b, Comparison &c);

} // namespace fusion
