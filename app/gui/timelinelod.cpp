#include "timelinelod.h"

#include <algorithm>
#include <cmath>

using fusion::Ns;

void TimelineLod::setEnabled(bool enabled)
{
    if (m_enabled != enabled)
        invalidate();
    m_enabled = enabled;
}

void TimelineLod::setCaching(bool caching)
{
    if (!caching)
        invalidate();
    m_caching = caching;
}

void TimelineLod::setBudget(size_t bytes)
{
    m_budget = bytes;
    evict();
}

void TimelineLod::invalidate()
{
    m_cache.clear();
    m_bytes = 0;
}

size_t TimelineLod::tileCount() const
{
    size_t n = 0;
    for (const auto &[key, t] : m_cache)
        n += t.tiles.size();
    return n;
}

int TimelineLod::levelOf(double nsPerPixel)
{
    // The largest power of two not above the pixel: a bin never spans two pixels, so what the
    // exact pixel would keep apart by more than a pixel stays apart.
    if (!(nsPerPixel >= 2))
        return 0;
    return std::min(std::ilogb(nsPerPixel), 62 - kTileShift);
}

namespace {
// Tile `index` of a level covers trace times [index << shift, (index + 1) << shift). C++20's >> on a
// negative number rounds down, so times before the epoch tile the same way.
int64_t tileOf(Ns t, int shift) { return t >> shift; }

// KeepDimmedApart: the track has kernels of another stage (coloured kDimmed); a run then holds
// only dimmed or only undimmed events, so that a stage's kernels never hide in a grey run and the
// other way round. Without them (every stage shown) the loop is exactly the plain one. Integers
// only: a bin is a whole number of nanoseconds.
template <bool KeepDimmedApart, typename Span>
void buildRuns(const TimelineTrack &track, size_t first, size_t last, Ns bin, bool merge, std::vector<Span> &out)
{
    const Ns *start = track.start.data(), *end = track.end.data();
    const uint16_t *colour = track.colour.data();
    [[maybe_unused]] bool runDimmed = false;
    bool open = false;  // whether events may still join the run
    Ns widest = -1;
    Span run;
    for (size_t i = first; i < last; ++i) {
        const Ns s = start[i], e = end[i], dur = e - s;
        const bool narrow = dur < bin;
        bool joins = open && narrow && s < run.end + bin;
        if constexpr (KeepDimmedApart)
            joins = joins && (colour[i] == TimelineTrack::kDimmed) == runDimmed;
        if (joins) {
            // Sub-pixel too, and it starts within a bin of the run's end.
            run.end = std::max(run.end, e);
            ++run.count;
            if (dur > widest) {
                widest = dur;
                run.first = uint32_t(i);
                run.colour = colour[i];
            }
            continue;
        }
        if (run.count > 0)
            out.push_back(run);
        run = {s, e, uint32_t(i), 1, colour[i]};
        widest = dur;
        open = merge && narrow;
        if constexpr (KeepDimmedApart)
            runDimmed = colour[i] == TimelineTrack::kDimmed;
    }
    if (run.count > 0)
        out.push_back(run);
}
} // namespace

void TimelineLod::buildTile(const TimelineTrack &track, int level, int64_t index, bool merge, std::vector<Span> &out)
{
    // The events that start in the tile; what starts in the next tile begins a run of its own.
    const int shift = level + kTileShift;
    const Ns lo = Ns(index) << shift, hi = lo + (Ns(1) << shift);
    const size_t first = size_t(std::lower_bound(track.start.begin(), track.start.end(), lo) - track.start.begin());
    const size_t last = size_t(std::lower_bound(track.start.begin() + ptrdiff_t(first), track.start.end(), hi)
                               - track.start.begin());
    out.clear();
    if (track.dimmed)
        buildRuns<true>(track, first, last, Ns(1) << level, merge, out);
    else
        buildRuns<false>(track, first, last, Ns(1) << level, merge, out);
}

const std::vector<TimelineLod::Span> &TimelineLod::tile(TrackTiles *cache, const TimelineTrack &track, int level,
                                                        int64_t index)
{
    if (!cache) {
        buildTile(track, level, index, m_enabled, m_scratch);
        ++m_tilesBuilt;
        return m_scratch;
    }
    auto [it, inserted] = cache->tiles.try_emplace({level, index});
    Tile &t = it->second;
    if (inserted) {
        buildTile(track, level, index, m_enabled, t.spans);
        t.spans.shrink_to_fit();
        m_bytes += bytesOf(t);
        ++m_tilesBuilt;
    }
    t.lastUse = m_clock;
    return t.spans;
}

const std::vector<TimelineRun> &TimelineLod::runs(const TimelineTrack &track, size_t key, uint64_t revision,
                                                  double t0, double t1, int width, Ns origin)
{
    m_out.clear();
    ++m_clock;
    if (width <= 0 || !(t1 > t0) || track.size() == 0)
        return m_out;
    TrackTiles *cache = nullptr;
    if (m_caching) {
        cache = &m_cache[key];
        if (cache->revision != revision) {
            // Another model: its tracks' tiles all go (whichever keys they were under).
            const uint64_t old = cache->revision;
            for (auto &[k, other] : m_cache)
                if (other.revision == old) {
                    for (const auto &[at, t] : other.tiles)
                        m_bytes -= bytesOf(t);
                    other.tiles.clear();
                    other.revision = revision;
                }
            cache->revision = revision;
        }
    }
    const int level = levelOf((t1 - t0) / width);
    const int shift = level + kTileShift;
    const Ns T0 = origin + Ns(std::floor(t0)), T1 = origin + Ns(std::ceil(t1));
    const auto [first, last] = track.visible(T0, T1);
    if (first == last)
        return m_out;
    const double scale = width / (t1 - t0);
    // Far outside the plot coordinates only need to stay outside: floats keep their precision then.
    auto px = [&](Ns t) { return float(std::clamp((double(t - origin) - t0) * scale, -2.0, width + 2.0)); };
    auto add = [&](Ns start, Ns end, uint32_t widest, uint32_t count, uint16_t colour) {
        if (end > T0)
            m_out.push_back({px(start), px(end), widest, count, colour});
    };
    // A run reaches at most a bin past its tile unless it is one wide event: the tile before the
    // view's first is read for those that do, and wide events from further left are taken from the
    // track itself (each is a run of its own in its tile too).
    const int64_t lo = std::max(tileOf(T0, shift) - 1, tileOf(track.start[first], shift));
    const int64_t hi = tileOf(track.start[last - 1], shift);
    const size_t tileStart = size_t(std::lower_bound(track.start.begin() + ptrdiff_t(first),
                                                     track.start.begin() + ptrdiff_t(last), Ns(lo) << shift)
                                    - track.start.begin());
    for (size_t i = first; i < tileStart; ++i)
        if (track.end[i] > T0)
            add(track.start[i], track.end[i], uint32_t(i), 1, track.colour[i]);
    for (int64_t k = lo; k <= hi; ++k)
        for (const Span &s : tile(cache, track, level, k)) {
            if (s.start >= T1)
                break;
            add(s.start, s.end, s.first, s.count, s.colour);
        }
    if (m_bytes > m_budget)
        evict();
    return m_out;
}

void TimelineLod::evict()
{
    if (m_bytes <= m_budget)
        return;
    // The least recently used first, down to three quarters of the budget (so that evictions come
    // in batches); never a tile the current call uses.
    std::vector<std::pair<uint64_t, std::pair<TrackTiles *, std::pair<int, int64_t>>>> order;
    for (auto &[key, t] : m_cache)
        for (const auto &[at, tile] : t.tiles)
            if (tile.lastUse < m_clock)
                order.push_back({tile.lastUse, {&t, at}});
    std::sort(order.begin(), order.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    for (const auto &[use, where] : order) {
        if (m_bytes <= m_budget / 4 * 3)
            break;
        auto it = where.first->tiles.find(where.second);
        m_bytes -= bytesOf(it->second);
        where.first->tiles.erase(it);
    }
}

std::vector<TimelineRun> TimelineLod::build(const TimelineTrack &track, double t0, double t1, int width, bool merge,
                                            Ns origin)
{
    TimelineLod lod;
    lod.setEnabled(merge);
    lod.setCaching(false);
    return lod.runs(track, 0, 0, t0, t1, width, origin);
}
