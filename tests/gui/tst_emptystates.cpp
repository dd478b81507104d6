// Tables with no rows say why, as a user meets them: nothing loaded, a stage the trace does not have,
// a filter that matches nothing, the comparison still running (no kernel shown as one-sided in the
// meantime), and exporting an empty table.
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "tableactions.h"
#include "translationloader.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace fusion;
using namespace fusion::test;

namespace {
QString emptyText(MainWindow &w, const char *view)
{
    auto *label = w.findChild<QLabel *>(QLatin1String(view) + QStringLiteral("EmptyState"));
    return label && !label->isHidden() ? label->text() : QString();  // shown, if its tab were in front
}

QString sample(Side side)
{
    return sourceDir() + (side == SideA ? QStringLiteral("/resources/samples/sample_nvidia.json.gz")
                                        : QStringLiteral("/resources/samples/sample_amd.json.gz"));
}
} // namespace

class EmptyStatesTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase()
    {
        resetSettings();
        TranslationLoader::install(QStringLiteral("en"));
    }

    void aFreshWindowSaysNothingIsLoaded()
    {
        MainWindow w;
        w.show();
        QVERIFY(emptyText(w, "kernelView").startsWith(QStringLiteral("No trace loaded.")));
        QVERIFY(emptyText(w, "layerView").startsWith(QStringLiteral("No trace loaded.")));
        QVERIFY(emptyText(w, "fusionView").startsWith(QStringLiteral("No trace loaded.")));
        // Once a load starts, the tables say so, though nothing was there to drop.
        w.openTrace(SideA, sample(SideA));
        QCOMPARE(emptyText(w, "kernelView"), QStringLiteral("Reading the trace…"));
        QCOMPARE(emptyText(w, "layerView"), QStringLiteral("Reading the trace…"));
        QVERIFY(waitUntilIdle(w));
    }

    void exportingAnEmptyTableSaysSoInsteadOfWritingAFile()
    {
        MainWindow w;
        TableActions *actions = w.tableActions(w.kernelPage());
        QVERIFY(actions);
        QSignalSpy nothing(actions, &TableActions::nothingToExport);
        QSignalSpy exported(actions, &TableActions::exported);
        QVERIFY(actions->exportCsv().isEmpty());  // no file dialog is opened for an empty table
        QCOMPARE(nothing.count(), 1);
        QCOMPARE(exported.count(), 0);
    }

    // The Qwen H100 trace is one Hugging Face generate() call without prefill or decode annotations.
    void aStageTheTraceLacksIsNamedAndAFilterThatMatchesNothingToo()
    {
        REQUIRE_SHARED_TRACES();
        MainWindow w;
        w.show();
        w.openTrace(SideA, QString::fromStdString(qwenTrace(SideA)));
        QVERIFY(waitUntilIdle(w));
        QVERIFY(!w.trace(SideA)->stages.hasDecode);
        QVERIFY(w.kernelPage()->proxy()->rowCount() > 0);
        QCOMPARE(emptyText(w, "kernelView"), QString());
        w.setStage(Stage::Decode);
        QCOMPARE(w.kernelPage()->proxy()->rowCount(), 0);
        QVERIFY2(emptyText(w, "kernelView").startsWith(QStringLiteral("Trace A has no decode phase.")),
                 qPrintable(emptyText(w, "kernelView")));
        w.setStage(Stage::All);
        w.kernelPage()->filterEdit()->setText(QStringLiteral("no_kernel_is_called_this"));
        QTRY_COMPARE(w.kernelPage()->proxy()->rowCount(), 0);
        QCOMPARE(emptyText(w, "kernelView"), QStringLiteral("No kernel matches the filter."));
    }

    // Between the second trace's arrival and the comparison's end, no kernel is listed one-sided.
    void whileTheComparisonRunsNoKernelIsShownUnpaired()
    {
        MainWindow w;
        w.show();
        w.openTrace(SideA, sample(SideA));
        QVERIFY(waitUntilIdle(w));
        w.openTrace(SideB, sample(SideB));
        QElapsedTimer timer;
        timer.start();
        int pendingTurns = 0;
        while (!w.comparison() && timer.elapsed() < 60000) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            if (w.trace(SideA) && w.trace(SideB) && !w.comparison()) {
                QCOMPARE(w.kernelPage()->model()->rowCount(), 0);
                QVERIFY(emptyText(w, "kernelView").startsWith(QStringLiteral("Comparing the traces")));
                ++pendingTurns;
            }
        }
        QVERIFY(w.comparison());
        QVERIFY2(pendingTurns > 0, "the comparison of the sample pair takes several event-loop turns");
        QVERIFY(waitUntilIdle(w));
        QVERIFY(w.kernelPage()->model()->rowCount() > 0);
        QCOMPARE(emptyText(w, "kernelView"), QString());
        // Every row of the compared sample pairs both sides, but for the kernels one vendor alone runs.
        int paired = 0;
        for (int r = 0; r < w.kernelPage()->model()->rowCount(); ++r)
            paired += !w.kernelPage()->model()->rowAt(r).ids[SideA].empty() && !w.kernelPage()->model()->rowAt(r).ids[SideB].empty();
        QVERIFY(paired > 0);
    }
};

QTEST_MAIN(EmptyStatesTest)
#include "tst_emptystates.moc"
