#pragma once
// The difference in GPU time between two compared traces, split into named parts that add up to it
// exactly. Every kernel of the aligned layer pairs (both sides present, not cut by the profiling
// window) is counted by one part, in this order of precedence:
//   fusion        the kernels of one fusion finding, both sides: the unfused run minus the fused
//                 kernel(s) (one part per finding)
//   extra work    the kernels of one extra-work finding (one part per finding)
//   kernel speed  the other paired kernels, per operation (GEMM, attention, …): the same work run
//                 at each side's speed
// and then, per measure:
//   GPU busy      the union of the scope's kernels, memcpys and memsets (as the steps measure it);
//                 outside layers = busy − the union of the aligned layers' kernels
//   wall time     the span of the profiled window (per step and device, first start to last end,
//                 summed); idle = the gaps inside the aligned layers' windows that no GPU operation
//                 covers (launch-bound time), per layer class; outside layers = wall − the windows
// The residual is each side's total minus its parts: kernels running concurrently inside the
// layers, GPU operations of other layers or streams inside a layer's window, and layer kernels no
// part counts. All of it is computed from the comparison as given (after mirroring), so comparing B
// with A negates every part.
#include "compare/comparison.h"
#include "util/timespans.h"

#include <array>
#include <map>
#include <vector>

namespace fusion {

// What the decomposition reads of one trace alone: which kernels it counts (the scope's, in the
// stage) and the GPU's busy time. It needs no comparison, so it can be gathered beside one.
struct GapTrace {
    std::vector<uint8_t> counted;                   // per kernel id
    std::map<int32_t, std::vector<TimeSpan>> busy;  // per device: the union of the counted operations
    Ns busyTotal = 0, wallTotal = 0;                // wall: the profiled window (see above)
};
GapTrace gapTraceOf(const AnalyzedTrace &t, Stage stage);

GapDecomposition decomposeGap(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);
// The same with each trace's part already gathered (gapTraceOf(a, c.stage), then b's).
GapDecomposition decomposeGap(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                              std::array<GapTrace, 2> traces);

} // namespace fusion
