#include "mainwindow.h"

#include "analysisjob.h"
#include "chartpage.h"
#include "comparisonjob.h"
#include "datatableview.h"
#include "fusiontreemodel.h"
#include "gapchartview.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "layertablemodel.h"
#include "messagebar.h"
#include "modelroles.h"
#include "opchartview.h"
#include "perfettoexporter.h"
#include "scopeselector.h"
#include "settings.h"
#include "settingsdialog.h"
#include "sourceopener.h"
#include "tableactions.h"
#include "timelinesync.h"
#include "timelineview.h"
#include "toplevelsortproxy.h"
#include "tracepane.h"
#include "triagejob.h"
#include "triagepage.h"
#include "units.h"
#include "whatiftext.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>


using namespace fusion;

// Outside any namespace, as Q_INIT_RESOURCE requires: the icon lives in the static library, whose
// resource initialiser the linker would otherwise drop.
static void initResources()
{
    Q_INIT_RESOURCE(fusionscope);
}

namespace {
QString sideName(Side s)
{
    return s == SideA ? MainWindow::tr("A") : MainWindow::tr("B");
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    initResources();
    setWindowTitle(tr("FusionScope"));
    QIcon icon;
    // PNGs rendered from the SVG: Debian's Qt has no SVG icon engine unless qt6-svg is installed.
    for (const char *name : {"fusionscope-32.png", "fusionscope-64.png", "fusionscope.png"})
        icon.addFile(QStringLiteral(":/icons/") + QLatin1String(name));
    setWindowIcon(icon);
    setAcceptDrops(true);

    for (Side s : {SideA, SideB}) {
        m_job[s] = new AnalysisJob(s, this);
        m_triageJob[s] = new TriageJob(this);
        m_pane[s] = new TracePane(s, this);
    }
    m_compareJob = new ComparisonJob(this);
    m_messageBar = new MessageBar(this);

    createViews();
    createActions();
    for (Side s : {SideA, SideB})
        connectJob(s);

    connect(m_compareJob, &BackgroundJob::finished, this, [this] {
        m_comparison = m_compareJob->result();
        m_comparisonFailed = false;
        m_compareProgress->hide();
        m_messageBar->clearMessage(QStringLiteral("compare"));
        warnIfMismatched();
        const auto &c = *m_comparison->comparison;
        m_statusLabel->setText(tr("Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs", nullptr,
                                  int(c.findings.size()))
                                   .arg(c.extraWork.size())
                                   .arg(c.layers.pairs.size()));
        refreshViews();
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::failed, this, [this](quint64, const QString &message) {
        m_comparisonFailed = true;
        m_compareProgress->hide();
        refreshViews();
        m_statusLabel->setText(tr("Comparison failed"));
        m_messageBar->showMessage(MessageBar::Error, tr("The comparison failed: %1").arg(message),
                                  QStringLiteral("compare"));
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::cancelled, this, [this] {
        m_compareProgress->hide();
        refreshViews();
        notifyIfIdle();
    });

    resize(1440, 900);
    const QByteArray geometry = Settings::windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    restoreState(Settings::windowState());
    m_splitter->restoreState(Settings::splitterState());
    installStates();
    refreshViews();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::connectJob(Side side)
{
    AnalysisJob *job = m_job[side];
    TracePane *pane = m_pane[side];
    connect(pane, &TracePane::openRequested, this, [this, side] { askOpen(side); });
    connect(pane, &TracePane::fileDropped, this, [this, side](const QString &path) { openTrace(side, path); });
    connect(pane, &TracePane::cancelRequested, this, [this, side] { cancelLoading(side); });
    connect(pane, &TracePane::rankChosen, this, [this, side](int member) { chooseRank(side, member); });
    connect(job, &BackgroundJob::progressChanged, pane, &TracePane::setProgress);
    connect(job, &BackgroundJob::finished, this, [this, side, job] {
        m_result[side] = job->result();
        m_pane[side]->showTrace(m_path[side], *m_result[side]->analyzed);
        updateStepChoices();
        updateStageChoices();
        m_messageBar->clearMessage(QStringLiteral("trace") + sideName(side));
        startComparison();  // first: the tables show "comparing" rather than unpaired kernels meanwhile
        refreshViews();
        startTriage(side);
        updateActions();
        notifyIfIdle();
    });
    TriageJob *triage = m_triageJob[side];
    // The triage only feeds its own tab: the tables, pattern tree and timeline keep the user's place.
    connect(triage, &BackgroundJob::finished, this, [this, side, triage] {
        m_triage[side] = triage->result();
        refreshTriagePage();
        emit resultsChanged();
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        // The triage is an extra: the trace and its comparison stay; the reason goes to the bar.
        m_messageBar->showMessage(MessageBar::Warning,
                                  tr("The triage of trace %1 could not be completed: %2").arg(sideName(side), message),
                                  QStringLiteral("triage") + sideName(side));
        refreshTriagePage();
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::progressChanged, this,
            [this, side](double f) { m_triagePage->setProgress(side, f); });
    connect(triage, &BackgroundJob::cancelled, this, [this] {
        refreshTriagePage();
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        m_pane[side]->showError(m_path[side], message);
        m_messageBar->showMessage(MessageBar::Error, tr("Trace %1 could not be loaded: %2").arg(sideName(side), message),
                                  QStringLiteral("trace") + sideName(side));
        updateActions();
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::cancelled, this, [this, side] {
        m_path[side].clear();
        m_pane[side]->showEmpty(tr("Loading was cancelled. Drop a trace file here, or click Open…"));
        updateActions();
        notifyIfIdle();
    });
}

void MainWindow::setLabel(Side side, const QString &label)
{
    m_userLabel[side] = label;
}

void MainWindow::setStage(Stage stage)
{
    if (m_stageCombo->currentData().toInt() != int(stage))
        m_stageCombo->setCurrentIndex(m_stageCombo->findData(int(stage)));  // comes back here
    if (stage == m_stage)
        return;
    m_stage = stage;
    m_kernelModel->setStage(stage);
    emit stageChanged(stage);
    startComparison();
}

void MainWindow::setScreenshotMode(bool on)
{
    m_screenshotMode = on;
}

bool MainWindow::showView(const QString &name)
{
    static const char *const names[] = {"timeline", "kernels", "layers", "fusion", "findings", "chart", "triage"};
    QWidget *pages[] = {m_timelineView, m_kernelPage, m_layerView, m_fusionPage, m_findingsView, m_chartPage, m_triagePage};
    for (int i = 0; i < 7; ++i) {
        if (name == QLatin1String(names[i])) {
            m_tabs->setCurrentWidget(pages[i]);
            return true;
        }
    }
    if (name == QLatin1String("gap")) {  // the Chart tab's waterfall
        m_tabs->setCurrentWidget(m_chartPage);
        m_chartPage->setView(ChartPage::Gap);
        return true;
    }
    return false;
}

int MainWindow::addView(QWidget *view, const QString &title, int position)
{
    return m_tabs->insertTab(position, view, title);
}

bool MainWindow::isBusy() const
{
    return m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning()
           || triagePending(SideA) || triagePending(SideB);
}

bool MainWindow::triagePending(Side side) const
{
    return m_triageQueued[side] || m_triageJob[side]->isRunning();
}

bool MainWindow::hasFailures() const
{
    return m_pane[SideA]->state() == TracePane::State::Failed || m_pane[SideB]->state() == TracePane::State::Failed
           || m_comparisonFailed;
}

std::shared_ptr<const AnalyzedTrace> MainWindow::trace(Side side) const
{
    return m_result[side] ? m_result[side]->analyzed : nullptr;
}

std::shared_ptr<const Comparison> MainWindow::comparison() const
{
    return m_comparison ? m_comparison->comparison : nullptr;
}

TableActions *MainWindow::tableActions(QWidget *page) const
{
    if (page == m_triagePage)
        return m_triagePage->currentTableActions();
    if (page == m_fusionPage)
        page = m_fusionView;
    for (TableActions *a : m_tableActions)
        if (a->view() == page || (page == m_kernelPage && a->view() == m_kernelView))
            return a;
    return nullptr;
}

void MainWindow::askOpen(Side side)
{
    const QString dir = m_path[side].isEmpty() ? Settings::lastTraceDirectory(side) : QFileInfo(m_path[side]).absolutePath();
    // The format is read from the bytes; the patterns only narrow what the dialog lists.
    const QString patterns = QStringLiteral("*.json *.json.gz *.json.zst *.json.xz *.json.bz2 *.gz *.zst *.xz *.bz2 "
                                            "*.zip *.tar *.tar.gz *.tgz *.tar.xz *.tar.bz2 *.sqlite *.db");
    const QString path = QFileDialog::getOpenFileName(
        this, side == SideA ? tr("Open Trace A") : tr("Open Trace B"), dir,
        tr("Traces: PyTorch profiler, rocprofv3 JSON, Nsight Systems SQLite (%1);;All files (*)").arg(patterns));
    if (path.isEmpty())
        return;
    if (!m_screenshotMode)
        Settings::setLastTraceDirectory(side, QFileInfo(path).absolutePath());
    openTrace(side, path);
}

void MainWindow::openTrace(Side side, const QString &path)
{
    if (path.isEmpty())
        return;
    if (path != m_path[side])
        m_member[side] = -1;  // another run: its lowest rank
    m_path[side] = path;
    if (!m_screenshotMode)
        Settings::addRecentFile(path);
    m_result[side].reset();
    m_triage[side].reset();
    m_triageQueued[side] = false;
    m_triageCancelled[side] = false;
    m_triageJob[side]->cancel();
    m_messageBar->clearMessage(QStringLiteral("triage") + sideName(side));
    m_pane[side]->showLoading(path);
    AnalysisJob::Request request;
    request.path = path;
    request.label = m_userLabel[side];
    request.registryFile = Settings::registryFile();
    request.scope = m_scopeSelector->scope();
    request.member = m_member[side];
    // Two traces loading at once take a core each rather than splitting both files.
    request.parseThreads = m_job[otherSide(side)]->isRunning() ? 1 : 0;
    m_job[side]->start(request);  // first: a queued triage of the other side now waits for it
    // Whatever was compared no longer holds; a stale comparison result is dropped by its job.
    m_compareJob->cancel();
    m_comparison.reset();
    m_comparisonFailed = false;
    m_messageBar->clearMessage(QStringLiteral("compare"));
    m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    refreshViews();
    updateActions();
}

void MainWindow::cancelLoading(Side side)
{
    m_job[side]->cancel();
}

void MainWindow::reloadAll()
{
    for (Side s : {SideA, SideB})
        if (!m_path[s].isEmpty())
            openTrace(s, m_path[s]);
}

void MainWindow::swapTraces()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning())
        return;
    std::swap(m_path[SideA], m_path[SideB]);
    std::swap(m_userLabel[SideA], m_userLabel[SideB]);
    std::swap(m_member[SideA], m_member[SideB]);
    std::swap(m_result[SideA], m_result[SideB]);
    std::swap(m_triage[SideA], m_triage[SideB]);
    for (Side s : {SideA, SideB}) {
        m_triageQueued[s] = false;
        m_triageCancelled[s] = false;
        m_triageJob[s]->cancel();  // computing for the other side; started again below
    }
    for (Side s : {SideA, SideB}) {
        if (m_result[s]) {
            // The rows were built for the other side; a copy with the halves exchanged.
            auto swapped = std::make_shared<TraceResult>(*m_result[s]);
            KernelRows::swapSides(swapped->rows);
            m_result[s] = swapped;
            m_pane[s]->showTrace(m_path[s], *m_result[s]->analyzed);
        } else {
            m_pane[s]->showEmpty();
        }
    }
    m_compareJob->cancel();
    m_comparison.reset();
    startComparison();
    refreshViews();
    for (Side s : {SideA, SideB})
        if (m_result[s] && !m_triage[s])
            startTriage(s);
    updateActions();
}

void MainWindow::startTriage(Side side)
{
    m_triageCancelled[side] = false;
    m_triageQueued[side] = m_result[side] != nullptr;
    startQueuedTriages();
    refreshTriagePage();  // "computing" rather than "not loaded" while it waits
}

void MainWindow::refreshTriagePage()
{
    for (Side s : {SideA, SideB})
        m_triagePage->setCancelled(s, m_triageCancelled[s]);
    m_triagePage->setResults(m_triage[SideA], m_triage[SideB], triagePending(SideA), triagePending(SideB),
                             labelOf(SideA), labelOf(SideB));
}

// The triage is a tab of its own: it waits while a trace loads or the comparison runs, so that what
// the user is waiting for has both cores.
void MainWindow::startQueuedTriages()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning())
        return;
    for (Side s : {SideA, SideB}) {
        if (m_triageQueued[s] && m_result[s])
            m_triageJob[s]->start(m_result[s]->analyzed);
        m_triageQueued[s] = false;
    }
}

void MainWindow::startComparison()
{
    if (!m_result[SideA] || !m_result[SideB])
        return;
    CompareOptions options;
    options.stage = m_stage;
    m_compareJob->start(m_result[SideA]->analyzed, m_result[SideB]->analyzed, options);
    m_compareProgress->setValue(0);
    m_compareProgress->show();
    m_statusLabel->setText(tr("Aligning layers and looking for fusions…"));
}

QString MainWindow::labelOf(Side side) const
{
    if (m_comparison)
        return QString::fromStdString(side == SideA ? m_comparison->comparison->labelA
                                                    : m_comparison->comparison->labelB);
    if (m_result[side])
        return QString::fromStdString(m_result[side]->analyzed->trace->displayLabel());
    return sideName(side);
}

void MainWindow::refreshViews()
{
    const auto a = trace(SideA), b = trace(SideB);
    const QString labelA = labelOf(SideA), labelB = labelOf(SideB);
    m_kernelModel->setLabels(labelA, labelB);
    m_layerModel->setLabels(labelA, labelB);
    if (m_comparison) {
        const auto c = m_comparison->comparison;
        m_kernelModel->setContent(a, b, m_comparison->rows);
        m_layerModel->setContent(a, b, c);
        m_fusionModel->setContent(a, b, c);
        m_findingsView->setMarkdown(m_comparison->markdown);
        m_chartView->setContent(labelA, labelB, c->ops);
        m_chartPage->gapView()->setContent(labelA, labelB, c);
        const QString labels[2] = {labelA, labelB};
        m_fusionWhatIf->setText(WhatIfText::fusionHeader(*c, labels));
        m_fusionWhatIf->setVisible(!m_fusionWhatIf->text().isEmpty());
    } else {
        m_fusionWhatIf->hide();
        // Two traces not compared yet would list every kernel and layer as one-sided: the tables stay
        // empty and say why until the comparison pairs them (or failed, when each trace is listed alone).
        const bool pending = a && b && m_compareJob->isRunning();
        std::vector<KernelRow> rows;
        for (Side s : {SideA, SideB})
            if (m_result[s] && !pending)
                rows.insert(rows.end(), m_result[s]->rows.begin(), m_result[s]->rows.end());
        m_kernelModel->setContent(a, b, std::move(rows));
        m_layerModel->setContent(pending ? nullptr : a, pending ? nullptr : b, nullptr);
        m_fusionModel->setContent(a, b, nullptr);
        const bool comparing = m_compareJob->isRunning();
        const QString note = comparing ? tr("Comparing the traces…")
                                       : tr("Load trace A and trace B to compare them: the findings appear here.");
        m_findingsView->setMarkdown(QStringLiteral("*") + note + QStringLiteral("*"));
        if (a || b)
            m_chartView->setContent(labelA, labelB, OpChartView::opsOfTraces(a.get(), b.get()));
        else
            m_chartView->clear(tr("No trace loaded"));
        m_chartPage->gapView()->setContent(labelA, labelB, nullptr);
    }
    // Sentences (evidence) and group titles read across the whole row rather than elided in column 0.
    for (int r = 0; r < m_fusionProxy->rowCount(); ++r) {
        const QModelIndex finding = m_fusionProxy->index(r, 0);
        for (int c = 0; c < m_fusionProxy->rowCount(finding); ++c) {
            const int kind = m_fusionProxy->index(c, 0, finding).data(ModelRoles::NodeKind).toInt();
            if (kind == FusionTreeModel::Evidence || kind == FusionTreeModel::Group)
                m_fusionView->setFirstColumnSpanned(c, finding, true);
        }
    }
    // The largest difference opened up, so the tab shows what a pattern consists of at first sight.
    if (m_fusionModel->rowCount() > 0) {
        m_fusionView->expandRecursively(m_fusionProxy->index(0, 0));
        m_fusionView->setCurrentIndex(m_fusionProxy->index(0, 0));
    } else {
        showFusionDetails(QModelIndex());
    }
    refreshTriagePage();
    updateEmptyStates();
    // A side without a trace has nothing to show, and nothing to compare against.
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
        m_kernelView->setColumnHidden(c, hidden);
    }
    for (int c = 0; c < LayerTableModel::ColumnCount; ++c) {
        bool hidden = false;
        if (c == LayerTableModel::LayerA || c == LayerTableModel::KernelsA || c == LayerTableModel::TotalA)
            hidden = !sideShown[SideA];
        else if (c == LayerTableModel::LayerB || c == LayerTableModel::KernelsB || c == LayerTableModel::TotalB)
            hidden = !sideShown[SideB];
        else if (c == LayerTableModel::Delta || c == LayerTableModel::Ratio)
            hidden = !(a && b);
        m_layerView->setColumnHidden(c, hidden);
    }
    if (a && b)
        setWindowTitle(tr("%1 vs %2 — FusionScope").arg(labelA, labelB));
    else if (a || b)
        setWindowTitle(tr("%1 — FusionScope").arg(a ? labelA : labelB));
    else
        setWindowTitle(tr("FusionScope"));
    refreshOperationFilter();
    updateTabTitles();
    emit resultsChanged();
}

void MainWindow::refreshOperationFilter()
{
    const QString current = m_opCombo->currentData().toString();
    QSignalBlocker block(m_opCombo);
    m_opCombo->clear();
    m_opCombo->addItem(tr("All operations"), QString());
    for (const QString &op : m_kernelModel->operations())
        m_opCombo->addItem(op, op);
    const int i = m_opCombo->findData(current);
    m_opCombo->setCurrentIndex(std::max(0, i));
    m_kernelProxy->setOperation(m_opCombo->currentData().toString());
}

void MainWindow::updateTabTitles()
{
    const int kernels = m_tabs->indexOf(m_kernelPage), layers = m_tabs->indexOf(m_layerView),
              fusion = m_tabs->indexOf(m_fusionPage);
    m_tabs->setTabText(kernels, tr("Kernels (%1)").arg(m_kernelModel->rowCount()));
    m_tabs->setTabText(layers, tr("Layers (%1)").arg(m_layerModel->rowCount()));
    // The tree lists fusion differences and extra work; the title counts them apart, as the status line does.
    const size_t findings = m_comparison ? m_comparison->comparison->findings.size() : 0;
    const size_t extra = m_comparison ? m_comparison->comparison->extraWork.size() : 0;
    m_tabs->setTabText(fusion, extra ? tr("Fusion patterns (%1 + %2 extra work)").arg(findings).arg(extra)
                                     : tr("Fusion patterns (%1)").arg(findings));
}

void MainWindow::updateActions()
{
    const bool loading = m_job[SideA]->isRunning() || m_job[SideB]->isRunning();
    m_swapAction->setEnabled(!loading && (m_result[SideA] || m_result[SideB]));
    m_exportAction->setEnabled(tableActions(m_tabs->currentWidget()) != nullptr);
    m_perfetto->updateAction();
}

void MainWindow::notifyIfIdle()
{
    startQueuedTriages();  // every job's end comes here: a waiting triage may start now
    m_perfetto->updateAction();
    if (isBusy())
        return;
    if (!m_comparison && !(m_result[SideA] && m_result[SideB])) {
        QString status;
        for (Side s : {SideA, SideB})
            if (m_pane[s]->state() == TracePane::State::Failed)
                status = tr("Trace %1 could not be loaded; open another file to compare.").arg(sideName(s));
        if (status.isEmpty() && (m_result[SideA] || m_result[SideB]))
            status = tr("Load a second trace to compare.");
        m_statusLabel->setText(status);
    }
    emit idle();
}

void MainWindow::exportCurrentTable()
{
    if (TableActions *a = tableActions(m_tabs->currentWidget()))
        a->exportCsv();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_triageQueued[SideA] = m_triageQueued[SideB] = false;  // before a cancelled job could start them
    for (Side s : {SideA, SideB}) {
        m_job[s]->cancel();
        m_triageJob[s]->cancel();
    }
    m_compareJob->cancel();
    m_perfetto->cancel();  // its file is not left half-written
    if (!m_screenshotMode)
        Settings::setWindowLayout(saveGeometry(), saveState(), m_splitter->saveState());
    event->accept();
}
