#include "datatableview.h"

#include <QHeaderView>

DataTableView::DataTableView(QWidget *parent) : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);  // kernel names differ at both ends, not in the middle
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setSectionsMovable(true);
    // -1: keep the model's own order (largest GPU time first) until the user clicks a header.
    horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    setSortingEnabled(true);
}
