#include "results.h"

#include "analysisjob.h"
#include "comparisonjob.h"
#include "triagejob.h"

#include "analyzed/analyzedtrace.h"
#include "compare/comparison.h"

#include <utility>

Results::Results(QObject *parent) : QObject(parent) {}

Results::~Results() = default;

std::shared_ptr<const fusion::AnalyzedTrace> Results::trace(Side side) const
{
    return m_trace[side] ? m_trace[side]->analyzed : nullptr;
}

std::shared_ptr<const fusion::Comparison> Results::comparison() const
{
    return m_comparison ? m_comparison->comparison : nullptr;
}

QString Results::label(Side side) const
{
    if (m_comparison)
        return QString::fromStdString(side == SideA ? m_comparison->comparison->labelA : m_comparison->comparison->labelB);
    if (m_trace[side])
        return QString::fromStdString(m_trace[side]->analyzed->trace->displayLabel());
    return side == SideA ? tr("A") : tr("B");
}

bool Results::differsFrom(std::optional<Snapshot> &shown, bool waits) const
{
    Snapshot now{{m_trace[SideA], m_trace[SideB]}, m_comparison, waits && awaitingComparison()};
    if (shown && *shown == now)
        return false;
    shown = std::move(now);
    return true;
}

void Results::setTrace(Side side, std::shared_ptr<const TraceResult> trace)
{
    Update update(*this);
    setComparison(nullptr, Comparing::No);
    if (trace == m_trace[side])
        return;
    m_comparisonFailed = false;
    m_trace[side] = std::move(trace);
    changed(side == SideA ? TraceA : TraceB);
}

void Results::setComparison(std::shared_ptr<const ComparisonResult> comparison, Comparing state)
{
    if (comparison == m_comparison && state == m_comparing)
        return;
    m_comparison = std::move(comparison);
    m_comparing = state;
    if (state == Comparing::Failed || state == Comparing::Done)
        m_comparisonFailed = state == Comparing::Failed;
    changed(Comparison);
}

void Results::setTriage(Side side, std::shared_ptr<const TriageResult> triage, Triaging state)
{
    if (triage == m_triage[side] && state == m_triaging[side])
        return;
    m_triage[side] = std::move(triage);
    m_triaging[side] = state;
    changed(side == SideA ? TriageA : TriageB);
}

void Results::swapSides(std::shared_ptr<const TraceResult> newA, std::shared_ptr<const TraceResult> newB)
{
    Update update(*this);
    setComparison(nullptr, Comparing::No);
    m_comparisonFailed = false;
    std::swap(m_triage[SideA], m_triage[SideB]);
    std::swap(m_triaging[SideA], m_triaging[SideB]);
    m_trace[SideA] = std::move(newA);
    m_trace[SideB] = std::move(newB);
    changed(TraceA | TraceB | TriageA | TriageB);
}

void Results::changed(int what)
{
    m_pending |= what;
    if (m_updates == 0)
        emitPending();
}

void Results::emitPending()
{
    // The comparison first: a page woken by it already sees the traces in their final state too.
    const int pending = std::exchange(m_pending, 0);
    if (pending & Comparison)
        emit comparisonChanged();
    for (Side s : {SideA, SideB})
        if (pending & (s == SideA ? TraceA : TraceB))
            emit traceChanged(s);
    for (Side s : {SideA, SideB})
        if (pending & (s == SideA ? TriageA : TriageB))
            emit triageChanged(s);
}

Results::Update::Update(Results &results) : m_results(results)
{
    ++m_results.m_updates;
}

Results::Update::~Update()
{
    if (--m_results.m_updates == 0 && m_results.m_pending)
        m_results.emitPending();
}
