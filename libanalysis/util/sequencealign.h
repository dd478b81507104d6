#pragma once
// Global sequence alignment (Needleman–Wunsch with linear gaps) over token sequences, so that one
// extra element on one side becomes one gap instead of shifting every later pair.
#include "util/taskpool.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <memory>
#include <thread>
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
    size_t cellCount() const { return m_cells.size(); }  // for a second thread's own row
    void keep(size_t i) { keep(i, m_cells.data()); }  // every cell of row i, before walkBack reads any
    void keep(size_t i, uint8_t *cells);  // the same from another row buffer (cellCount() bytes)
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

namespace detail {

constexpr int kNeg = INT_MIN / 4;  // a cell nothing reaches

// Rows `from` to `to` of the band from row from - 1 in `prev`, each row's directions kept from
// `cells` (a row buffer of band.cellCount() bytes) when `keep`; `prev` ends up holding the last row
// filled. Before each row, `next(i)` may stop the fill (returns false): it returns the last row filled.
template <class Score, class Next>
size_t fillRows(Band &band, std::vector<int> &prev, std::vector<int> &cur, size_t from, size_t to, const Score &score,
                int gap, uint8_t *cells, bool keep, const Next &next)
{
    const size_t m = prev.size() - 1;
    for (size_t i = from; i <= to; ++i) {
        if (!next(i))
            return i - 1;
        const size_t l = band.lo(i), h = band.hi(i);
        // The loop writes every cell from l to h; the next row also reads one cell either side. Right
        // of that, this array was never written (the band only moves right), so it still holds kNeg.
        if (l > 0)
            cur[l - 1] = kNeg;
        if (h < m)
            cur[h + 1] = kNeg;
        size_t j = l;
        if (j == 0) {
            cur[0] = int(i) * gap;
            cells[0] = Band::Up;
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
            uint8_t dir = diag ? Band::Diag : Band::Up;
            if (prev[j] + gap > best)
                best = prev[j] + gap, dir = Band::Up;
            if (left + gap > best)
                best = left + gap, dir = Band::Left;
            cur[j] = left = best;
            cells[j - l] = dir;
        }
        if (keep)
            band.keep(i, cells);
        std::swap(prev, cur);
    }
    return to;
}

// What the two threads of one alignment tell each other (see alignWeighted).
struct SplitRows {
    static constexpr size_t kClosed = SIZE_MAX;
    std::atomic<size_t> reached{0};   // rows the first thread has filled
    std::atomic<size_t> proposed{0};  // the second thread's first row - 1, then kClosed
    std::atomic<int> answer{0};       // 1: the first thread stops there, 2: too late
    std::atomic<bool> guessed{false}, abandon{false};
};

// Whether two fillings of row i agree up to one constant: the same cells unreached, and every
// reached cell of one the other's plus the same number.
bool sameUpToOffset(const Band &band, size_t i, const std::vector<int> &x, const std::vector<int> &y);

} // namespace detail

// Weighted form: `score(i, j)` is the reward for pairing a[i] with b[j], 0 when they must not pair.
// Heavy tokens (GEMMs, attention) then anchor the alignment, so that light ones (elementwise
// kernels) cannot pair across them. O(n·m) time, O(n·m) bits of traceback; banded above `maxCells`.
//
// Given a pool, a long banded alignment fills its lower rows on another thread at the same time: a
// row's directions compare only sums of cells of the row above and of the cell to the left, so they
// do not change when one constant is added to every reached cell of the row above (column 0, whose
// value is absolute, must lie outside the band). The other thread guesses the row above its first
// by filling a stretch of rows above it from a made-up row (a tent around the band's middle), for an
// alignment forgets where it started within a few band widths; the guess is kept only if it matches
// the true row up to a constant, else this thread fills the lower rows itself. The result is always
// exactly the one-thread result; with the other core free, each thread fills about half the rows.
// `score` is then called from both threads at once. `lowerHalfOnPool`, if given, tells whether the
// other thread's rows were kept.
template <class Score>
std::vector<AlignStep> alignWeighted(size_t n, size_t m, const Score &score, int gap = -2, size_t maxCells = 64u << 20,
                                     TaskPool *pool = nullptr, bool *lowerHalfOnPool = nullptr)
{
    using detail::kNeg;
    if (lowerHalfOnPool)
        *lowerHalfOnPool = false;
    if (n == 0 || m == 0)
        return detail::allGaps(n, m);
    detail::Band band(n, m, maxCells);
    std::vector<int> prev(m + 1, kNeg), cur(m + 1, kNeg);
    for (size_t j = band.lo(0); j <= band.hi(0); ++j) {
        prev[j] = int(j) * gap;
        band.cells()[j - band.lo(0)] = detail::Band::Left;
    }
    band.keep(0);
    // The guess' stretch: four band widths, at least 1024 rows (on the traces seen so far one width
    // sufficed, on made-up sequences with noise up to four).
    const size_t warmUp = std::max<size_t>(1024, 4 * (band.hi(n / 2) - band.lo(n / 2) + 1));
    if (!pool || n < 3 * warmUp || band.lo(n - 2 * warmUp) == 0) {  // short, or the band holds column 0
        detail::fillRows(band, prev, cur, 1, n, score, gap, band.cells(), true, [](size_t) { return true; });
        return band.walkBack();
    }
    detail::SplitRows split;
    std::vector<int> guess;  // the second thread's row `proposed`, once `guessed`
    // The second thread, whenever it starts: it proposes to fill the lower rows that are left so
    // that both threads end together, fills the guess' stretch meanwhile, and goes on only if the
    // first thread has not passed the proposed row.
    auto lower = TaskPool::later(pool, [&] {
        const size_t reached = split.reached.load();
        if (reached + 3 * warmUp > n)
            return;
        const size_t mid = (reached + n + warmUp) / 2;
        if (band.lo(mid + 1) == 0)
            return;
        size_t open = 0;
        if (!split.proposed.compare_exchange_strong(open, mid))
            return;  // the first thread is done
        std::vector<int> p(m + 1, kNeg), c(m + 1, kNeg);
        std::vector<uint8_t> cells(band.cellCount());
        const size_t from = mid - warmUp, lo = band.lo(from - 1), hi = band.hi(from - 1), centre = (lo + hi) / 2;
        for (size_t j = lo; j <= hi; ++j)
            p[j] = gap * int(j > centre ? j - centre : centre - j);
        // Given up (too late, or the first thread reached the row first): stops within 64 rows.
        const auto goOn = [&](size_t i) {
            return (i & 63) != 0 || (split.answer.load(std::memory_order_relaxed) != 2
                                     && !split.abandon.load(std::memory_order_relaxed));
        };
        if (detail::fillRows(band, p, c, from, mid, score, gap, cells.data(), false, goOn) != mid)
            return;
        while (split.answer.load() == 0)
            std::this_thread::yield();  // the first thread answers before its next row, or at its end
        if (split.answer.load() != 1 || split.abandon.load())
            return;
        guess = p;
        split.guessed = true;
        detail::fillRows(band, p, c, mid + 1, n, score, gap, cells.data(), true, goOn);
    }, &kSpareWork);
    size_t stop = n;  // the last row this thread fills
    bool answered = false;
    const auto answer = [&](size_t i, size_t proposal) {
        answered = true;
        if (i <= proposal)
            stop = proposal;
        split.answer = i <= proposal ? 1 : 2;
    };
    detail::fillRows(band, prev, cur, 1, n, score, gap, band.cells(), true, [&](size_t i) {
        split.reached.store(i - 1, std::memory_order_relaxed);
        if (!answered)
            if (const size_t proposal = split.proposed.load(std::memory_order_acquire); proposal != 0)
                answer(i, proposal);
        return i <= stop;
    });
    if (const size_t proposal = split.proposed.exchange(detail::SplitRows::kClosed); proposal != 0 && !answered)
        answer(n + 1, proposal);  // proposed after this thread's last look: too late
    // The other thread's rows count only where its guess matches this thread's row up to a constant.
    const bool useLower = stop < n && split.guessed.load() && detail::sameUpToOffset(band, stop, prev, guess);
    if (stop < n && !useLower)
        split.abandon = true;
    lower.get();  // run here when it never started (it then returns at once); else waited for
    if (stop < n && !useLower)
        detail::fillRows(band, prev, cur, stop + 1, n, score, gap, band.cells(), true, [](size_t) { return true; });
    if (lowerHalfOnPool)
        *lowerHalfOnPool = useLower;
    return band.walkBack();
}

// Aligns sequences of length n and m; `same(i, j)` says whether a[i] and b[j] are equal tokens.
template <class Same>
std::vector<AlignStep> alignSequences(size_t n, size_t m, const Same &same, const AlignCosts &costs = {},
                                      size_t maxCells = 64u << 20, TaskPool *pool = nullptr)
{
    return alignWeighted(n, m, [&](size_t i, size_t j) { return same(i, j) ? costs.match : 0; }, costs.gap, maxCells,
                         pool);
}

} // namespace fusion
