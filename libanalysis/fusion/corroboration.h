#pragma once
// The count-based fusion heuristics of the reference analyzers. On real traces they mix in kernels
// both sides run alike, so they never make a finding or add kernels to one: they only say which
// operations look fused on which side, and a finding from the kernel alignment that agrees lists
// them among its methods.
//   sequence_pattern  an op unique to one side, ≥5 times, preceded by the same op in >80 % of cases
//   count_imbalance   an op on both sides, count ratio ≥1.5 with ≥50 calls together
//   chain             runs of one op whose average length differs by more than 2× (and by >100 calls)
#include "analyzed/analyzedtrace.h"
#include "fusion/findings.h"

#include <string>
#include <vector>

namespace fusion {

constexpr size_t kSequenceMinOccurrences = 5;
constexpr double kSequencePredecessorShare = 0.8;
constexpr double kImbalanceRatio = 1.5;
constexpr uint64_t kImbalanceMinCalls = 50;
constexpr double kChainRatio = 2.0;
constexpr uint64_t kChainMinCountDifference = 100;

struct Corroboration {
    std::string op;       // the op the unfused side runs more of
    TraceSide fusedSide = TraceSide::A;
    FusionMethod method = FusionMethod::SequencePattern;
};

std::vector<Corroboration> countBasedHints(const AnalyzedTrace &a, const AnalyzedTrace &b, Stage stage);

} // namespace fusion
