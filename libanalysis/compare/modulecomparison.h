#pragma once
// Comparative module candidates (seed 004, two traces): the same nn.Module on both sides, where one
// side launches more kernels per call — a fusion the other side does. Its impact is the measured
// difference in GPU time.
#include "compare/analyzedtrace.h"

#include <string>
#include <vector>

namespace fusion {

struct ModuleDifference {
    std::string module;                    // base name, e.g. "Qwen2RMSNorm"
    char unfusedSide = 'a';                // the side launching more kernels per call
    uint32_t aInstances = 0, bInstances = 0;   // calls: runs of kernels under one module instance
    double aKernelsPerCall = 0, bKernelsPerCall = 0;
    Ns aTotal = 0, bTotal = 0;
    Ns timeDifference = 0;                 // unfused minus fused, per call × the unfused side's calls
    double impactPercent = 0;              // timeDifference over the unfused side's kernel time
    std::vector<uint32_t> aKernels, bKernels;
};

// Modules present on both sides whose kernels per call differ by at least one, by impact.
std::vector<ModuleDifference> compareModules(const AnalyzedTrace &a, const AnalyzedTrace &b);

} // namespace fusion
