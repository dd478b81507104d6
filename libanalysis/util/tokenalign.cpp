#include "util/tokenalign.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <unordered_map>

namespace fusion {

namespace {

// Above this, one bit row per distinct token of `a` is too much memory: the cells are filled one by one.
constexpr size_t kMaxMatchBytes = size_t(256) << 20;

// The bits of word w (columns 64·w to 64·w + 63) that lie in [from, to].
uint64_t spanMask(size_t w, size_t from, size_t to)
{
    const size_t first = w * 64, last = first + 63;
    if (from > to || to < first || from > last)
        return 0;
    uint64_t mask = ~uint64_t(0);
    if (from > first)
        mask &= ~uint64_t(0) << (from - first);
    if (to < last)
        mask &= ~uint64_t(0) >> (last - to);
    return mask;
}

// Every row of L in the band, as bits: bit j is set where L(i, j) = L(i, j - 1), where column j adds
// nothing (column 0 always). A row keeps the words that hold its band, and how many columns left of
// them add one: the words left of a row's band no longer change, so that count only grows.
class BitRows {
public:
    BitRows(const detail::BandShape &band, size_t n) : m_band(band), m_offset(n + 2, 0), m_base(n + 1, 0)
    {
        for (size_t i = 0; i <= n; ++i)
            m_offset[i + 1] = m_offset[i] + band.hi(i) / 64 - band.lo(i) / 64 + 1;
        m_words.reset(new uint64_t[m_offset[n + 1]]);  // every word is written before it is read
    }

    void keep(size_t i, const std::vector<uint64_t> &row)
    {
        const size_t first = m_band.lo(i) / 64;
        for (; m_frozenWords < first; ++m_frozenWords)
            m_frozen += uint32_t(std::popcount(~row[m_frozenWords]));
        m_base[i] = m_frozen;
        std::copy(row.begin() + long(first), row.begin() + long(m_band.hi(i) / 64 + 1), m_words.get() + m_offset[i]);
    }

    // L(i, j) - L(i, j - 1), for j in the words of row i.
    uint32_t rise(size_t i, size_t j) const { return uint32_t(~word(i, j) >> (j % 64) & 1); }

    // L(i, j), for j in the words of row i.
    uint32_t length(size_t i, size_t j) const
    {
        const size_t first = m_band.lo(i) / 64;
        const uint64_t *w = m_words.get() + m_offset[i];
        uint32_t x = m_base[i];
        for (size_t k = 0; k < j / 64 - first; ++k)
            x += uint32_t(std::popcount(~w[k]));
        const uint64_t upToJ = j % 64 == 63 ? ~uint64_t(0) : (uint64_t(2) << (j % 64)) - 1;
        return x + uint32_t(std::popcount(~w[j / 64 - first] & upToJ));
    }

private:
    uint64_t word(size_t i, size_t j) const { return m_words[m_offset[i] + j / 64 - m_band.lo(i) / 64]; }

    const detail::BandShape &m_band;
    std::vector<size_t> m_offset;
    std::vector<uint32_t> m_base;
    std::unique_ptr<uint64_t[]> m_words;
    size_t m_frozenWords = 0;
    uint32_t m_frozen = 0;
};

} // namespace

template <class Token>
std::vector<AlignStep> alignTokens(const std::vector<Token> &a, const std::vector<Token> &b, const AlignCosts &costs,
                                   size_t maxCells)
{
    const size_t n = a.size(), m = b.size();
    const auto cellByCell = [&] {
        return alignSequences(n, m, [&](size_t i, size_t j) { return a[i] == b[j]; }, costs, maxCells);
    };
    if (n == 0 || m == 0 || costs.match <= 0 || costs.gap >= 0)
        return cellByCell();
    // Per distinct token of a, the columns where b holds it (bit j: b[j - 1]).
    std::unordered_map<Token, uint32_t> idOf;
    std::vector<uint32_t> tokenOf(n);
    for (size_t i = 0; i < n; ++i)
        tokenOf[i] = idOf.try_emplace(a[i], uint32_t(idOf.size())).first->second;
    const size_t words = m / 64 + 1;
    if (idOf.size() * words * sizeof(uint64_t) > kMaxMatchBytes)
        return cellByCell();
    std::vector<uint64_t> matches(idOf.size() * words, 0);
    for (size_t j = 1; j <= m; ++j)
        if (const auto it = idOf.find(b[j - 1]); it != idOf.end())
            matches[it->second * words + j / 64] |= uint64_t(1) << (j % 64);

    const detail::BandShape band(n, m, maxCells);
    BitRows rows(band, n);
    std::vector<uint64_t> row(words, ~uint64_t(0));  // row 0: no column adds one
    rows.keep(0, row);
    for (size_t i = 1; i <= n; ++i) {
        const size_t lo = band.lo(i), hi = band.hi(i);
        // A pair counts only where its diagonal neighbour lies in the band of the row above.
        const size_t from = std::max(lo, band.lo(i - 1) + 1), to = std::min(hi, band.hi(i - 1) + 1);
        const uint64_t *pm = matches.data() + size_t(tokenOf[i - 1]) * words;
        uint64_t carry = 0;  // none from the words left of the band: they have no pair
        for (size_t w = lo / 64; w <= hi / 64; ++w) {
            const uint64_t mask = pm[w] & spanMask(w, from, to);
            const uint64_t x = row[w], u = x & mask;
            uint64_t s = x + u;
            uint64_t c = s < x;
            s += carry;
            c |= s < carry;
            carry = c;  // out of the last word: dropped, the columns right of the band stay flat
            row[w] = s | (x & ~mask);
        }
        rows.keep(i, row);
    }

    // Back from (n, m), with the cell-by-cell alignment's preferences: a pair, else up, else left.
    std::vector<AlignStep> out;
    out.reserve(n + m);
    size_t i = n, j = m;
    bool known = false;  // whether `here` holds L(i, j)
    uint32_t here = 0;
    size_t aboveAt = SIZE_MAX;  // L(i - 1, aboveAt) is `above`, in this row
    uint32_t above = 0;
    while (i > 0 || j > 0) {
        enum { Diag, Up, Left } dir;
        if (i == 0)
            dir = Left;
        else if (j < band.lo(i) || j > band.hi(i))
            dir = j < band.lo(i) ? Up : Left;  // outside the band (only at its edge): step back in
        else if (j == 0)
            dir = Up;
        else if (j >= std::max(band.lo(i), band.lo(i - 1) + 1) && j <= std::min(band.hi(i), band.hi(i - 1) + 1)
                 && a[i - 1] == b[j - 1])
            dir = Diag;
        else if (j > band.hi(i - 1))
            dir = Left;  // nothing above in the band
        else if (j == band.lo(i))
            dir = Up;  // nothing to the left in the band
        else {
            if (!known)
                here = rows.length(i, j), known = true;
            // Walking left along a row, the length above drops by the rise it passes.
            if (aboveAt == j + 1)
                above -= rows.rise(i - 1, j + 1);
            else if (aboveAt != j)
                above = rows.length(i - 1, j);
            aboveAt = j;
            dir = here - rows.rise(i, j) > above ? Left : Up;
        }
        if (dir == Diag) {
            out.push_back({int32_t(i - 1), int32_t(j - 1)});
            --i, --j;
            known = false, aboveAt = SIZE_MAX;
        } else if (dir == Up) {
            out.push_back({int32_t(i - 1), -1});
            --i;
            known = false, aboveAt = SIZE_MAX;
        } else {
            if (known)
                here -= rows.rise(i, j);
            out.push_back({-1, int32_t(j - 1)});
            --j;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

template std::vector<AlignStep> alignTokens(const std::vector<uint32_t> &, const std::vector<uint32_t> &,
                                            const AlignCosts &, size_t);
template std::vector<AlignStep> alignTokens(const std::vector<uint64_t> &, const std::vector<uint64_t> &,
                                            const AlignCosts &, size_t);

} // namespace fusion
