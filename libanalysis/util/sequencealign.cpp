#include "util/sequencealign.h"

namespace fusion::detail {

Band::Band(size_t n, size_t m, size_t maxCells) : m_n(n), m_m(m), m_half(m + 1)
{
    if ((n + 1) * (m + 1) > maxCells) {
        // Half-width of the band. It follows the diagonal i·m/n, so it only has to be wider than the
        // slope for consecutive rows to overlap; widening it by |n - m| made it as big as the whole
        // matrix for sequences of very different lengths (30k × 50k: 960 MB).
        m_half = std::max<size_t>(m / n + 17, maxCells / (2 * (n + 1)));
    }
    m_rowStart.resize(n + 2);
    size_t total = 0;
    for (size_t i = 0; i <= n; ++i) {
        m_rowStart[i] = total;
        total += hi(i) - lo(i) + 1;
    }
    m_rowStart[n + 1] = total;
    m_trace.reset(new uint8_t[total]);
}

size_t Band::lo(size_t i) const
{
    const double center = double(i) * double(m_m) / double(m_n);
    return center > double(m_half) ? size_t(center) - m_half : 0;
}

size_t Band::hi(size_t i) const
{
    const size_t center = size_t(double(i) * double(m_m) / double(m_n));
    return std::min(m_m, center + m_half);
}

std::vector<AlignStep> Band::walkBack() const
{
    std::vector<AlignStep> out;
    size_t i = m_n, j = m_m;
    while (i > 0 || j > 0) {
        uint8_t dir;
        if (i == 0)
            dir = Left;
        else if (j < lo(i) || j > hi(i))
            dir = j < lo(i) ? Up : Left;  // outside the band (only at its edge): step back in
        else
            dir = m_trace[m_rowStart[i] + j - lo(i)];
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

std::vector<AlignStep> allGaps(size_t n, size_t m)
{
    std::vector<AlignStep> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back({int32_t(i), -1});
    for (size_t j = 0; j < m; ++j)
        out.push_back({-1, int32_t(j)});
    return out;
}

} // namespace fusion::detail
