// The window's background jobs as a user meets them: results that arrive after the user has
// started looking around leave their place alone.
#include "fusiontreemodel.h"
#include "kernelfilterproxy.h"
#include "guitestsupport.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "timelineview.h"
#include "timelinewidget.h"
#include "triagepage.h"
#include "triagetablemodel.h"

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

} // namespace

class MainWindowJobsTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void aTriageArrivingLaterLeavesTheSelectionAndTheTimelineAlone();
};

void MainWindowJobsTest::initTestCase()
{
    resetSettings();
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
        QVERIFY(w.fusionProxy()->rowCount() >= 2);
        pattern = w.fusionProxy()->index(1, 0);
        w.fusionView()->setCurrentIndex(pattern);
        kernelRow = 3;
        w.kernelView()->setCurrentIndex(w.kernelProxy()->index(kernelRow, KernelTableModel::NameA));
        timeline->selectKernel(SideA, 7, false);
    });
    w.openTrace(SideA, sample(SideA));
    w.openTrace(SideB, sample(SideB));
    QVERIFY(waitUntilIdle(w));
    QVERIFY(acted);
    QVERIFY(w.triagePage()->kernelModel()->rowCount() > 0);  // the triage did arrive afterwards
    QVERIFY(timelineShown);
    QVERIFY(pattern.isValid());
    QCOMPARE(w.fusionView()->currentIndex(), QModelIndex(pattern));
    QCOMPARE(w.kernelView()->currentIndex().row(), kernelRow);
    QCOMPARE(timeline->selectedKernel(), std::make_optional(std::make_pair(SideA, uint32_t(7))));
}

QTEST_MAIN(MainWindowJobsTest)
#include "tst_mainwindowjobs.moc"
