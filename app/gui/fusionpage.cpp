#include "fusionpage.h"

#include "evidencetext.h"
#include "fusiontreemodel.h"
#include "modelroles.h"
#include "results.h"
#include "tableactions.h"
#include "toplevelsortproxy.h"
#include "whatiftext.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

using namespace fusion;

FusionPage::FusionPage(const Results *results, QWidget *parent) : QWidget(parent), m_results(results)
{
    m_model = new FusionTreeModel(this);
    m_proxy = new TopLevelSortProxy(this);
    m_proxy->setSourceModel(m_model);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("fusionView"));
    m_view->setModel(m_proxy);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->header()->setSortIndicator(-1, Qt::DescendingOrder);
    m_view->setSortingEnabled(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(FusionTreeModel::Pattern, QHeaderView::Stretch);
    for (int c = FusionTreeModel::FusedSide; c < FusionTreeModel::ColumnCount; ++c)
        m_view->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    connect(m_view, &QTreeView::activated, this,
            [this](const QModelIndex &index) { emit itemActivated(m_proxy->mapToSource(index)); });
    m_actions = new TableActions(m_view, QStringLiteral("fusion-patterns"));
    // The evidence is a sentence and kernel names are long: the current item in full, below the tree.
    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("fusionDetails"));
    m_details->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_details->setFrameShape(QFrame::StyledPanel);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showDetails(current); });
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    m_whatIf = new QLabel(this);
    m_whatIf->setObjectName(QStringLiteral("fusionWhatIf"));
    m_whatIf->setTextFormat(Qt::RichText);
    m_whatIf->setWordWrap(true);
    m_whatIf->setToolTip(WhatIfText::assumptions());
    m_whatIf->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_whatIf);
    layout->addWidget(splitter, 1);

    connect(results, &Results::traceChanged, this, &FusionPage::refresh);
    connect(results, &Results::comparisonChanged, this, &FusionPage::refresh);
    refresh();
}

void FusionPage::refresh()
{
    if (!m_results->differsFrom(m_shown, false))  // the same whether or not the tables wait
        return;
    const auto a = m_results->trace(SideA), b = m_results->trace(SideB);
    const auto c = m_results->comparison();

    m_model->setContent(a, b, c);
    const QString labels[2] = {m_results->label(SideA), m_results->label(SideB)};
    m_whatIf->setText(c ? WhatIfText::fusionHeader(*c, labels) : QString());
    m_whatIf->setVisible(!m_whatIf->text().isEmpty());
    // Sentences (evidence) and group titles read across the whole row rather than elided in column 0.
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex finding = m_proxy->index(r, 0);
        for (int i = 0; i < m_proxy->rowCount(finding); ++i) {
            const int kind = m_proxy->index(i, 0, finding).data(ModelRoles::NodeKind).toInt();
            if (kind == FusionTreeModel::Evidence || kind == FusionTreeModel::Group)
                m_view->setFirstColumnSpanned(i, finding, true);
        }
    }
    // The largest difference opened up, so the tab shows what a pattern consists of at first sight.
    if (m_model->rowCount() > 0) {
        m_view->expandRecursively(m_proxy->index(0, 0));
        m_view->setCurrentIndex(m_proxy->index(0, 0));
    } else {
        showDetails(QModelIndex());
    }
    emit countsChanged();
}

void FusionPage::showDetails(const QModelIndex &index)
{
    const QModelIndex source = m_proxy->mapToSource(index);
    const FusionFinding *finding = m_model->findingAt(source);
    const ExtraWork *extra = m_model->extraWorkAt(source);
    if (!finding && !extra) {
        m_details->setPlainText(m_results->comparison() ? tr("The traces show no fusion differences.")
                                                        : tr("Fusion patterns appear once trace A and trace B are compared."));
        return;
    }
    const QString labelA = m_results->label(SideA), labelB = m_results->label(SideB);
    const int kind = source.data(ModelRoles::NodeKind).toInt();
    const std::string &title = finding ? finding->operation : (extra->cpuOp.empty() ? extra->operation : extra->cpuOp);
    QString html = QStringLiteral("<p><b>%1</b> — %2</p>")
                       .arg((finding ? QString::fromStdString(title) : tr("Extra work: %1").arg(QString::fromStdString(title)))
                                .toHtmlEscaped(),
                            (finding ? EvidenceText::ofFinding(*finding, labelA, labelB)
                                     : EvidenceText::ofExtraWork(*extra, labelA, labelB))
                                .toHtmlEscaped());
    if (kind != FusionTreeModel::Finding && kind != FusionTreeModel::ExtraWorkItem && kind != FusionTreeModel::Evidence) {
        const QString item = m_model->index(source.row(), 0, source.parent()).data().toString();
        html += QStringLiteral("<p><tt>%1</tt></p>").arg(item.toHtmlEscaped());
        if (kind == FusionTreeModel::Location) {
            const SourceLocation location = m_model->locationAt(source);
            QStringList stack;
            for (const std::string &frame : location.stack)
                stack << QString::fromStdString(frame).toHtmlEscaped();
            if (!stack.isEmpty())
                html += QStringLiteral("<pre>%1</pre>").arg(stack.join(QLatin1Char('\n')));
        }
    }
    m_details->setHtml(html);
}
