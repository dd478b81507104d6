#pragma once
// What the timeline draws of one trace, prepared once per trace: one track per stream (and optional
// rows for CPU launches and annotations), each a set of arrays sorted by start so that the visible
// part is found by binary search (Qt Creator's tracing models work the same way).
#include "analyzed/analyzedtrace.h"
#include "stages/stages.h"

#include <QString>
#include <memory>
#include <utility>
#include <vector>

struct TimelineTrack {
    enum Kind : uint8_t { Kernels, Launches, Annotations };
    // The colour of a kernel outside the chosen stage: drawn greyed, never hit.
    static constexpr uint16_t kDimmed = 0xFFFF;
    Kind kind = Kernels;
    QString label;
    int32_t stream = -1;
    std::vector<uint32_t> ids;           // kernel ids (Kernels) or rows of launches / annotations
    std::vector<fusion::Ns> start, end;  // trace time, sorted by start
    // Running maximum of end: monotonic even when events overlap, so the first event reaching into
    // a range is a binary search too.
    std::vector<fusion::Ns> maxEnd;
    std::vector<uint16_t> colour;        // op index (Kernels) or palette index (others), or kDimmed
    size_t dimmed = 0;                   // events coloured kDimmed (0: the fast path, nothing to keep apart)

    size_t size() const { return start.size(); }
    // Events with end > t0 and start < t1, as [first, last).
    std::pair<size_t, size_t> visible(fusion::Ns t0, fusion::Ns t1) const;
    void push(uint32_t id, fusion::Ns s, fusion::Ns e, uint16_t c);
    void finish();  // sorts by start (stable) and fills maxEnd
};

struct TimelineRangeStats {
    uint64_t count = 0;     // kernels of the stage overlapping the range
    fusion::Ns busy = 0;    // union of their intervals clipped to the range (any stream busy)
    std::vector<std::pair<QString, fusion::Ns>> topOps;  // op → clipped kernel time, descending
};

class TimelineModel {
public:
    TimelineModel() = default;
    // cpuRows: a row of CPU launches and rows of annotations (stages, ProfilerStep), when present.
    explicit TimelineModel(std::shared_ptr<const fusion::AnalyzedTrace> trace, bool cpuRows = true);

    bool isEmpty() const { return !m_trace || m_kernelCount == 0; }
    const fusion::AnalyzedTrace *trace() const { return m_trace.get(); }
    const std::vector<TimelineTrack> &tracks() const { return m_tracks; }
    fusion::Ns origin() const { return m_origin; }  // earliest event shown
    fusion::Ns span() const { return m_last - m_origin; }
    size_t kernelCount() const { return m_kernelCount; }
    // Changes whenever what the tracks hold may have changed (another model, another stage), so that
    // what was derived from them (the level-of-detail tiles) is known to be stale. Never 0.
    uint64_t revision() const { return m_revision; }

    // The stage shown: kernels of other stages keep their place but are coloured kDimmed, and range
    // statistics leave them out. The same rule as the kernel table (TraceStages::includes; a trace
    // without stage information has every kernel in every stage).
    void setStage(fusion::Stage stage);
    fusion::Stage stage() const { return m_stage; }
    bool inStage(uint32_t id) const
    {
        return m_stage == fusion::Stage::All || m_trace->stages.ofKernel.empty()
               || m_trace->stages.includes(id, m_stage);
    }
    bool layerInStage(size_t layer) const;
    size_t stageKernelCount() const { return m_stageKernels; }
    // First start and last end of the stage's kernels in trace time; {0, 0} when it has none.
    std::pair<fusion::Ns, fusion::Ns> stageExtent() const { return m_stageExtent; }

    const std::vector<QString> &ops() const { return m_ops; }  // op index → name
    const std::vector<fusion::Ns> &opTotals() const { return m_opTotal; }
    int trackOfKernel(uint32_t id) const { return id < m_trackOf.size() ? m_trackOf[id] : -1; }
    size_t positionInTrack(uint32_t id) const { return m_posInTrack[id]; }

    QString kernelName(uint32_t id) const;
    QString opOf(uint32_t id) const;
    QString locationOf(uint32_t id) const;
    int layerOf(uint32_t id) const;
    QString eventName(const TimelineTrack &track, size_t i) const;  // any row's event

    // Kernels of the stage (all streams) overlapping [t0, t1) in trace time.
    TimelineRangeStats rangeStats(fusion::Ns t0, fusion::Ns t1, int topN = 3) const;

private:
    std::shared_ptr<const fusion::AnalyzedTrace> m_trace;
    std::vector<TimelineTrack> m_tracks;
    std::vector<QString> m_ops;
    std::vector<fusion::Ns> m_opTotal;
    std::vector<uint16_t> m_opOfKernel;
    std::vector<int32_t> m_trackOf;
    std::vector<uint32_t> m_posInTrack;
    std::vector<fusion::Ns> m_kernelMaxEnd;  // running max of end over kernel ids (sorted by start)
    fusion::Ns m_origin = 0, m_last = 1;
    size_t m_kernelCount = 0;
    fusion::Stage m_stage = fusion::Stage::All;
    size_t m_stageKernels = 0;
    std::pair<fusion::Ns, fusion::Ns> m_stageExtent{0, 0};
    uint64_t m_revision = nextRevision();

    static uint64_t nextRevision();
};
