#pragma once
// Attribution by inference: kernels that ran before the CPU side was recorded have no External id
// and no launch, so no link leads to their source. When their kernel sequence matches a stretch of
// linked kernels (the same decoder block repeated), they take the matched kernel's location,
// marked Inferred.
#include "attribution/attribution.h"

#include <utility>
#include <vector>

namespace fusion {

// Which unlinked kernel takes which linked kernel's location. Planning reads only the kernels' kinds
// (see attributeKernels' kindsKnown), so it can run while the attribution interns its locations and
// while other analyses read the attribution (the layers, which must not see inferred kernels).
struct InferencePlan {
    bool aligned = false;                                // the sequences were aligned (else nothing changes)
    std::vector<std::pair<uint32_t, uint32_t>> matches;  // (unlinked kernel, linked kernel it copies)
};
InferencePlan planInference(const Trace &trace, const std::vector<AttributionKind> &kinds);
// Marks the planned kernels Inferred with their match's location; returns how many.
size_t applyInference(const InferencePlan &plan, const Trace &trace, TraceAttribution &attribution);

// Both at once. Returns how many kernels were attributed by inference.
size_t inferAttributions(const Trace &trace, TraceAttribution &attribution);

} // namespace fusion
