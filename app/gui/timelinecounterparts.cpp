// The kernel-level alignment in the timeline: the current kernel's counterparts on the other trace
// (the kernels the alignment paired it with inside its layer pair), joined to it by lines, and a
// layer pair brought into view on both traces at once.
#include "timelinewidget.h"

#include "compare/comparison.h"

#include <QPainter>
#include <algorithm>

using namespace fusion;

void TimelineWidget::indexCounterparts()
{
    m_kernelPairs.clear();
    for (Side s : {SideA, SideB})
        m_pairOfKernel[s].assign(m_trace[s] ? m_trace[s]->trace->store.kernels.size() : 0, -1);
    if (!m_comparison)
        return;
    for (const LayerPair &lp : m_comparison->layers.pairs)
        for (const KernelPair &kp : lp.kernels) {
            if (kp.isGap())
                continue;
            const int index = int(m_kernelPairs.size());
            m_kernelPairs.push_back(&kp);
            for (uint32_t id : kp.aKernels)
                if (id < m_pairOfKernel[SideA].size())
                    m_pairOfKernel[SideA][id] = index;
            for (uint32_t id : kp.bKernels)
                if (id < m_pairOfKernel[SideB].size())
                    m_pairOfKernel[SideB][id] = index;
        }
}

const KernelPair *TimelineWidget::kernelPairOf(Side side, uint32_t id) const
{
    const std::vector<int> &of = m_pairOfKernel[side];
    return id < of.size() && of[id] >= 0 ? m_kernelPairs[size_t(of[id])] : nullptr;
}

std::vector<uint32_t> TimelineWidget::counterparts(Side side, uint32_t id) const
{
    const KernelPair *kp = kernelPairOf(side, id);
    if (!kp)
        return {};
    return side == SideA ? kp->bKernels : kp->aKernels;
}

void TimelineWidget::paintCounterparts(QPainter &p) const
{
    if (!m_selected)
        return;
    const KernelPair *kp = kernelPairOf(m_selected->first, m_selected->second);
    if (!kp)
        return;
    // Where a kernel sits: the middle of its box, at the edge of its row that faces the other trace.
    auto anchor = [this](Side s, uint32_t id) -> std::optional<QPointF> {
        const int track = m_model[s].trackOfKernel(id);
        if (track < 0)
            return std::nullopt;
        const QRect r = trackRect(s, track);
        const GpuOpTable &k = m_trace[s]->trace->store.kernels;
        const TimelineMapping map = mapping(s);
        const double x = map.xOf((m_zoom->toAxis(s, k.start[id]) + m_zoom->toAxis(s, k.end(id))) / 2);
        return QPointF(x, s == SideA ? r.bottom() - 1.0 : r.top() + 1.0);
    };
    const QRect plot = plotRect();
    p.save();
    p.setClipRect(QRect(plot.left() - 2, kAxis, plot.width() + 4, m_legendTop - kAxis));
    p.setRenderHint(QPainter::Antialiasing, true);
    QPen pen(QColor(kAccent), 1.5, Qt::DashLine);
    p.setPen(pen);
    // A pair may hold several kernels on a side (a split GEMM); a few hundred lines at most are drawn.
    size_t drawn = 0;
    for (uint32_t a : kp->aKernels)
        for (uint32_t b : kp->bKernels) {
            const auto pa = anchor(SideA, a), pb = anchor(SideB, b);
            if (!pa || !pb || ++drawn > 400)
                continue;
            p.drawLine(*pa, *pb);
        }
    // The counterparts outlined like the current kernel, so the eye finds where the lines end.
    const Side other = otherSide(m_selected->first);
    p.setPen(QPen(QColor(kAccent), 1.5));
    p.setBrush(Qt::NoBrush);
    const GpuOpTable &k = m_trace[other]->trace->store.kernels;
    const TimelineMapping map = mapping(other);
    for (uint32_t id : other == SideA ? kp->aKernels : kp->bKernels) {
        const int track = m_model[other].trackOfKernel(id);
        if (track < 0)
            continue;
        const QRect r = trackRect(other, track);
        const double x0 = map.xOf(m_zoom->toAxis(other, k.start[id])), x1 = map.xOf(m_zoom->toAxis(other, k.end(id)));
        p.drawRect(QRectF(x0, r.top() + 1.5, std::max(2.0, x1 - x0), r.height() - 3.0));
    }
    p.restore();
}

void TimelineWidget::showLayerPair(int pair)
{
    alignAtLayerPair(pair);
    if (!m_comparison || pair < 0 || pair >= int(m_comparison->layers.pairs.size()))
        return;
    const LayerPair &lp = m_comparison->layers.pairs[size_t(pair)];
    // Both layers start at 0 now; the longer one sets the span, so neither is cut.
    double length = 0;
    const int layer[2] = {lp.a, lp.b};
    for (Side s : {SideA, SideB})
        if (m_trace[s] && layer[s] >= 0 && size_t(layer[s]) < m_trace[s]->layers.layers.size()) {
            const Layer &l = m_trace[s]->layers.layers[size_t(layer[s])];
            length = std::max(length, m_zoom->toAxis(s, l.end) - m_zoom->toAxis(s, l.start));
        }
    if (length <= 0)
        return;
    const Side side = lp.a >= 0 ? SideA : SideB;
    m_selectedLayer = {side, layer[side]};
    m_lastSelected = Selected::Layer;
    const double pad = std::max(length * 0.05, 50.0);
    for (Side s : {SideA, SideB})
        if (s == SideA || !m_zoom->isLinked())
            m_zoom->setRange(s, {-pad, length + pad});
    update();
}

void TimelineWidget::showLayer(Side side, int layer)
{
    if (!m_trace[side] || layer < 0 || size_t(layer) >= m_trace[side]->layers.layers.size())
        return;
    m_selectedLayer = {side, layer};
    m_lastSelected = Selected::Layer;
    fitSelection();
    update();
}
