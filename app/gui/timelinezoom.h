#pragma once
// The one object that owns what the timeline shows: the visible axis range of trace A and trace B
// (one shared range when linked), where each trace sits on the axis (its start at 0, or aligned at
// a layer) and a back stack of earlier ranges. The ruler, tracks and stats all listen to it.
#include "side.h"

#include <QElapsedTimer>
#include <QObject>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

// Pixel ↔ axis time for one range drawn in [x0, x0 + width).
struct TimelineMapping {
    double start = 0, end = 1;  // axis ns
    double x0 = 0, width = 1;
    double xOf(double t) const { return x0 + (t - start) * width / (end - start); }
    double timeAt(double x) const { return start + (x - x0) * (end - start) / width; }
    double nsPerPixel() const { return (end - start) / width; }
};

class TimelineZoom : public QObject {
    Q_OBJECT
public:
    struct Range {
        double start = 0, end = 1;
        double length() const { return end - start; }
        bool operator==(const Range &) const = default;
    };
    static constexpr double kMinLength = 20;  // ns: a few pixels per nanosecond is as far as it goes

    explicit TimelineZoom(QObject *parent = nullptr);

    // The full axis extent of each side (0 .. span) and the trace time at each side's axis 0;
    // resets the range and clears the back stack.
    void setContent(double spanA, double spanB, int64_t offsetA, int64_t offsetB);
    void setOffsets(int64_t offsetA, int64_t offsetB);  // re-aligns, keeps zoom length
    // Trace times stay 64-bit nanoseconds: epoch stamps (~1.7e18 ns) as double step by 256 ns. Only
    // a time's offset from a side's axis 0 is floating point.
    int64_t offset(Side s) const { return m_offset[s]; }
    double toAxis(Side s, int64_t traceNs) const { return double(traceNs - m_offset[s]); }
    int64_t toTrace(Side s, double axisNs) const { return m_offset[s] + std::llround(axisNs); }
    Range extent() const;  // the union of both sides' extents on the axis

    bool isLinked() const { return m_linked; }
    void setLinked(bool linked);
    Range range(Side s) const { return m_range[s]; }
    // Linked: both sides take the range. History: whether the old ranges go on the back stack.
    void setRange(Side s, Range r, bool history = true);
    // factor < 1 zooms in; the axis time `at` stays where it is on screen.
    void zoomAt(Side s, double at, double factor);
    void pan(Side s, double deltaNs);
    void reset();
    bool back();
    bool canGoBack() const { return !m_history.empty(); }

signals:
    void rangeChanged();
    void linkedChanged(bool linked);

private:
    Range clamp(Range r) const;
    void pushHistory(bool coalesce);
    void apply(Side s, Range r);

    std::array<Range, 2> m_range;
    double m_span[2] = {1, 1};
    int64_t m_offset[2] = {0, 0};
    bool m_linked = true;
    std::vector<std::array<Range, 2>> m_history;
    QElapsedTimer m_lastPush;  // wheel steps and drags within a moment are one history entry
};
