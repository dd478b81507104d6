#pragma once
// The Fusion patterns tab: above, what the patterns add up to (each side's time if it fused like the
// other); the tree of findings and extra work; below it, the current item in full. It rebuilds only
// when the comparison (or a trace) changed, so the user's place in the tree survives everything else.
#include "results.h"

#include <QWidget>
#include <optional>
class FusionTreeModel;
class QLabel;
class QSortFilterProxyModel;
class QTextBrowser;
class QTreeView;
class TableActions;

class FusionPage : public QWidget {
    Q_OBJECT
public:
    explicit FusionPage(const Results *results, QWidget *parent = nullptr);

    FusionTreeModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTreeView *view() const { return m_view; }
    QLabel *whatIf() const { return m_whatIf; }
    QTextBrowser *details() const { return m_details; }
    TableActions *tableActions() const { return m_actions; }

signals:
    // An item was activated (Return, double-click): an index of model(), not of the proxy.
    void itemActivated(const QModelIndex &sourceIndex);
    void countsChanged();

private:
    void refresh();
    void showDetails(const QModelIndex &proxyIndex);

    const Results *m_results;
    std::optional<Results::Snapshot> m_shown;

    FusionTreeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_view;
    QLabel *m_whatIf;
    QTextBrowser *m_details;
    TableActions *m_actions;
};
