#include "timelinesync.h"

#include "compare/comparison.h"
#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "layertablemodel.h"
#include "results.h"
#include "timelineview.h"
#include "timelinewidget.h"

#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>

using namespace fusion;

TimelineSync::TimelineSync(Pages pages, TimelineView *view) : QObject(view), m_pages(std::move(pages)), m_view(view)
{
    TimelineWidget *timeline = view->timeline();
    connect(m_pages.results, &Results::traceChanged, this, &TimelineSync::refresh);
    connect(m_pages.results, &Results::comparisonChanged, this, &TimelineSync::refresh);
    connect(timeline, &TimelineWidget::kernelSelected, this, &TimelineSync::fromTimeline);
    connect(timeline, &TimelineWidget::layerSelected, this, &TimelineSync::selectLayer);
    QTableView *kernels = m_pages.kernels->view();
    connect(kernels->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromItem(current); });
    // Clicking or activating (Return, double-click) the current row again brings its kernels back
    // after Esc or a click elsewhere in the timeline ended the highlighted set.
    connect(kernels, &QAbstractItemView::clicked, this, &TimelineSync::fromItem);
    connect(kernels, &QAbstractItemView::activated, this, &TimelineSync::fromItem);
    connect(m_pages.fusion->view()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromItem(current); });
    // A layer row moves the timeline to that layer pair behind the table; activating it (Return,
    // double-click) brings the timeline to the front.
    QTableView *layers = m_pages.layers->view();
    connect(layers->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromLayerRow(current); });
    connect(layers, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        fromLayerRow(index);
        m_pages.tabs->setCurrentWidget(m_view);
    });
    refresh();
}

void TimelineSync::refresh()
{
    // Not whether the tables wait for the comparison: redrawing would lose the user's zoom.
    if (!m_pages.results->differsFrom(m_shown, false))
        return;
    const auto a = m_pages.results->trace(SideA), b = m_pages.results->trace(SideB);
    const auto c = m_pages.results->comparison();
    auto label = [&](Side s) {
        if (c)
            return QString::fromStdString(s == SideA ? c->labelA : c->labelB);
        const auto &t = s == SideA ? a : b;
        return t ? QString::fromStdString(t->trace->displayLabel()) : QString();
    };
    m_view->setContent(a, b, c, label(SideA), label(SideB));
}

void TimelineSync::fromTimeline(Side side, uint32_t id)
{
    m_syncing = true;
    // The window's own selection logic (stage, filters, scrolling); it shows the kernel tab, but a
    // click in the timeline keeps the timeline in front.
    QWidget *current = m_pages.tabs->currentWidget();
    m_pages.selectKernel(side, id);
    selectInFusionTree(side, id);
    m_pages.tabs->setCurrentWidget(current);
    m_view->timeline()->setFocus();
    m_syncing = false;
}

void TimelineSync::fromItem(const QModelIndex &index)
{
    if (m_syncing || !index.isValid())
        return;
    std::vector<uint32_t> ids[2];
    Side side = SideA;
    if (index.model() == m_pages.kernels->proxy()) {
        // A row is a group: every kernel of its name (or aligned pair of names) on both traces, as
        // many as its Calls columns say. The side of the column chosen goes first; a row of the other
        // trace only (a kernel that B runs and A does not) starts there.
        const int row = m_pages.kernels->proxy()->mapToSource(index).row();
        for (Side s : {SideA, SideB})
            ids[s] = m_pages.kernels->model()->kernelIds(row, s);
        side = KernelTableModel::sideOf(index.column());
    } else if (index.model() == m_pages.fusion->proxy()) {
        const QModelIndex source = m_pages.fusion->proxy()->mapToSource(index);  // a pattern item: one trace
        const std::span<const uint32_t> items = m_pages.fusion->model()->kernelIds(source);
        side = m_pages.fusion->model()->kernelSide(source);
        ids[side].assign(items.begin(), items.end());
    }
    m_view->timeline()->selectKernels(ids[SideA], ids[SideB], side);
}

void TimelineSync::selectInFusionTree(Side side, uint32_t id)
{
    // The first pattern item (fused kernel or unfused component) that holds the kernel, if any.
    const FusionPage &fusion = *m_pages.fusion;
    const QModelIndex hit = fusion.proxy()->mapFromSource(fusion.model()->indexOfKernel(side, id));
    if (!hit.isValid())
        return;
    fusion.view()->selectionModel()->setCurrentIndex(hit, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    fusion.view()->scrollTo(hit);
}

int TimelineSync::layerTableRow(const Results &results, Side side, int layer)
{
    const auto c = results.comparison();
    const auto a = results.trace(SideA), b = results.trace(SideB);
    if (c && a && b) {
        const auto &pairs = c->layers.pairs;
        for (size_t i = 0; i < pairs.size(); ++i)
            if ((side == SideA ? pairs[i].a : pairs[i].b) == layer)
                return int(i);
        return -1;
    }
    const auto &t = side == SideA ? a : b;
    if (!t || layer < 0 || size_t(layer) >= t->layers.layers.size())
        return -1;
    return side == SideB && a ? int(a->layers.layers.size()) + layer : layer;
}

void TimelineSync::fromLayerRow(const QModelIndex &index)
{
    if (m_syncing || !index.isValid())
        return;
    refresh();  // the timeline shows the traces the table was built from
    auto *proxy = qobject_cast<const QSortFilterProxyModel *>(index.model());
    const int row = proxy ? proxy->mapToSource(index).row() : index.row();
    const auto a = m_pages.results->trace(SideA);
    if (m_pages.results->comparison() && a && m_pages.results->trace(SideB)) {
        m_view->showLayerPair(row);  // the rows follow the comparison's layer pairs
        return;
    }
    const int layersOfA = a ? int(a->layers.layers.size()) : 0;
    if (row < layersOfA)
        m_view->timeline()->showLayer(SideA, row);
    else
        m_view->timeline()->showLayer(SideB, row - layersOfA);
}

void TimelineSync::selectLayer(Side side, int layer)
{
    const int row = layerTableRow(*m_pages.results, side, layer);
    if (row < 0 || row >= m_pages.layers->model()->rowCount())
        return;
    m_syncing = true;
    QTableView *view = m_pages.layers->view();
    const QModelIndex index = m_pages.layers->proxy()->mapFromSource(m_pages.layers->model()->index(row, 0));
    view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->scrollTo(index);
    m_syncing = false;
}
