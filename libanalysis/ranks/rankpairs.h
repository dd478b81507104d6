#pragma once
// Two distributed runs compared rank by rank: rank r of A against rank r of B, each pair through
// the full comparison, keeping per pair only its totals and the largest part of its gap. Pairs are
// compared one after another (the two sides of a pair in parallel), so memory holds one pair.
#include "compare/comparison.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

struct RankPair {
    int rank = -1;       // -1: not known
    int a = -1, b = -1;  // member indices; -1: that side has no trace of this rank
};

// Pairs the members by rank. A side holding a single trace is paired with each member of the
// other; members of unknown rank and ranks one side lacks get rows of their own.
std::vector<RankPair> pairRanks(const std::vector<TraceMember> &a, const std::vector<TraceMember> &b);

struct RankPairRow {
    RankPair pair;
    std::string aName, bName;      // the members' display names ("" when missing)
    bool compared = false;
    Ns aBusy = 0, bBusy = 0;       // GPU busy time of each side's scope (the gap decomposition's totals)
    Ns aKernel = 0, bKernel = 0;   // kernel time in scope
    bool hasPart = false;          // the largest part of B − A, by size, residual included
    std::string partName;
    GapKind partKind = GapKind::Residual;
    Ns partGap = 0;
    std::string note;              // why it was not compared
    Ns gap() const { return bBusy - aBusy; }
};

struct RankPairTable {
    std::string labelA, labelB;
    std::vector<TraceMember> membersA, membersB;
    std::vector<RankPairRow> rows;
};

struct RankPairOptions {
    LoadOptions loadA, loadB;      // device, size limit and label of each side
    AnalyzeOptions analyze;
    CompareOptions compare;        // the stage
    std::function<bool(double)> progress;  // 0..1; false cancels (throws Cancelled)
};

RankPairTable compareRankPairs(const std::string &pathA, std::vector<TraceMember> membersA, const std::string &pathB,
                               std::vector<TraceMember> membersB, const RankPairOptions &options);

} // namespace fusion
