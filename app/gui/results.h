#pragma once
// What the window shows, in one place: each side's analysed trace and its triage, and the comparison
// of the two, each with the state of the job that makes it. The window's jobs write here; every page
// listens to the signals of the inputs it shows and redraws only when one of those changed, so a
// triage arriving leaves the kernel table's selection alone and a cancelled comparison redraws nothing.
#include "side.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}
struct ComparisonResult;
struct TraceResult;
struct TriageResult;

class Results : public QObject {
    Q_OBJECT
public:
    enum class Comparing { No, Running, Done, Failed, Cancelled };
    enum class Triaging { No, Pending, Done, Failed, Cancelled };  // Pending: queued or running

    explicit Results(QObject *parent = nullptr);
    ~Results() override;

    std::shared_ptr<const TraceResult> traceResult(Side side) const { return m_trace[side]; }
    std::shared_ptr<const fusion::AnalyzedTrace> trace(Side side) const;
    std::shared_ptr<const ComparisonResult> comparisonResult() const { return m_comparison; }
    std::shared_ptr<const fusion::Comparison> comparison() const;
    Comparing comparing() const { return m_comparing; }
    std::shared_ptr<const TriageResult> triage(Side side) const { return m_triage[side]; }
    Triaging triaging(Side side) const { return m_triaging[side]; }
    bool hasTrace(Side side) const { return m_trace[side] != nullptr; }
    bool hasBoth() const { return m_trace[SideA] && m_trace[SideB]; }
    // Both traces are there but not paired yet: the tables wait rather than list every kernel unpaired.
    // Not when a comparison of another stage is still shown while the new one runs, nor when one of
    // these traces failed before (the tables list each trace alone until one succeeds).
    bool awaitingComparison() const
    {
        return hasBoth() && !m_comparison && m_comparing == Comparing::Running && !m_comparisonFailed;
    }
    bool isUpdating() const { return m_updates > 0; }  // an Update holds the signals back
    // The name a side goes by: the comparison's label, else the trace's own, else "A"/"B".
    QString label(Side side) const;

    // What a page drew from last: the traces, the comparison, and whether the tables wait for it.
    struct Snapshot {
        std::shared_ptr<const TraceResult> trace[2];
        std::shared_ptr<const ComparisonResult> comparison;
        bool awaiting = false;
        bool operator==(const Snapshot &) const = default;
    };
    // True (and `shown` brought up to date) when the page must redraw: nothing drawn yet, or Results
    // holds something else now. A signal about an input the page does not show leaves it alone; a
    // page that draws the same whether or not the tables wait passes `waits` false.
    bool differsFrom(std::optional<Snapshot> &shown, bool waits = true) const;

    // A new trace (or none) on `side`: the comparison, which paired the old one, is dropped with it.
    void setTrace(Side side, std::shared_ptr<const TraceResult> trace);
    void setComparison(std::shared_ptr<const ComparisonResult> comparison, Comparing state);
    void setTriage(Side side, std::shared_ptr<const TriageResult> triage, Triaging state);
    // A and B exchange their traces (`newA`, `newB`: rows rebuilt for their new side) and triages;
    // the comparison is dropped (it paired them the other way round).
    void swapSides(std::shared_ptr<const TraceResult> newA, std::shared_ptr<const TraceResult> newB);

    // While one lives, the signals wait: the pages see several changes made together (a trace
    // replaced and its comparison started) once, in their final state, never a half-made one.
    class Update {
    public:
        explicit Update(Results &results);
        ~Update();
        Update(const Update &) = delete;
        Update &operator=(const Update &) = delete;

    private:
        Results &m_results;
    };

signals:
    void traceChanged(Side side);
    void comparisonChanged();
    void triageChanged(Side side);

private:
    void changed(int what);  // a bit of Changed; emitted now, or when the outermost Update ends
    void emitPending();

    enum Changed { TraceA = 1, TraceB = 2, Comparison = 4, TriageA = 8, TriageB = 16 };
    int m_updates = 0;  // Update objects alive
    int m_pending = 0;  // Changed bits not emitted yet
    std::shared_ptr<const TraceResult> m_trace[2];
    std::shared_ptr<const TriageResult> m_triage[2];
    Triaging m_triaging[2] = {Triaging::No, Triaging::No};
    std::shared_ptr<const ComparisonResult> m_comparison;
    Comparing m_comparing = Comparing::No;
    bool m_comparisonFailed = false;  // for these traces, until one succeeds
};
