#include "timelinesync.h"

#include "compare/comparison.h"
#include "fusiontreemodel.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "layertablemodel.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "timelineview.h"
#include "timelinewidget.h"

#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>

using namespace fusion;

TimelineView *TimelineSync::attach(MainWindow *window)
{
    auto *view = new TimelineView(window);
    window->addView(view, tr("Timeline"), 0);
    new TimelineSync(window, view);
    return view;
}

TimelineSync::TimelineSync(MainWindow *window, TimelineView *view)
    : QObject(view), m_window(window), m_view(view)
{
    TimelineWidget *timeline = view->timeline();
    // As soon as a trace or comparison is there, not once every job (the triage) has finished;
    // refresh() does nothing when they have not changed.
    connect(window, &MainWindow::resultsChanged, this, &TimelineSync::refresh);
    connect(window, &MainWindow::idle, this, &TimelineSync::refresh);
    timeline->setStage(window->stage());
    connect(window, &MainWindow::stageChanged, timeline, &TimelineWidget::setStage);
    connect(timeline, &TimelineWidget::kernelSelected, this, &TimelineSync::fromTimeline);
    connect(timeline, &TimelineWidget::layerSelected, this, &TimelineSync::selectLayer);
    connect(window->kernelView()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromItem(current); });
    // Clicking or activating (Return, double-click) the current row again brings its kernels back
    // after Esc or a click elsewhere in the timeline ended the highlighted set.
    connect(window->kernelView(), &QAbstractItemView::clicked, this, &TimelineSync::fromItem);
    connect(window->kernelView(), &QAbstractItemView::activated, this, &TimelineSync::fromItem);
    connect(window->fusionView()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromItem(current); });
    // A layer row moves the timeline to that layer pair behind the table; activating it (Return,
    // double-click) brings the timeline to the front.
    connect(window->layerView()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { fromLayerRow(current); });
    connect(window->layerView(), &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        fromLayerRow(index);
        m_window->tabs()->setCurrentWidget(m_view);
    });
    refresh();
}

void TimelineSync::refresh()
{
    const auto a = m_window->trace(SideA), b = m_window->trace(SideB);
    const auto c = m_window->comparison();
    if (a == m_shown[SideA] && b == m_shown[SideB] && c == m_shownComparison)
        return;
    m_shown[SideA] = a;
    m_shown[SideB] = b;
    m_shownComparison = c;
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
    QWidget *current = m_window->tabs()->currentWidget();
    m_window->selectKernel(side, id);
    selectInFusionTree(side, id);
    m_window->tabs()->setCurrentWidget(current);
    m_view->timeline()->setFocus();
    m_syncing = false;
}

void TimelineSync::fromItem(const QModelIndex &index)
{
    if (m_syncing || !index.isValid())
        return;
    auto idsOf = [](const QModelIndex &i) {
        const QList<uint> list = i.data(ModelRoles::KernelIds).value<QList<uint>>();
        return std::vector<uint32_t>(list.begin(), list.end());
    };
    std::vector<uint32_t> ids[2];
    Side side = Side(index.data(ModelRoles::KernelSide).toInt());
    if (index.model() == m_window->kernelView()->model()) {
        // A row is a group: every kernel of its name (or aligned pair of names) on both traces, as
        // many as its Calls columns say. The side of the column chosen goes first; a row of the other
        // trace only (a kernel that B runs and A does not) starts there.
        ids[SideA] = idsOf(index.siblingAtColumn(KernelTableModel::NameA));
        ids[SideB] = idsOf(index.siblingAtColumn(KernelTableModel::NameB));
    } else {
        ids[side] = idsOf(index);  // a pattern item: kernels of one trace
    }
    m_view->timeline()->selectKernels(ids[SideA], ids[SideB], side);
}

void TimelineSync::selectInFusionTree(Side side, uint32_t id)
{
    // The first pattern item (fused kernel or unfused component) that holds the kernel, if any.
    const QModelIndex hit = m_window->fusionProxy()->mapFromSource(m_window->fusionModel()->indexOfKernel(side, id));
    if (!hit.isValid())
        return;
    m_window->fusionView()->selectionModel()->setCurrentIndex(
        hit, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_window->fusionView()->scrollTo(hit);
}

int TimelineSync::layerTableRow(const MainWindow *window, Side side, int layer)
{
    const auto c = window->comparison();
    const auto a = window->trace(SideA), b = window->trace(SideB);
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
    const auto a = m_window->trace(SideA);
    if (m_window->comparison() && a && m_window->trace(SideB)) {
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
    const int row = layerTableRow(m_window, side, layer);
    if (row < 0 || row >= m_window->layerModel()->rowCount())
        return;
    m_syncing = true;
    QTableView *view = m_window->layerView();
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
    QModelIndex index = m_window->layerModel()->index(row, 0);
    if (proxy)
        index = proxy->mapFromSource(index);
    view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->scrollTo(index);
    m_syncing = false;
}
