#include "timelinezoom.h"

#include <algorithm>
#include <cmath>

TimelineZoom::TimelineZoom(QObject *parent) : QObject(parent) {}

void TimelineZoom::setContent(double spanA, double spanB, int64_t offsetA, int64_t offsetB)
{
    m_span[SideA] = std::max(1.0, spanA);
    m_span[SideB] = std::max(1.0, spanB);
    m_offset[SideA] = offsetA;
    m_offset[SideB] = offsetB;
    m_history.clear();
    const Range full = extent();
    m_range = {full, full};
    emit rangeChanged();
}

void TimelineZoom::setOffsets(int64_t offsetA, int64_t offsetB)
{
    m_offset[SideA] = offsetA;
    m_offset[SideB] = offsetB;
    emit rangeChanged();
}

TimelineZoom::Range TimelineZoom::extent() const
{
    return {0, std::max(m_span[SideA], m_span[SideB])};
}

void TimelineZoom::setLinked(bool linked)
{
    if (m_linked == linked)
        return;
    m_linked = linked;
    if (linked)
        m_range[SideB] = m_range[SideA];
    emit linkedChanged(linked);
    emit rangeChanged();
}

TimelineZoom::Range TimelineZoom::clamp(Range r) const
{
    // Room to pan a little past either end (alignment at a layer moves traces into negative time).
    const Range full = extent();
    const double margin = full.length();
    double len = std::clamp(r.length(), kMinLength, full.length() * 3);
    double start = std::clamp(r.start, full.start - margin, full.end + margin - len);
    return {start, start + len};
}

void TimelineZoom::pushHistory(bool coalesce)
{
    if (coalesce && m_lastPush.isValid() && m_lastPush.elapsed() < 600)
        return;
    m_lastPush.start();
    if (m_history.empty() || m_history.back() != m_range)
        m_history.push_back(m_range);
    if (m_history.size() > 100)
        m_history.erase(m_history.begin());
}

void TimelineZoom::apply(Side s, Range r)
{
    r = clamp(r);
    if (m_linked)
        m_range = {r, r};
    else
        m_range[s] = r;
    emit rangeChanged();
}

void TimelineZoom::setRange(Side s, Range r, bool history)
{
    if (history)
        pushHistory(false);
    apply(s, r);
}

void TimelineZoom::zoomAt(Side s, double at, double factor)
{
    pushHistory(true);
    const Range r = m_range[s];
    const double len = std::clamp(r.length() * factor, kMinLength, extent().length() * 3);
    // Keep the fraction of the range left of `at` constant: the time under the cursor stays put.
    const double f = (at - r.start) / r.length();
    Range next{at - f * len, at - f * len + len};
    // The clamp may shift a range that reaches past the margins; only then the point moves.
    apply(s, next);
}

void TimelineZoom::pan(Side s, double deltaNs)
{
    pushHistory(true);
    const Range r = m_range[s];
    apply(s, {r.start + deltaNs, r.end + deltaNs});
}

void TimelineZoom::reset()
{
    pushHistory(false);
    const Range full = extent();
    m_range = {full, full};
    emit rangeChanged();
}

bool TimelineZoom::back()
{
    if (m_history.empty())
        return false;
    m_range = m_history.back();
    m_history.pop_back();
    if (m_linked)
        m_range[SideB] = m_range[SideA];
    m_lastPush.invalidate();
    emit rangeChanged();
    return true;
}
