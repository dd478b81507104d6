#pragma once
// Sorts the top level of a tree only: a finding's children (evidence, fused kernels, components,
// locations) keep the order that tells their story, whatever column the findings are sorted by.
#include <QSortFilterProxyModel>

class TopLevelSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TopLevelSortProxy(QObject *parent = nullptr);

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};
