#include "rowtablemodel.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <cmath>

int RowTableModelBase::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(rows());
}

int RowTableModelBase::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant RowTableModelBase::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole)
        return int(header(index.column()).alignment | Qt::AlignVCenter);
    return cell(size_t(index.row()), index.column(), role);
}

QVariant RowTableModelBase::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columns())
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (role) {
    case Qt::DisplayRole: return title(section);
    case ModelRoles::Export: return QString::fromLatin1(header(section).exportName);
    case Qt::ToolTipRole: {
        const QString tip = headerToolTip(section);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    }
    return {};
}

QString RowTableModelBase::title(int column) const
{
    return translated(header(column).title);
}

QString RowTableModelBase::headerToolTip(int column) const
{
    return translated(header(column).toolTip);
}

QString RowTableModelBase::translated(const char *text) const
{
    // The derived model's class name is the context its QT_TRANSLATE_NOOP marks put the titles in.
    return text ? QCoreApplication::translate(metaObject()->className(), text) : QString();
}

QVariant RowTableModelBase::ratioTint(double bOverA)
{
    if (!(bOverA > 0))
        return {};
    const double l = std::log2(bOverA);
    const double strength = std::min(1.0, std::abs(l));
    if (strength < 0.07)
        return {};
    QColor c = l > 0 ? QColor(220, 50, 40) : QColor(30, 150, 60);
    c.setAlphaF(0.12 + 0.33 * strength);
    return QBrush(c);
}
