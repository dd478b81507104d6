#include "triagepage.h"

#include "triagejob.h"
#include "datatableview.h"
#include "familytablemodel.h"
#include "modelroles.h"
#include "overlaptablemodel.h"
#include "tableactions.h"
#include "triagetablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QVBoxLayout>

TriagePage::TriagePage(QWidget *parent)
    : QWidget(parent), m_side(new QComboBox(this)), m_note(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_kernelModel(new TriageTableModel(this)), m_familyModel(new FamilyTableModel(this)),
      m_overlapModel(new OverlapTableModel(this))
{
    m_side->setObjectName(QStringLiteral("triageSide"));
    m_side->addItem(tr("A"), int(SideA));
    m_side->addItem(tr("B"), int(SideB));
    m_side->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_side, &QComboBox::currentIndexChanged, this, &TriagePage::update);
    connect(m_side, &QComboBox::activated, this, [this] { m_sideChosen = true; });
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);

    QAbstractItemModel *models[3] = {m_kernelModel, m_familyModel, m_overlapModel};
    const QString titles[3] = {tr("Kernels"), tr("Fusion families"), tr("Overlap")};
    const QString files[3] = {QStringLiteral("triage-kernels"), QStringLiteral("fusion-families"),
                              QStringLiteral("overlap")};
    for (int i = 0; i < 3; ++i) {
        auto *proxy = new QSortFilterProxyModel(this);
        proxy->setSortRole(ModelRoles::Sort);
        proxy->setSourceModel(models[i]);
        m_views[i] = new DataTableView(this);
        m_views[i]->setModel(proxy);
        m_views[i]->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        m_actions << new TableActions(m_views[i], files[i]);
        m_tabs->addTab(m_views[i], titles[i]);
        // Rows that stand for kernels lead to them in the kernel comparison table.
        connect(m_views[i], &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
            const QList<uint> ids = index.data(ModelRoles::KernelIds).value<QList<uint>>();
            if (!ids.isEmpty())
                emit kernelActivated(side(), ids.first());
        });
    }
    for (DataTableView *view : m_views)
        view->horizontalHeader()->setDefaultSectionSize(80);
    m_views[0]->setColumnWidth(TriageTableModel::Op, 120);
    m_views[0]->setColumnWidth(TriageTableModel::Category, 110);
    m_views[0]->setColumnWidth(TriageTableModel::Kernel, 380);
    m_views[0]->setColumnWidth(TriageTableModel::TopSite, 380);
    m_views[1]->setColumnWidth(FamilyTableModel::Family, 220);
    m_views[1]->setColumnWidth(FamilyTableModel::Status, 160);
    m_views[1]->setColumnWidth(FamilyTableModel::Rationale, 400);
    m_views[1]->setColumnWidth(FamilyTableModel::Evidence, 320);
    m_views[1]->setColumnWidth(FamilyTableModel::Locations, 260);
    m_views[2]->setColumnWidth(OverlapTableModel::Kernel, 360);
    m_views[2]->setColumnWidth(OverlapTableModel::Verdict, 120);
    m_views[2]->setColumnWidth(OverlapTableModel::Recommendation, 120);
    m_views[2]->setColumnWidth(OverlapTableModel::Dependency, 110);
    m_views[2]->setColumnWidth(OverlapTableModel::Scope, 260);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Trace:"), this));
    top->addWidget(m_side);
    top->addWidget(m_note, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    update();
}

Side TriagePage::side() const
{
    return Side(m_side->currentData().toInt());
}

void TriagePage::setSide(Side side)
{
    m_side->setCurrentIndex(m_side->findData(int(side)));
}

TableActions *TriagePage::currentTableActions() const
{
    const int i = m_tabs->currentIndex();
    return i >= 0 && i < m_actions.size() ? m_actions[i] : nullptr;
}

void TriagePage::setResults(std::shared_ptr<const TriageResult> a, std::shared_ptr<const TriageResult> b,
                            bool pendingA, bool pendingB, const QString &labelA, const QString &labelB)
{
    m_result[SideA] = std::move(a);
    m_result[SideB] = std::move(b);
    m_pending[SideA] = pendingA;
    m_pending[SideB] = pendingB;
    {
        QSignalBlocker block(m_side);
        m_side->setItemText(0, tr("A: %1").arg(labelA));
        m_side->setItemText(1, tr("B: %1").arg(labelB));
        // Until the user picks a side: A when it is loaded, else B.
        const bool loadedA = m_result[SideA] || pendingA, loadedB = m_result[SideB] || pendingB;
        if (!m_sideChosen)
            setSide(loadedA || !loadedB ? SideA : SideB);
    }
    update();
}

void TriagePage::update()
{
    const Side s = side();
    const auto &result = m_result[s];
    if (!m_filled || result != m_shown || s != m_shownSide) {
        m_kernelModel->setContent(result, s);
        m_familyModel->setContent(result, s);
        m_overlapModel->setContent(result);
        m_shown = result;
        m_shownSide = s;
        m_filled = true;
    }
    if (m_pending[s])
        m_note->setText(tr("Looking for fusion families and overlap in trace %1…").arg(s == SideA ? tr("A") : tr("B")));
    else if (!result)
        m_note->setText(tr("Trace %1 is not loaded.").arg(s == SideA ? tr("A") : tr("B")));
    else
        m_note->setText(tr("Activate a row to find its kernels in the kernel comparison table."));
    m_tabs->setTabText(0, tr("Kernels (%1)").arg(m_kernelModel->rowCount()));
    m_tabs->setTabText(1, tr("Fusion families (%1)").arg(m_familyModel->rowCount()));
    m_tabs->setTabText(2, tr("Overlap (%1)").arg(m_overlapModel->rowCount()));
}
