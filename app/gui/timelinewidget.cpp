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

namespace {
QColor annotationColour(int i)
{
    return QColor::fromHsvF(std::fmod(0.1 + i * 0.618034, 1.0), 0.25, 0.80);
}

QColor textOn(const QColor &c)
{
    return c.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor mix(const QColor &a, const QColor &b, double f)
{
    return QColor::fromRgbF(float(a.redF() * (1 - f) + b.redF() * f), float(a.greenF() * (1 - f) + b.greenF() * f),
                            float(a.blueF() * (1 - f) + b.blueF() * f));
}

// Kernels and layers of another stage: a flat grey a little off the background, on light and dark
// palettes alike, so the chosen stage's colours stand out and the time axis keeps its context.
QColor dimmedColour(const QPalette &pal)
{
    return mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.13);
}

// The highlighted set's outline: a saturated amber that no (pastel) op colour comes close to.
const QColor kHighlightAccent(232, 150, 0);

// 1, 2, 5 × 10^k ns: the step with ticks at least `minPx` apart.
double tickStep(double nsPerPixel, double minPx)
{
    const double raw = nsPerPixel * minPx;
    double step = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (step * m >= raw)
            return step * m;
    return step * 10;
}

QString tickLabel(double t, double step, double magnitude)
{
    // The largest unit that shows the step with at most three decimals: "15.2 ms" rather than
    // "15200 µs", and neighbouring labels differ in their last digit.
    struct Unit { double scale; const char *name; };
    static const Unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
    for (const Unit &u : units) {
        if (magnitude < u.scale && u.scale > 1)
            continue;
        const double s = step / u.scale;
        const int decimals = s >= 1 ? 0 : int(std::ceil(-std::log10(s) - 1e-9));
        if (decimals > 3 && u.scale > 1)
            continue;
        const double v = std::abs(t / u.scale) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : t / u.scale;
        return QString::number(v, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf8(u.name);
    }
    return QString::number(t, 'f', 0) + QStringLiteral(" ns");
}
} // namespace

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
    for (Side s : {SideA, SideB})
        m_model[s] = TimelineModel(m_trace[s], m_cpuRows);
    applyStage();
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
    m_lod.invalidate();
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
    m_lod.invalidate();
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
    m_lod.invalidate();
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

// ---- hit testing and tooltips ------------------------------------------------------------------

std::optional<TimelineWidget::Hit> TimelineWidget::hitAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    if (pos.x() < plot.left() || pos.x() > plot.right())
        return std::nullopt;
    for (const Row &row : m_rows) {
        if (pos.y() < row.y || pos.y() >= row.y + row.h)
            continue;
        const Side s = row.side;
        const TimelineMapping map = mapping(s);
        const double t = map.timeAt(pos.x() + 0.5);  // axis time: an offset, exact to the nanosecond
        const double tol = 2 * map.nsPerPixel();
        Hit hit;
        hit.side = s;
        if (row.kind == Row::Band) {
            if (!m_trace[s])
                return std::nullopt;
            const auto &layers = m_trace[s]->layers.layers;
            for (size_t i = 0; i < layers.size(); ++i)
                if (m_zoom->toAxis(s, layers[i].start) - tol <= t && t <= m_zoom->toAxis(s, layers[i].end) + tol
                    && m_model[s].layerInStage(i)) {
                    hit.layer = int(i);
                    return hit;
                }
            return std::nullopt;
        }
        if (row.kind != Row::Track)
            return std::nullopt;
        const TimelineTrack &track = m_model[s].tracks()[size_t(row.track)];
        const auto [first, last] =
            track.visible(m_zoom->toTrace(s, std::floor(t - tol)), m_zoom->toTrace(s, std::ceil(t + tol)) + 1);
        // The event under the cursor, else the nearest one within the tolerance; longer ones win ties.
        double bestDistance = 1e300;
        const bool dimmed = track.dimmed > 0;
        for (size_t i = first; i < last; ++i) {
            if (dimmed && track.colour[i] == TimelineTrack::kDimmed)
                continue;  // another stage's kernel: not there for the pointer
            const double start = m_zoom->toAxis(s, track.start[i]), end = m_zoom->toAxis(s, track.end[i]);
            const double d = t < start ? start - t : t > end ? t - end : 0.0;
            if (d < bestDistance
                || (d == bestDistance && hit.index != size_t(-1)
                    && track.end[i] - track.start[i] > track.end[hit.index] - track.start[hit.index])) {
                bestDistance = d;
                hit.index = i;
            }
        }
        if (hit.index == size_t(-1))
            return std::nullopt;
        hit.track = row.track;
        // Tell whether the cursor rests on a merged run: then the tooltip says so.
        const auto runs = TimelineLod::build(track, map.start, map.end, plot.width(), m_lod.isEnabled(),
                                             m_zoom->offset(s));
        const float x = float(pos.x() - plot.left());
        for (const TimelineRun &run : runs)
            if (run.merged() && run.x0 - 1 <= x && x <= std::max(run.x1, run.x0 + 1) + 1)
                hit.merged = run.count;
        return hit;
    }
    return std::nullopt;
}

QString TimelineWidget::toolTipAt(const QPoint &pos) const
{
    const auto hit = hitAt(pos);
    if (!hit)
        return {};
    const TimelineModel &m = m_model[hit->side];
    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    if (hit->layer >= 0) {
        const Layer &l = m_trace[hit->side]->layers.layers[size_t(hit->layer)];
        return tr("<b>%1</b><br>Layer %2 of pass %3<br>%4 kernel(s), GPU time %5<br>Span %6<br><i>Click to select it in the layer table</i>")
            .arg(esc(QString::fromStdString(l.name)))
            .arg(l.ordinal)
            .arg(l.pass)
            .arg(l.kernels.size())
            .arg(Units::duration(l.total), Units::duration(l.end - l.start));
    }
    const TimelineTrack &track = m.tracks()[size_t(hit->track)];
    const size_t i = hit->index;
    QString text;
    if (track.kind == TimelineTrack::Kernels) {
        const uint32_t id = track.ids[i];
        const int layer = m.layerOf(id);
        const QString location = m.locationOf(id);
        text = tr("<b>%1</b><br>Op: %2<br>Duration: %3<br>Stream: %4<br>Layer: %5<br>Source: %6<br>Kernel id: %7")
                   .arg(esc(m.kernelName(id)), esc(m.opOf(id)), Units::duration(track.end[i] - track.start[i]))
                   .arg(track.stream)
                   .arg(layer >= 0 ? esc(QString::fromStdString(m.trace()->layers.layers[size_t(layer)].name))
                                   : tr("none"),
                        location.isEmpty() ? tr("unknown") : esc(location))
                   .arg(id);
    } else {
        text = tr("<b>%1</b><br>%2<br>Duration: %3")
                   .arg(esc(m.eventName(track, i)), esc(track.label), Units::duration(track.end[i] - track.start[i]));
    }
    if (hit->merged > 1)
        text += tr("<br><i>One of %n events merged at this zoom; zoom in to separate them.</i>", nullptr,
                   int(hit->merged));
    return text;
}

bool TimelineWidget::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(e);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

// ---- input -------------------------------------------------------------------------------------

void TimelineWidget::mousePressEvent(QMouseEvent *e)
{
    if (e->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(e);
    m_pressPos = m_lastPos = e->position().toPoint();
    m_dragSide = sideAt(m_pressPos.y()).value_or(m_lastSide);
    m_lastSide = m_dragSide;
    if (e->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Select;
        m_selectAnchor = timeAtX(m_dragSide, m_pressPos.x());
    } else {
        m_drag = Drag::Pending;
    }
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *e)
{
    const QPoint pos = e->position().toPoint();
    if (m_drag == Drag::Pending && (pos - m_pressPos).manhattanLength() >= 4)
        m_drag = Drag::Pan;
    if (m_drag == Drag::Pan) {
        m_zoom->pan(m_dragSide, -(pos.x() - m_lastPos.x()) * mapping(m_dragSide).nsPerPixel());
        setCursor(Qt::ClosedHandCursor);
    } else if (m_drag == Drag::Select) {
        setRangeSelection(m_selectAnchor, timeAtX(m_dragSide, pos.x()));
    }
    m_lastPos = pos;
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *e)
{
    if (e->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(e);
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    if (drag != Drag::Pending)
        return;
    // A click: a kernel, a layer band, or empty space (clears the range selection).
    const auto hit = hitAt(e->position().toPoint());
    if (hit && hit->layer >= 0) {
        m_selectedLayer = {hit->side, hit->layer};
        m_lastSelected = Selected::Layer;
        update();
        emit layerSelected(hit->side, hit->layer);
        return;
    }
    if (hit && hit->track >= 0) {
        const TimelineTrack &track = m_model[hit->side].tracks()[size_t(hit->track)];
        if (track.kind == TimelineTrack::Kernels) {
            const uint32_t id = track.ids[hit->index];
            // A kernel of the highlighted set becomes its current one; any other ends the set.
            const auto &h = m_highlight[hit->side];
            if (!std::binary_search(h.begin(), h.end(), id))
                for (Side s : {SideA, SideB}) {
                    m_highlight[s].clear();
                    m_highlightPos[s].clear();
                }
            m_selected = {hit->side, id};
            m_lastSelected = Selected::Kernel;
            update();
            emit selectionChanged();
            emit kernelSelected(hit->side, id);
            return;
        }
    }
    clearRangeSelection();
}

void TimelineWidget::wheelEvent(QWheelEvent *e)
{
    const QPoint pos = e->position().toPoint();
    const Side s = sideAt(pos.y()).value_or(m_lastSide);
    m_lastSide = s;
    const QPoint delta = e->angleDelta();
    if (delta.y() != 0) {
        // 120 units per notch (one notch: 20 % in or out); touchpads send smaller steps.
        const double factor = std::pow(0.8, delta.y() / 120.0);
        m_zoom->zoomAt(s, timeAtX(s, pos.x()), factor);
    } else if (delta.x() != 0) {
        m_zoom->pan(s, -delta.x() / 120.0 * 0.1 * m_zoom->range(s).length());
    }
    e->accept();
}

void TimelineWidget::keyPressEvent(QKeyEvent *e)
{
    const Side s = activeSide();
    const TimelineZoom::Range r = m_zoom->range(s);
    const double centre = (r.start + r.end) / 2;
    switch (e->key()) {
    case Qt::Key_W:
        m_zoom->zoomAt(s, centre, 0.7);
        break;
    case Qt::Key_S:
        m_zoom->zoomAt(s, centre, 1 / 0.7);
        break;
    case Qt::Key_A:
        m_zoom->pan(s, -0.15 * r.length());
        break;
    case Qt::Key_D:
        m_zoom->pan(s, 0.15 * r.length());
        break;
    case Qt::Key_F:
        fitSelection();
        break;
    case Qt::Key_Home:
        resetZoom();
        break;
    case Qt::Key_Backspace:
        zoomBack();
        break;
    case Qt::Key_Left:
        if (e->modifiers() & Qt::AltModifier) {
            zoomBack();
            break;
        }
        return QWidget::keyPressEvent(e);
    case Qt::Key_N:
        if (e->modifiers() & Qt::ShiftModifier)
            selectPrevious();
        else
            selectNext();
        break;
    case Qt::Key_P:
        selectPrevious();
        break;
    case Qt::Key_Escape:
        // The range first, then the highlighted set.
        if (m_rangeSel)
            clearRangeSelection();
        else
            clearHighlight();
        break;
    default:
        return QWidget::keyPressEvent(e);
    }
    e->accept();
}

// ---- painting ----------------------------------------------------------------------------------

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    const QRect plot = plotRect();
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.85));

    for (const Row &row : m_rows) {
        p.setRenderHint(QPainter::Antialiasing, false);
        switch (row.kind) {
        case Row::Header: {
            const QRect r(0, row.y, width(), row.h);
            p.fillRect(r, pal.alternateBase());
            p.fillRect(QRect(0, row.y, 4, row.h), sideColor(row.side));
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(pal.color(QPalette::Text));
            QString title = sideTitle(row.side);
            const TimelineModel &m = m_model[row.side];
            if (!m.isEmpty() && m_stage != Stage::All)
                title += tr("  (%n kernel(s), %1 in %2)", nullptr, int(m.kernelCount()))
                             .arg(Units::count(m.stageKernelCount()), Units::stage(m_stage));
            else if (!m.isEmpty())
                title += tr("  (%n kernel(s))", nullptr, int(m.kernelCount()));
            else
                title += tr("  (no trace)");
            p.drawText(r.adjusted(10, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, title);
            // Unlinked, B has its own range: its ticks go on its header row.
            if (row.side == SideB && !m_zoom->isLinked()) {
                p.setFont(small);
                paintAxis(p, QRect(plot.left(), row.y, plot.width(), row.h), SideB);
            }
            break;
        }
        case Row::Track:
            paintTrack(p, row);
            break;
        case Row::Band:
            paintBand(p, row);
            break;
        case Row::Connectors:
            paintConnectors(p, row);
            break;
        }
    }

    for (Side s : {SideA, SideB})
        paintSteps(p, s);

    // The range selection over both traces.
    if (m_rangeSel) {
        for (Side s : {SideA, SideB}) {
            const TimelineMapping map = mapping(s);
            int top = height(), bottom = 0;
            for (const Row &row : m_rows)
                if (row.side == s && row.kind != Row::Connectors) {
                    top = std::min(top, row.y);
                    bottom = std::max(bottom, row.y + row.h);
                }
            const double x0 = std::max<double>(plot.left(), map.xOf(m_rangeSel->first));
            const double x1 = std::min<double>(plot.right(), map.xOf(m_rangeSel->second));
            if (x1 <= x0 || bottom <= top)
                continue;
            QColor c = pal.color(QPalette::Highlight);
            c.setAlpha(50);
            p.fillRect(QRectF(x0, top, std::max(1.0, x1 - x0), bottom - top), c);
            p.setPen(pal.color(QPalette::Highlight));
            p.drawLine(QPointF(x0, top), QPointF(x0, bottom));
            p.drawLine(QPointF(x1, top), QPointF(x1, bottom));
        }
    }

    // The axis last, above everything that scrolled under it.
    p.fillRect(QRect(0, 0, width(), kAxis), pal.window());
    p.setFont(small);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(8, 0, kGutter - 12, kAxis), Qt::AlignVCenter | Qt::AlignLeft,
               m_alignedPair >= 0 ? tr("Time from layer pair %1").arg(m_alignedPair + 1) : tr("Time from first kernel"));
    paintAxis(p, QRect(plot.left(), 0, plot.width(), kAxis), SideA);
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(0, kAxis - 1, width(), kAxis - 1);
    p.drawLine(plot.left() - 1, kAxis, plot.left() - 1, m_legendTop - 6);

    paintLegend(p, m_legendTop);
    m_lastFrameMs = double(timer.nsecsElapsed()) / 1e6;
    // The frame time, for tuning (Qt Creator's tracing view shows one too).
    p.setFont(small);
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRect(0, m_legendTop, width() - kRightMargin, height() - m_legendTop - 2),
               Qt::AlignRight | Qt::AlignBottom, tr("frame %1 ms").arg(m_lastFrameMs, 0, 'f', 1));
}

void TimelineWidget::paintAxis(QPainter &p, const QRect &r, Side s) const
{
    const TimelineMapping map = mapping(s);
    const double step = tickStep(map.nsPerPixel(), 110);
    const QPalette pal = palette();
    const double first = std::ceil(map.start / step) * step;
    const QFontMetrics fm(p.font());
    for (double t = first; t <= map.end; t += step) {
        const double x = map.xOf(t);
        p.setPen(pal.color(QPalette::Mid));
        p.drawLine(QPointF(x, r.bottom() - 5), QPointF(x, r.bottom()));
        p.setPen(pal.color(QPalette::WindowText));
        const QString label = tickLabel(t, step, std::max(std::abs(map.start), std::abs(map.end)));
        const int w = fm.horizontalAdvance(label);
        if (x + 3 + w < r.right() + 4)
            p.drawText(QPointF(x + 3, r.top() + fm.ascent() + 3), label);
    }
}

void TimelineWidget::paintTrack(QPainter &p, const Row &row)
{
    const QPalette pal = palette();
    const QRect plot = plotRect();
    const Side s = row.side;
    const TimelineTrack &track = m_model[s].tracks()[size_t(row.track)];
    const QRect lane(plot.left(), row.y, plot.width(), row.h);
    if (row.track % 2)
        p.fillRect(QRect(0, row.y, width(), row.h), pal.alternateBase());
    p.setFont(font());
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRect(14, row.y, kGutter - 20, row.h), Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(track.label, Qt::ElideRight, kGutter - 20));

    const TimelineMapping map = mapping(s);
    const Ns off = m_zoom->offset(s);
    const std::vector<TimelineRun> &runs =
        m_lod.runs(track, size_t(s) * 4096 + size_t(row.track), map.start, map.end, plot.width(), off);
    const int top = row.y + 2, h = row.h - 4;
    // Grouped by colour, antialiasing off: a few fills per frame whatever the number of runs.
    std::map<uint32_t, std::vector<QRect>> byColour;
    std::vector<QRect> mergedMarks, dimmedMarks;
    const bool kernels = track.kind == TimelineTrack::Kernels;
    const QColor dimmed = dimmedColour(pal);
    auto runColour = [&](uint32_t c) {
        if (kernels && c == TimelineTrack::kDimmed)
            return dimmed;
        if (kernels)
            return c < m_opColour[s].size() ? m_opColour[s][c] : QColor(Qt::gray);
        return track.kind == TimelineTrack::Launches ? (c ? QColor(150, 150, 160) : QColor(120, 130, 150))
                                                     : annotationColour(int(c));
    };
    for (const TimelineRun &run : runs) {
        const int x0 = plot.left() + int(std::floor(run.x0));
        const int w = std::max(1, int(std::ceil(run.x1)) - int(std::floor(run.x0)));
        byColour[run.colour].emplace_back(x0, top, w, h);
        if (run.merged())
            (kernels && run.colour == TimelineTrack::kDimmed ? dimmedMarks : mergedMarks).emplace_back(x0, top + h - 2, w, 2);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.save();
    p.setClipRect(lane);
    p.setPen(Qt::NoPen);
    for (const auto &[c, rects] : byColour) {
        p.setBrush(runColour(c));
        p.drawRects(rects.data(), int(rects.size()));
    }
    // Merged runs carry a dark underline; wide ones say how many events they hold.
    p.setBrush(QColor(0, 0, 0, 110));
    p.drawRects(mergedMarks.data(), int(mergedMarks.size()));
    if (!dimmedMarks.empty()) {
        p.setBrush(QColor(0, 0, 0, 35));
        p.drawRects(dimmedMarks.data(), int(dimmedMarks.size()));
    }
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.75));
    p.setFont(small);
    const QFontMetrics fm(small);
    for (const TimelineRun &run : runs) {
        const double w = run.x1 - run.x0;
        if (w < 40)
            continue;
        const QRectF r(plot.left() + run.x0 + 2, top, w - 4, h);
        const QColor bg = runColour(run.colour);
        p.setPen(kernels && run.colour == TimelineTrack::kDimmed ? pal.color(QPalette::PlaceholderText) : textOn(bg));
        const QString text = run.merged() ? tr("×%1").arg(run.count) : m_model[s].eventName(track, run.first);
        p.drawText(r, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(text, Qt::ElideRight, int(r.width())));
    }
    p.restore();

    if (kernels)
        paintHighlight(p, row, track, map, off);
    if (m_selected && m_selected->first == s && m_model[s].trackOfKernel(m_selected->second) == row.track) {
        const uint32_t id = m_selected->second;
        const size_t i = m_model[s].positionInTrack(id);
        const double x0 = map.xOf(double(track.start[i] - off)), x1 = map.xOf(double(track.end[i] - off));
        if (x1 >= plot.left() - 4 && x0 <= plot.right() + 4) {
            const double w = std::max(3.0, x1 - x0);
            // The palette's highlight with a dark rim: it stands out on a kernel of a similar hue
            // and among the amber outlines of a highlighted set.
            const QRectF box(std::max(x0, plot.left() - 4.0) - 1, row.y + 1,
                             std::min(w, plot.right() + 4.0 - std::max(x0, plot.left() - 4.0)) + 2, row.h - 2);
            QColor rim = pal.color(QPalette::Text);
            rim.setAlpha(190);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(rim, 4));
            p.drawRect(box);
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRect(box);
        }
    }
}

void TimelineWidget::paintHighlight(QPainter &p, const Row &row, const TimelineTrack &track,
                                    const TimelineMapping &map, Ns off) const
{
    const Side s = row.side;
    if (size_t(row.track) >= m_highlightPos[s].size() || m_highlightPos[s][size_t(row.track)].empty())
        return;
    const std::vector<uint32_t> &pos = m_highlightPos[s][size_t(row.track)];
    const QRect plot = plotRect();
    // Only the visible part of the set: two binary searches, then one box per pixel column at most
    // (zoomed out, thousands of highlighted kernels fold into a few boxes).
    const auto [first, last] = track.visible(off + Ns(std::floor(map.start)), off + Ns(std::ceil(map.end)) + 1);
    const auto lo = std::lower_bound(pos.begin(), pos.end(), uint32_t(first));
    const auto hi = std::lower_bound(lo, pos.end(), uint32_t(last));
    std::vector<QRectF> boxes;
    for (auto it = lo; it != hi; ++it) {
        double x0 = std::max(map.xOf(double(track.start[*it] - off)), plot.left() - 4.0);
        double x1 = std::min(map.xOf(double(track.end[*it] - off)), plot.right() + 4.0);
        if (x1 - x0 < 4) {  // narrow kernels still get a box one can see
            const double c = (x0 + x1) / 2;
            x0 = c - 2;
            x1 = c + 2;
        }
        if (!boxes.empty() && x0 < boxes.back().right() - 1) {
            boxes.back().setRight(std::max(boxes.back().right(), x1));
            continue;
        }
        boxes.emplace_back(x0, row.y + 1.5, x1 - x0, row.h - 3);
    }
    if (boxes.empty())
        return;
    p.save();
    p.setClipRect(QRect(plot.left() - 2, row.y, plot.width() + 4, row.h));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(kHighlightAccent, 2));
    p.drawRects(boxes.data(), int(boxes.size()));
    p.restore();
}

void TimelineWidget::paintBand(QPainter &p, const Row &row) const
{
    const QPalette pal = palette();
    const QRect plot = plotRect();
    const Side s = row.side;
    p.setFont(font());
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRect(14, row.y, kGutter - 20, row.h), Qt::AlignVCenter | Qt::AlignLeft, tr("Layers"));
    if (!m_trace[s])
        return;
    const auto &layers = m_trace[s]->layers.layers;
    const TimelineMapping map = mapping(s);
    const Ns off = m_zoom->offset(s);
    std::vector<bool> matched(layers.size(), !m_comparison);
    if (m_comparison)
        for (const LayerPair &lp : m_comparison->layers.pairs) {
            const int32_t l = s == SideA ? lp.a : lp.b;
            const int32_t other = s == SideA ? lp.b : lp.a;
            if (l >= 0 && size_t(l) < matched.size() && other >= 0)
                matched[size_t(l)] = true;
        }
    p.save();
    p.setClipRect(QRect(plot.left(), row.y, plot.width(), row.h));
    const QFontMetrics fm(p.font());
    const QColor base = sideColor(s);
    for (size_t i = 0; i < layers.size(); ++i) {
        const double x0 = map.xOf(double(layers[i].start - off)), x1 = map.xOf(double(layers[i].end - off));
        if (x1 < plot.left() || x0 > plot.right())
            continue;
        const bool inStage = m_model[s].layerInStage(i);
        QColor c = inStage ? base : dimmedColour(pal);
        c.setAlpha(inStage ? (layers[i].ordinal % 2 ? 110 : 170) : (layers[i].ordinal % 2 ? 150 : 255));
        // Clamped to the plot: zoomed far in, a layer is millions of pixels wide, which the
        // rasteriser and text layout would otherwise walk.
        const double cx0 = std::max(x0, plot.left() - 2.0), cx1 = std::min(x1, plot.right() + 2.0);
        const QRectF r(cx0, row.y + 2, std::max(1.0, cx1 - cx0), row.h - 4);
        if (matched[i] || !inStage)  // another stage's layers are not "unmatched": they were not compared
            p.fillRect(r, c);
        else
            p.fillRect(r, QBrush(c, Qt::BDiagPattern));
        if (m_selectedLayer && m_selectedLayer->first == s && m_selectedLayer->second == int(i)) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(0, -1, 0, 1));
        }
        // The full name when it fits, else the layer number, else nothing.
        const QString name = QString::fromStdString(layers[i].name);
        const QString shortName = QString::number(layers[i].ordinal);
        const int room = int(r.width()) - 6;
        const QString text = fm.horizontalAdvance(name) <= room ? name
                             : fm.horizontalAdvance(shortName) <= room ? shortName
                                                                        : QString();
        if (!text.isEmpty()) {
            // The band's colour over the base, as drawn, decides black or white text.
            const QColor under = pal.color(QPalette::Base);
            const double alpha = c.alphaF();
            const QColor blended = QColor::fromRgbF(c.redF() * alpha + under.redF() * (1 - alpha),
                                                    c.greenF() * alpha + under.greenF() * (1 - alpha),
                                                    c.blueF() * alpha + under.blueF() * (1 - alpha));
            p.setPen(inStage ? textOn(blended) : pal.color(QPalette::PlaceholderText));
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
    p.restore();
}

// Profiler steps: a dashed line at each step's edges (the annotation tracks name them); while the analysis
// leaves out what lies outside the steps, that time is veiled, so that its kernels read as "not
// analysed" (the kernels inside keep their colours).
void TimelineWidget::paintSteps(QPainter &p, Side s) const
{
    if (!m_trace[s] || m_trace[s]->steps.steps.empty())
        return;
    int top = height(), bottom = 0;
    for (const Row &row : m_rows)
        if (row.side == s && row.kind != Row::Connectors && row.kind != Row::Header) {
            top = std::min(top, row.y);
            bottom = std::max(bottom, row.y + row.h);
        }
    if (bottom <= top)
        return;
    const QRect plot = plotRect();
    const TimelineMapping map = mapping(s);
    const Ns off = m_zoom->offset(s);
    const QPalette pal = palette();
    const auto &ofKernel = m_trace[s]->stages.ofKernel;
    const bool outsideLeftOut = std::find(ofKernel.begin(), ofKernel.end(), Stage::Outside) != ofKernel.end();
    p.save();
    p.setClipRect(QRect(plot.left(), top, plot.width(), bottom - top));
    QColor veil = pal.color(QPalette::Window);
    veil.setAlpha(170);
    double from = plot.left() - 2.0;  // the left end of the time not yet covered by a step
    for (const fusion::Step &st : m_trace[s]->steps.steps) {
        const double x0 = map.xOf(double(st.start - off)), x1 = map.xOf(double(st.start + st.dur - off));
        if (outsideLeftOut && x0 > from)
            p.fillRect(QRectF(from, top, std::min(x0, plot.right() + 2.0) - from, bottom - top), veil);
        from = std::max(from, x1);
        if (x1 < plot.left() || x0 > plot.right())
            continue;
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        p.drawLine(QPointF(x0, top), QPointF(x0, bottom));
        p.drawLine(QPointF(x1, top), QPointF(x1, bottom));
    }
    if (outsideLeftOut && from < plot.right())
        p.fillRect(QRectF(from, top, plot.right() + 2.0 - from, bottom - top), veil);
    p.restore();
}

void TimelineWidget::paintConnectors(QPainter &p, const Row &row) const
{
    if (!m_comparison || !m_trace[SideA] || !m_trace[SideB])
        return;
    const QRect plot = plotRect();
    const QRect b = bandRect(SideB);
    const double top = row.y, bottom = b.isValid() ? b.top() : row.y + row.h;
    const TimelineMapping ma = mapping(SideA), mb = mapping(SideB);
    const Ns offA = m_zoom->offset(SideA), offB = m_zoom->offset(SideB);
    const auto &la = m_trace[SideA]->layers.layers, &lb = m_trace[SideB]->layers.layers;
    p.save();
    p.setClipRect(QRect(plot.left(), row.y, plot.width(), int(bottom - top)));
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = palette().color(QPalette::Text);
    fill.setAlpha(28);
    QColor line = palette().color(QPalette::Text);
    line.setAlpha(90);
    // Too many connectors at once are a grey wash: then only every n-th is drawn.
    const auto &pairs = m_comparison->layers.pairs;
    int visible = 0;
    auto shown = [&](const LayerPair &lp) {
        return lp.a >= 0 && lp.b >= 0 && size_t(lp.a) < la.size() && size_t(lp.b) < lb.size()
               && m_model[SideA].layerInStage(size_t(lp.a)) && m_model[SideB].layerInStage(size_t(lp.b));
    };
    for (const LayerPair &lp : pairs)
        if (shown(lp)) {
            const double ax = ma.xOf(double(la[size_t(lp.a)].start - offA));
            if (ax >= plot.left() && ax <= plot.right())
                ++visible;
        }
    const int every = std::max(1, visible / std::max(1, plot.width() / 10));
    int n = 0;
    for (const LayerPair &lp : pairs) {
        if (!shown(lp))
            continue;
        const Layer &a = la[size_t(lp.a)], &bl = lb[size_t(lp.b)];
        const double a0 = ma.xOf(double(a.start - offA)), a1 = ma.xOf(double(a.end - offA));
        const double b0 = mb.xOf(double(bl.start - offB)), b1 = mb.xOf(double(bl.end - offB));
        if (std::max(a1, b1) < plot.left() || std::min(a0, b0) > plot.right())
            continue;
        if (n++ % every)
            continue;
        // A pair far apart on screen would cross the gap as a near-horizontal smear: it says nothing
        // there (aligning at a layer or unlinking brings such pairs together).
        if (std::abs(a0 - b0) > 2.0 * plot.width())
            continue;
        // Clipped to the plot in double precision first (see paintBand).
        // Only far-off corners need the (costly) polygon intersection; near ones the clip handles.
        const QPolygonF quad({QPointF(a0, top), QPointF(a1, top), QPointF(b1, bottom), QPointF(b0, bottom)});
        const double far = 4 * plot.width();
        const bool near = std::min({a0, b0}) > plot.left() - far && std::max({a1, b1}) < plot.right() + far;
        const QPolygonF visiblePart =
            near ? quad : quad.intersected(QRectF(plot.left() - 2, top - 1, plot.width() + 4, bottom - top + 2));
        if (visiblePart.isEmpty())
            continue;
        p.setRenderHint(QPainter::Antialiasing, false);  // a faint fill: stair steps do not show
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawPolygon(visiblePart);
        p.setRenderHint(QPainter::Antialiasing, true);
        // The left edge, clipped to the plot's columns the same way.
        const double lo = plot.left() - 2.0, hi = plot.right() + 2.0;
        double u0 = 0, u1 = 1;  // parameters along a0 → b0
        if (a0 != b0) {
            const double ulo = (lo - a0) / (b0 - a0), uhi = (hi - a0) / (b0 - a0);
            u0 = std::max(0.0, std::min(ulo, uhi));
            u1 = std::min(1.0, std::max(ulo, uhi));
        } else if (a0 < lo || a0 > hi) {
            u0 = 1, u1 = 0;
        }
        if (u0 < u1) {
            p.setPen(QPen(line, 1));
            p.drawLine(QPointF(a0 + (b0 - a0) * u0, top + (bottom - top) * u0),
                       QPointF(a0 + (b0 - a0) * u1, top + (bottom - top) * u1));
        }
    }
    p.restore();
}

void TimelineWidget::paintLegend(QPainter &p, int y) const
{
    const QPalette pal = palette();
    QFont f = font();
    p.setFont(f);
    const QFontMetrics fm(f);
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRect(8, y, kGutter - 12, kLegendLine), Qt::AlignVCenter | Qt::AlignLeft, tr("Operations"));
    int x = kGutter;
    for (const auto &[name, colour] : m_legend) {
        const int w = 14 + 4 + fm.horizontalAdvance(name) + 14;
        if (x + w > width() - kRightMargin && x > kGutter) {
            x = kGutter;
            y += kLegendLine;
        }
        p.fillRect(QRect(x, y + 4, 14, kLegendLine - 8), colour);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(x + 18, y, w, kLegendLine), Qt::AlignVCenter | Qt::AlignLeft, name);
        x += w;
    }
}
