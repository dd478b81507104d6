#pragma once
// Global sequence alignment (Needleman–Wunsch with linear gaps) over token sequences, so that one
// extra element on one side becomes one gap instead of shifting every later pair.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace fusion {

struct AlignStep {
    int32_t a = -1, b = -1;  // indices into the two sequences; -1 is a gap on that side
};

struct AlignCosts {
    int match = 2, gap = -2;  // different tokens never pair: they become two one-sided steps
};

// Aligns sequences of length n and m; `same(i, j)` says whether a[i] and b[j] are equal tokens.
// O(n·m) time, O(n·m) bits of traceback; falls back to banded alignment above `maxCells`.
std::vector<AlignStep> alignSequences(size_t n, size_t m, const std::function<bool(size_t, size_t)> &same,
                                      const AlignCosts &costs = {}, size_t maxCells = 64u << 20);

// Weighted form: `score(i, j)` is the reward for pairing a[i] with b[j], 0 when they must not pair.
// Heavy tokens (GEMMs, attention) then anchor the alignment, so that light ones (elementwise
// kernels) cannot pair across them.
std::vector<AlignStep> alignWeighted(size_t n, size_t m, const std::function<int(size_t, size_t)> &score,
                                     int gap = -2, size_t maxCells = 64u << 20);

} // namespace fusion
