// Honest states of the window: stages no trace has cannot be chosen; what the tables say while they have no rows (see emptystate.h), the
// reasons following the window's state, most basic first, so the sentence names the one thing the
// user can act on; a warning when the two traces may not run the same model at all; and headers
// folded to one line each on a small screen, where the tables need the height.
#include "mainwindow.h"

#include "analysisjob.h"
#include "comparisonjob.h"
#include "analyzed/analyzedtrace.h"
#include "emptystate.h"
#include "fusionpage.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "messagebar.h"
#include "results.h"
#include "scopeselector.h"
#include "tracepane.h"
#include "units.h"

#include <QComboBox>
#include <QResizeEvent>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTreeView>
#include <set>

using namespace fusion;

void MainWindow::updateStageChoices()
{
    // A stage neither loaded trace has cannot be chosen; "All stages" always can.
    bool has[3] = {true, false, false};
    for (Side s : {SideA, SideB})
        if (const auto t = m_results->trace(s)) {
            has[int(Stage::Prefill)] |= t->stages.hasPrefill;
            has[int(Stage::Decode)] |= t->stages.hasDecode;
        }
    auto *model = qobject_cast<QStandardItemModel *>(m_stageCombo->model());
    for (Stage st : {Stage::Prefill, Stage::Decode}) {
        QStandardItem *item = model ? model->item(m_stageCombo->findData(int(st))) : nullptr;
        if (!item)
            continue;
        const bool any = m_results->hasTrace(SideA) || m_results->hasTrace(SideB);
        item->setEnabled(!any || has[int(st)]);
        item->setToolTip(item->isEnabled() ? QString() : tr("Neither trace has a %1 stage").arg(Units::stage(st)));
    }
}

void MainWindow::updateStepChoices()
{
    std::set<int64_t> numbers;
    for (Side s : {SideA, SideB})
        if (const auto t = m_results->trace(s))
            for (const fusion::Step &st : t->steps.steps)
                numbers.insert(st.number);
    m_scopeSelector->setSteps({numbers.begin(), numbers.end()});
}

void MainWindow::installStates()
{
    for (TracePane *pane : m_pane)
        connect(pane, &TracePane::foldingChanged, this, [this] { fitHeaders(false); });
    for (QAbstractItemView *view : {static_cast<QAbstractItemView *>(m_kernelPage->view()),
                                    static_cast<QAbstractItemView *>(m_layerPage->view()),
                                    static_cast<QAbstractItemView *>(m_fusionPage->view())})
        m_emptyStates << new EmptyState(view, [this, view] { return emptyReason(view); });
}

void MainWindow::updateEmptyStates()
{
    for (EmptyState *e : std::as_const(m_emptyStates))
        e->update();
}

// The sides whose trace lacks the chosen stage ("Trace B has no decode phase."), empty when both have it.
QString MainWindow::missingStage() const
{
    QStringList missing;
    for (Side s : {SideA, SideB}) {
        const auto t = trace(s);
        if (!t || m_stage == Stage::All)
            continue;
        const bool has = m_stage == Stage::Prefill ? t->stages.hasPrefill : t->stages.hasDecode;
        if (!has)
            missing << tr("Trace %1 has no %2 phase.").arg(s == SideA ? tr("A") : tr("B"), Units::stage(m_stage));
    }
    return missing.join(QLatin1Char(' '));
}

QString MainWindow::emptyReason(const QAbstractItemView *view) const
{
    const auto a = trace(SideA), b = trace(SideB);
    if (!a && !b) {
        if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning())
            return tr("Reading the trace…");
        return tr("No trace loaded. Open trace A and trace B (File menu, or drop trace files on the panes above) "
                  "to compare them, or one trace to look at its kernels.");
    }
    if (m_results->awaitingComparison())
        return tr("Comparing the traces… The kernels are listed once they are paired.");
    if (const QString stage = missingStage(); !stage.isEmpty())
        return stage + QLatin1Char(' ') + tr("Choose another stage in the tool bar.");
    if (view == m_kernelPage->view()) {
        if (m_kernelPage->model()->rowCount() > 0)
            return tr("No kernel matches the filter.");
        if (m_stage != Stage::All)
            return tr("No kernel of these traces runs in the %1 stage.").arg(Units::stage(m_stage));
        return tr("These traces hold no GPU kernels.");
    }
    if (view == m_layerPage->view())
        return tr("No layers were found: layers come from repeated module scopes (nn.Module …Layer_N in the Python "
                  "stacks), else from attention kernels repeating; these traces have neither.");
    if (!m_results->comparison() && a && b)
        return tr("The traces were not compared (the comparison failed or was cancelled); each trace's kernels "
                  "are listed on their own.");
    if (!m_results->comparison())
        return tr("Load trace A and trace B to compare them: their fusion differences appear here.");
    return tr("No fusion differences and no extra work: in the aligned layers both traces run matching kernels.");
}

void MainWindow::warnIfMismatched()
{
    const QString key = QStringLiteral("mismatch");
    QStringList reasons;
    if (const auto c = m_results->comparison())
        for (const TraceMismatch &m : c->mismatches) {
            const QString a = QString::fromStdString(m.a), b = QString::fromStdString(m.b);
            if (m.kind == TraceMismatch::Kind::LayerBlocks)
                reasons << tr("A repeats %1 layers, B %2 layers.").arg(a, b);
            else
                reasons << tr("A layer runs %1 kernels in A and %2 in B.").arg(a, b);
        }
    if (reasons.isEmpty()) {
        m_messageBar->clearMessage(key);
        return;
    }
    m_messageBar->showMessage(MessageBar::Warning,
                              tr("These traces may not run the same model: %1 Fusion findings between them can "
                                 "mislead.").arg(reasons.join(QLatin1Char(' '))),
                              key);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    // Below this height the two headers (some 150 px) would leave the tables a dozen rows.
    const bool compact = event->size().height() < 760;
    const bool changed = compact != m_compactHeaders;
    m_compactHeaders = compact;
    for (TracePane *pane : m_pane)
        pane->setCompact(compact);  // emits foldingChanged → fitHeaders() when a pane folds
    if (changed || compact)
        fitHeaders(changed);
}

// The headers' row of the splitter follows the panes: folded it holds their one line; unfolded
// (`restore`) it gets their details' height back. A height the user dragged to otherwise stays.
void MainWindow::fitHeaders(bool restore)
{
    QWidget *headers = m_splitter->widget(0);
    const QList<int> sizes = m_splitter->sizes();
    const int wanted = m_compactHeaders ? headers->minimumSizeHint().height() : headers->sizeHint().height();
    if (sizes.size() != 2 || (!restore && (!m_compactHeaders || sizes[0] <= wanted)))
        return;
    m_splitter->setSizes({wanted, std::max(1, sizes[0] + sizes[1] - wanted)});
}
