#pragma once
// Global sequence alignment (Needleman–Wunsch with linear gaps) over token sequences, so that one
// extra element on one side becomes one gap instead of shifting every later pair.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace fusion {

struct AlignStep {
    int32_t a = -1, b = -1;  // indices into the two sequences; -1 is a gap on that side
};

struct AlignCosts {
    int match = 2, gap = -2;  // different tokens never pair: they become two one-sided steps
};

namespace detail {

// The band an alignment of n rows against m columns is restricted to: row i holds columns lo(i) to
// hi(i) around the diagonal i·m/n, the whole row when n·m cells fit in maxCells.
class BandShape {
public:
    BandShape(size_t n, size_t m, size_t maxCells);
    size_t lo(size_t i) const;
    size_t hi(size_t i) const;

private:
    size_t m_n, m_m, m_half;
};

// Needleman–Wunsch restricted to a band around the diagonal (the whole matrix when it fits in
// maxCells): rows i = 0..n, columns j in [lo(i), hi(i)]. The traceback keeps two bits per cell in
// the band, four cells to a byte, each row from a byte of its own: at a byte per cell it was 64 MB of
// fresh memory for long traces, whose first touch was a large part of the fill. The scores are
// filled in by alignWeighted below, a template so that the score function (called once per cell,
// tens of millions of times for long traces) is inlined.
class Band {
public:
    enum : uint8_t { Diag = 0, Up = 1, Left = 2 };  // Up: a[i-1] against a gap; Left: b[j-1] against a gap
    Band(size_t n, size_t m, size_t maxCells);
    size_t lo(size_t i) const;
    size_t hi(size_t i) const;
    // One row's directions, a byte per cell from lo(i) to hi(i), while the fill writes them: the
    // fill stays as simple as with a byte per cell, and keep() packs them into the traceback.
    uint8_t *cells() { return m_cells.data(); }
    void keep(size_t i);  // every cell of row i, before walkBack reads any
    std::vector<AlignStep> walkBack() const;  // from (n, m)

private:
    uint8_t at(size_t i, size_t j) const;  // the direction of cell (i, j), j in the band
    size_t m_n, m_m;
    BandShape m_shape;
    std::vector<size_t> m_rowStart;  // in bytes
    std::vector<uint8_t> m_cells;     // the row being filled (a multiple of 4 cells, zero past its end)
    // Not zeroed: the fill writes every cell of the band before the walk back reads it (whose
    // clearing alone cost more than a tenth of the fill).
    std::unique_ptr<uint8_t[]> m_trace;
};

std::vector<AlignStep> allGaps(size_t n, size_t m);

} // namespace detail

// Weighted form: `score(i, j)` is the reward for pairing a[i] with b[j], 0 when they must not pair.
// Heavy tokens (GEMMs, attention) then anchor the alignment, so that light ones (elementwise
// kernels) cannot pair across them. O(n·m) time, O(n·m) bits of traceback; banded above `maxCells`.
template <class Score>
std::vector<AlignStep> alignWeighted(size_t n, size_t m, const Score &score, int gap = -2, size_t maxCells = 64u << 20)
{
    if (n == 0 || m == 0)
        return detail::allGaps(n, m);
    detail::Band band(n, m, maxCells);
    constexpr int kNeg = INT_MIN / 4;
    std::vector<int> prev(m + 1, kNeg), cur(m + 1, kNeg);
    for (size_t j = band.lo(0); j <= band.hi(0); ++j) {
        prev[j] = int(j) * gap;
        band.cells()[j - band.lo(0)] = detail::Band::Left;
    }
    band.keep(0);
    for (size_t i = 1; i <= n; ++i) {
        const size_t l = band.lo(i), h = band.hi(i);
        uint8_t *trace = band.cells();
        // The loop writes every cell from l to h; the next row also reads one cell either side. Right
        // of that, this array was never written (the band only moves right), so it still holds kNeg.
        if (l > 0)
            cur[l - 1] = kNeg;
        if (h < m)
            cur[h + 1] = kNeg;
        size_t j = l;
        if (j == 0) {
            cur[0] = int(i) * gap;
            trace[0] = detail::Band::Up;
            ++j;
        }
        // A cell nothing reaches holds exactly kNeg, and kNeg + gap is below every score a cell can
        // take, so a step from it never wins: only the diagonal needs its own test. The loop has no
        // other branch than the comparisons the compiler turns into selects.
        int left = cur[j - 1];  // kNeg at the band's left edge
        for (; j <= h; ++j) {
            // Unpairable tokens never take the diagonal: they become two one-sided steps.
            const int sc = score(i - 1, j - 1);
            const bool diag = prev[j - 1] > kNeg && sc > 0;
            int best = diag ? prev[j - 1] + sc : kNeg;
            uint8_t dir = diag ? detail::Band::Diag : detail::Band::Up;
            if (prev[j] + gap > best)
                best = prev[j] + gap, dir = detail::Band::Up;
            if (left + gap > best)
                best = left + gap, dir = detail::Band::Left;
            cur[j] = left = best;
            trace[j - l] = dir;
        }
        band.keep(i);
        std::swap(prev, cur);
    }
    return band.walkBack();
}

// Aligns sequences of length n and m; `same(i, j)` says whether a[i] and b[j] are equal tokens.
// When the tokens are numbers in two arrays, alignTokens (util/tokenalign.h) gives the same steps
// 64 columns at a time.
template <class Same>
std::vector<AlignStep> alignSequences(size_t n, size_t m, const Same &same, const AlignCosts &costs = {},
                                      size_t maxCells = 64u << 20)
{
    return alignWeighted(n, m, [&](size_t i, size_t j) { return same(i, j) ? costs.match : 0; }, costs.gap, maxCells);
}

} // namespace fusion
