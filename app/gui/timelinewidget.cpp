#include "timelinewidget.h"
#include "opcolours.h"

#include "compare/comparison.h"
#include "units.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPolygonF>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <map>

using namespace fusion;


TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent), m_zoom(new TimelineZoom(this))
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setObjectName(QStringLiteral("timeline"));
    connect(m_zoom, &TimelineZoom::rangeChanged, this, qOverload<>(&QWidget::update));
    relayout();
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setContent(std::shared_ptr<const AnalyzedTrace> a, std::shared_ptr<const AnalyzedTrace> b,
                                std::shared_ptr<const Comparison> comparison)
{
    if ((a || b) && a == m_trace[SideA] && b == m_trace[SideB]) {
        // The same traces, another comparison (the stage changed, or the comparison arrived after
        // the traces): the models, the zoom and the range stay. Kernel and layer selections end, as
        // the tables' do when their rows are rebuilt (and a selection the rebuilt views made on
        // their own does not linger here).
        m_comparison = std::move(comparison);
        if (!m_comparison || m_alignedPair >= int(m_comparison->layers.pairs.size()))
            m_alignedPair = -1;
        m_selected.reset();
        m_selectedLayer.reset();
        for (Side s : {SideA, SideB}) {
            m_highlight[s].clear();
            m_highlightPos[s].clear();
        }
        indexCounterparts();
        if (m_lastSelected != Selected::Range)
            m_lastSelected = Selected::None;
        relayout();
        applyAlignment();
        emit selectionChanged();
        update();
        return;
    }
    m_trace[SideA] = std::move(a);
    m_trace[SideB] = std::move(b);
    m_comparison = std::move(comparison);
    for (Side s : {SideA, SideB}) {
        m_model[s] = TimelineModel(m_trace[s], m_cpuRows);
        // Looked up once here, not on every frame (a trace may hold millions of kernels).
        const auto *stages = m_trace[s] ? &m_trace[s]->stages.ofKernel : nullptr;
        m_outsideLeftOut[s] = stages && std::find(stages->begin(), stages->end(), Stage::Outside) != stages->end();
    }
    applyStage();
    indexCounterparts();
    m_selected.reset();
    m_selectedLayer.reset();
    m_rangeSel.reset();
    for (Side s : {SideA, SideB}) {
        m_highlight[s].clear();
        m_highlightPos[s].clear();
    }
    m_lastSelected = Selected::None;
    if (!m_comparison || m_alignedPair >= int(m_comparison->layers.pairs.size()))
        m_alignedPair = -1;
    rebuildColours();
    relayout();
    m_zoom->setContent(double(m_model[SideA].span()), double(m_model[SideB].span()), 0, 0);
    applyAlignment();
    if (m_stage != Stage::All)
        fitStage(false);  // the stage is the first view, not a step to go back from
    emit rangeSelectionChanged();
    emit selectionChanged();
    update();
}

void TimelineWidget::setLabels(const QString &labelA, const QString &labelB)
{
    m_label[SideA] = labelA;
    m_label[SideB] = labelB;
    update();
}

void TimelineWidget::setCpuRowsVisible(bool visible)
{
    if (m_cpuRows == visible)
        return;
    m_cpuRows = visible;
    for (Side s : {SideA, SideB})
        m_model[s] = TimelineModel(m_trace[s], m_cpuRows);
    applyStage();
    indexHighlight();  // the kernel tracks moved down or up
    rebuildColours();
    relayout();
    update();
}

void TimelineWidget::setStage(Stage stage)
{
    if (stage == m_stage)
        return;
    m_stage = stage;
    applyStage();
    // What no longer belongs to the stage leaves the selection.
    bool changed = false;
    for (Side s : {SideA, SideB}) {
        auto &h = m_highlight[s];
        const size_t before = h.size();
        h.erase(std::remove_if(h.begin(), h.end(), [&](uint32_t id) { return !m_model[s].inStage(id); }), h.end());
        changed |= h.size() != before;
    }
    if (m_highlight[SideA].size() + m_highlight[SideB].size() <= 1)
        for (Side s : {SideA, SideB})
            m_highlight[s].clear();
    indexHighlight();
    if (m_selected && !m_model[m_selected->first].inStage(m_selected->second)) {
        m_selected.reset();
        changed = true;
        // The current kernel left: the set's first one takes its place.
        for (Side s : {SideA, SideB})
            if (!m_selected && !m_highlight[s].empty())
                m_selected = {s, m_highlight[s].front()};
    }
    if (m_selectedLayer && !m_model[m_selectedLayer->first].layerInStage(size_t(m_selectedLayer->second)))
        m_selectedLayer.reset();
    if (m_stage == Stage::All)
        m_zoom->reset();
    else
        fitStage(true);
    if (m_rangeSel)
        emit rangeSelectionChanged();  // the statistics count the stage's kernels only
    if (changed)
        emit selectionChanged();
    update();
}

void TimelineWidget::applyStage()
{
    for (Side s : {SideA, SideB})
        m_model[s].setStage(m_stage);
}

void TimelineWidget::fitStage(bool history)
{
    // The stage's kernels of both traces fill the view (each side's own when unlinked).
    double lo[2], hi[2];
    bool any[2] = {false, false};
    for (Side s : {SideA, SideB}) {
        if (m_model[s].isEmpty() || m_model[s].stageKernelCount() == 0)
            continue;
        const auto [first, last] = m_model[s].stageExtent();
        lo[s] = m_zoom->toAxis(s, first);
        hi[s] = m_zoom->toAxis(s, last);
        any[s] = true;
    }
    auto fit = [this](Side s, double a, double b, bool history) {
        const double pad = std::max((b - a) * 0.02, 50.0);
        m_zoom->setRange(s, {a - pad, b + pad}, history);
    };
    if (m_zoom->isLinked()) {
        if (!any[SideA] && !any[SideB])
            return;
        const double a = any[SideA] && any[SideB] ? std::min(lo[SideA], lo[SideB]) : any[SideA] ? lo[SideA] : lo[SideB];
        const double b = any[SideA] && any[SideB] ? std::max(hi[SideA], hi[SideB]) : any[SideA] ? hi[SideA] : hi[SideB];
        fit(SideA, a, b, history);
        return;
    }
    for (Side s : {SideA, SideB})
        if (any[s]) {
            fit(s, lo[s], hi[s], history);
            history = false;
        }
}

void TimelineWidget::alignAtLayerPair(int pair)
{
    m_alignedPair = pair;
    applyAlignment();
}

void TimelineWidget::applyAlignment()
{
    Ns offset[2] = {m_model[SideA].origin(), m_model[SideB].origin()};
    if (m_comparison && m_alignedPair >= 0 && m_alignedPair < int(m_comparison->layers.pairs.size())) {
        const LayerPair &p = m_comparison->layers.pairs[size_t(m_alignedPair)];
        if (p.a >= 0 && m_trace[SideA])
            offset[SideA] = m_trace[SideA]->layers.layers[size_t(p.a)].start;
        if (p.b >= 0 && m_trace[SideB])
            offset[SideB] = m_trace[SideB]->layers.layers[size_t(p.b)].start;
    }
    m_zoom->setOffsets(offset[SideA], offset[SideB]);
}

void TimelineWidget::rebuildColours()
{
    // One fixed colour per op (opcolours.h); the legend lists the ops in order of combined time.
    std::map<QString, Ns> total;
    for (Side s : {SideA, SideB}) {
        const auto &ops = m_model[s].ops();
        for (size_t i = 0; i < ops.size(); ++i)
            total[ops[i]] += m_model[s].opTotals()[i];
    }
    std::vector<std::pair<QString, Ns>> order(total.begin(), total.end());
    std::stable_sort(order.begin(), order.end(), [](const auto &x, const auto &y) { return x.second > y.second; });
    m_legend.clear();
    std::map<QString, QColor> colour;
    for (size_t i = 0; i < order.size(); ++i) {
        const QColor c = opColour(order[i].first);
        colour[order[i].first] = c;
        m_legend.emplace_back(order[i].first, c);
    }
    for (Side s : {SideA, SideB}) {
        m_opColour[s].clear();
        for (const QString &op : m_model[s].ops())
            m_opColour[s].push_back(colour[op]);
    }
}

QColor TimelineWidget::opColor(const QString &op) const
{
    for (const auto &[name, c] : m_legend)
        if (name == op)
            return c;
    return {};
}

void TimelineWidget::relayout()
{
    // Laid out at the minimum track height first (that is the size hint); then tracks grow into
    // whatever height the view has to spare.
    m_trackH = kTrack;
    layoutRows();
    const int needed = m_minLegendTop + legendLines(width()) * kLegendLine + 8;
    const int grown = m_trackCount > 0 ? kTrack + std::max(0, height() - needed) / m_trackCount : kTrack;
    m_trackH = std::clamp(grown, int(kTrack), 2 * kTrack);
    if (m_trackH != kTrack)
        layoutRows();
    updateGeometry();
}

void TimelineWidget::layoutRows()
{
    m_rows.clear();
    int y = kAxis;
    for (Side s : {SideA, SideB}) {
        m_rows.push_back({Row::Header, s, -1, y, kHeader});
        y += kHeader;
        if (s == SideB && m_comparison) {  // B's band right under the connectors from A's
            m_rows.push_back({Row::Band, s, -1, y, kBand});
            y += kBand;
        }
        const auto &tracks = m_model[s].tracks();
        for (size_t t = 0; t < tracks.size(); ++t) {
            m_rows.push_back({Row::Track, s, int(t), y, m_trackH});
            y += m_trackH;
        }
        if (s == SideA || !m_comparison) {
            m_rows.push_back({Row::Band, s, -1, y, kBand});
            y += kBand;
        }
        if (s == SideA && m_comparison) {
            m_rows.push_back({Row::Connectors, s, -1, y, kGap});
            y += kGap;
        } else if (s == SideA) {
            y += 8;
        }
    }
    m_legendTop = y + 6;
    m_trackCount = int(m_model[SideA].tracks().size() + m_model[SideB].tracks().size());
    m_minLegendTop = m_legendTop - m_trackCount * (m_trackH - kTrack);
}

int TimelineWidget::legendLines(int width) const
{
    const QFontMetrics fm(font());
    int lines = 1, x = kGutter;
    for (const auto &[name, colour] : m_legend) {
        const int w = 14 + 4 + fm.horizontalAdvance(name) + 14;
        if (x + w > width - kRightMargin && x > kGutter) {
            x = kGutter;
            ++lines;
        }
        x += w;
    }
    return lines;
}

QSize TimelineWidget::sizeHint() const
{
    return {900, m_minLegendTop + legendLines(std::max(width(), 900)) * kLegendLine + 8};
}

void TimelineWidget::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    const int before = m_trackH;
    relayout();
    if (m_trackH != before)
        update();
}

QSize TimelineWidget::minimumSizeHint() const { return {kGutter + 200, sizeHint().height()}; }

QRect TimelineWidget::plotRect() const
{
    return QRect(kGutter, 0, std::max(1, width() - kGutter - kRightMargin), height());
}

TimelineMapping TimelineWidget::mapping(Side s) const
{
    const QRect r = plotRect();
    const TimelineZoom::Range range = m_zoom->range(s);
    return {range.start, range.end, double(r.left()), double(r.width())};
}

QRect TimelineWidget::trackRect(Side s, int track) const
{
    for (const Row &row : m_rows)
        if (row.kind == Row::Track && row.side == s && row.track == track)
            return QRect(plotRect().left(), row.y, plotRect().width(), row.h);
    return {};
}

QRect TimelineWidget::bandRect(Side s) const
{
    for (const Row &row : m_rows)
        if (row.kind == Row::Band && row.side == s)
            return QRect(plotRect().left(), row.y, plotRect().width(), row.h);
    return {};
}

std::optional<Side> TimelineWidget::sideAt(int y) const
{
    for (const Row &row : m_rows)
        if (y >= row.y && y < row.y + row.h)
            return row.kind == Row::Connectors ? std::nullopt : std::optional<Side>(row.side);
    return std::nullopt;
}

Side TimelineWidget::activeSide() const { return m_lastSide; }

// ---- range selection ---------------------------------------------------------------------------

void TimelineWidget::setRangeSelection(double t0, double t1)
{
    if (t1 < t0)
        std::swap(t0, t1);
    m_rangeSel = {t0, t1};
    m_lastSelected = Selected::Range;
    emit rangeSelectionChanged();
    update();
}

void TimelineWidget::clearRangeSelection()
{
    if (!m_rangeSel)
        return;
    m_rangeSel.reset();
    emit rangeSelectionChanged();
    update();
}

TimelineRangeStats TimelineWidget::rangeStats(Side s) const
{
    if (!m_rangeSel)
        return {};
    const Ns t0 = m_zoom->toTrace(s, m_rangeSel->first);
    const Ns t1 = m_zoom->toTrace(s, m_rangeSel->second);
    return m_model[s].rangeStats(t0, t1);
}

QString TimelineWidget::sideTitle(Side s) const
{
    const QString name = s == SideA ? tr("A") : tr("B");
    return m_label[s].isEmpty() ? tr("Trace %1").arg(name) : tr("%1 · %2").arg(name, m_label[s]);
}

QString TimelineWidget::rangeSummary() const
{
    if (!m_rangeSel)
        return tr("Shift-drag to select a range: kernel count, busy time and top operations per trace.");
    QStringList parts;
    const QString length = Units::duration(Ns(m_rangeSel->second - m_rangeSel->first));
    parts << (m_stage == Stage::All ? tr("Range %1").arg(length)
                                    : tr("Range %1, %2 kernels only").arg(length, Units::stage(m_stage)));
    for (Side s : {SideA, SideB}) {
        if (m_model[s].isEmpty())
            continue;
        const TimelineRangeStats st = rangeStats(s);
        QStringList ops;
        for (const auto &[op, t] : st.topOps)
            ops << tr("%1 %2").arg(op, Units::duration(t));
        parts << tr("%1: %n kernel(s), busy %2%3", nullptr, int(st.count))
                     .arg(s == SideA ? tr("A") : tr("B"), Units::duration(st.busy),
                          ops.isEmpty() ? QString() : tr(" — ") + ops.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("   |   "));
}

// ---- selection ---------------------------------------------------------------------------------

bool TimelineWidget::selectKernel(Side side, uint32_t id, bool scrollTo)
{
    return selectKernels(side == SideA ? std::vector<uint32_t>{id} : std::vector<uint32_t>{},
                         side == SideB ? std::vector<uint32_t>{id} : std::vector<uint32_t>{}, side, scrollTo);
}

bool TimelineWidget::selectKernels(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b, Side side,
                                   bool scrollTo)
{
    std::vector<uint32_t> set[2] = {a, b};
    for (Side s : {SideA, SideB}) {
        const TimelineModel &m = m_model[s];
        auto &v = set[s];
        v.erase(std::remove_if(v.begin(), v.end(),
                               [&](uint32_t id) { return m.isEmpty() || id >= m.kernelCount() || !m.inStage(id); }),
                v.end());
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }
    if (set[side].empty())
        side = otherSide(side);
    if (set[side].empty())
        return false;
    const uint32_t current = set[side].front();
    const bool single = set[SideA].size() + set[SideB].size() == 1;
    for (Side s : {SideA, SideB})
        m_highlight[s] = single ? std::vector<uint32_t>{} : std::move(set[s]);
    indexHighlight();
    m_selected = {side, current};
    m_lastSelected = Selected::Kernel;
    if (scrollTo)
        bringIntoView(side, current);
    emit selectionChanged();
    update();
    return true;
}

void TimelineWidget::bringIntoView(Side side, uint32_t id)
{
    const GpuOpTable &k = m_model[side].trace()->trace->store.kernels;
    const double s = m_zoom->toAxis(side, k.start[id]), e = m_zoom->toAxis(side, k.end(id));
    const TimelineZoom::Range r = m_zoom->range(side);
    if (e - s > r.length() * 0.8)  // too wide to see whole: fit it
        m_zoom->setRange(side, {s - (e - s) * 0.1, e + (e - s) * 0.1});
    else if (s < r.start || e > r.end)  // off screen: centre it, same zoom
        m_zoom->setRange(side, {(s + e - r.length()) / 2, (s + e + r.length()) / 2});
}

void TimelineWidget::indexHighlight()
{
    for (Side s : {SideA, SideB}) {
        auto &pos = m_highlightPos[s];
        pos.assign(m_highlight[s].empty() ? 0 : m_model[s].tracks().size(), {});
        for (uint32_t id : m_highlight[s]) {
            const int t = m_model[s].trackOfKernel(id);
            if (t >= 0)
                pos[size_t(t)].push_back(uint32_t(m_model[s].positionInTrack(id)));
        }
        // Ids ascend by start, and so do their places in each stream's track.
    }
}

int TimelineWidget::highlightIndex() const
{
    if (!m_selected)
        return -1;
    const auto &h = m_highlight[m_selected->first];
    const auto it = std::lower_bound(h.begin(), h.end(), m_selected->second);
    return it != h.end() && *it == m_selected->second ? int(it - h.begin()) : -1;
}

QString TimelineWidget::highlightSummary() const
{
    const int i = highlightIndex();
    if (i < 0)
        return {};
    const Side s = m_selected->first, o = otherSide(s);
    QString text = tr("Kernel %1 of %2 in %3").arg(i + 1).arg(m_highlight[s].size()).arg(s == SideA ? tr("A") : tr("B"));
    if (!m_highlight[o].empty())
        text += QStringLiteral(" · ")
                + tr("%n kernel(s) in %1", nullptr, int(m_highlight[o].size())).arg(o == SideA ? tr("A") : tr("B"));
    return text;
}

void TimelineWidget::step(int delta)
{
    const int i = highlightIndex();
    if (i < 0)
        return;
    const Side s = m_selected->first;
    const int n = int(m_highlight[s].size());
    const uint32_t id = m_highlight[s][size_t(((i + delta) % n + n) % n)];
    m_selected = {s, id};
    m_lastSelected = Selected::Kernel;
    bringIntoView(s, id);
    emit selectionChanged();
    update();
    // The tooltip follows the kernel N / P stepped to, as if the mouse rested on it.
    const int track = m_model[s].trackOfKernel(id);
    if (track >= 0 && isVisible()) {
        const GpuOpTable &k = m_trace[s]->trace->store.kernels;
        const double mid = (m_zoom->toAxis(s, k.start[id]) + m_zoom->toAxis(s, k.end(id))) / 2;
        const QPoint at(int(xOfTime(s, mid)), trackRect(s, track).center().y());
        QToolTip::showText(mapToGlobal(at), toolTipAt(at), this);
    }
}

void TimelineWidget::selectNext() { step(1); }

void TimelineWidget::selectPrevious() { step(-1); }

void TimelineWidget::clearHighlight()
{
    if (!hasHighlight())
        return;
    for (Side s : {SideA, SideB}) {
        m_highlight[s].clear();
        m_highlightPos[s].clear();
    }
    emit selectionChanged();
    update();
}

void TimelineWidget::fitSelection()
{
    auto fit = [this](Side side, double s, double e) {
        const double pad = std::max((e - s) * 0.05, 50.0);
        m_zoom->setRange(side, {s - pad, e + pad});
    };
    // The latest selection wins; the others are fallbacks.
    const bool range = m_rangeSel && m_rangeSel->second > m_rangeSel->first;
    if (range && (m_lastSelected == Selected::Range || (!m_selected && !m_selectedLayer))) {
        m_zoom->setRange(activeSide(), {m_rangeSel->first, m_rangeSel->second});
    } else if (m_selectedLayer && (m_lastSelected == Selected::Layer || !m_selected)) {
        const auto [side, index] = *m_selectedLayer;
        const Layer &l = m_trace[side]->layers.layers[size_t(index)];
        fit(side, m_zoom->toAxis(side, l.start), m_zoom->toAxis(side, l.end));
    } else if (m_selected) {
        const auto [side, id] = *m_selected;
        const GpuOpTable &k = m_model[side].trace()->trace->store.kernels;
        const double s = m_zoom->toAxis(side, k.start[id]), e = m_zoom->toAxis(side, k.end(id));
        const double pad = std::max((e - s) * 0.5, 50.0);
        m_zoom->setRange(side, {s - pad, e + pad});
    }
}

void TimelineWidget::resetZoom() { m_zoom->reset(); }

void TimelineWidget::zoomBack() { m_zoom->back(); }
