#include "layerpage.h"

#include "datatableview.h"
#include "layertablemodel.h"
#include "modelroles.h"
#include "results.h"
#include "tableactions.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QVBoxLayout>

LayerPage::LayerPage(const Results *results, QWidget *parent) : QWidget(parent), m_results(results)
{
    m_model = new LayerTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSortRole(ModelRoles::Sort);
    m_proxy->setSourceModel(m_model);
    m_view = new DataTableView(this);
    m_view->setModel(m_proxy);
    m_view->setObjectName(QStringLiteral("layerView"));
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setColumnWidth(LayerTableModel::Index, 50);
    m_view->horizontalHeader()->setSectionResizeMode(LayerTableModel::LayerA, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(LayerTableModel::LayerB, QHeaderView::Stretch);
    m_actions = new TableActions(m_view, QStringLiteral("layers"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LayerPage::countsChanged);

    connect(results, &Results::traceChanged, this, &LayerPage::refresh);
    connect(results, &Results::comparisonChanged, this, &LayerPage::refresh);
    refresh();
}

void LayerPage::refresh()
{
    if (!m_results->differsFrom(m_shown))
        return;
    const auto a = m_results->trace(SideA), b = m_results->trace(SideB);
    const auto comparison = m_results->comparison();
    const bool awaiting = m_shown->awaiting;

    m_model->setLabels(m_results->label(SideA), m_results->label(SideB));
    // Not compared yet: empty (and saying why) rather than every layer listed unpaired.
    if (comparison)
        m_model->setContent(a, b, comparison);
    else
        m_model->setContent(awaiting ? nullptr : a, awaiting ? nullptr : b, nullptr);
    // A side without a trace has nothing to show, and nothing to compare against.
    const bool sideShown[2] = {a || !b, b || !a};
    for (int c = 0; c < LayerTableModel::ColumnCount; ++c) {
        bool hidden = false;
        if (c == LayerTableModel::LayerA || c == LayerTableModel::KernelsA || c == LayerTableModel::TotalA)
            hidden = !sideShown[SideA];
        else if (c == LayerTableModel::LayerB || c == LayerTableModel::KernelsB || c == LayerTableModel::TotalB)
            hidden = !sideShown[SideB];
        else if (c == LayerTableModel::Delta || c == LayerTableModel::Ratio)
            hidden = !(a && b);
        m_view->setColumnHidden(c, hidden);
    }
}
