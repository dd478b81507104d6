#include "align/sequencealign.h"

#include <algorithm>
#include <climits>

namespace fusion {

// Needleman–Wunsch restricted to a band around the diagonal (the whole matrix when it fits in
// maxCells): rows i = 0..n, columns j in [lo(i), hi(i)]. Scores of the previous and current row are
// kept; the traceback keeps one byte per cell in the band.
std::vector<AlignStep> alignSequences(size_t n, size_t m, const std::function<bool(size_t, size_t)> &same,
                                      const AlignCosts &c, size_t maxCells)
{
    return alignWeighted(n, m, [&](size_t i, size_t j) { return same(i, j) ? c.match : 0; }, c.gap, maxCells);
}

std::vector<AlignStep> alignWeighted(size_t n, size_t m, const std::function<int(size_t, size_t)> &score, int gap,
                                     size_t maxCells)
{
    struct { int gap; } c{gap};
    std::vector<AlignStep> out;
    if (n == 0 || m == 0) {
        for (size_t i = 0; i < n; ++i)
            out.push_back({int32_t(i), -1});
        for (size_t j = 0; j < m; ++j)
            out.push_back({-1, int32_t(j)});
        return out;
    }
    const size_t full = (n + 1) * (m + 1);
    // Half-width of the band: wide enough to absorb the length difference plus slack.
    size_t half = m + 1;
    if (full > maxCells) {
        // The band follows the diagonal i·m/n, so it only has to be wider than the slope for
        // consecutive rows to overlap; widening it by |n - m| made it as big as the whole matrix
        // for sequences of very different lengths (30k × 50k: 960 MB).
        half = std::max<size_t>(m / n + 17, maxCells / (2 * (n + 1)));
    }
    auto lo = [&](size_t i) -> size_t {
        const double center = double(i) * double(m) / double(n);
        return center > double(half) ? size_t(center) - half : 0;
    };
    auto hi = [&](size_t i) -> size_t {
        const size_t center = size_t(double(i) * double(m) / double(n));
        return std::min(m, center + half);
    };
    enum : uint8_t { Diag = 0, Up = 1, Left = 2 };  // Up: a[i-1] against a gap; Left: b[j-1] against a gap
    std::vector<size_t> rowStart(n + 2);
    std::vector<uint8_t> trace;
    {
        size_t total = 0;
        for (size_t i = 0; i <= n; ++i) {
            rowStart[i] = total;
            total += hi(i) - lo(i) + 1;
        }
        rowStart[n + 1] = total;
        trace.resize(total);
    }
    constexpr int kNeg = INT_MIN / 4;
    std::vector<int> prev(m + 1, kNeg), cur(m + 1, kNeg);
    for (size_t j = lo(0); j <= hi(0); ++j) {
        prev[j] = int(j) * c.gap;
        trace[rowStart[0] + j - lo(0)] = Left;
    }
    for (size_t i = 1; i <= n; ++i) {
        const size_t l = lo(i), h = hi(i);
        std::fill(cur.begin() + long(l > 0 ? l - 1 : 0), cur.begin() + long(std::min(m, h + 1) + 1), kNeg);
        for (size_t j = l; j <= h; ++j) {
            int best = kNeg;
            uint8_t dir = Up;
            if (j == 0) {
                best = int(i) * c.gap;
            } else {
                // Unpairable tokens never take the diagonal: they become two one-sided steps.
                const int sc = score(i - 1, j - 1);
                if (prev[j - 1] > kNeg && sc > 0)
                    best = prev[j - 1] + sc, dir = Diag;
                if (prev[j] > kNeg && prev[j] + c.gap > best)
                    best = prev[j] + c.gap, dir = Up;
                if (j > l && cur[j - 1] > kNeg && cur[j - 1] + c.gap > best)
                    best = cur[j - 1] + c.gap, dir = Left;
            }
            cur[j] = best;
            trace[rowStart[i] + j - l] = dir;
        }
        std::swap(prev, cur);
    }
    // Walk back from (n, m).
    size_t i = n, j = m;
    while (i > 0 || j > 0) {
        uint8_t dir;
        if (i == 0)
            dir = Left;
        else if (j < lo(i) || j > hi(i))
            dir = j < lo(i) ? Up : Left;  // outside the band (only at its edge): step back in
        else
            dir = trace[rowStart[i] + j - lo(i)];
        if (j == 0 && i > 0)
            dir = Up;
        if (dir == Diag) {
            out.push_back({int32_t(i - 1), int32_t(j - 1)});
            --i, --j;
        } else if (dir == Up) {
            out.push_back({int32_t(i - 1), -1});
            --i;
        } else {
            out.push_back({-1, int32_t(j - 1)});
            --j;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace fusion
