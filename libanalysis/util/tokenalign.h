#pragma once
// Alignment of two token sequences where equal tokens pair and nothing else does: the steps
// alignSequences gives with `a[i] == b[j]` as its test, computed 64 columns at a time.
//
// With a pair worth costs.match > 0 and a gap costs.gap < 0, a path of M pairs through an n × m
// matrix scores (match - 2·gap)·M + gap·(n + m): the best path is a longest common subsequence, and
// every cell's direction follows from the longest-common-subsequence lengths L of its neighbours
// (a pair whenever the tokens are equal, else up unless the cell to the left is strictly longer).
// A row of L rises by 0 or 1 from one column to the next, so a row is one bit per column, and the
// next row follows from it by one addition and a few masks per 64 columns (Allison and Dix's
// recurrence, in Hyyrö's form). The band of the cell-by-cell alignment is kept exactly: columns left
// of a row's band stay as they were, columns right of it stay flat, and a pair counts only where its
// diagonal neighbour lies in the band.
#include "util/sequencealign.h"

#include <cstdint>
#include <vector>

namespace fusion {

template <class Token>
std::vector<AlignStep> alignTokens(const std::vector<Token> &a, const std::vector<Token> &b,
                                   const AlignCosts &costs = {}, size_t maxCells = 64u << 20);

extern template std::vector<AlignStep> alignTokens(const std::vector<uint32_t> &, const std::vector<uint32_t> &,
                                                   const AlignCosts &, size_t);
extern template std::vector<AlignStep> alignTokens(const std::vector<uint64_t> &, const std::vector<uint64_t> &,
                                                   const AlignCosts &, size_t);

} // namespace fusion
