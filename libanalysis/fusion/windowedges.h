#pragma once
// Layers cut by the profiling window. A profile that starts or stops in the middle of a layer
// leaves that layer with fewer kernels than its siblings; comparing it would turn the missing
// kernels into differences. A layer pair whose kernel counts differ as the class's pairs usually
// do (the same difference in every layer is the real one) is kept; otherwise it is left out of the
// fusion analysis when
//   • it holds the first or last layer of a side, with fewer kernels than the median layer of its
//     class (the trace starts or stops inside it), or
//   • its class's layers normally all hold the same number of kernels and one of its layers does
//     not (classes whose layers vary, e.g. MoE routing, are not judged this way).
#include "fusion/kerneldifferences.h"

namespace fusion {

std::vector<LeftOutLayer> windowEdges(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers);

} // namespace fusion
