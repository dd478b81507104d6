#pragma once
// Attribution by inference: kernels that ran before the CPU side was recorded have no External id
// and no launch, so no link leads to their source. When their kernel sequence matches a stretch of
// linked kernels (the same decoder block repeated), they take the matched kernel's location,
// marked Inferred.
#include "attribution/attribution.h"

namespace fusion {

// Returns how many kernels were attributed by inference.
size_t inferAttributions(const Trace &trace, TraceAttribution &attribution);

} // namespace fusion
