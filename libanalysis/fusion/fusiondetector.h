#pragma once
// Fusion detection between two traces (SPEC §3), every method run and findings about the same
// difference merged:
//   explicit_fused_op   an op with '+' on one side only (that side fuses)
//   aligned_one_sided   in aligned layers, an op on one side only
//   aligned_partial     in aligned layers, counts differing by more than 1.5×
//   sequence_pattern    an op unique to one side, ≥5 times, preceded by the same op in >80 %
//   count_imbalance     an op on both sides, count ratio ≥1.5 with ≥50 calls together
//   chain               runs of one op whose average length differs by more than 2×
#include "compare/comparison.h"

namespace fusion {

// Thresholds, as the reference analyzers use them (seeds 000 and 001).
constexpr double kPartialRatio = 1.5;
constexpr size_t kSequenceMinOccurrences = 5;
constexpr double kSequencePredecessorShare = 0.8;
constexpr double kImbalanceRatio = 1.5;
constexpr uint64_t kImbalanceMinCalls = 50;
constexpr double kChainRatio = 2.0;
constexpr uint64_t kChainMinCountDifference = 100;

std::vector<FusionFinding> detectFusions(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &comparison,
                                         Stage stage);

// Whether `op` is one of the pieces a fused op names (e.g. "Dense GEMM" for "RMSNorm+GEMM").
bool opMatchesComponent(const std::string &op, const std::string &component);
std::vector<std::string> componentsOf(const std::string &fusedOp, const std::string &fusedWith = {});

} // namespace fusion
