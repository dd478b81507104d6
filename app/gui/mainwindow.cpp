#include "mainwindow.h"

#include "analysisjob.h"
#include "analyzed/analyzedtrace.h"
#include "chartpage.h"
#include "comparisonjob.h"
#include "findingspage.h"
#include "fusionpage.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "layertablemodel.h"
#include "messagebar.h"
#include "perfettoexporter.h"
#include "results.h"
#include "scopeselector.h"
#include "settings.h"
#include "tableactions.h"
#include "timelineview.h"
#include "tracepane.h"
#include "triagejob.h"
#include "triagepage.h"
#include "util/freememory.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QSplitter>
#include <QTabWidget>

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

    m_results = new Results(this);
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

    // The pages follow Results themselves; what spans them (title, tab counts, empty-table sentences)
    // follows here, after them.
    const auto followResults = [this] {
        updateWindowTitle();
        updateTabTitles();
        updateEmptyStates();
        emit resultsChanged();
    };
    connect(m_results, &Results::comparisonChanged, this, followResults);
    connect(m_results, &Results::traceChanged, this, followResults);
    connect(m_results, &Results::triageChanged, this, followResults);

    connect(m_compareJob, &BackgroundJob::finished, this, [this] {
        m_compareProgress->hide();
        m_messageBar->clearMessage(QStringLiteral("compare"));
        m_results->setComparison(m_compareJob->result(), Results::Comparing::Done);
        warnIfMismatched();
        const auto &c = *m_results->comparison();
        m_statusLabel->setText(tr("Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs", nullptr,
                                  int(c.findings.size()))
                                   .arg(c.extraWork.size())
                                   .arg(c.layers.pairs.size()));
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::failed, this, [this](quint64, const QString &message) {
        m_compareProgress->hide();
        m_results->setComparison(nullptr, Results::Comparing::Failed);
        m_statusLabel->setText(tr("Comparison failed"));
        m_messageBar->showMessage(MessageBar::Error, tr("The comparison failed: %1").arg(message),
                                  QStringLiteral("compare"));
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::cancelled, this, [this] {
        m_compareProgress->hide();
        if (m_results->comparing() == Results::Comparing::Running)
            m_results->setComparison(m_results->comparisonResult(), Results::Comparing::Cancelled);
        notifyIfIdle();
    });

    resize(1440, 900);
    const QByteArray geometry = Settings::windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    restoreState(Settings::windowState());
    m_splitter->restoreState(Settings::splitterState());
    installStates();
    updateWindowTitle();
    updateTabTitles();
    updateEmptyStates();
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
        m_pane[side]->showTrace(m_path[side], *job->result()->analyzed);
        m_messageBar->clearMessage(QStringLiteral("trace") + sideName(side));
        {
            // One change for the pages: the tables say "comparing" rather than list unpaired kernels.
            Results::Update update(*m_results);
            m_results->setTrace(side, job->result());
            startComparison();
        }
        returnFreeMemoryUnlessCompared();
        startTriage(side);  // once the pages show the trace: they need not share the cores with it
        updateStepChoices();
        updateStageChoices();
        updateActions();
        notifyIfIdle();
    });
    TriageJob *triage = m_triageJob[side];
    // The triage only feeds its own tab: the tables, pattern tree and timeline keep the user's place.
    connect(triage, &BackgroundJob::finished, this, [this, side, triage] {
        m_results->setTriage(side, triage->result(), Results::Triaging::Done);
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        // The triage is an extra: the trace and its comparison stay; the reason goes to the bar.
        m_messageBar->showMessage(MessageBar::Warning,
                                  tr("The triage of trace %1 could not be completed: %2").arg(sideName(side), message),
                                  QStringLiteral("triage") + sideName(side));
        m_triageFailed[side] = true;
        publishTriage(side);
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::progressChanged, this,
            [this, side](double f) { m_triagePage->setProgress(side, f); });
    connect(triage, &BackgroundJob::cancelled, this, [this, side] {
        publishTriage(side);
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        m_pane[side]->showError(m_path[side], message);
        m_messageBar->showMessage(MessageBar::Error, tr("Trace %1 could not be loaded: %2").arg(sideName(side), message),
                                  QStringLiteral("trace") + sideName(side));
        returnFreeMemoryUnlessCompared();
        updateActions();
        updateEmptyStates();
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::cancelled, this, [this, side] {
        m_path[side].clear();
        m_pane[side]->showEmpty(tr("Loading was cancelled. Drop a trace file here, or click Open…"));
        returnFreeMemoryUnlessCompared();
        updateActions();
        updateEmptyStates();
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
    m_kernelPage->setStage(stage);
    emit stageChanged(stage);
    startComparison();
    updateEmptyStates();
}

void MainWindow::setScreenshotMode(bool on)
{
    m_screenshotMode = on;
}

bool MainWindow::showView(const QString &name)
{
    static const char *const names[] = {"timeline", "kernels", "layers", "fusion", "findings", "chart", "triage"};
    QWidget *pages[] = {m_timelineView, m_kernelPage, m_layerPage, m_fusionPage, m_findingsPage, m_chartPage, m_triagePage};
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
           || m_results->comparing() == Results::Comparing::Failed;
}

std::shared_ptr<const AnalyzedTrace> MainWindow::trace(Side side) const
{
    return m_results->trace(side);
}

std::shared_ptr<const Comparison> MainWindow::comparison() const
{
    return m_results->comparison();
}

TableActions *MainWindow::tableActions(QWidget *page) const
{
    if (page == m_triagePage)
        return m_triagePage->currentTableActions();
    if (page == m_kernelPage)
        return m_kernelPage->tableActions();
    if (page == m_layerPage)
        return m_layerPage->tableActions();
    if (page == m_fusionPage)
        return m_fusionPage->tableActions();
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
    startLoad(side, path, nullptr);
}

void MainWindow::openPair(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty()) {  // a pair's side waits for the other: both must load
        openTrace(SideA, a);
        openTrace(SideB, b);
        return;
    }
    auto pair = std::make_shared<fusion::SideBySide>();
    startLoad(SideA, a, pair);
    startLoad(SideB, b, pair);
}

void MainWindow::startLoad(Side side, const QString &path, std::shared_ptr<fusion::SideBySide> pair)
{
    if (path.isEmpty())
        return;
    if (path != m_path[side])
        m_member[side] = -1;  // another run: its lowest rank
    m_path[side] = path;
    if (!m_screenshotMode)
        Settings::addRecentFile(path);
    Results::Update update(*m_results);
    m_triageQueued[side] = false;
    m_triageCancelled[side] = false;
    m_triageFailed[side] = false;
    m_triageJob[side]->cancel();
    m_results->setTriage(side, nullptr, Results::Triaging::No);
    m_messageBar->clearMessage(QStringLiteral("triage") + sideName(side));
    m_pane[side]->showLoading(path);
    AnalysisJob::Request request;
    request.path = path;
    request.label = m_userLabel[side];
    request.registryFile = Settings::registryFile();
    request.scope = m_scopeSelector->scope();
    request.member = m_member[side];
    // Two traces loading at once take a core each rather than splitting both files.
    request.parseThreads = pair || m_job[otherSide(side)]->isRunning() ? 1 : 0;
    request.pair = std::move(pair);
    m_job[side]->start(request);  // first: a queued triage of the other side now waits for it
    // Whatever was compared no longer holds; a stale comparison result is dropped by its job.
    m_compareJob->cancel();
    m_results->setTrace(side, nullptr);  // drops the comparison with it
    m_messageBar->clearMessage(QStringLiteral("compare"));
    m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    updateActions();
    updateEmptyStates();  // "Reading the trace…": nothing in Results may have changed to say so
}

void MainWindow::cancelLoading(Side side)
{
    m_job[side]->cancel();
}

void MainWindow::reloadAll()
{
    if (!m_path[SideA].isEmpty() && !m_path[SideB].isEmpty()) {
        openPair(m_path[SideA], m_path[SideB]);
        return;
    }
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
    {
        Results::Update update(*m_results);
        swapResults();
    }
    updateActions();
    notifyIfIdle();
}

void MainWindow::swapResults()
{
    for (Side s : {SideA, SideB}) {
        m_triageQueued[s] = false;
        m_triageCancelled[s] = false;
        m_triageFailed[s] = false;
        m_triageJob[s]->cancel();  // computing for the other side; started again below
    }
    m_compareJob->cancel();
    std::shared_ptr<const TraceResult> swapped[2];
    for (Side s : {SideA, SideB}) {
        if (const auto old = m_results->traceResult(otherSide(s))) {
            // The rows were built for the other side; a copy with the halves exchanged.
            auto copy = std::make_shared<TraceResult>(*old);
            KernelRows::swapSides(copy->rows);
            swapped[s] = copy;
            m_pane[s]->showTrace(m_path[s], *copy->analyzed);
        } else {
            m_pane[s]->showEmpty();
        }
    }
    m_results->swapSides(swapped[SideA], swapped[SideB]);
    startComparison();
    for (Side s : {SideA, SideB}) {
        if (m_results->hasTrace(s) && !m_results->triage(s))
            startTriage(s);
        else
            publishTriage(s);
    }
}

void MainWindow::startTriage(Side side)
{
    m_triageCancelled[side] = false;
    m_triageFailed[side] = false;
    m_triageQueued[side] = m_results->hasTrace(side);
    startQueuedTriagesAfterPaint();
    publishTriage(side);  // "computing" rather than "not loaded" while it waits
}

void MainWindow::publishTriage(Side side)
{
    using T = Results::Triaging;
    const auto result = m_results->triage(side);
    const T state = triagePending(side)       ? T::Pending
                    : m_triageCancelled[side] ? T::Cancelled
                    : m_triageFailed[side]    ? T::Failed
                    : result                  ? T::Done
                                              : T::No;
    m_results->setTriage(side, result, state);
}

// The triage is a tab of its own: it waits while a trace loads or the comparison runs, so that what
// the user is waiting for has both cores.
void MainWindow::startQueuedTriages()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning())
        return;
    for (Side s : {SideA, SideB}) {
        const bool queued = m_triageQueued[s];
        m_triageQueued[s] = false;
        if (queued && m_results->hasTrace(s))
            m_triageJob[s]->start(m_results->trace(s));
        if (queued)
            publishTriage(s);
    }
}

namespace {
const QEvent::Type kStartQueuedTriages = QEvent::Type(QEvent::registerEventType());
}

// A job that ends has just put its results into the pages, whose repaints Qt posts at low priority.
// The triages start from an event posted after those, at the same priority: the first paint of what
// the user waited for does not share the cores, nor malloc's one arena, with two triage threads.
void MainWindow::startQueuedTriagesAfterPaint()
{
    if (m_triageStartPosted)
        return;
    m_triageStartPosted = true;
    QCoreApplication::postEvent(this, new QEvent(kStartQueuedTriages), Qt::LowEventPriority);
}

bool MainWindow::event(QEvent *event)
{
    if (event->type() != kStartQueuedTriages)
        return QMainWindow::event(event);
    m_triageStartPosted = false;
    startQueuedTriages();
    return true;
}

// The two sides of a pair keep what their loads freed for the comparison, which hands it back
// (ComparisonJob). When no comparison follows (a side failed, was cancelled or loaded alone), it is
// handed back here once no load is left running.
void MainWindow::returnFreeMemoryUnlessCompared()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning())
        return;
    fusion::returnFreeMemory();
}

void MainWindow::startComparison()
{
    if (!m_results->hasBoth())
        return;
    CompareOptions options;
    options.stage = m_stage;
    m_compareJob->start(m_results->trace(SideA), m_results->trace(SideB), options);
    // A comparison of another stage stays shown until this one replaces it.
    m_results->setComparison(m_results->comparisonResult(), Results::Comparing::Running);
    m_compareProgress->setValue(0);
    m_compareProgress->show();
    m_statusLabel->setText(tr("Aligning layers and looking for fusions…"));
}

QString MainWindow::labelOf(Side side) const
{
    return m_results->label(side);
}

void MainWindow::updateWindowTitle()
{
    const bool a = m_results->hasTrace(SideA), b = m_results->hasTrace(SideB);
    if (a && b)
        setWindowTitle(tr("%1 vs %2 — FusionScope").arg(labelOf(SideA), labelOf(SideB)));
    else if (a || b)
        setWindowTitle(tr("%1 — FusionScope").arg(labelOf(a ? SideA : SideB)));
    else
        setWindowTitle(tr("FusionScope"));
}

void MainWindow::updateTabTitles()
{
    m_tabs->setTabText(m_tabs->indexOf(m_kernelPage), tr("Kernels (%1)").arg(m_kernelPage->model()->rowCount()));
    m_tabs->setTabText(m_tabs->indexOf(m_layerPage), tr("Layers (%1)").arg(m_layerPage->model()->rowCount()));
    // The tree lists fusion differences and extra work; the title counts them apart, as the status line does.
    const auto c = m_results->comparison();
    const size_t findings = c ? c->findings.size() : 0;
    const size_t extra = c ? c->extraWork.size() : 0;
    m_tabs->setTabText(m_tabs->indexOf(m_fusionPage), extra ? tr("Fusion patterns (%1 + %2 extra work)").arg(findings).arg(extra)
                                                           : tr("Fusion patterns (%1)").arg(findings));
}

void MainWindow::updateActions()
{
    const bool loading = m_job[SideA]->isRunning() || m_job[SideB]->isRunning();
    m_swapAction->setEnabled(!loading && (m_results->hasTrace(SideA) || m_results->hasTrace(SideB)));
    m_exportAction->setEnabled(tableActions(m_tabs->currentWidget()) != nullptr);
    m_perfetto->updateAction();
}

void MainWindow::notifyIfIdle()
{
    if (m_results->isUpdating())
        return;  // a job cancelled inside a change: the change's end asks again
    startQueuedTriagesAfterPaint();  // every job's end comes here: a waiting triage may start now
    m_perfetto->updateAction();
    if (isBusy())
        return;
    if (!m_results->comparison() && !m_results->hasBoth()) {
        QString status;
        for (Side s : {SideA, SideB})
            if (m_pane[s]->state() == TracePane::State::Failed)
                status = tr("Trace %1 could not be loaded; open another file to compare.").arg(sideName(s));
        if (status.isEmpty() && (m_results->hasTrace(SideA) || m_results->hasTrace(SideB)))
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
