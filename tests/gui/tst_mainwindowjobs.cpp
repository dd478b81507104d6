// The window's background jobs as a user meets them: the triage reports its progress and stops
// when cancelled (from its tab, or by closing the window), results that arrive after the user
// has started looking around leave their place alone, and another rank of a run chosen in a trace
// pane is loaded like any trace and compared again.
#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "perfettoexporter.h"
#include "timelineview.h"
#include "timelinewidget.h"
#include "trace/traceerror.h"
#include "tracepane.h"
#include "triagepage.h"
#include "triagetablemodel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace fusion;
using namespace fusion::test;

namespace {
QString sample(Side side)
{
    return sourceDir() + (side == SideA ? QStringLiteral("/resources/samples/sample_nvidia.json.gz")
                                        : QStringLiteral("/resources/samples/sample_amd.json.gz"));
}

// A trace whose triage takes long enough (some 10^5 kernels) that the test acts while it runs.
const std::string &bigTrace()
{
    static const std::string path = [] {
        std::vector<SyntheticKernel> kernels;
        for (int n = 0; n < 12; ++n)
            kernels.push_back({"kernel_" + std::to_string(n) + "_gemm", 3 + n, 12000});
        return writeSyntheticTrace("big.json", kernels);
    }();
    return path;
}
} // namespace

class MainWindowJobsTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void theTriageReportsEachStepAndStopsAtTheNextOnceCancelled();
    void aCancelledTriageJobStopsInsteadOfRunningToTheEnd();
    void closingTheWindowStopsTheTriageAtOnce();
    void theTriageTabCancelsAndRunsItsTriage();
    void aTriageArrivingLaterLeavesTheSelectionAndTheTimelineAlone();
    void choosingAnotherRankLoadsItAndComparesAgain();
    void theComparisonIsExportedForPerfettoInTheBackground();
    void aCancelledPerfettoExportLeavesNoFile();
};

void MainWindowJobsTest::initTestCase()
{
    resetSettings();
}

void MainWindowJobsTest::theTriageReportsEachStepAndStopsAtTheNextOnceCancelled()
{
    const auto trace = analyze(sample(SideA).toStdString(), SideA);
    std::vector<double> steps;
    TriageJob::run(trace->analyzed, [&](double f) {
        steps.push_back(f);
        return true;
    });
    QVERIFY2(steps.size() >= 7, qPrintable(QString::number(steps.size())));  // table, families, 3 stages, modules…
    QCOMPARE(steps.front(), 0.0);
    QCOMPARE(steps.back(), 1.0);
    QVERIFY(std::is_sorted(steps.begin(), steps.end()));
    // Refusing the k-th report stops the run right there: no step after it.
    for (size_t k = 1; k <= steps.size(); ++k) {
        size_t calls = 0;
        try {
            TriageJob::run(trace->analyzed, [&](double) { return ++calls < k; });
            QFAIL("expected fusion::Cancelled");
        } catch (const Cancelled &) {
        }
        QCOMPARE(calls, k);
    }
}

// The worker used to ignore the cancel and finish the whole triage (reporting 1.0) before the
// process could end.
void MainWindowJobsTest::aCancelledTriageJobStopsInsteadOfRunningToTheEnd()
{
    const auto trace = analyze(bigTrace(), SideA);
    QElapsedTimer clock;
    clock.start();
    TriageJob::run(trace->analyzed);
    qInfo("a whole triage of the big trace: %lld ms", clock.elapsed());

    TriageJob job;
    QSignalSpy cancelled(&job, &BackgroundJob::cancelled);
    QSignalSpy finished(&job, &BackgroundJob::finished);
    job.start(trace->analyzed);
    job.cancel();
    QVERIFY(BackgroundJob::waitForWorkers(60000));
    QVERIFY2(job.progress() < 1.0, qPrintable(QString::number(job.progress())));
    QCOMPARE(cancelled.count(), 1);
    QTest::qWait(50);  // whatever the worker delivered is dropped
    QCOMPARE(finished.count(), 0);
}

void MainWindowJobsTest::closingTheWindowStopsTheTriageAtOnce()
{
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    // Closed from the event loop right after the trace has loaded: the triage has just started.
    bool closing = false;
    connect(&w, &MainWindow::resultsChanged, this, [&] {
        if (!closing && w.trace(SideA)) {
            closing = true;
            QMetaObject::invokeMethod(&w, [&w] { w.close(); }, Qt::QueuedConnection);
        }
    });
    w.openTrace(SideA, QString::fromStdString(bigTrace()));
    QTRY_VERIFY_WITH_TIMEOUT(closing && !w.isVisible(), 60000);
    QVERIFY(!w.isBusy());
    QVERIFY(BackgroundJob::waitForWorkers(60000));
    QVERIFY2(w.triageJob(SideA)->progress() < 1.0, qPrintable(QString::number(w.triageJob(SideA)->progress())));
}

void MainWindowJobsTest::theTriageTabCancelsAndRunsItsTriage()
{
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    TriagePage *page = w.triagePage();
    bool cancelled = false;
    connect(&w, &MainWindow::resultsChanged, this, [&] {
        if (!cancelled && w.trace(SideA)) {
            cancelled = true;
            QMetaObject::invokeMethod(&w, [page] {
                QVERIFY(page->cancelButton()->isVisibleTo(page));
                QVERIFY(page->progressBar()->isVisibleTo(page));
                page->cancelButton()->click();
            }, Qt::QueuedConnection);
        }
    });
    w.openTrace(SideA, QString::fromStdString(bigTrace()));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(cancelled);
    QCOMPARE(page->note(), QStringLiteral("The triage of trace A was cancelled."));
    QVERIFY(!page->cancelButton()->isVisibleTo(page));
    QVERIFY(page->runButton()->isVisibleTo(page));
    QCOMPARE(page->kernelModel()->rowCount(), 0);

    page->runButton()->click();
    QVERIFY(w.isBusy());
    QVERIFY(waitUntilIdle(w));
    QVERIFY(!page->runButton()->isVisibleTo(page));
    QCOMPARE(page->kernelModel()->rowCount(), 12);  // the twelve kernel names
}

// The triage used to refresh every view when it arrived: the pattern tree's current row went back to
// the first, the kernel table lost its row and the timeline its kernel; and the timeline stayed empty
// until the triage had finished.
void MainWindowJobsTest::aTriageArrivingLaterLeavesTheSelectionAndTheTimelineAlone()
{
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    TimelineWidget *timeline = w.timelineView()->timeline();
    bool acted = false, timelineShown = false;
    QPersistentModelIndex pattern;
    int kernelRow = -1;
    // The moment the comparison arrives, before any triage has started: the user looks around.
    connect(&w, &MainWindow::resultsChanged, this, [&] {
        if (acted || !w.comparison())
            return;
        acted = true;
        timelineShown = timeline->model(SideA).kernelCount() > 0 && timeline->model(SideB).kernelCount() > 0;
        QVERIFY(w.fusionPage()->proxy()->rowCount() >= 2);
        pattern = w.fusionPage()->proxy()->index(1, 0);
        w.fusionPage()->view()->setCurrentIndex(pattern);
        kernelRow = 3;
        w.kernelPage()->view()->setCurrentIndex(w.kernelPage()->proxy()->index(kernelRow, KernelTableModel::NameA));
        timeline->selectKernel(SideA, 7, false);
    });
    w.openTrace(SideA, sample(SideA));
    w.openTrace(SideB, sample(SideB));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(acted);
    QVERIFY(w.triagePage()->kernelModel()->rowCount() > 0);  // the triage did arrive afterwards
    QVERIFY(timelineShown);
    QVERIFY(pattern.isValid());
    QCOMPARE(w.fusionPage()->view()->currentIndex(), QModelIndex(pattern));
    QCOMPARE(w.kernelPage()->view()->currentIndex().row(), kernelRow);
    QCOMPARE(timeline->selectedKernel(), std::make_optional(std::make_pair(SideA, uint32_t(7))));
}

// A run of two ranks on A (their kernels 10 and 30 µs long), one trace on B.
void MainWindowJobsTest::choosingAnotherRankLoadsItAndComparesAgain()
{
    QTemporaryDir run;
    for (int rank : {0, 1}) {
        QFile f(run.filePath(QStringLiteral("rank%1.json").arg(rank)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"J({"distributedInfo": {"rank": %1}, "traceEvents": [
  {"ph":"X","cat":"kernel","name":"gemm_kernel","pid":0,"tid":7,"ts":10,"dur":%2,"args":{"stream":7}}]})J")
                    .arg(rank)
                    .arg(rank ? 30 : 10)
                    .toUtf8());
    }
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, run.path());
    w.openTrace(SideB, QString::fromStdString(writeSyntheticTrace("one_rank.json", {{"gemm_kernel", 10}})));
    QVERIFY(waitUntilIdle(w));
    QComboBox *ranks = w.pane(SideA)->rankChoice();
    QVERIFY(ranks->isVisibleTo(w.pane(SideA)));
    QVERIFY(!w.pane(SideB)->rankChoice()->isVisibleTo(w.pane(SideB)));
    QCOMPARE(ranks->count(), 2);
    QCOMPARE(ranks->itemText(1), QStringLiteral("rank 1"));
    QCOMPARE(ranks->currentIndex(), 0);
    QCOMPARE(w.trace(SideA)->summary.kernelTotal, Ns(10000));

    ranks->setCurrentIndex(1);
    emit ranks->activated(1);  // as the user's choice does
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Loading);
    QVERIFY(!w.comparison());  // the comparison of rank 0 no longer holds
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.trace(SideA)->trace->source.rank, 1);
    QCOMPARE(w.trace(SideA)->summary.kernelTotal, Ns(30000));
    QVERIFY(w.comparison());
    QCOMPARE(w.comparison()->gap.busy.aTotal, Ns(30000));
    QCOMPARE(ranks->currentIndex(), 1);
    QVERIFY(ranks->isEnabled());

    // Swapping the sides takes the rank along.
    w.swapTraces();
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideB)->rankChoice()->currentIndex(), 1);
    QCOMPARE(w.trace(SideB)->trace->source.rank, 1);
}

void MainWindowJobsTest::theComparisonIsExportedForPerfettoInTheBackground()
{
    MainWindow w;
    w.setScreenshotMode(true);
    w.setLabel(SideA, QStringLiteral("NV"));
    PerfettoExporter *exporter = w.perfettoExporter();
    QVERIFY(!exporter->action()->isEnabled());  // nothing to export yet
    w.openTrace(SideA, sample(SideA));
    w.openTrace(SideB, sample(SideB));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(w.comparison());
    QVERIFY(exporter->action()->isEnabled());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pair.json"));
    QSignalSpy done(exporter, &PerfettoExporter::exported);
    QVERIFY(exporter->exportTo(path) != 0);
    QVERIFY(!exporter->action()->isEnabled());  // one export at a time
    QVERIFY(done.wait(60000));
    QCOMPARE(done.front().at(0).toString(), path);
    QVERIFY(exporter->action()->isEnabled());

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray events = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
    QStringList processes;
    int findings = 0;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("name")) == QStringLiteral("process_name"))
            processes << e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString();
        findings += e.value(QStringLiteral("cat")) == QStringLiteral("fusion_finding");
    }
    // The user's label for A, the GPU's name for B (the sample names its device).
    QCOMPARE(processes, QStringList({QStringLiteral("A \u00b7 NV"),
                                     QStringLiteral("B \u00b7 ") + QString::fromStdString(w.trace(SideB)->trace->info.gpuName)}));
    QCOMPARE(findings, int(w.comparison()->findings.size()));
    QVERIFY(findings > 0);
}

void MainWindowJobsTest::aCancelledPerfettoExportLeavesNoFile()
{
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, QString::fromStdString(bigTrace()));
    QVERIFY(waitUntilIdle(w));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json.gz"));
    PerfettoExporter *exporter = w.perfettoExporter();
    QSignalSpy cancelled(exporter, &BackgroundJob::cancelled);
    QSignalSpy done(exporter, &PerfettoExporter::exported);
    QVERIFY(exporter->exportTo(path) != 0);
    QVERIFY(exporter->progressWidget()->isVisibleTo(&w));
    exporter->cancel();
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!exporter->progressWidget()->isVisibleTo(&w));
    QVERIFY(BackgroundJob::waitForWorkers(60000));
    QCoreApplication::processEvents();
    QVERIFY(done.isEmpty());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());  // neither the file nor its temporary
}

QTEST_MAIN(MainWindowJobsTest)
#include "tst_mainwindowjobs.moc"
