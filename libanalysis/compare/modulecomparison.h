#pragma once
// Comparative module candidates (two traces): the same nn.Module on both sides, where one
// side launches more kernels per call — a fusion the other side does. Its impact is the time of the
// extra kernels, never the module's whole speed gap: a module that launches 513 kernels against 511
// and runs slower GEMMs stands to win the two kernels' time from fusing, not the GEMMs' difference.
#include "analyzed/analyzedtrace.h"
#include "util/traceside.h"

#include <string>
#include <vector>

namespace fusion {

struct ModuleDifference {
    std::string module;                    // base name, e.g. "Qwen2RMSNorm"
    TraceSide unfusedSide = TraceSide::A;  // the side launching more kernels per call
    uint32_t aInstances = 0, bInstances = 0;   // calls: runs of kernels under one module instance
    double aKernelsPerCall = 0, bKernelsPerCall = 0;
    Ns aTotal = 0, bTotal = 0;
    // Impact: the fusion savings (time at stake) of the findings whose unfused kernels lie in the
    // module, each finding's spread evenly over its kernels; for modules outside aligned layers,
    // the extra kernels per call × calls at the module's median kernel time.
    Ns timeDifference = 0;
    bool estimated = false;                // the median-based estimate was used
    double impactPercent = 0;              // timeDifference over the unfused side's kernel time
    Ns speedGap = 0;                       // unfused minus fused time per call × the unfused side's calls
    std::vector<uint32_t> aKernels, bKernels;
};

struct Comparison;

// Modules present on both sides whose kernels per call differ by at least one, by impact; reads
// the comparison's layer alignment and fusion findings. A module in aligned layers none of whose
// kernels a fusion finding holds is left out: its extra kernels are extra work, not a fusion.
std::vector<ModuleDifference> compareModules(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);

} // namespace fusion
