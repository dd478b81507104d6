// The waterfall of the Chart tab on the bundled sample pair: A's GPU busy time, each part of the gap
// as a step, B's time — the totals those tools/gap_reference.py measured from the raw JSON
// (34035.395 / 33728.549 µs busy, 36413.999 / 36247.579 µs wall over whole steps) — and a click on a part's bar
// selecting exactly the kernel table rows that hold its kernels.
#include "chartpage.h"
#include "gapchartview.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "units.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <set>

using namespace fusion;
using namespace fusion::test;

class GapChartViewTest : public QObject {
    Q_OBJECT
private slots:
    static void initMain() { prepareGuiTestEnvironment(); }
    void initTestCase() { resetSettings(); }

    void theWaterfallRunsFromAsTimeToBsThroughEveryPart()
    {
        MainWindow w;
        w.setScreenshotMode(true);
        loadSamples(w);
        QVERIFY(w.showView(QStringLiteral("chart")));
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget *>(w.chartPage()));
        w.chartPage()->setView(ChartPage::Gap);
        GapChartView *g = w.chartPage()->gapView();
        const auto &bars = g->bars();
        const GapBreakdown &busy = w.comparison()->gap.busy;
        QCOMPARE(bars.size(), qsizetype(busy.parts.size() + 2));
        QVERIFY(bars.first().total && bars.last().total);
        QCOMPARE(bars.first().to, Ns(34035395));
        QCOMPARE(bars.last().to, Ns(33728549));
        // Each part starts where the previous one ended, and the last ends at B's time.
        for (qsizetype i = 2; i + 1 < bars.size(); ++i)
            QCOMPARE(bars[i].from, bars[i - 1].to);
        QCOMPARE(bars[1].from, Ns(34035395));
        QCOMPARE(bars[bars.size() - 2].to, Ns(33728549));
        QCOMPARE(bars[bars.size() - 2].kind, GapKind::Residual);
        QVERIFY(g->whatIfLabel()->text().contains(QStringLiteral("fused like")));
        // The Fusion patterns tab's header: each side's time if it fused like the other.
        const QLabel *header = w.findChild<QLabel *>(QStringLiteral("fusionWhatIf"));
        QVERIFY(header && !header->isHidden());
        int fused = 0;
        for (const WhatIf &wi : w.comparison()->gap.whatIf) {
            if (wi.scenario.find("fused") == std::string::npos)
                continue;
            ++fused;
            if (!wi.items.empty())
                QVERIFY2(header->text().contains(Units::duration(wi.projected)), qPrintable(header->text()));
        }
        QCOMPARE(header->text().count(QStringLiteral("fused like")), fused);
        QCOMPARE(fused, 2);  // B like A and A like B

        // The wall time of the profiled window, then one layer class (LlamaDecoderLayer).
        QCOMPARE(g->measureChoice()->count(), 3);
        // Whole steps or the whole file, as the scope choice stands: the samples' kernels all lie in
        // steps (the busy time is the same), the whole file's span also holds the gaps between them
        // (36512.304 / 36355.234 µs by tools/gap_reference.py --all).
        const bool wholeFile = w.trace(SideA)->scope.kind == Scope::Kind::All;
        g->measureChoice()->setCurrentIndex(1);
        QCOMPARE(g->bars().first().to, wholeFile ? Ns(36512304) : Ns(36413999));
        QCOMPARE(g->bars().last().to, wholeFile ? Ns(36355234) : Ns(36247579));
        g->measureChoice()->setCurrentIndex(0);
    }

    void clickingAPartSelectsTheRowsOfItsKernels()
    {
        MainWindow w;
        w.setScreenshotMode(true);
        loadSamples(w);
        w.showView(QStringLiteral("chart"));
        w.chartPage()->setView(ChartPage::Gap);
        GapChartView *g = w.chartPage()->gapView();
        // The first part: the largest fusion finding (add+RMSNorm, fused by the AMD sample).
        const auto &bar = g->bars()[1];
        QCOMPARE(bar.kind, GapKind::Fusion);
        QVERIFY(!bar.kernels[SideA].empty() && !bar.kernels[SideB].empty());
        QSignalSpy spy(g, &GapChartView::kernelsActivated);
        g->activateBar(1);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(w.tabs()->currentWidget(), w.kernelPage());
        std::set<int> selected;
        for (const QModelIndex &i : w.kernelPage()->view()->selectionModel()->selectedRows())
            selected.insert(w.kernelPage()->proxy()->mapToSource(i).row());
        QVERIFY(!selected.empty());
        // Every kernel of the part lies in a selected row, and every selected row holds one of them.
        std::set<std::pair<int, uint32_t>> wanted;
        for (Side s : {SideA, SideB})
            for (uint32_t id : bar.kernels[s])
                wanted.insert({s, id});
        for (const auto &[s, id] : wanted)
            QVERIFY(selected.count(w.kernelPage()->model()->rowOfKernel(Side(s), id)));
        for (int row : selected) {
            const KernelRow &r = w.kernelPage()->model()->rowAt(row);
            bool holds = false;
            for (Side s : {SideA, SideB})
                for (uint32_t id : r.ids[s])
                    holds = holds || wanted.count({s, id});
            QVERIFY(holds);
        }
        // A total's bar selects nothing.
        g->activateBar(0);
        QCOMPARE(spy.count(), 1);
    }

private:
    static void loadSamples(MainWindow &w)
    {
        const QString samples = sourceDir() + QStringLiteral("/resources/samples/");
        w.openTrace(SideA, samples + QStringLiteral("sample_nvidia.json.gz"));
        w.openTrace(SideB, samples + QStringLiteral("sample_amd.json.gz"));
        QVERIFY(waitUntilIdle(w));
        QVERIFY(w.comparison());
    }
};

QTEST_MAIN(GapChartViewTest)
#include "tst_gapchartview.moc"
