// TimelineWidget's painting: tracks, layer bands, connectors, profiler steps, axis and legend.
#include "timelinewidget.h"

#include "compare/comparison.h"
#include "units.h"

#include <QElapsedTimer>
#include <QPainter>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

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
const QColor kHighlightAccent(TimelineWidget::kAccent);

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
    paintCounterparts(p);

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

const std::vector<TimelineRun> &TimelineWidget::lodRuns(Side s, int track) const
{
    // A key per side and row: a row of the other side, or of another model, never reads these tiles.
    const TimelineMapping map = mapping(s);
    return m_lod.runs(m_model[s].tracks()[size_t(track)], size_t(s) * 4096 + size_t(track), m_model[s].revision(),
                      map.start, map.end, plotRect().width(), m_zoom->offset(s));
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
    const std::vector<TimelineRun> &runs = lodRuns(s, row.track);
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

const TimelineWidget::BandLabels &TimelineWidget::bandLabels(Side s, const QFont &font) const
{
    // Measured once per trace and font: thousands of layers measured in every frame took most of it.
    BandLabels &l = m_bandLabels[s];
    if (l.revision == m_model[s].revision() && l.font == font)
        return l;
    l.revision = m_model[s].revision();
    l.font = font;
    l.name.clear();
    l.number.clear();
    const QFontMetrics fm(font);
    if (m_trace[s])
        for (const Layer &layer : m_trace[s]->layers.layers) {
            l.name.push_back(fm.horizontalAdvance(QString::fromStdString(layer.name)));
            l.number.push_back(fm.horizontalAdvance(QString::number(layer.ordinal)));
        }
    return l;
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
    const BandLabels &labels = bandLabels(s, p.font());
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
        const int room = int(r.width()) - 6;
        const QString text = labels.name[i] <= room     ? QString::fromStdString(layers[i].name)
                             : labels.number[i] <= room ? QString::number(layers[i].ordinal)
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
    const bool outsideLeftOut = m_outsideLeftOut[s];
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
