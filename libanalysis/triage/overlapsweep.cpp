#include "triage/overlapsweep.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace fusion {

namespace {

int categoryPriority(OverlapBucket b)
{
    switch (b) {
    case OverlapBucket::Compute: return 4;
    case OverlapBucket::Communication: return 3;
    case OverlapBucket::Memory: return 2;
    case OverlapBucket::Elementwise: return 1;
    case OverlapBucket::Other: break;
    }
    return 0;
}

// Start and end points, ends before starts at equal times (a kernel ending as another starts does
// not overlap it), then by interval index.
std::vector<std::tuple<Ns, int, uint32_t>> sweepPoints(const std::vector<SweepInterval> &iv)
{
    std::vector<std::tuple<Ns, int, uint32_t>> points;
    points.reserve(iv.size() * 2);
    for (uint32_t i = 0; i < iv.size(); ++i) {
        if (iv[i].end <= iv[i].start)
            continue;  // takes no time: neither hidden nor hiding
        points.emplace_back(iv[i].start, 1, i);
        points.emplace_back(iv[i].end, 0, i);
    }
    std::sort(points.begin(), points.end());
    return points;
}

constexpr uint32_t kNone = UINT32_MAX;

// The running state of the fast sweep. Per-kernel times come from running totals read when the
// kernel starts and ends; the "hidden under" table from groups (same stream, same name) whose time
// is added up whenever their count or the name hiding them changes.
class Sweep {
public:
    explicit Sweep(const std::vector<SweepInterval> &iv)
        : m_iv(iv), m_byStream(streamCount(iv), std::set<uint32_t, Stronger>(Stronger{&iv})),
          m_bests(Stronger{&iv}), m_groups(m_byStream.size()), m_activeAt(m_byStream.size(), kNone),
          m_computeOn(m_byStream.size(), 0), m_soleComputeTime(m_byStream.size(), 0)
    {
        m_out.times.resize(iv.size());
        m_mark.resize(iv.size());
    }

    OverlapSweep run()
    {
        Ns prev = 0;
        for (const auto &[t, isStart, idx] : sweepPoints(m_iv)) {
            if (t > prev && !m_bests.empty())
                elapse(t - prev);
            const uint32_t before[2] = {strongest(), second()};
            if (isStart)
                begin(idx, t);
            else
                finish(idx, t);
            if (before[0] != strongest() || before[1] != second())
                hidersChanged(before[0], before[1], t);
            prev = t;
        }
        return std::move(m_out);
    }

private:
    // Orders kernels strongest first: category, then duration, then the earlier start, then index
    // (the order the definition meets them in).
    struct Stronger {
        const std::vector<SweepInterval> *iv;
        bool operator()(uint32_t a, uint32_t b) const
        {
            const SweepInterval &x = (*iv)[a], &y = (*iv)[b];
            const int px = categoryPriority(x.bucket), py = categoryPriority(y.bucket);
            if (px != py)
                return px > py;
            if (x.end - x.start != y.end - y.start)
                return x.end - x.start > y.end - y.start;
            return std::tie(x.start, a) < std::tie(y.start, b);
        }
    };
    struct Group {
        uint32_t count = 0;
        Ns since = 0;  // time up to which its "hidden under" time has been added
    };
    struct Mark {
        Ns hidden = 0, byCompute = 0, soleCompute = 0;  // running totals when the kernel started
    };

    static size_t streamCount(const std::vector<SweepInterval> &iv)
    {
        uint32_t n = 0;
        for (const SweepInterval &i : iv)
            n = std::max(n, i.stream + 1);
        return n;
    }

    uint32_t strongest() const { return m_bests.empty() ? kNone : *m_bests.begin(); }
    // The strongest kernel of the strongest other stream.
    uint32_t second() const { return m_bests.size() < 2 ? kNone : *std::next(m_bests.begin()); }
    // The name hiding the kernels of stream s, given the two strongest streams' kernels.
    uint32_t hiderName(uint32_t s, uint32_t first, uint32_t next) const
    {
        const uint32_t hider = first == kNone ? kNone : m_iv[first].stream != s ? first : next;
        return hider == kNone ? kNone : m_iv[hider].name;
    }

    void elapse(Ns d)
    {
        m_out.busy += d;
        const size_t streams = m_bests.size();
        m_out.maxConcurrentStreams = std::max(m_out.maxConcurrentStreams, int(streams));
        if (streams >= 2) {
            m_out.overlap += d;
            m_hidden += d;
        }
        // Hidden by compute: some stream other than the kernel's own runs compute. With compute on
        // two streams that holds for every kernel; on one, for all but that stream's kernels.
        if (m_computeStreams >= 2) {
            m_byCompute += d;
        } else if (m_computeStreams == 1) {
            m_byCompute += d;
            m_soleComputeTime[size_t(m_computeStreamSum)] += d;
        }
    }

    // Adds the group's time since it was last settled to the name hiding it then.
    void settle(uint32_t name, Group &g, uint32_t hider, Ns t)
    {
        if (g.count && hider != kNone && t > g.since)
            m_out.hiddenUnder[name][hider] += Ns(g.count) * (t - g.since);
        g.since = t;
    }

    void settleStream(uint32_t s, uint32_t first, uint32_t next, Ns t)
    {
        const uint32_t hider = hiderName(s, first, next);
        for (auto &[name, g] : m_groups[s])
            settle(name, g, hider, t);
    }

    void hidersChanged(uint32_t oldFirst, uint32_t oldNext, Ns t)
    {
        const uint32_t newFirst = strongest(), newNext = second();
        const auto nameOf = [&](uint32_t i) { return i == kNone ? kNone : m_iv[i].name; };
        const auto changed = [&](uint32_t s) {
            return hiderName(s, oldFirst, oldNext) != hiderName(s, newFirst, newNext);
        };
        if (nameOf(oldFirst) != nameOf(newFirst)) {
            // Every other stream was hidden by the strongest kernel's name: all of them change.
            for (uint32_t s : m_activeStreams)
                if (changed(s))
                    settleStream(s, oldFirst, oldNext, t);
            return;
        }
        // Same name on top: only the streams of the old and new strongest kernels see a change.
        for (uint32_t k : {oldFirst, newFirst})
            if (k != kNone && m_activeAt[m_iv[k].stream] != kNone && changed(m_iv[k].stream))
                settleStream(m_iv[k].stream, oldFirst, oldNext, t);
    }

    void begin(uint32_t i, Ns t)
    {
        const SweepInterval &iv = m_iv[i];
        const uint32_t s = iv.stream;
        Group &g = m_groups[s][iv.name];
        settle(iv.name, g, hiderName(s, strongest(), second()), t);
        ++g.count;
        m_mark[i] = {m_hidden, m_byCompute, m_soleComputeTime[s]};
        auto &mine = m_byStream[s];
        if (mine.empty()) {
            m_activeAt[s] = uint32_t(m_activeStreams.size());
            m_activeStreams.push_back(s);
        } else {
            m_bests.erase(*mine.begin());
        }
        mine.insert(i);
        m_bests.insert(*mine.begin());
        if (iv.bucket == OverlapBucket::Compute && m_computeOn[s]++ == 0) {
            ++m_computeStreams;
            m_computeStreamSum += s;
        }
    }

    void finish(uint32_t i, Ns t)
    {
        const SweepInterval &iv = m_iv[i];
        const uint32_t s = iv.stream;
        auto &groups = m_groups[s];
        const auto git = groups.find(iv.name);
        settle(iv.name, git->second, hiderName(s, strongest(), second()), t);
        if (--git->second.count == 0)
            groups.erase(git);
        const Mark &m = m_mark[i];
        SweepTimes &out = m_out.times[i];
        out.hidden = m_hidden - m.hidden;
        out.exclusive = (iv.end - iv.start) - out.hidden;
        out.hiddenByCompute = (m_byCompute - m.byCompute) - (m_soleComputeTime[s] - m.soleCompute);
        auto &mine = m_byStream[s];
        m_bests.erase(*mine.begin());
        mine.erase(i);
        if (!mine.empty()) {
            m_bests.insert(*mine.begin());
        } else {
            // Swap-remove from the list of busy streams.
            const uint32_t at = m_activeAt[s], last = m_activeStreams.back();
            m_activeStreams[at] = last;
            m_activeAt[last] = at;
            m_activeStreams.pop_back();
            m_activeAt[s] = kNone;
        }
        if (iv.bucket == OverlapBucket::Compute && --m_computeOn[s] == 0) {
            --m_computeStreams;
            m_computeStreamSum -= s;
        }
    }

    const std::vector<SweepInterval> &m_iv;
    OverlapSweep m_out;
    std::vector<std::set<uint32_t, Stronger>> m_byStream;  // running kernels per stream
    std::set<uint32_t, Stronger> m_bests;                  // the strongest running kernel of each busy stream
    std::vector<std::unordered_map<uint32_t, Group>> m_groups;  // per stream: running kernels by name
    std::vector<uint32_t> m_activeStreams, m_activeAt;     // busy streams, and each one's place in the list
    std::vector<uint32_t> m_computeOn;                     // running compute kernels per stream
    uint32_t m_computeStreams = 0;
    uint64_t m_computeStreamSum = 0;  // with one compute stream: that stream
    // Running totals: time with ≥ 2 streams busy; with compute running anywhere; per stream, with
    // compute running on that stream only.
    Ns m_hidden = 0, m_byCompute = 0;
    std::vector<Ns> m_soleComputeTime;
    std::vector<Mark> m_mark;
};

} // namespace

OverlapSweep sweepOverlap(const std::vector<SweepInterval> &intervals)
{
    return Sweep(intervals).run();
}

OverlapSweep sweepOverlapReference(const std::vector<SweepInterval> &iv)
{
    OverlapSweep out;
    out.times.resize(iv.size());
    std::vector<uint32_t> active;  // in the order they started
    std::vector<uint32_t> streams;
    Ns prev = 0;
    bool havePrev = false;
    for (const auto &[t, isStart, idx] : sweepPoints(iv)) {
        if (havePrev && t > prev && !active.empty()) {
            const Ns d = t - prev;
            out.busy += d;
            streams.clear();
            for (uint32_t a : active)
                if (std::find(streams.begin(), streams.end(), iv[a].stream) == streams.end())
                    streams.push_back(iv[a].stream);
            out.maxConcurrentStreams = std::max(out.maxConcurrentStreams, int(streams.size()));
            if (streams.size() >= 2)
                out.overlap += d;
            for (uint32_t e : active) {
                int64_t dominant = -1;
                bool anyCompute = false;
                for (uint32_t o : active) {
                    if (iv[o].stream == iv[e].stream)
                        continue;
                    anyCompute = anyCompute || iv[o].bucket == OverlapBucket::Compute;
                    if (dominant < 0) {
                        dominant = o;
                        continue;
                    }
                    const SweepInterval &best = iv[size_t(dominant)];
                    const int po = categoryPriority(iv[o].bucket), pb = categoryPriority(best.bucket);
                    if (po > pb || (po == pb && iv[o].end - iv[o].start > best.end - best.start))
                        dominant = o;
                }
                SweepTimes &times = out.times[e];
                if (dominant < 0) {
                    times.exclusive += d;
                    continue;
                }
                times.hidden += d;
                if (anyCompute)
                    times.hiddenByCompute += d;
                out.hiddenUnder[iv[e].name][iv[size_t(dominant)].name] += d;
            }
        }
        if (isStart)
            active.push_back(idx);
        else
            active.erase(std::find(active.begin(), active.end(), idx));
        prev = t;
        havePrev = true;
    }
    return out;
}

} // namespace fusion
