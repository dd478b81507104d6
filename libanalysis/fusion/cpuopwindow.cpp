#include "fusion/cpuopwindow.h"

#include <algorithm>
#include <limits>

namespace fusion {

CpuOpWindow::CpuOpWindow(const AnalyzedTrace &t) : m_t(t)
{
    const CpuOpTable &ops = t.trace->store.cpuOps;
    m_launched.assign(ops.size(), 0);
    for (uint32_t k = 0; k < t.attribution.cpuOp.size(); ++k)
        if (const int32_t op = opOf(k); op >= 0)
            ++m_launched[size_t(op)];
    for (uint32_t r = 0; r < ops.size(); ++r)
        m_byThread[{ops.pid[r], ops.tid[r]}].push_back(r);
    for (auto &[thread, rows] : m_byThread)
        std::stable_sort(rows.begin(), rows.end(), [&](uint32_t x, uint32_t y) { return ops.start[x] < ops.start[y]; });
}

int32_t CpuOpWindow::opOf(uint32_t kernel) const
{
    if (kernel >= m_t.attribution.cpuOp.size() || m_t.attribution.kind[kernel] == AttributionKind::Inferred)
        return -1;
    return m_t.attribution.cpuOp[kernel];
}

std::string_view CpuOpWindow::name(int32_t op) const
{
    return op < 0 ? std::string_view() : m_t.trace->store.str(m_t.trace->store.cpuOps.name[size_t(op)]);
}

int32_t CpuOpWindow::linkedNear(uint32_t kernel, int dir) const
{
    constexpr int kLook = 64;  // kernels of other streams may sit in between
    const int64_t n = int64_t(m_t.attribution.cpuOp.size());
    for (int64_t k = int64_t(kernel) + dir, i = 0; k >= 0 && k < n && i < kLook; k += dir, ++i)
        if (const int32_t op = opOf(uint32_t(k)); op >= 0)
            return op;
    return -1;
}

CpuOpWindow::Span CpuOpWindow::span(uint32_t first, uint32_t last, uint32_t before, uint32_t after) const
{
    const CpuOpTable &ops = m_t.trace->store.cpuOps;
    const int32_t f = first == UINT32_MAX ? -1 : opOf(first), l = last == UINT32_MAX ? -1 : opOf(last);
    if (f < 0 && l < 0)
        return {};
    const int32_t anchor = f >= 0 ? f : l;
    Span s{ops.pid[size_t(anchor)], ops.tid[size_t(anchor)]};
    const int32_t lo = f >= 0 ? f : (first == UINT32_MAX && before != UINT32_MAX ? linkedNear(before, -1) : -1);
    const int32_t hi = l >= 0 ? l : (last == UINT32_MAX && after != UINT32_MAX ? linkedNear(after, +1) : -1);
    s.lo = lo >= 0 ? ops.start[size_t(lo)] : first == UINT32_MAX ? std::numeric_limits<Ns>::min() : ops.start[size_t(l)];
    s.hi = hi >= 0 ? (hi == l ? ops.start[size_t(l)] + ops.dur[size_t(l)] : ops.start[size_t(hi)])
                   : last == UINT32_MAX ? std::numeric_limits<Ns>::max() : ops.start[size_t(f)] + ops.dur[size_t(f)];
    return s;
}

CpuOpWindow::Count CpuOpWindow::count(const Span &s, std::string_view name) const
{
    Count c;
    auto it = m_byThread.find({s.pid, s.tid});
    if (!s.valid() || it == m_byThread.end())
        return c;
    const CpuOpTable &ops = m_t.trace->store.cpuOps;
    const std::vector<uint32_t> &rows = it->second;
    auto from = std::lower_bound(rows.begin(), rows.end(), s.lo, [&](uint32_t r, Ns t) { return ops.start[r] < t; });
    for (auto r = from; r != rows.end() && ops.start[*r] <= s.hi; ++r)
        if (m_t.trace->store.str(ops.name[*r]) == name) {
            ++c.ops;
            c.withoutKernel += m_launched[*r] == 0;
        }
    return c;
}

} // namespace fusion
