#include "kernelfilterproxy.h"

#include "kerneltablemodel.h"
#include "modelroles.h"

KernelFilterProxy::KernelFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ModelRoles::Sort);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void KernelFilterProxy::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void KernelFilterProxy::setOperation(const QString &op)
{
    if (op == m_op)
        return;
    m_op = op;
    invalidateFilter();
}

bool KernelFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *m = sourceModel();
    if (!m_op.isEmpty() && m->index(sourceRow, KernelTableModel::Op, sourceParent).data().toString() != m_op)
        return false;
    if (m_text.isEmpty())
        return true;
    // The short, raw and full demangled (tooltip) names all match, so a mangled fragment copied from
    // a log or a namespace from a profiler's view still finds the row.
    for (int column : {int(KernelTableModel::Op), int(KernelTableModel::NameA), int(KernelTableModel::NameB)}) {
        const QModelIndex i = m->index(sourceRow, column, sourceParent);
        if (i.data(Qt::DisplayRole).toString().contains(m_text, Qt::CaseInsensitive)
            || i.data(ModelRoles::Export).toString().contains(m_text, Qt::CaseInsensitive)
            || i.data(Qt::ToolTipRole).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}
