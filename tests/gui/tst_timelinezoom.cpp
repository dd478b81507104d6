// The zoom-control object and the widget's x ↔ time mapping while zoomed: the ruler, tracks and
// hit tests all go through it, so it is tested at many zoom levels, linked and unlinked.
#include "guitestsupport.h"
#include "timelinetestdata.h"
#include "timelinewidget.h"

#include <QSignalSpy>
#include <QTest>

using namespace fusion;
using namespace fusion::test;

class TimelineZoomTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void xAndTimeMapBothWaysWhileZoomed_data();
    void xAndTimeMapBothWaysWhileZoomed();
    void unlinkedSidesZoomOnTheirOwn();
    void zoomAtKeepsThePointFixed_data();
    void zoomAtKeepsThePointFixed();
    void theBackStackReturnsToEarlierRanges();
    void aligningAtALayerPutsBothLayersAtZero();
};

void TimelineZoomTest::xAndTimeMapBothWaysWhileZoomed_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("end");
    QTest::addColumn<double>("time");
    QTest::addColumn<double>("expectedX");  // from the plot's left edge

    // Plot width = widget width − gutter − right margin.
    const int plot = 1000;
    const int w = plot + TimelineWidget::kGutter + TimelineWidget::kRightMargin;
    QTest::newRow("fully zoomed out, start") << w << 0.0 << 100000.0 << 0.0 << 0.0;
    QTest::newRow("fully zoomed out, middle") << w << 0.0 << 100000.0 << 50000.0 << 500.0;
    QTest::newRow("fully zoomed out, end") << w << 0.0 << 100000.0 << 100000.0 << 1000.0;
    QTest::newRow("zoomed 10x, inside") << w << 20000.0 << 30000.0 << 25000.0 << 500.0;
    QTest::newRow("zoomed 10x, left of range") << w << 20000.0 << 30000.0 << 10000.0 << -1000.0;
    QTest::newRow("zoomed 1000x, 1 ns per pixel") << w << 41000.0 << 42000.0 << 41250.0 << 250.0;
    QTest::newRow("zoomed to 20 ns, 50 px per ns") << w << 500.0 << 520.0 << 501.0 << 50.0;
    QTest::newRow("panned into negative time") << w << -5000.0 << 5000.0 << 0.0 << 500.0;
    QTest::newRow("narrow widget") << 400 << 0.0 << 1000.0 << 250.0
                                   << (400 - TimelineWidget::kGutter - TimelineWidget::kRightMargin) * 0.25;
}

void TimelineZoomTest::xAndTimeMapBothWaysWhileZoomed()
{
    QFETCH(int, width);
    QFETCH(double, start);
    QFETCH(double, end);
    QFETCH(double, time);
    QFETCH(double, expectedX);

    TimelineWidget w;
    w.setContent(evenTrace(100, 1000), evenTrace(100, 1000), nullptr);
    w.resize(width, 400);
    for (Side s : {SideA, SideB}) {
        w.zoom()->setRange(s, {start, end});
        QCOMPARE(w.zoom()->range(s).start, start);
        QCOMPARE(w.zoom()->range(s).end, end);
        const double x = w.plotRect().left() + expectedX;
        QVERIFY2(qAbs(w.xOfTime(s, time) - x) < 1e-6, qPrintable(QString::number(w.xOfTime(s, time))));
        QVERIFY(qAbs(w.timeAtX(s, x) - time) < 1e-6);
        // And round trips at every 37th pixel.
        for (int px = 0; px < w.plotRect().width(); px += 37)
            QVERIFY(qAbs(w.xOfTime(s, w.timeAtX(s, w.plotRect().left() + px)) - (w.plotRect().left() + px)) < 1e-6);
    }
}

void TimelineZoomTest::unlinkedSidesZoomOnTheirOwn()
{
    TimelineZoom zoom;
    zoom.setContent(10000, 20000, 0, 0);
    QCOMPARE(zoom.range(SideA), zoom.range(SideB));
    zoom.setRange(SideA, {1000, 2000});
    QCOMPARE(zoom.range(SideB), (TimelineZoom::Range{1000, 2000}));  // linked: both follow
    QSignalSpy linked(&zoom, &TimelineZoom::linkedChanged);
    zoom.setLinked(false);
    QCOMPARE(linked.count(), 1);
    zoom.setRange(SideB, {5000, 9000});
    QCOMPARE(zoom.range(SideA), (TimelineZoom::Range{1000, 2000}));
    QCOMPARE(zoom.range(SideB), (TimelineZoom::Range{5000, 9000}));
    zoom.pan(SideA, 500);
    QCOMPARE(zoom.range(SideA), (TimelineZoom::Range{1500, 2500}));
    QCOMPARE(zoom.range(SideB), (TimelineZoom::Range{5000, 9000}));
    zoom.setLinked(true);  // B takes A's range again
    QCOMPARE(zoom.range(SideB), zoom.range(SideA));
}

void TimelineZoomTest::zoomAtKeepsThePointFixed_data()
{
    QTest::addColumn<double>("at");
    QTest::addColumn<double>("factor");
    QTest::newRow("in at the left quarter") << 3500.0 << 0.5;
    QTest::newRow("out at the right edge") << 4000.0 << 1.5;
    QTest::newRow("deep in") << 2222.0 << 0.001;
}

void TimelineZoomTest::zoomAtKeepsThePointFixed()
{
    QFETCH(double, at);
    QFETCH(double, factor);
    TimelineZoom zoom;
    zoom.setContent(100000, 100000, 0, 0);
    zoom.setRange(SideA, {2000, 4000});
    const TimelineZoom::Range before = zoom.range(SideA);
    const double fraction = (at - before.start) / before.length();
    zoom.zoomAt(SideA, at, factor);
    const TimelineZoom::Range after = zoom.range(SideA);
    QVERIFY(qAbs(after.length() - std::max(TimelineZoom::kMinLength, before.length() * factor)) < 1e-6);
    QVERIFY(qAbs((at - after.start) / after.length() - fraction) < 1e-9);
}

void TimelineZoomTest::theBackStackReturnsToEarlierRanges()
{
    TimelineZoom zoom;
    zoom.setContent(100000, 100000, 0, 0);
    QVERIFY(!zoom.canGoBack());
    const TimelineZoom::Range full = zoom.range(SideA);
    zoom.setRange(SideA, {1000, 2000});
    zoom.setRange(SideA, {1200, 1300});
    QVERIFY(zoom.back());
    QCOMPARE(zoom.range(SideA), (TimelineZoom::Range{1000, 2000}));
    QVERIFY(zoom.back());
    QCOMPARE(zoom.range(SideA), full);
    QVERIFY(!zoom.back());
}

void TimelineZoomTest::aligningAtALayerPutsBothLayersAtZero()
{
    // A's second layer starts at 5000, B's at 9000: aligned at that pair, both sit at axis 0.
    auto a = timelineTrace({{7, 1000, 1000}, {7, 5000, 1000}, {7, 6000, 1000}}, {{0, 1}, {1, 3}});
    auto b = timelineTrace({{7, 2000, 1000}, {7, 9000, 2000}, {7, 11000, 500}}, {{0, 1}, {1, 3}});
    auto c = std::make_shared<Comparison>();
    for (int i = 0; i < 2; ++i) {
        LayerPair p;
        p.a = p.b = i;
        c->layers.pairs.push_back(p);
    }
    TimelineWidget w;
    w.resize(1178, 400);
    w.setContent(a, b, c);
    QCOMPARE(w.zoom()->toAxis(SideA, 1000), 0.0);  // default: each trace's first kernel at 0
    QCOMPARE(w.zoom()->toAxis(SideB, 2000), 0.0);
    w.alignAtLayerPair(1);
    QCOMPARE(w.zoom()->toAxis(SideA, 5000), 0.0);
    QCOMPARE(w.zoom()->toAxis(SideB, 9000), 0.0);
    QCOMPARE(w.xOfTime(SideA, w.zoom()->toAxis(SideA, 5000)), w.xOfTime(SideB, w.zoom()->toAxis(SideB, 9000)));
}

QTEST_MAIN(TimelineZoomTest)
#include "tst_timelinezoom.moc"
