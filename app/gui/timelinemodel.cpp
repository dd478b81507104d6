#include "timelinemodel.h"

#include <QCoreApplication>
#include <algorithm>
#include <atomic>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

using namespace fusion;

namespace {
QString tr(const char *s) { return QCoreApplication::translate("TimelineModel", s); }

QString qstr(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
} // namespace

std::pair<size_t, size_t> TimelineTrack::visible(Ns t0, Ns t1) const
{
    const size_t first = size_t(std::upper_bound(maxEnd.begin(), maxEnd.end(), t0) - maxEnd.begin());
    const size_t last = size_t(std::lower_bound(start.begin(), start.end(), t1) - start.begin());
    return {first, std::max(first, last)};
}

void TimelineTrack::push(uint32_t id, Ns s, Ns e, uint16_t c)
{
    ids.push_back(id);
    start.push_back(s);
    end.push_back(std::max(s, e));
    colour.push_back(c);
}

void TimelineTrack::finish()
{
    if (!std::is_sorted(start.begin(), start.end())) {
        std::vector<uint32_t> order(size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [this](uint32_t x, uint32_t y) { return start[x] < start[y]; });
        auto apply = [&order](auto &v) {
            auto copy = v;
            for (size_t i = 0; i < order.size(); ++i)
                v[i] = copy[order[i]];
        };
        apply(ids);
        apply(start);
        apply(end);
        apply(colour);
    }
    maxEnd.resize(size());
    Ns m = std::numeric_limits<Ns>::min();
    for (size_t i = 0; i < size(); ++i)
        maxEnd[i] = m = std::max(m, end[i]);
}

uint64_t TimelineModel::nextRevision()
{
    static std::atomic<uint64_t> counter{0};
    return ++counter;
}

TimelineModel::TimelineModel(std::shared_ptr<const AnalyzedTrace> trace, bool cpuRows) : m_trace(std::move(trace))
{
    if (!m_trace || !m_trace->trace)
        return;
    const EventStore &store = m_trace->trace->store;
    const GpuOpTable &k = store.kernels;
    m_kernelCount = k.size();

    // Ops indexed by first appearance; the widget colours them by name across both traces.
    std::unordered_map<std::string, uint16_t> opIndex;
    m_opOfKernel.resize(k.size());
    const bool classified = m_trace->classes.classOfKernel.size() == k.size();
    for (size_t i = 0; i < k.size(); ++i) {
        const std::string &op = classified ? m_trace->classes.opOf(i) : std::string();
        auto [it, inserted] = opIndex.try_emplace(op, uint16_t(m_ops.size()));
        if (inserted) {
            m_ops.push_back(op.empty() ? tr("Other") : QString::fromStdString(op));
            m_opTotal.push_back(0);
        }
        m_opOfKernel[i] = it->second;
        m_opTotal[it->second] += k.dur[i];
    }

    // One track per (device, stream), ordered by device then stream.
    std::map<std::pair<int32_t, int32_t>, int> trackOfStream;
    for (size_t i = 0; i < k.size(); ++i)
        trackOfStream.try_emplace({k.device.empty() ? 0 : k.device[i], k.stream.empty() ? 0 : k.stream[i]}, 0);
    bool severalDevices = trackOfStream.size() > 1
        && trackOfStream.begin()->first.first != std::prev(trackOfStream.end())->first.first;

    if (cpuRows && m_kernelCount > 0) {
        // Annotations nest (ProfilerStep ⊃ stage ⊃ user ranges): one row per nesting level, at most four.
        const AnnotationTable &an = store.annotations;
        std::vector<uint32_t> order(an.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&an](uint32_t x, uint32_t y) {
            return an.start[x] != an.start[y] ? an.start[x] < an.start[y] : an.dur[x] > an.dur[y];
        });
        for (int gpu : {0, 1}) {
            std::vector<TimelineTrack> levels;
            for (uint32_t r : order) {
                if (bool(an.onGpu[r]) != bool(gpu))
                    continue;
                const Ns s = an.start[r], e = an.start[r] + an.dur[r];
                size_t level = 0;
                while (level < levels.size() && !levels[level].end.empty() && levels[level].end.back() > s)
                    ++level;
                if (level >= 4)
                    continue;
                if (level == levels.size()) {
                    levels.emplace_back();
                    levels.back().kind = TimelineTrack::Annotations;
                    levels.back().label = gpu ? tr("GPU annotations") : tr("Annotations");
                }
                levels[level].push(r, s, e, uint16_t(qHash(qstr(store.str(an.name[r]))) % 8));
            }
            for (auto &t : levels) {
                t.finish();
                m_tracks.push_back(std::move(t));
            }
        }
        const LaunchTable &la = store.launches;
        if (la.size() > 0) {
            TimelineTrack t;
            t.kind = TimelineTrack::Launches;
            t.label = tr("CPU launches");
            for (size_t r = 0; r < la.size(); ++r)
                t.push(uint32_t(r), la.start[r], la.start[r] + la.dur[r], la.isDriver[r] ? 1 : 0);
            t.finish();
            m_tracks.push_back(std::move(t));
        }
    }

    for (auto &[key, track] : trackOfStream) {
        track = int(m_tracks.size());
        TimelineTrack t;
        t.stream = key.second;
        t.label = severalDevices ? tr("GPU %1 · stream %2").arg(key.first).arg(key.second)
                                 : tr("Stream %1").arg(key.second);
        m_tracks.push_back(std::move(t));
    }
    m_trackOf.resize(k.size());
    m_posInTrack.resize(k.size());
    m_kernelMaxEnd.resize(k.size());
    Ns maxEnd = std::numeric_limits<Ns>::min();
    for (size_t i = 0; i < k.size(); ++i) {
        const int t = trackOfStream[{k.device.empty() ? 0 : k.device[i], k.stream.empty() ? 0 : k.stream[i]}];
        TimelineTrack &track = m_tracks[size_t(t)];
        m_trackOf[i] = t;
        m_posInTrack[i] = uint32_t(track.size());
        // Kernel ids are sorted by start, so each stream's track is sorted already.
        track.push(uint32_t(i), k.start[i], k.end(i), m_opOfKernel[i]);
        m_kernelMaxEnd[i] = maxEnd = std::max(maxEnd, k.end(i));
    }
    for (auto &t : m_tracks)
        if (t.kind == TimelineTrack::Kernels)
            t.finish();

    // The shown extent is the kernels' (CPU rows may start long before the first kernel; the axis
    // still reaches them by panning).
    m_origin = k.size() ? k.start.front() : 0;
    m_last = k.size() ? std::max(maxEnd, m_origin + 1) : 1;
    m_stageKernels = m_kernelCount;
    m_stageExtent = k.size() ? std::pair{m_origin, maxEnd} : std::pair<Ns, Ns>{0, 0};
}

void TimelineModel::setStage(Stage stage)
{
    if (stage == m_stage || !m_trace || !m_trace->trace)
        return;
    m_stage = stage;
    m_revision = nextRevision();
    // Only the colours change: the tracks keep every kernel in place, so the level of detail, the
    // binary searches and the kernel → position maps stay as they are.
    const GpuOpTable &k = m_trace->trace->store.kernels;
    m_stageKernels = 0;
    Ns first = std::numeric_limits<Ns>::max(), last = std::numeric_limits<Ns>::min();
    for (TimelineTrack &t : m_tracks) {
        if (t.kind != TimelineTrack::Kernels)
            continue;
        t.dimmed = 0;
        for (size_t i = 0; i < t.size(); ++i) {
            const uint32_t id = t.ids[i];
            if (inStage(id)) {
                t.colour[i] = m_opOfKernel[id];
                ++m_stageKernels;
                first = std::min(first, k.start[id]);
                last = std::max(last, k.end(id));
            } else {
                t.colour[i] = TimelineTrack::kDimmed;
                ++t.dimmed;
            }
        }
    }
    m_stageExtent = m_stageKernels ? std::pair{first, last} : std::pair<Ns, Ns>{0, 0};
}

bool TimelineModel::layerInStage(size_t layer) const
{
    if (m_stage == Stage::All || !m_trace || m_trace->stages.ofKernel.empty())
        return true;
    const auto &layers = m_trace->layers.layers;
    return layer < layers.size() && layers[layer].stage == m_stage;
}

QString TimelineModel::kernelName(uint32_t id) const
{
    const EventStore &store = m_trace->trace->store;
    return qstr(store.str(store.kernels.name[id]));
}

QString TimelineModel::opOf(uint32_t id) const { return m_ops[m_opOfKernel[id]]; }

QString TimelineModel::locationOf(uint32_t id) const
{
    const auto &a = m_trace->attribution;
    if (id >= a.location.size() || a.locations.empty())
        return {};
    return QString::fromStdString(a.locationOf(id).display);
}

int TimelineModel::layerOf(uint32_t id) const
{
    const auto &l = m_trace->layers.layerOfKernel;
    return id < l.size() ? l[id] : -1;
}

QString TimelineModel::eventName(const TimelineTrack &track, size_t i) const
{
    const EventStore &store = m_trace->trace->store;
    switch (track.kind) {
    case TimelineTrack::Kernels:
        return kernelName(track.ids[i]);
    case TimelineTrack::Launches:
        return qstr(store.str(store.launches.name[track.ids[i]]));
    case TimelineTrack::Annotations:
        return qstr(store.str(store.annotations.name[track.ids[i]]));
    }
    return {};
}

TimelineRangeStats TimelineModel::rangeStats(Ns t0, Ns t1, int topN) const
{
    TimelineRangeStats out;
    if (isEmpty() || t1 <= t0)
        return out;
    const GpuOpTable &k = m_trace->trace->store.kernels;
    const size_t first = size_t(std::upper_bound(m_kernelMaxEnd.begin(), m_kernelMaxEnd.end(), t0) - m_kernelMaxEnd.begin());
    const size_t last = size_t(std::lower_bound(k.start.begin(), k.start.end(), t1) - k.start.begin());
    std::vector<Ns> perOp(m_ops.size(), 0);
    const bool staged = m_stage != Stage::All;
    // Kernels come sorted by start: a sweep merges the busy intervals.
    Ns runStart = 0, runEnd = std::numeric_limits<Ns>::min();
    for (size_t i = first; i < last; ++i) {
        const Ns s = std::max(k.start[i], t0), e = std::min(k.end(i), t1);
        if (k.end(i) <= t0 || e < s || (staged && !inStage(uint32_t(i))))
            continue;
        ++out.count;
        perOp[m_opOfKernel[i]] += e - s;
        if (s > runEnd) {
            if (runEnd > runStart)
                out.busy += runEnd - runStart;
            runStart = s;
            runEnd = e;
        } else {
            runEnd = std::max(runEnd, e);
        }
    }
    if (runEnd > runStart)
        out.busy += runEnd - runStart;
    std::vector<size_t> order;
    for (size_t o = 0; o < perOp.size(); ++o)
        if (perOp[o] > 0)
            order.push_back(o);
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
        return perOp[x] != perOp[y] ? perOp[x] > perOp[y] : m_ops[x] < m_ops[y];
    });
    for (size_t j = 0; j < order.size() && int(j) < topN; ++j)
        out.topOps.emplace_back(m_ops[order[j]], perOp[order[j]]);
    return out;
}
