#include "util/sequencealign.h"

namespace fusion::detail {

BandShape::BandShape(size_t n, size_t m, size_t maxCells) : m_n(n), m_m(m), m_half(m + 1)
{
    if ((n + 1) * (m + 1) > maxCells) {
        // Half-width of the band. It follows the diagonal i·m/n, so it only has to be wider than the
        // slope for consecutive rows to overlap; widening it by |n - m| made it as big as the whole
        // matrix for sequences of very different lengths (30k × 50k: 960 MB).
        m_half = std::max<size_t>(m / n + 17, maxCells / (2 * (n + 1)));
    }
}

size_t BandShape::lo(size_t i) const
{
    const double center = double(i) * double(m_m) / double(m_n);
    return center > double(m_half) ? size_t(center) - m_half : 0;
}

size_t BandShape::hi(size_t i) const
{
    const size_t center = size_t(double(i) * double(m_m) / double(m_n));
    return std::min(m_m, center + m_half);
}

Band::Band(size_t n, size_t m, size_t maxCells) : m_n(n), m_m(m), m_shape(n, m, maxCells)
{
    m_rowStart.resize(n + 2);
    size_t total = 0;
    for (size_t i = 0; i <= n; ++i) {
        m_rowStart[i] = total;
        total += (hi(i) - lo(i) + 1 + 3) / 4;
    }
    m_rowStart[n + 1] = total;
    m_trace.reset(new uint8_t[total]);
    size_t widest = 0;
    for (size_t i = 0; i <= n; ++i)
        widest = std::max(widest, hi(i) - lo(i) + 1);
    m_cells.assign((widest + 3) / 4 * 4, 0);
}

void Band::keep(size_t i)
{
    const size_t width = hi(i) - lo(i) + 1;
    std::fill(m_cells.begin() + std::ptrdiff_t(width), m_cells.begin() + std::ptrdiff_t((width + 3) / 4 * 4), uint8_t(0));
    uint8_t *out = m_trace.get() + m_rowStart[i];
    const uint8_t *c = m_cells.data();
    for (size_t b = 0; b < (width + 3) / 4; ++b, c += 4)
        out[b] = uint8_t(c[0] | c[1] << 2 | c[2] << 4 | c[3] << 6);
}

uint8_t Band::at(size_t i, size_t j) const
{
    const size_t k = j - lo(i);
    return uint8_t(m_trace[m_rowStart[i] + k / 4] >> (2 * (k % 4)) & 3);
}

size_t Band::lo(size_t i) const
{
    return m_shape.lo(i);
}

size_t Band::hi(size_t i) const
{
    return m_shape.hi(i);
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
            dir = at(i, j);
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
