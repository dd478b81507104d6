#pragma once
// Comparing B with A must give the mirror of comparing A with B. Alignment ties, medians and
// neighbour choices all look at one side first, so the comparison is always computed in one
// canonical orientation — decided by the traces' contents, not by the argument order — and
// mirrored when the user gave the traces the other way round.
#include "compare/comparison.h"

namespace fusion {

// Whether `x` comes first in the canonical orientation (fewer kernels, then less kernel time,
// fewer events, then path and label; equal traces keep the order given).
bool canonicallyFirst(const AnalyzedTrace &x, const AnalyzedTrace &y);

// The same comparison with A and B swapped: every a/b field, side tag and B/A status.
Comparison mirrored(Comparison c);

} // namespace fusion
