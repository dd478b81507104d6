#include "toplevelsortproxy.h"

#include "modelroles.h"

TopLevelSortProxy::TopLevelSortProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ModelRoles::Sort);
}

bool TopLevelSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.parent().isValid()) {
        // Descending sorts call lessThan with the operands swapped; answer so the source order stays.
        return sortOrder() == Qt::AscendingOrder ? left.row() < right.row() : left.row() > right.row();
    }
    return QSortFilterProxyModel::lessThan(left, right);
}
