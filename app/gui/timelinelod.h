#pragma once
// Level of detail for one track: the visible events turned into pixel runs. Events narrower than a
// pixel that touch the same pixel merge into one run, drawn in the colour of its widest event and
// marked with how many it holds (Qt Creator's tracing and Tracy both fold zones this way). The runs
// are cached and rebuilt only when the visible range or the width changes.
#include "timelinemodel.h"

#include <vector>

struct TimelineRun {
    float x0 = 0, x1 = 0;    // pixels from the plot's left edge
    uint32_t first = 0;      // index in the track of the run's widest event
    uint32_t count = 0;      // events in the run; > 1 means merged
    uint16_t colour = 0;     // colour index of the widest event
    bool merged() const { return count > 1; }
};

class TimelineLod {
public:
    // Disabled: one run per visible event, the baseline the benchmark compares against.
    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }
    void invalidate() { m_cache.clear(); }
    // t0/t1: the visible range in ns from `origin` (trace time), width in pixels. Trace times stay
    // integers: epoch stamps as double would step by 256 ns.
    const std::vector<TimelineRun> &runs(const TimelineTrack &track, size_t key, double t0, double t1, int width,
                                         fusion::Ns origin = 0);
    int rebuilds() const { return m_rebuilds; }  // for the tests: cache hits do not count

    static std::vector<TimelineRun> build(const TimelineTrack &track, double t0, double t1, int width, bool merge,
                                          fusion::Ns origin = 0);

private:
    struct Entry {
        double t0 = 0, t1 = 0;
        fusion::Ns origin = 0;
        int width = -1;
        std::vector<TimelineRun> runs;
    };
    std::vector<Entry> m_cache;  // per track key
    bool m_enabled = true;
    int m_rebuilds = 0;
};
