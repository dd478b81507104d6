// TimelineWidget's input: hit testing, tooltips, mouse, wheel and keys.
#include "timelinewidget.h"

#include "compare/comparison.h"
#include "units.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

using namespace fusion;

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
        // Read from the tiles the frame was painted from (built now if it was not).
        const float x = float(pos.x() - plot.left());
        for (const TimelineRun &run : lodRuns(s, row.track))
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
