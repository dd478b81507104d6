#include "timelinelod.h"

#include <algorithm>
#include <cmath>

void TimelineLod::setEnabled(bool enabled)
{
    if (m_enabled != enabled)
        invalidate();
    m_enabled = enabled;
}

const std::vector<TimelineRun> &TimelineLod::runs(const TimelineTrack &track, size_t key, double t0, double t1,
                                                  int width, fusion::Ns origin)
{
    if (key >= m_cache.size())
        m_cache.resize(key + 1);
    Entry &e = m_cache[key];
    if (e.width != width || e.t0 != t0 || e.t1 != t1 || e.origin != origin) {
        e.runs = build(track, t0, t1, width, m_enabled, origin);
        e.t0 = t0;
        e.t1 = t1;
        e.origin = origin;
        e.width = width;
        ++m_rebuilds;
    }
    return e.runs;
}

namespace {
// KeepDimmedApart: the track has kernels of another stage (coloured kDimmed); a run then holds
// only dimmed or only undimmed events, so that a stage's kernels never hide in a grey run and the
// other way round. Without them (every stage shown) the loop is exactly the plain one.
template <bool KeepDimmedApart>
std::vector<TimelineRun> buildRuns(const TimelineTrack &track, double t0, double t1, int width, bool merge,
                                   fusion::Ns origin)
{
    std::vector<TimelineRun> out;
    const auto [first, last] = track.visible(origin + fusion::Ns(std::floor(t0)), origin + fusion::Ns(std::ceil(t1)));
    const double scale = width / (t1 - t0), nsPerPx = (t1 - t0) / width;
    // Far outside the plot coordinates only need to stay outside: floats keep their precision then.
    auto px = [&](double t) { return float(std::clamp((t - t0) * scale, -2.0, width + 2.0)); };
    // The hot loop works in nanoseconds from the origin (one comparison per merged event); pixels are
    // computed once per run. A run is open from runStart to runEnd; `open` says whether events may
    // still join it.
    const fusion::Ns *start = track.start.data(), *end = track.end.data();
    [[maybe_unused]] const uint16_t *colour = track.colour.data();
    [[maybe_unused]] bool runDimmed = false;
    bool open = false;
    double runStart = 0, runEnd = 0;
    fusion::Ns widest = -1;
    TimelineRun run;
    auto close = [&] {
        run.x0 = px(runStart);
        run.x1 = px(runEnd);
        out.push_back(run);
    };
    for (size_t i = first; i < last; ++i) {
        const fusion::Ns dur = end[i] - start[i];
        const bool narrow = double(dur) < nsPerPx;
        bool joins = open && narrow && double(start[i] - origin) < runEnd + nsPerPx;
        if constexpr (KeepDimmedApart)
            joins = joins && (colour[i] == TimelineTrack::kDimmed) == runDimmed;
        if (joins) {
            // Joins the previous run: it is sub-pixel too (or already merged) and this event starts
            // within the pixel the run ends in.
            runEnd = std::max(runEnd, double(end[i] - origin));
            ++run.count;
            if (dur > widest) {
                widest = dur;
                run.first = uint32_t(i);
                run.colour = track.colour[i];
            }
            continue;
        }
        if (run.count > 0)
            close();
        run = {0, 0, uint32_t(i), 1, track.colour[i]};
        runStart = double(start[i] - origin);
        runEnd = double(end[i] - origin);
        widest = dur;
        open = merge && narrow;
        if constexpr (KeepDimmedApart)
            runDimmed = colour[i] == TimelineTrack::kDimmed;
    }
    if (run.count > 0)
        close();
    return out;
}
} // namespace

std::vector<TimelineRun> TimelineLod::build(const TimelineTrack &track, double t0, double t1, int width, bool merge,
                                            fusion::Ns origin)
{
    if (width <= 0 || t1 <= t0 || track.size() == 0)
        return {};
    return track.dimmed ? buildRuns<true>(track, t0, t1, width, merge, origin)
                        : buildRuns<false>(track, t0, t1, width, merge, origin);
}
