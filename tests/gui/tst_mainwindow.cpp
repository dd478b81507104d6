// The main window end to end: loading the shared Qwen pair in the background fills every view;
// pattern kernels lead to the kernel table; source locations open an editor or show the stack;
// cancelling, a bad file, a newer load, swapping and dropping files all leave a usable window.
#include "chartpage.h"
#include "datatableview.h"
#include "familytablemodel.h"
#include "findingspage.h"
#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "layertablemodel.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "modelroles.h"
#include "opchartview.h"
#include "overlaptablemodel.h"
#include "settings.h"
#include "tableactions.h"
#include "timelineview.h"
#include "tracepane.h"
#include "translationloader.h"
#include "triagepage.h"
#include "triagetablemodel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QElapsedTimer>
#include <QTimer>
#include <QDir>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace fusion;
using namespace fusion::test;

namespace {

QString qwen(Side side)
{
    return QString::fromStdString(qwenTrace(side));
}

// Through the keyboard, as a user would: make the item current and press Return.
void activate(QAbstractItemView *view, const QModelIndex &index)
{
    view->setCurrentIndex(index);
    QTest::keyClick(view, Qt::Key_Return);
}

// The fusion-tree items (of the view's proxy) of one kind, depth first.
QModelIndexList itemsOfKind(const QAbstractItemModel *model, int kind, const QModelIndex &parent = {})
{
    QModelIndexList out;
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (i.data(ModelRoles::NodeKind).toInt() == kind)
            out << i;
        out << itemsOfKind(model, kind, i);
    }
    return out;
}

// The kernel ids of `side` in the kernel table's current row.
std::vector<uint32_t> currentRowKernels(MainWindow &w, Side side)
{
    const QModelIndex current = w.kernelPage()->view()->currentIndex();
    if (!current.isValid())
        return {};
    return w.kernelPage()->model()->rowAt(w.kernelPage()->proxy()->mapToSource(current).row()).ids[side];
}

bool contains(const std::vector<uint32_t> &ids, uint32_t id)
{
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void init();
    void theWindowStartsEmptyAndUsable();
    void loadingOneTraceListsItsKernelNames();
    void loadingTheQwenPairFillsEveryView();
    void theScopeSelectorAnalysesWholeStepsOrOneStep();
    void theEventLoopKeepsRunningWhileTracesLoadAndCompare();
    void activatingAPatternsKernelSelectsThatKernelInTheTable();
    void activatingATriageRowSelectsItsKernel();
    void activatingAnUnknownSourceLocationShowsItsStack();
    void activatingALocalSourceLocationRunsTheEditorCommand();
    void cancellingDuringLoadLeavesAUsableWindow();
    void aNewerLoadDropsTheStaleResult();
    void aBadFileKeepsTheOtherPaneAndTheWindowUsable();
    void swappingExchangesTheTracesAndComparesAgain();
    void choosingAStageComparesThatStage();
    void droppingTwoFilesOpensThemAsAAndB();
    void ctrlCCopiesTheSelectedRowsAsTabSeparatedText();
    void fileExportWritesTheCurrentTable();
    void recentFilesAndTheWindowLayoutPersist();
};

void MainWindowTest::initTestCase()
{
    resetSettings();
    TranslationLoader::install(QStringLiteral("en"));  // English plurals, and 1,465 with a separator
}

void MainWindowTest::init()
{
    resetSettings();
}

void MainWindowTest::theWindowStartsEmptyAndUsable()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.isBusy());
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Empty);
    QCOMPARE(w.pane(SideB)->state(), TracePane::State::Empty);
    QCOMPARE(w.kernelPage()->model()->rowCount(), 0);
    QCOMPARE(w.fusionPage()->model()->rowCount(), 0);
    QVERIFY(!w.messageBar()->isVisible());
    for (const QString &view : {QStringLiteral("timeline"), QStringLiteral("kernels"), QStringLiteral("layers"), QStringLiteral("fusion"),
                                QStringLiteral("findings"), QStringLiteral("chart"), QStringLiteral("triage")})
        QVERIFY2(w.showView(view), qPrintable(view));
    QVERIFY(!w.showView(QStringLiteral("flamegraph")));
    QCOMPARE(w.tabs()->widget(0), w.timelineView());  // the timeline comes first
    QWidget timeline;
    QCOMPARE(w.addView(&timeline, QStringLiteral("Timeline")), 0);
    QCOMPARE(w.tabs()->widget(0), &timeline);
    w.tabs()->removeTab(0);
}

void MainWindowTest::loadingOneTraceListsItsKernelNames()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    QSignalSpy idle(&w, &MainWindow::idle);
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(w.isBusy());  // the load runs in the background; openTrace returned at once
    QCOMPARE(w.pane(SideB)->state(), TracePane::State::Loading);
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(idle.count(), 1);
    QCOMPARE(w.pane(SideB)->state(), TracePane::State::Loaded);
    QCOMPARE(w.kernelPage()->model()->rowCount(), kQwenKernelNames[SideB]);
    QCOMPARE(w.kernelPage()->proxy()->rowCount(), kQwenKernelNames[SideB]);
    QVERIFY(!w.comparison());
    // Nothing on the A side to show, nor to compare against.
    QVERIFY(w.kernelPage()->view()->isColumnHidden(KernelTableModel::NameA));
    QVERIFY(w.kernelPage()->view()->isColumnHidden(KernelTableModel::Ratio));
    QVERIFY(!w.kernelPage()->view()->isColumnHidden(KernelTableModel::NameB));
    QCOMPARE(w.pane(SideB)->fieldText(QStringLiteral("platform")), QStringLiteral("AMD"));
    QCOMPARE(w.pane(SideB)->fieldText(QStringLiteral("gpu")), QStringLiteral("AMD Instinct MI300X VF"));
    QVERIFY(w.pane(SideB)->fieldText(QStringLiteral("kernels")).startsWith(QStringLiteral("1,516")));
    QCOMPARE(w.triagePage()->side(), SideB);
}

// The Qwen traces hold one step (ProfilerStep#6) after the tail of an earlier iteration: 1029 of
// 1465 kernels on H100 start inside its GPU window (counted in Python over the JSON).
void MainWindowTest::theScopeSelectorAnalysesWholeStepsOrOneStep()
{
    REQUIRE_SHARED_TRACES();
    resetSettings();  // the tests' default: the whole file
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    auto *scope = w.findChild<QComboBox *>(QStringLiteral("scopeFilter"));
    QVERIFY(scope);
    QCOMPARE(scope->count(), 3);
    QCOMPARE(scope->currentText(), QStringLiteral("Whole file"));
    QCOMPARE(scope->itemText(2), QStringLiteral("Step 6"));
    QVERIFY(w.pane(SideA)->fieldText(QStringLiteral("steps")).contains(QStringLiteral("the whole file is analysed")));
    // Neither Qwen trace has prefill or decode annotations: those stages cannot be chosen.
    auto *stage = w.findChild<QComboBox *>(QStringLiteral("stageFilter"));
    auto *stages = qobject_cast<QStandardItemModel *>(stage->model());
    QVERIFY(stages);
    QVERIFY(stages->item(0)->isEnabled());
    QVERIFY(!stages->item(stage->findText(QStringLiteral("Prefill")))->isEnabled());
    QVERIFY(!stages->item(stage->findText(QStringLiteral("Decode")))->isEnabled());
    auto callsA = [&] {
        uint64_t n = 0;
        for (int r = 0; r < w.kernelPage()->model()->rowCount(); ++r)
            n += w.kernelPage()->model()->index(r, KernelTableModel::CallsA).data(ModelRoles::Sort).toULongLong();
        return n;
    };
    QCOMPARE(callsA(), kQwenKernels[SideA]);
    for (const QString &choice : {QStringLiteral("Whole steps"), QStringLiteral("Step 6")}) {
        scope->setCurrentIndex(scope->findText(choice));
        // "Whole steps" is remembered at once; a single step is not a preference and leaves it so.
        // (Read here, as the choice is made: once in a loaded CI run the value read after the
        // reanalysis came back false, which no code path writes; see the stop note.)
        QVERIFY(Settings::wholeStepsOnly());
        QVERIFY(waitUntilIdle(w));
        QVERIFY(w.comparison());
        QCOMPARE(scope->currentText(), choice);  // kept while the traces were analysed again
        QVERIFY2(w.pane(SideA)->fieldText(QStringLiteral("steps")).endsWith(QStringLiteral(": 1,029 of 1,465 kernels analysed")),
                 qPrintable(w.pane(SideA)->fieldText(QStringLiteral("steps"))));
        QCOMPARE(callsA(), uint64_t(1029));
        uint64_t opCalls = 0;
        for (const OpRow &r : w.comparison()->ops)
            opCalls += r.aCount;
        QCOMPARE(opCalls, uint64_t(1029));
    }
    resetSettings();
}

void MainWindowTest::loadingTheQwenPairFillsEveryView()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    // The window's own models and proxies, checked through every reset the load and compare cause.
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
             w.kernelPage()->model(), w.kernelPage()->proxy(), w.layerPage()->model(), w.fusionPage()->model(), w.fusionPage()->proxy(),
             w.triagePage()->kernelModel(), w.triagePage()->familyModel(), w.triagePage()->overlapModel()})
        testers.push_back(std::make_unique<QAbstractItemModelTester>(
            m, QAbstractItemModelTester::FailureReportingMode::QtTest));
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(w.comparison());
    QVERIFY(!w.hasFailures());

    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("platform")), QStringLiteral("NVIDIA"));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("gpu")), QStringLiteral("NVIDIA H100 80GB HBM3"));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("framework")), QStringLiteral("Hugging Face"));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("kernels")), QStringLiteral("1,465 (26 names)"));

    // Kernel table: every kernel of both traces in exactly one row.
    uint64_t calls[2] = {0, 0};
    for (int r = 0; r < w.kernelPage()->model()->rowCount(); ++r)
        for (Side s : {SideA, SideB})
            calls[s] += w.kernelPage()->model()->rowAt(r).ids[s].size();
    QCOMPARE(calls[SideA], kQwenKernels[SideA]);
    QCOMPARE(calls[SideB], kQwenKernels[SideB]);
    QVERIFY(!w.kernelPage()->view()->isColumnHidden(KernelTableModel::Ratio));
    QVERIFY(w.kernelPage()->operationFilter()->count() > 3);

    QCOMPARE(w.layerPage()->model()->rowCount(), 24);
    QCOMPARE(w.fusionPage()->model()->rowCount(), int(w.comparison()->findings.size() + w.comparison()->extraWork.size()));
    QVERIFY(w.fusionPage()->model()->rowCount() > 0);
    QVERIFY(w.findingsPage()->toPlainText().contains(QStringLiteral("Fusion differences")));
    QVERIFY(w.chartPage()->operationsView()->bars().size() >= 3);
    QCOMPARE(w.chartPage()->operationsView()->bars().first().op, QString::fromStdString(w.comparison()->ops.front().op));
    QCOMPARE(w.triagePage()->side(), SideA);
    QVERIFY(w.triagePage()->kernelModel()->rowCount() > 0);
    const int kernelTab = w.tabs()->indexOf(w.kernelPage());  // the timeline comes first
    QVERIFY(w.tabs()->tabText(kernelTab).contains(QString::number(w.kernelPage()->model()->rowCount())));
}

void MainWindowTest::theEventLoopKeepsRunningWhileTracesLoadAndCompare()
{
    REQUIRE_SHARED_TRACES();
    // FUSIONSCOPE_STALL_TRACES="a;b" measures a bigger pair by hand; CTest uses the Qwen pair.
    QStringList traces = qEnvironmentVariable("FUSIONSCOPE_STALL_TRACES").split(QLatin1Char(';'), Qt::SkipEmptyParts);
    if (traces.size() != 2)
        traces = {qwen(SideA), qwen(SideB)};
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    QTimer tick;
    tick.setInterval(5);
    connect(&tick, &QTimer::timeout, this, [&] {
        worst = std::max(worst, clock.elapsed() - last);
        last = clock.elapsed();
    });
    clock.start();
    tick.start();
    w.openTrace(SideA, traces[0]);
    w.openTrace(SideB, traces[1]);
    QVERIFY(waitUntilIdle(w, 600000));
    worst = std::max(worst, clock.elapsed() - last);  // includes swapping the results in
    qInfo("longest stretch without events: %lld ms over %lld ms", worst, clock.elapsed());
    // Parsing and comparing take far longer than this on the GUI thread; the views' refresh does not.
    QVERIFY2(worst < 400, qPrintable(QString::number(worst)));
}

void MainWindowTest::activatingAPatternsKernelSelectsThatKernelInTheTable()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    // A filter that hides the kernel must not stop the selection.
    w.kernelPage()->filterEdit()->setText(QStringLiteral("no kernel is called like this"));
    QCOMPARE(w.kernelPage()->proxy()->rowCount(), 0);

    QModelIndexList items = itemsOfKind(w.fusionPage()->proxy(), FusionTreeModel::FusedKernel);
    items << itemsOfKind(w.fusionPage()->proxy(), FusionTreeModel::UnfusedComponent);
    QVERIFY(!items.isEmpty());
    for (const QModelIndex &item : std::as_const(items)) {
        const QList<uint> ids = item.data(ModelRoles::KernelIds).value<QList<uint>>();
        const Side side = Side(item.data(ModelRoles::KernelSide).toInt());
        QVERIFY(!ids.isEmpty());
        w.showView(QStringLiteral("fusion"));
        w.fusionPage()->view()->expand(item.parent());
        activate(w.fusionPage()->view(), item);
        QCOMPARE(w.tabs()->currentWidget(), w.kernelPage());
        QVERIFY2(contains(currentRowKernels(w, side), ids.first()), qPrintable(item.data().toString()));
        QVERIFY(w.kernelPage()->view()->selectionModel()->isRowSelected(w.kernelPage()->view()->currentIndex().row()));
    }
    QVERIFY(w.kernelPage()->filterEdit()->text().isEmpty());
}

void MainWindowTest::activatingATriageRowSelectsItsKernel()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    w.showView(QStringLiteral("triage"));
    w.triagePage()->setSide(SideB);
    QTableView *view = w.triagePage()->kernelView();
    QCOMPARE(view->model()->rowCount(), w.triagePage()->kernelModel()->rowCount());
    const QModelIndex row = view->model()->index(2, TriageTableModel::Kernel);
    const uint id = row.data(ModelRoles::KernelIds).value<QList<uint>>().first();
    activate(view, row);
    QVERIFY(contains(currentRowKernels(w, SideB), id));
}

void MainWindowTest::activatingAnUnknownSourceLocationShowsItsStack()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    const QModelIndexList locations = itemsOfKind(w.fusionPage()->proxy(), FusionTreeModel::Location);
    QVERIFY(!locations.isEmpty());
    w.showView(QStringLiteral("fusion"));
    w.fusionPage()->view()->expand(locations.first().parent());
    activate(w.fusionPage()->view(), locations.first());
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<QDialog *>(QStringLiteral("stackDialog"))));
    QVERIFY(dialog->isVisible());
    const QString stack = dialog->findChild<QPlainTextEdit *>()->toPlainText();
    QVERIFY2(stack.contains(QStringLiteral(".py")), qPrintable(stack));
    dialog->close();
    QTRY_VERIFY(!w.findChild<QDialog *>(QStringLiteral("stackDialog")));
    QVERIFY(w.isEnabled());
}

void MainWindowTest::activatingALocalSourceLocationRunsTheEditorCommand()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    const QModelIndexList locations = itemsOfKind(w.fusionPage()->proxy(), FusionTreeModel::Location);
    QVERIFY(!locations.isEmpty());
    const SourceLocation location = w.fusionPage()->model()->locationAt(w.fusionPage()->proxy()->mapToSource(locations.first()));
    QVERIFY(!location.file.empty());

    // The model's code "checked out" locally: the file under a source folder, by its path suffix.
    QTemporaryDir sources;
    const QStringList parts = QString::fromStdString(location.file).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const QString relative = parts.mid(std::max<qsizetype>(0, parts.size() - 3)).join(QLatin1Char('/'));
    QVERIFY(QDir(sources.path()).mkpath(QFileInfo(relative).path()));
    QFile file(sources.filePath(relative));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    Settings::setSourceFolders({sources.path()});
    const QString out = sources.filePath(QStringLiteral("opened.txt"));
    Settings::setEditorCommand(QStringLiteral("sh -c \"echo {file}:{line} > '%1'\"").arg(out));

    w.showView(QStringLiteral("fusion"));
    w.fusionPage()->view()->expand(locations.first().parent());
    activate(w.fusionPage()->view(), locations.first());
    QTRY_VERIFY(QFileInfo(out).size() > 0);
    QFile opened(out);
    QVERIFY(opened.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(opened.readAll()).trimmed(),
             QFileInfo(file).absoluteFilePath() + QLatin1Char(':') + QString::number(location.line));
    QVERIFY(!w.findChild<QDialog *>(QStringLiteral("stackDialog")));
}

void MainWindowTest::cancellingDuringLoadLeavesAUsableWindow()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openTrace(SideA, qwen(SideA));
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Loading);
    QPushButton *cancel = nullptr;
    for (QPushButton *b : w.pane(SideA)->findChildren<QPushButton *>())
        if (b->isVisible() && b->text() == QStringLiteral("Cancel"))
            cancel = b;
    QVERIFY(cancel);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!w.isBusy());
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Empty);
    // Whatever the stopped worker still produces must not reappear.
    QTest::qWait(1500);
    QVERIFY(!w.trace(SideA));
    QCOMPARE(w.kernelPage()->model()->rowCount(), 0);
    // And the window loads the next trace as if nothing happened.
    w.openTrace(SideA, qwen(SideA));
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Loaded);
    QCOMPARE(w.kernelPage()->model()->rowCount(), kQwenKernelNames[SideA]);
}

void MainWindowTest::aNewerLoadDropsTheStaleResult()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    const QString bert = QString::fromStdString(sharedTrace("tracelens/h100/gaunernst_bert-small-uncased__1016001.json.gz"));
    w.openTrace(SideA, bert);
    w.openTrace(SideA, qwen(SideA));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(w.trace(SideA));
    QCOMPARE(QString::fromStdString(w.trace(SideA)->trace->path), qwen(SideA));
    QCOMPARE(w.kernelPage()->model()->rowCount(), kQwenKernelNames[SideA]);
    QTest::qWait(500);  // the bert result, had it been kept, would arrive about now
    QCOMPARE(QString::fromStdString(w.trace(SideA)->trace->path), qwen(SideA));
}

void MainWindowTest::aBadFileKeepsTheOtherPaneAndTheWindowUsable()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    const QString bad = QString::fromStdString(writeTempFile("broken.json", R"({"traceEvents": [ {"ph": "X", )"));
    w.openTrace(SideA, bad);
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Failed);
    QCOMPARE(w.pane(SideB)->state(), TracePane::State::Loaded);
    QVERIFY(w.hasFailures());
    QVERIFY(w.messageBar()->isVisible());
    QCOMPARE(w.messageBar()->type(), MessageBar::Error);
    QVERIFY2(w.messageBar()->text().contains(QStringLiteral("broken.json")), qPrintable(w.messageBar()->text()));
    QCOMPARE(w.kernelPage()->model()->rowCount(), kQwenKernelNames[SideB]);
    // Loading a good file into A clears the error and compares.
    w.openTrace(SideA, qwen(SideA));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(!w.messageBar()->hasMessages());
    QVERIFY(w.comparison());
    QVERIFY(!w.hasFailures());
}

void MainWindowTest::swappingExchangesTheTracesAndComparesAgain()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    const size_t findings = w.comparison()->findings.size();
    w.swapTraces();
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("platform")), QStringLiteral("AMD"));
    QCOMPARE(w.pane(SideB)->fieldText(QStringLiteral("platform")), QStringLiteral("NVIDIA"));
    QVERIFY(w.comparison());
    QVERIFY(QString::fromStdString(w.comparison()->labelA).contains(QStringLiteral("AMD")));
    QCOMPARE(w.comparison()->findings.size(), findings);
    uint64_t calls[2] = {0, 0};
    for (int r = 0; r < w.kernelPage()->model()->rowCount(); ++r)
        for (Side s : {SideA, SideB})
            calls[s] += w.kernelPage()->model()->rowAt(r).ids[s].size();
    QCOMPARE(calls[SideA], kQwenKernels[SideB]);
    QCOMPARE(calls[SideB], kQwenKernels[SideA]);
}

void MainWindowTest::choosingAStageComparesThatStage()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.comparison()->stage, Stage::All);
    auto *stage = w.findChild<QComboBox *>(QStringLiteral("stageFilter"));
    QVERIFY(stage);
    stage->setCurrentIndex(stage->findData(int(Stage::Decode)));
    QCOMPARE(w.stage(), Stage::Decode);
    QCOMPARE(w.kernelPage()->model()->stage(), Stage::Decode);
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.comparison()->stage, Stage::Decode);
    w.setStage(Stage::All);
    QCOMPARE(stage->currentData().toInt(), int(Stage::All));
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.comparison()->stage, Stage::All);
}

void MainWindowTest::droppingTwoFilesOpensThemAsAAndB()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(qwen(SideB)), QUrl::fromLocalFile(qwen(SideA))});
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("platform")), QStringLiteral("AMD"));
    QCOMPARE(w.pane(SideB)->fieldText(QStringLiteral("platform")), QStringLiteral("NVIDIA"));
    // One file dropped on a pane replaces that pane's trace.
    QMimeData one;
    one.setUrls({QUrl::fromLocalFile(qwen(SideA))});
    QDragEnterEvent paneEnter(QPoint(5, 5), Qt::CopyAction, &one, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w.pane(SideA), &paneEnter);
    QVERIFY(paneEnter.isAccepted());
    QDropEvent paneDrop(QPointF(5, 5), Qt::CopyAction, &one, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w.pane(SideA), &paneDrop);
    QCOMPARE(w.pane(SideA)->state(), TracePane::State::Loading);
    QVERIFY(waitUntilIdle(w));
    QCOMPARE(w.pane(SideA)->fieldText(QStringLiteral("platform")), QStringLiteral("NVIDIA"));
}

void MainWindowTest::ctrlCCopiesTheSelectedRowsAsTabSeparatedText()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.openTrace(SideA, qwen(SideA));
    QVERIFY(waitUntilIdle(w));
    QTableView *view = w.kernelPage()->view();
    view->setFocus();
    view->selectionModel()->select(view->model()->index(0, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    view->selectionModel()->select(view->model()->index(2, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QApplication::clipboard()->clear();
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);  // header and the two rows
    QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), int(KernelTableModel::ColumnCount));
    QCOMPARE(lines[1].split(QLatin1Char('\t'))[KernelTableModel::NameA],
             view->model()->index(0, KernelTableModel::NameA).data().toString());
    QCOMPARE(lines[2].split(QLatin1Char('\t'))[KernelTableModel::TotalA],
             view->model()->index(2, KernelTableModel::TotalA).data().toString());
}

void MainWindowTest::fileExportWritesTheCurrentTable()
{
    REQUIRE_SHARED_TRACES();
    MainWindow w;
    w.setScreenshotMode(true);
    w.openTrace(SideA, qwen(SideA));
    w.openTrace(SideB, qwen(SideB));
    QVERIFY(waitUntilIdle(w));
    QTemporaryDir dir;
    const QList<QPair<QString, int>> views = {{QStringLiteral("kernels"), w.kernelPage()->proxy()->rowCount()},
                                              {QStringLiteral("layers"), 24}};
    for (const auto &[name, rows] : views) {
        QVERIFY(w.showView(name));
        TableActions *actions = w.tableActions(w.tabs()->currentWidget());
        QVERIFY(actions);
        const QString path = dir.filePath(name + QStringLiteral(".csv"));
        QVERIFY(actions->exportCsvTo(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count("\r\n"), rows + 1);
    }
    QVERIFY(w.showView(QStringLiteral("findings")));
    QVERIFY(!w.tableActions(w.tabs()->currentWidget()));
    // A failed export ends in the message bar, not in a crash.
    QVERIFY(w.showView(QStringLiteral("layers")));
    QVERIFY(!w.tableActions(w.tabs()->currentWidget())->exportCsvTo(QStringLiteral("/nonexistent/dir/x.csv")));
    QVERIFY(w.messageBar()->text().contains(QStringLiteral("/nonexistent/dir/x.csv")));
}

void MainWindowTest::recentFilesAndTheWindowLayoutPersist()
{
    REQUIRE_SHARED_TRACES();
    {
        MainWindow w;  // not in screenshot mode: this one writes the settings
        w.show();
        w.openTrace(SideA, qwen(SideA));
        QVERIFY(waitUntilIdle(w));
        w.close();
    }
    QCOMPARE(Settings::recentFiles().value(0), QFileInfo(qwen(SideA)).absoluteFilePath());
    QVERIFY(!Settings::windowGeometry().isEmpty());
    QVERIFY(!Settings::splitterState().isEmpty());
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
