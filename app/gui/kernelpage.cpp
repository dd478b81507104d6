#include "kernelpage.h"

#include "analysisjob.h"
#include "comparisonjob.h"
#include "datatableview.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "results.h"
#include "settings.h"
#include "tableactions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <set>

using namespace fusion;

KernelPage::KernelPage(const Results *results, QWidget *parent) : QWidget(parent), m_results(results)
{
    m_model = new KernelTableModel(this);
    m_proxy = new KernelFilterProxy(this);
    m_proxy->setSourceModel(m_model);

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("kernelFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter by kernel name or operation…"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_proxy, &KernelFilterProxy::setText);

    m_opCombo = new QComboBox(this);
    m_opCombo->setObjectName(QStringLiteral("operationFilter"));
    m_opCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_opCombo->setMinimumContentsLength(16);
    connect(m_opCombo, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setOperation(m_opCombo->currentData().toString()); });

    m_demangleCheck = new QCheckBox(tr("&Demangle names"), this);
    m_demangleCheck->setChecked(Settings::demangle());
    m_model->setDemangle(m_demangleCheck->isChecked());
    connect(m_demangleCheck, &QCheckBox::toggled, m_model, &KernelTableModel::setDemangle);

    m_rowCountLabel = new QLabel(this);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_filterEdit, 2);
    filters->addWidget(new QLabel(tr("Operation:"), this));
    filters->addWidget(m_opCombo);
    filters->addWidget(m_demangleCheck);
    filters->addStretch(1);
    filters->addWidget(m_rowCountLabel);

    m_view = new DataTableView(this);
    m_view->setObjectName(QStringLiteral("kernelView"));
    m_view->setModel(m_proxy);
    // The names take whatever width the numbers leave; the numbers must never scroll out of sight, and
    // take no more than their header or a typical value needs, so the names stay readable at 1024 px.
    const QFontMetrics fm(m_view->font());
    m_view->setColumnWidth(KernelTableModel::Op, fm.horizontalAdvance(QStringLiteral("Elementwise")) + 24);
    m_view->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameA, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameB, QHeaderView::Stretch);
    for (int c = KernelTableModel::CallsA; c < KernelTableModel::ColumnCount; ++c) {
        const QString header = m_model->headerData(c, Qt::Horizontal).toString();
        const QString typical = c <= KernelTableModel::CallsB ? QStringLiteral("88,888") : QStringLiteral("−888 µs");
        m_view->setColumnWidth(c, std::max(fm.horizontalAdvance(header), fm.horizontalAdvance(typical)) + 18);
    }
    m_actions = new TableActions(m_view, QStringLiteral("kernels"));

    auto updateCount = [this] {
        m_rowCountLabel->setText(tr("%1 of %2 rows").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
        emit countsChanged();
    };
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, updateCount);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);

    connect(results, &Results::traceChanged, this, &KernelPage::refresh);
    connect(results, &Results::comparisonChanged, this, &KernelPage::refresh);
    refresh();
}

void KernelPage::refresh()
{
    if (!m_results->differsFrom(m_shown))
        return;
    const auto comparison = m_results->comparisonResult();

    m_model->setLabels(m_results->label(SideA), m_results->label(SideB));
    const auto ta = m_results->trace(SideA), tb = m_results->trace(SideB);
    if (comparison) {
        m_model->setContent(ta, tb, comparison->rows);
    } else {
        // Two traces not compared yet would list every kernel as one-sided: the table stays empty and
        // says why until the comparison pairs them (or failed, when each trace is listed alone).
        std::vector<KernelRow> rows;
        for (Side s : {SideA, SideB})
            if (const auto &t = m_shown->trace[s]; t && !m_shown->awaiting)
                rows.insert(rows.end(), t->rows.begin(), t->rows.end());
        m_model->setContent(ta, tb, std::move(rows));
    }
    hideAbsentSides();
    refreshOperationFilter();
}

void KernelPage::hideAbsentSides()
{
    // A side without a trace has nothing to show, and nothing to compare against.
    const bool a = m_results->hasTrace(SideA), b = m_results->hasTrace(SideB);
    const bool sideShown[2] = {a || !b, b || !a};
    for (int c = 0; c < KernelTableModel::ColumnCount; ++c) {
        bool hidden = false;
        if (c == KernelTableModel::NameA || c == KernelTableModel::CallsA || c == KernelTableModel::TotalA
            || c == KernelTableModel::AvgA)
            hidden = !sideShown[SideA];
        else if (c == KernelTableModel::NameB || c == KernelTableModel::CallsB || c == KernelTableModel::TotalB
                 || c == KernelTableModel::AvgB)
            hidden = !sideShown[SideB];
        else if (c == KernelTableModel::Delta || c == KernelTableModel::Ratio)
            hidden = !(a && b);
        m_view->setColumnHidden(c, hidden);
    }
}

void KernelPage::refreshOperationFilter()
{
    const QString current = m_opCombo->currentData().toString();
    QSignalBlocker block(m_opCombo);
    m_opCombo->clear();
    m_opCombo->addItem(tr("All operations"), QString());
    for (const QString &op : m_model->operations())
        m_opCombo->addItem(op, op);
    const int i = m_opCombo->findData(current);
    m_opCombo->setCurrentIndex(std::max(0, i));
    m_proxy->setOperation(m_opCombo->currentData().toString());
}

void KernelPage::setStage(Stage stage)
{
    m_model->setStage(stage);
}

void KernelPage::clearFilters()
{
    m_filterEdit->clear();
    m_opCombo->setCurrentIndex(0);
}

QModelIndex KernelPage::reveal(Side side, uint32_t id)
{
    const int row = m_model->rowOfKernel(side, id);
    if (row < 0)
        return {};
    const QModelIndex source = m_model->index(row, side == SideA ? KernelTableModel::NameA : KernelTableModel::NameB);
    if (!m_proxy->mapFromSource(source).isValid())  // hidden by the text or operation filter
        clearFilters();
    return m_proxy->mapFromSource(source);
}

QItemSelection KernelPage::reveal(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    std::set<int> rows;
    for (Side side : {SideA, SideB})
        for (uint32_t id : side == SideA ? a : b)
            if (const int row = m_model->rowOfKernel(side, id); row >= 0)
                rows.insert(row);
    QItemSelection selection;
    if (rows.empty())
        return selection;
    // A filter would hide some of them: the selection is meant to show them all.
    clearFilters();
    const int lastColumn = m_model->columnCount() - 1;
    for (int row : rows) {
        const QModelIndex from = m_proxy->mapFromSource(m_model->index(row, 0));
        const QModelIndex to = m_proxy->mapFromSource(m_model->index(row, lastColumn));
        if (from.isValid() && to.isValid())
            selection.select(from, to);
    }
    return selection;
}

void KernelPage::select(const QItemSelection &selection)
{
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (!selection.isEmpty()) {
        const QModelIndex first = selection.first().topLeft();
        m_view->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        m_view->scrollTo(first, QAbstractItemView::PositionAtCenter);
    }
    m_view->setFocus();
}

void KernelPage::select(const QModelIndex &index)
{
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    m_view->setFocus();
}
