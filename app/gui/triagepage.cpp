#include "triagepage.h"

#include "triagejob.h"
#include "datatableview.h"
#include "familytablemodel.h"
#include "modelroles.h"
#include "overlaptablemodel.h"
#include "results.h"
#include "tableactions.h"
#include "triagetablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QVBoxLayout>

TriagePage::TriagePage(const Results *results, QWidget *parent)
    : QWidget(parent), m_results(results), m_side(new QComboBox(this)), m_note(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_run(new QPushButton(tr("Run the triage"), this)),
      m_tabs(new QTabWidget(this)),
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
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(160);
    m_cancel->setObjectName(QStringLiteral("triageCancel"));
    m_cancel->setToolTip(tr("Stop looking for fusion families and overlap in this trace"));
    connect(m_cancel, &QPushButton::clicked, this, [this] { emit cancelRequested(side()); });
    m_run->setObjectName(QStringLiteral("triageRun"));
    connect(m_run, &QPushButton::clicked, this, [this] { emit runRequested(side()); });

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
    // The families that cost most first: the reason to read the table.
    m_views[1]->sortByColumn(FamilyTableModel::Share, Qt::DescendingOrder);
    m_views[1]->setColumnWidth(FamilyTableModel::Family, 220);
    m_views[1]->setColumnWidth(FamilyTableModel::Status, 200);
    m_views[1]->setColumnWidth(FamilyTableModel::DirectInstances, 140);
    m_views[1]->setColumnWidth(FamilyTableModel::SplitInstances, 140);
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
    top->addWidget(m_progress);
    top->addWidget(m_cancel);
    top->addWidget(m_run);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);

    // The labels come from the traces and the comparison; the tables from the triages.
    connect(results, &Results::triageChanged, this, &TriagePage::refresh);
    connect(results, &Results::traceChanged, this, &TriagePage::refresh);
    connect(results, &Results::comparisonChanged, this, &TriagePage::refresh);
    refresh();
}

void TriagePage::setProgress(Side side, double fraction)
{
    m_fraction[side] = fraction;
    if (side == this->side())
        m_progress->setValue(int(fraction * 1000));
}

QString TriagePage::note() const
{
    return m_note->text();
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

void TriagePage::refresh()
{
    bool loaded[2];
    for (Side s : {SideA, SideB}) {
        const bool pending = m_results->triaging(s) == Results::Triaging::Pending;
        const auto trace = m_results->trace(s);
        if ((pending && !m_pending[s]) || trace != m_traceOf[s])
            m_fraction[s] = 0;  // a new run, or another trace's (the sides were swapped)
        m_traceOf[s] = trace;
        m_pending[s] = pending;
        loaded[s] = m_results->triage(s) || pending;
    }
    {
        QSignalBlocker block(m_side);
        m_side->setItemText(0, tr("A: %1").arg(m_results->label(SideA)));
        m_side->setItemText(1, tr("B: %1").arg(m_results->label(SideB)));
        // Until the user picks a side: A when it is loaded, else B.
        if (!m_sideChosen)
            setSide(loaded[SideA] || !loaded[SideB] ? SideA : SideB);
    }
    update();
}

void TriagePage::update()
{
    const Side s = side();
    const auto result = m_results->triage(s);
    if (!m_filled || result != m_shown || s != m_shownSide) {
        m_kernelModel->setContent(result, s);
        m_familyModel->setContent(result, s);
        m_overlapModel->setContent(result);
        m_shown = result;
        m_shownSide = s;
        m_filled = true;
    }
    const QString name = s == SideA ? tr("A") : tr("B");
    const Results::Triaging state = m_results->triaging(s);
    const bool cancelled = !result && state == Results::Triaging::Cancelled;
    if (m_pending[s])
        m_note->setText(tr("Looking for fusion families and overlap in trace %1…").arg(name));
    else if (cancelled)
        m_note->setText(tr("The triage of trace %1 was cancelled.").arg(name));
    else if (!result && state == Results::Triaging::Failed)
        m_note->setText(tr("The triage of trace %1 could not be completed.").arg(name));
    else if (!result)
        m_note->setText(tr("Trace %1 is not loaded.").arg(name));
    else
        m_note->setText(tr("Activate a row to find its kernels in the kernel comparison table."));
    m_progress->setValue(int(m_fraction[s] * 1000));
    m_progress->setVisible(m_pending[s]);
    m_cancel->setVisible(m_pending[s]);
    m_run->setVisible(cancelled);
    m_tabs->setTabText(0, tr("Kernels (%1)").arg(m_kernelModel->rowCount()));
    m_tabs->setTabText(1, tr("Fusion families (%1)").arg(m_familyModel->rowCount()));
    m_tabs->setTabText(2, tr("Overlap (%1)").arg(m_overlapModel->rowCount()));
}
