#pragma once
// The Kernels tab: the kernel comparison table with its filters (text, operation), the demangle
// switch and a row count. It shows what Results holds — the comparison's paired rows, or each
// trace's own rows while there is no comparison — and refills only when one of those changed.
#include "results.h"
#include "side.h"
#include "stages/stages.h"

#include <QItemSelection>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

class KernelFilterProxy;
class KernelTableModel;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class TableActions;

class KernelPage : public QWidget {
    Q_OBJECT
public:
    explicit KernelPage(const Results *results, QWidget *parent = nullptr);

    KernelTableModel *model() const { return m_model; }
    KernelFilterProxy *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filterEdit; }
    QComboBox *operationFilter() const { return m_opCombo; }
    QCheckBox *demangleCheck() const { return m_demangleCheck; }
    TableActions *tableActions() const { return m_actions; }

    void setStage(fusion::Stage stage);
    // The proxy index of the row holding kernel `id` of `side`, in the name column of that side;
    // filters that would hide it are cleared. Invalid when no row holds it (another stage, say).
    QModelIndex reveal(Side side, uint32_t id);
    // Every row holding one of the kernels, whole rows, with the filters cleared.
    QItemSelection reveal(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b);
    // Makes `selection` the selected rows, its first cell current and in view, and focuses the table.
    void select(const QItemSelection &selection);
    void select(const QModelIndex &index);  // its row selected, the cell current

signals:
    void countsChanged();  // the rows, or the rows the filters let through: the tab title follows

private:
    void refresh();
    void refreshOperationFilter();
    void hideAbsentSides();
    void clearFilters();

    const Results *m_results;
    std::optional<Results::Snapshot> m_shown;  // what the table shows

    KernelTableModel *m_model;
    KernelFilterProxy *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filterEdit;
    QComboBox *m_opCombo;
    QCheckBox *m_demangleCheck;
    QLabel *m_rowCountLabel;
    TableActions *m_actions;
};
