#include "kernelselection.h"

#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"

#include <QComboBox>
#include <QItemSelection>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <set>

int selectKernelRows(MainWindow &w, const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    std::set<int> rows;
    for (Side side : {SideA, SideB})
        for (uint32_t id : side == SideA ? a : b)
            if (const int row = w.kernelModel()->rowOfKernel(side, id); row >= 0)
                rows.insert(row);
    if (rows.empty())
        return 0;
    // A text or operation filter would hide some of them: the selection is meant to show them all.
    w.kernelFilter()->clear();
    w.operationFilter()->setCurrentIndex(0);
    QItemSelection selection;
    const int lastColumn = w.kernelModel()->columnCount() - 1;
    for (int row : rows) {
        const QModelIndex from = w.kernelProxy()->mapFromSource(w.kernelModel()->index(row, 0));
        const QModelIndex to = w.kernelProxy()->mapFromSource(w.kernelModel()->index(row, lastColumn));
        if (from.isValid() && to.isValid())
            selection.select(from, to);
    }
    QTableView *view = w.kernelView();
    QWidget *page = view;
    while (page && w.tabs()->indexOf(page) < 0)
        page = page->parentWidget();
    if (page)
        w.tabs()->setCurrentWidget(page);
    view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (!selection.isEmpty()) {
        view->selectionModel()->setCurrentIndex(selection.first().topLeft(), QItemSelectionModel::NoUpdate);
        view->scrollTo(selection.first().topLeft(), QAbstractItemView::PositionAtCenter);
    }
    view->setFocus();
    return int(rows.size());
}
