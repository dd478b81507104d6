#pragma once
// The Layers tab: the aligned layers of A and B (or one trace's own layers) in a sortable table. It
// refills only when a trace or the comparison changed.
#include "results.h"

#include <QWidget>
#include <optional>
class LayerTableModel;
class QSortFilterProxyModel;
class QTableView;
class TableActions;

class LayerPage : public QWidget {
    Q_OBJECT
public:
    explicit LayerPage(const Results *results, QWidget *parent = nullptr);

    LayerTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    TableActions *tableActions() const { return m_actions; }

signals:
    void countsChanged();

private:
    void refresh();

    const Results *m_results;
    std::optional<Results::Snapshot> m_shown;

    LayerTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    TableActions *m_actions;
};
